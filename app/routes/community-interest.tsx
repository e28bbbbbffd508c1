import { waitlistCopy } from '../content/waitlist.ts'
import { CommunityInterestPage } from '../features/leads/community-page.tsx'
import { joinWaitlist } from '../features/leads/leads.server.ts'
import { submitOrExplain } from '../features/leads/submission.ts'
import { metaFromLoader } from '../features/site/meta.ts'
import { staticPageSeo } from '../features/site/page-seo.server.ts'
import type { Route } from './+types/community-interest'

export const loader = () => ({ seo: staticPageSeo('communityInterest') })

export const meta: Route.MetaFunction = metaFromLoader

export function action({ request, context }: Route.ActionArgs) {
	return joinWaitlist(request, context)
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
	return submitOrExplain(serverAction, waitlistCopy.failure)
}

export default function CommunityInterest({ actionData }: Route.ComponentProps) {
	return <CommunityInterestPage result={actionData} />
}
