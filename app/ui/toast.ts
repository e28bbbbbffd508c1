import type { ExternalToast } from 'sonner'

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'loading' | 'message'

/** Shows a toast; sonner loads on first use, and the region replays toasts raised before it mounted. */
export async function showToast(kind: ToastKind, message: string, options?: ExternalToast) {
	const { toast } = await import('sonner')
	return kind === 'message' ? toast(message, options) : toast[kind](message, options)
}
