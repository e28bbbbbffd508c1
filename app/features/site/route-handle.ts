import type { ComponentType } from 'react'
import type { UIMatch } from 'react-router'

/**
 * What a route module's `handle` may say about the document: `console` pages draw their own shell; `hydrate: false`
 * pages work without JavaScript and ship none of React, the router or their route module; `hydrate: 'on-interaction'`
 * pages load them only once the visitor first scrolls, points, touches or types (decision 015).
 */
export type RouteHandle = {
	console?: boolean
	hydrate?: false | 'on-interaction'
	/** The screen for an error that reaches the root's boundary from below this route (the console's own). */
	errorScreen?: ComponentType<{ error: unknown }>
}

const handleOf = (match: UIMatch) => (match.handle ?? {}) as RouteHandle

/** Whether the matched routes draw the console's own shell. */
export const inConsole = (matches: UIMatch[]) => matches.some((match) => handleOf(match).console)

/** The error screen of the deepest matched route that has one: its module is loaded, the root's bundle stays small. */
export const errorScreenOf = (matches: UIMatch[]) =>
	matches.map((match) => handleOf(match).errorScreen).findLast(Boolean)

/** Whether the page needs React in the browser: unless one of its routes says it does not. */
export const hydrates = (matches: UIMatch[]) => !matches.some((match) => handleOf(match).hydrate === false)

/** Whether the page waits for the visitor's first interaction before it loads React. */
export const hydratesOnInteraction = (matches: UIMatch[]) =>
	hydrates(matches) && matches.some((match) => handleOf(match).hydrate === 'on-interaction')

/**
 * The blog's pages: read far more than clicked, they load React on the reader's first interaction, which the
 * newsletter form, the share buttons and the loading skeletons need (decision 015).
 */
export const readerHandle: RouteHandle = { hydrate: 'on-interaction' }
