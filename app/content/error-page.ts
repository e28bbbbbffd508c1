/**
 * What a page says in the layout when it cannot be shown (its data did not arrive, its loader or render failed).
 * The root loader sends it with the site's configuration, so it stays out of every page's JavaScript.
 */
export const errorPage = {
	heading: 'Something Went Wrong',
	description: "This page didn't load. Please try again in a moment; if it keeps happening, let us know.",
} as const

/** What the root says when it has no data of its own to bring the copy above: the status, or the error's message. */
export const unexpectedError = { heading: 'Unexpected Application Error', unknown: 'Unknown error' } as const

/** The error screen's links, in the browser's JavaScript: the root's own failure has no loader data to bring them. */
export const errorLinks = { returnHome: 'Return Home', contactSupport: 'Contact Support' } as const
