import { lazy, Suspense } from 'react'
import { useHydrated } from './use-hydrated.ts'

// Toasts only follow an action, so their code loads after hydration instead of with every page.
const SonnerToaster = lazy(() => import('./sonner-toaster.tsx'))

/** The site's toast region, mounted once in the root layout. */
export function Toaster() {
	return useHydrated() ? (
		<Suspense fallback={null}>
			<SonnerToaster />
		</Suspense>
	) : null
}
