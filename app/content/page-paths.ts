import type { Register } from 'react-router'

/** A URL pattern of the route table (`app/routes.ts`): a path typed as one fails the type check once its route is renamed. */
export type RoutePath = keyof Register['pages']

/** The URL path of every static page: all the browser needs of `pages`, kept apart so titles stay on the server. */
export const pagePaths = {
	home: '/',
	howItWorks: '/how-it-works',
	pricing: '/pricing',
	strategyCallBooked: '/Strategy_Call_Booked',
	privacy: '/privacy',
	terms: '/terms',
	cookies: '/cookies',
	communityInterest: '/community-interest',
	contact: '/contact',
	support: '/support',
	blog: '/blog',
	roadmap: '/roadmap',
	reviews: '/reviews',
} as const satisfies Record<string, RoutePath>
