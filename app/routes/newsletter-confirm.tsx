import { newsletterCopy } from '#app/content/newsletter.ts'
import { confirmSubscription, verifyConfirmationToken } from '#app/features/newsletter/confirmation.server.ts'
import { linkPageAnswer } from '#app/features/newsletter/link-page.server.ts'
import { type LinkPageState, NewsletterLinkPage } from '#app/features/newsletter/link-page.tsx'
import { unsubscribeSecret } from '#app/features/newsletter/unsubscribe.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { type SiteContext, siteContext } from '#app/load-context.ts'
import type { Route } from './+types/newsletter-confirm'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = metaFromLoader

function checkToken(url: URL, context: SiteContext) {
	const token = url.searchParams.get('token') ?? ''
	return { token, target: verifyConfirmationToken(unsubscribeSecret(context.config), token) }
}

const answer = (state: LinkPageState, token: string) => linkPageAnswer(newsletterCopy.confirm, state, token)

export function loader({ url, context }: Route.LoaderArgs) {
	const { token, target } = checkToken(url, context.get(siteContext))
	return answer(target === null ? 'invalid' : 'confirm', token)
}

/** The button of the confirmation page: the link's sign-up is confirmed once; a later click says so again. */
export async function action({ url, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	const { token, target } = checkToken(url, site)
	if (target === null) return answer('invalid', token)
	const outcome = await confirmSubscription(site.db, site.config, target)
	if (outcome === 'stale') return answer('invalid', token)
	if (outcome === 'confirmed') site.logger.info({ subscriber: target.id }, 'newsletter subscription confirmed')
	return answer('done', token)
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
	const { state, token } = actionData ?? loaderData
	return <NewsletterLinkPage copy={newsletterCopy.confirm} state={state} token={token} />
}
