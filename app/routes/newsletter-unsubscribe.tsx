import { newsletterCopy } from '#app/content/newsletter.ts'
import { linkPageAnswer } from '#app/features/newsletter/link-page.server.ts'
import { type LinkPageState, NewsletterLinkPage } from '#app/features/newsletter/link-page.tsx'
import {
	resubscribe,
	unsubscribe,
	unsubscribeSecret,
	verifyUnsubscribeToken,
} from '#app/features/newsletter/unsubscribe.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { type SiteContext, siteContext } from '#app/load-context.ts'
import type { Route } from './+types/newsletter-unsubscribe'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = metaFromLoader

function checkToken(url: URL, context: SiteContext) {
	const token = url.searchParams.get('token') ?? ''
	return { token, subscriberId: verifyUnsubscribeToken(unsubscribeSecret(context.config), token) }
}

const answer = (state: LinkPageState, token: string) => linkPageAnswer(newsletterCopy.unsubscribe, state, token)

export function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const { token, subscriberId } = checkToken(url, site)
	return answer(subscriberId === null ? 'invalid' : 'confirm', token)
}

/** The confirm button and mail apps' one-click unsubscribe (RFC 8058) both post here; so does "Resubscribe". */
export async function action({ context, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	const { token, subscriberId } = checkToken(url, site)
	if (subscriberId === null) return answer('invalid', token)
	if (url.searchParams.get('intent') === 'resubscribe') {
		await resubscribe(site.db, subscriberId)
		site.logger.info({ subscriber: subscriberId }, 'newsletter resubscribe')
		return answer('resubscribed', token)
	}
	await unsubscribe(site.db, subscriberId)
	site.logger.info({ subscriber: subscriberId }, 'newsletter unsubscribe')
	return answer('done', token)
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	const { state, token } = actionData ?? loaderData
	return <NewsletterLinkPage copy={newsletterCopy.unsubscribe} state={state} token={token} />
}
