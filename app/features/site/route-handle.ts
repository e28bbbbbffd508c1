import type { UIMatch } from 'react-router'

/**
 * What a route module's `handle` may say about the document: `console` pages draw their own shell; `hydrate: false`
 * pages work without JavaScript and ship none of React, the router or their route module (decision 015).
 */
export type RouteHandle = { console?: boolean; hydrate?: false }

const handleOf = (match: UIMatch) => (match.handle ?? {}) as RouteHandle

/** Whether the matched routes draw the console's own shell. */
export const inConsole = (matches: UIMatch[]) => matches.some((match) => handleOf(match).console)

/** Whether the page needs React in the browser: unless one of its routes says it does not. */
export const hydrates = (matches: UIMatch[]) => !matches.some((match) => handleOf(match).hydrate === false)
