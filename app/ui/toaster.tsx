import { lazy, Suspense, useSyncExternalStore } from 'react'
import { subscribeToToastRequests, toastsRequested } from './toast.ts'

// Toasts only follow an action: sonner's code and styles load with the first one, not with every page.
const SonnerToaster = lazy(() => import('./sonner-toaster.tsx'))

/** The site's toast region, mounted once in the root layout when the first toast is raised. */
export function Toaster() {
	return useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false) ? (
		<Suspense fallback={null}>
			<SonnerToaster />
		</Suspense>
	) : null
}
