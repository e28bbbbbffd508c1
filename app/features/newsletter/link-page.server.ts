import { data } from 'react-router'
import type { newsletterCopy } from '#app/content/newsletter.ts'
import { pageSeo } from '#app/features/seo/page-seo.server.ts'
import type { LinkPageState } from './link-page.tsx'

/** The answer of a page an email links to: never indexed nor kept, and 400 for a link that is not valid. */
export function linkPageAnswer(
	copy: (typeof newsletterCopy)['unsubscribe' | 'confirm'],
	state: LinkPageState,
	token: string,
) {
	const seo = pageSeo({ path: copy.path, title: copy.title, description: copy.description, noindex: true })
	return data(
		{ state, token, seo },
		{ status: state === 'invalid' ? 400 : 200, headers: { 'Cache-Control': 'no-store' } },
	)
}
