import { useLocation } from 'react-router'
import { accountCopy } from '#app/content/console.ts'
import { deviceName } from '#app/features/auth/device.ts'
import { removePasskeyAction } from '#app/features/auth/passkeys.actions.server.ts'
import { listPasskeys, passkeyHostNote } from '#app/features/auth/passkeys.server.ts'
import { PasskeysSection } from '#app/features/auth/passkeys-section.tsx'
import { listSessions } from '#app/features/auth/sessions.server.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { timeZoneChoices } from '#app/features/console/time-zone.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { changePasswordAction, sessionAction, timeZoneAction } from '#app/features/operators/account.actions.server.ts'
import { AccountPage } from '#app/features/operators/account-page.tsx'
import { isOwnershipOffered } from '#app/features/operators/accounts.server.ts'
import { acceptOwnershipAction } from '#app/features/operators/operators.actions.server.ts'
import { OwnershipOffer } from '#app/features/operators/ownership.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/account'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(accountCopy.title)

export async function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const session = requireOperator(site)
	const [sessions, passkeys, ownershipOffered] = await Promise.all([
		listSessions(site.db, session.operator.id),
		listPasskeys(site.db, session.operator.id),
		isOwnershipOffered(site.db, session.operator.id),
	])
	return {
		timeZones: timeZoneChoices(session.timeZone.chosen),
		ownershipOffered,
		passkeys,
		passkeyHostNote: passkeyHostNote(site.config, url),
		sessions: sessions.map((row) => ({
			key: row.key,
			device: deviceName(row.user_agent),
			createdAt: new Date(row.created_at).toISOString(),
			lastSeenAt: new Date(row.last_seen_at).toISOString(),
			current: row.key === session.sessionKey,
		})),
	}
}

export function action({ request, context, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	const intent = url.searchParams.get('intent')
	if (intent === 'password') return changePasswordAction(request, site)
	if (intent === 'passkeys') return removePasskeyAction(request, site)
	if (intent === 'ownership') return acceptOwnershipAction(request, site)
	if (intent === 'time-zone') return timeZoneAction(request, site)
	return sessionAction(request, site)
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
	// Without JavaScript the page that answers a post has the form's intent in its address.
	const intent = new URLSearchParams(useLocation().search).get('intent')
	return (
		<>
			{loaderData.ownershipOffered || intent === 'ownership' ? (
				<OwnershipOffer result={intent === 'ownership' ? actionData : undefined} />
			) : null}
			<AccountPage
				sessions={loaderData.sessions}
				timeZones={loaderData.timeZones}
				timeZoneResult={intent === 'time-zone' ? actionData : undefined}
				passkeys={
					<PasskeysSection
						passkeys={loaderData.passkeys}
						hostNote={loaderData.passkeyHostNote}
						result={intent === 'passkeys' ? actionData : undefined}
					/>
				}
				sessionsResult={intent === 'sessions' ? actionData : undefined}
				passwordResult={intent === 'password' ? actionData : undefined}
			/>
		</>
	)
}
