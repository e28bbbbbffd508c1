import type { ExternalToast } from 'sonner'

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'loading' | 'message'

let requested = false
const listeners = new Set<() => void>()

/** Whether any toast has been raised on this page: the toast region mounts then, not with every page. */
export function toastsRequested() {
	return requested
}

export function subscribeToToastRequests(listener: () => void) {
	listeners.add(listener)
	return () => {
		listeners.delete(listener)
	}
}

/** Shows a toast; sonner loads on first use, and the region replays toasts raised before it mounted. */
export async function showToast(kind: ToastKind, message: string, options?: ExternalToast) {
	if (!requested) {
		requested = true
		for (const listener of listeners) listener()
	}
	const { toast } = await import('sonner')
	return kind === 'message' ? toast(message, options) : toast[kind](message, options)
}
