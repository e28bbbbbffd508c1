import { submissionMessages } from '#app/content/lead-forms.ts'
import { joinWaitlist } from '#app/features/leads/leads.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import { submitOrExplain } from '#app/forms/submission.ts'
import { siteContext } from '#app/load-context.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/community-interest'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

const CommunityInterestPage = deferred(() =>
	import('#app/features/leads/community-page.tsx').then((module) => module.CommunityInterestPage),
)

export const loader = () => ({ seo: staticPageSeo('communityInterest') })

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), CommunityInterestPage)

export const meta: Route.MetaFunction = metaFromLoader

export function action({ request, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	return joinWaitlist(request, site)
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
	return submitOrExplain(serverAction, submissionMessages.unexpected)
}

export default function CommunityInterest({ actionData }: Route.ComponentProps) {
	return <CommunityInterestPage result={actionData} />
}
