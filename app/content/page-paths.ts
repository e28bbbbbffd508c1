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

const ARTICLE_PATH = '/blog/:slug' satisfies RoutePath

/** An article's path; the slug goes in as given, like React Router's `href()`. */
export const articlePath = (slug: string) => ARTICLE_PATH.replace(':slug', slug)

/** A page of the blog list: `/blog` for the first, `/blog?page=N` after it. */
export const blogListPath = (page: number) => (page <= 1 ? pagePaths.blog : `${pagePaths.blog}?page=${page}`)
