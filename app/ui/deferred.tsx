import { type ComponentType, memo, Suspense, use, useLayoutEffect, useState } from 'react'

export type Deferred<P> = ComponentType<P> & { load: () => Promise<unknown> }

const never = new Promise<never>(() => {})

// Vite's preload helper appends a link per dependency as an import starts: in a task of its own, not in a render.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

type Chunk<P> = {
	load: () => Promise<ComponentType<P>>
	loaded?: ComponentType<P>
	hydrating?: Promise<ComponentType<P>>
}

/** Whether a deferred boundary's content runs in the browser yet; its wrapper says so in `data-deferred`. */
export type DeferredState = 'pending' | 'hydrated'

function Hydrate<P extends object>({
	chunk,
	props,
	onHydrated,
}: {
	chunk: Chunk<P>
	props: P
	onHydrated: () => void
}) {
	// A chunk that cannot load leaves the server HTML as it is: the page then works as it does without JavaScript.
	// Before `use`, which is only called while the chunk is loading: hooks keep one order on every render.
	// biome-ignore lint/correctness/useExhaustiveDependencies: once, when this content first commits; later renders change nothing.
	useLayoutEffect(onHydrated, [])
	chunk.hydrating ??= chunk.load().catch(() => never)
	const Component = chunk.loaded ?? use(chunk.hydrating)
	return <Component {...props} />
}

/**
 * A page's content whose code is not needed for the page to respond: links, native `<details>` and forms work in
 * the server HTML. React keeps that HTML as it is and hydrates it once the chunk has arrived after the shell
 * (selective hydration), so the chunk stays off the critical path (decision 008). Its wrapper's `data-deferred` is
 * `pending` until the content runs in the browser, then `hydrated`.
 */
export function deferred<P extends object>(importer: () => Promise<ComponentType<P>>): Deferred<P> {
	let loading: Promise<ComponentType<P>> | undefined
	const chunk: Chunk<P> = {
		load: () => {
			loading ??= nextTask()
				.then(importer)
				.then(
					(loaded) => {
						chunk.loaded = loaded
						return loaded
					},
					(error: unknown) => {
						loading = undefined
						throw error
					},
				)
			return loading
		},
	}
	// biome-ignore lint/correctness/noComponentHookFactories: made once per route module as it loads, never during a render.
	function DeferredContent(props: P) {
		const [state, setState] = useState<DeferredState>('pending')
		// `display: contents`: the wrapper only carries the state, the page lays out as if it were not there.
		return (
			<div data-deferred={state} className="contents">
				<Suspense>
					<Hydrate chunk={chunk} props={props} onHydrated={() => setState('hydrated')} />
				</Suspense>
			</div>
		)
	}
	return Object.assign(memo(DeferredContent), { load: chunk.load })
}

/**
 * A route's client loader with deferred content: a client navigation renders the page once that content's code
 * is here, so nothing flashes in empty. When the chunk cannot load (a new deploy, a dropped connection) the
 * browser asks the server for the page instead, as React Router does for its own route modules.
 */
export async function withDeferred<T>(
	request: Request,
	data: Promise<T>,
	content: Pick<Deferred<object>, 'load'>,
): Promise<T> {
	try {
		await content.load()
	} catch {
		window.location.assign(request.url)
		return never
	}
	return data
}
