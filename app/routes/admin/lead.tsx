import { inboxCopy } from '#app/content/inbox.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { hasVisibleText, isolated, shownAsTyped } from '#app/features/console/typed-text.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import {
	addNoteAction,
	assignLeadAction,
	changeStatusAction,
	deleteNoteAction,
	editNoteAction,
} from '#app/features/inbox/actions.server.ts'
import { attentionCount, filterQuery, inboxFilter } from '#app/features/inbox/inbox.server.ts'
import {
	leadNeighbours,
	leadNotifications,
	leadsWithEmail,
	leadWorkers,
	listNotes,
	markReadOnOpen,
	requireLead,
} from '#app/features/inbox/lead.server.ts'
import { LeadPage } from '#app/features/inbox/lead-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/lead'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

/** The lead's name is what a visitor typed: in the title it is isolated text, which the document escapes. */
export const meta: Route.MetaFunction = ({ loaderData }) => {
	if (!loaderData) return consoleMeta(inboxCopy.title)
	const { name, email } = loaderData.lead
	return consoleMeta(`${isolated(shownAsTyped(hasVisibleText(name) ? name : email))} | ${inboxCopy.title}`)
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const session = requireOperator(site)
	// Opened from a filtered inbox: the newer and older leads are that list's.
	const { invalidDate: _, ...filter } = inboxFilter(url.searchParams, session.operator.id, session.timeZone.shown)
	let lead = await requireLead(site.db, params)
	// A link on another site opens the page but changes nothing in the operator's name.
	const fetchSite = request.headers.get('sec-fetch-site')
	const fromThisSite = !fetchSite || fetchSite === 'same-origin' || fetchSite === 'none'
	// Opening an unread contact message is reading it; the layout counted in parallel, so the count comes from here.
	let attention: number | undefined
	if (lead.kind === 'contact' && lead.status === 'unread' && fromThisSite) {
		const actor = { by: session.operator.id, clientAddress: site.clientAddress }
		if (await markReadOnOpen(site.db, lead.id, actor)) {
			;[lead, attention] = await Promise.all([requireLead(site.db, params), attentionCount(site.db)])
		}
	}
	const [notifications, related, notes, neighbours, workers] = await Promise.all([
		leadNotifications(site.db, lead.kind, lead.id),
		leadsWithEmail(site.db, lead.email, lead),
		listNotes(site.db, lead.kind, lead.id),
		leadNeighbours(site.db, lead.kind, lead.id, filter),
		leadWorkers(site.db),
	])
	return { lead, notifications, related, notes, neighbours, workers, attention, listQuery: filterQuery(filter) }
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const lead = await requireLead(site.db, params)
	const intent = url.searchParams.get('intent')
	switch (intent) {
		case 'note':
			return addNoteAction(request, site, lead.kind, lead.id)
		case 'note-edit':
			return editNoteAction(request, site, lead.kind, lead.id)
		case 'note-delete':
			return deleteNoteAction(request, site, lead.kind, lead.id)
		case 'assign':
			return assignLeadAction(request, site, lead.kind, lead.id)
		default:
			return changeStatusAction(request, site, lead.kind, lead.id)
	}
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
	// Only the note form has a body field; every other answer is the status buttons'.
	const noteAnswer = actionData?.fieldErrors?.body ? actionData : undefined
	return <LeadPage {...loaderData} result={noteAnswer ? undefined : actionData} noteResult={noteAnswer} />
}
