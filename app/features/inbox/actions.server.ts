import { redirect } from 'react-router'
import { inboxCopy, type LeadKind } from '#app/content/inbox.ts'
import { handleConsoleSubmission } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { hasVisibleText, shownAsTyped } from '#app/features/console/typed-text.ts'
import type { StoreResult } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { erasePerson, erasureNotice } from './erasure.server.ts'
import { addNote, assignLead, changeLeadStatus, changeNote, getLead, type StatusChange } from './lead.server.ts'
import {
	assignSchema,
	bulkSchema,
	erasureSchema,
	noteDeleteSchema,
	noteEditSchema,
	noteSchema,
	type SelectedLead,
	selectedLeads,
	statusChangeSchema,
} from './schemas.ts'

const actorOf = (context: SiteContext, by: number) => ({ by, clientAddress: context.clientAddress })

const formatMoment = (value: string | null) =>
	value ? `at ${value.slice(0, 16).replace('T', ' ')} UTC` : inboxCopy.lead.empty

/** What a refused status change tells the operator, with the status that says why. */
export function statusChangeAnswer(change: StatusChange): StoreResult {
	const label = (status: keyof typeof inboxCopy.statuses) => inboxCopy.statuses[status]
	switch (change.outcome) {
		case 'changed':
			return { ok: true, tone: 'success', message: inboxCopy.changedTo(label(change.to)) }
		case 'unknown':
			return { ok: false, tone: 'error', message: inboxCopy.notFound.text, status: 404 }
		case 'not-allowed':
			return {
				ok: false,
				tone: 'error',
				message: inboxCopy.notAllowed(label(change.from), label(change.to)),
				status: 409,
			}
		case 'stale':
			return {
				ok: false,
				tone: 'error',
				message: inboxCopy.stale(
					change.changedBy ?? inboxCopy.visitor,
					formatMoment(change.changedAt),
					label(change.status),
				),
				status: 409,
			}
	}
}

/** A status button on a lead's page. */
export function changeStatusAction(request: Request, context: SiteContext, kind: LeadKind, id: number) {
	return handleConsoleSubmission(request, context, {
		schema: statusChangeSchema,
		store: async (input, session) =>
			statusChangeAnswer(
				await changeLeadStatus(
					context.db,
					{ kind, id, to: input.status, version: Number(input.version) },
					actorOf(context, session.operator.id),
				),
			),
	})
}

export function assignLeadAction(request: Request, context: SiteContext, kind: LeadKind, id: number) {
	return handleConsoleSubmission(request, context, {
		schema: assignSchema,
		store: async (input, session) => {
			const to = input.to === '' ? null : Number(input.to)
			const outcome = await assignLead(context.db, { kind, id, to }, actorOf(context, session.operator.id))
			if (outcome === 'unknown') return { ok: false, tone: 'error', message: inboxCopy.notFound.text, status: 404 }
			if (outcome === 'not-a-worker')
				return { ok: false, tone: 'error', message: inboxCopy.lead.assignRefused, status: 400 }
			return {
				ok: true,
				tone: 'success',
				message:
					to === null
						? inboxCopy.lead.unassigned
						: to === session.operator.id
							? inboxCopy.lead.assignedToYou
							: inboxCopy.lead.assigned,
			}
		},
	})
}

export function addNoteAction(request: Request, context: SiteContext, kind: LeadKind, id: number) {
	return handleConsoleSubmission(request, context, {
		schema: noteSchema,
		invalidMessage: (errors) => errors.body ?? inboxCopy.lead.noteRequired,
		store: async (input, session) => {
			const outcome = await addNote(context.db, kind, id, input.body, actorOf(context, session.operator.id))
			return outcome === 'added'
				? { ok: true, tone: 'success', message: inboxCopy.lead.noteAdded }
				: { ok: false, tone: 'error', message: inboxCopy.notFound.text, status: 404 }
		},
	})
}

const noteChangeAnswers = {
	edited: { ok: true, tone: 'success', message: inboxCopy.lead.noteSaved },
	deleted: { ok: true, tone: 'success', message: inboxCopy.lead.noteDeleted },
	unknown: { ok: false, tone: 'error', message: inboxCopy.lead.noteGone, status: 404 },
	'not-yours': { ok: false, tone: 'error', message: inboxCopy.lead.notYourNote, status: 403 },
} satisfies Record<Awaited<ReturnType<typeof changeNote>>, StoreResult>

/** A note's author saves a new text for it. */
export function editNoteAction(request: Request, context: SiteContext, kind: LeadKind, id: number) {
	return handleConsoleSubmission(request, context, {
		schema: noteEditSchema,
		invalidMessage: (errors) => errors.body ?? inboxCopy.lead.noteRequired,
		store: async (input, session) =>
			noteChangeAnswers[
				await changeNote(
					context.db,
					{ kind, id, note: Number(input.note), body: input.body },
					actorOf(context, session.operator.id),
				)
			],
	})
}

/** A note's author deletes it. */
export function deleteNoteAction(request: Request, context: SiteContext, kind: LeadKind, id: number) {
	return handleConsoleSubmission(request, context, {
		schema: noteDeleteSchema,
		store: async (input, session) =>
			noteChangeAnswers[
				await changeNote(
					context.db,
					{ kind, id, note: Number(input.note), deleted: true },
					actorOf(context, session.operator.id),
				)
			],
	})
}

/** How many leads a bulk answer names among those it left as they were. */
const NAMED_SKIPS = 5

/** A lead as a bulk answer names it: what the visitor typed as their name (cut short), else their email. */
async function leadName(db: SiteContext['db'], lead: SelectedLead) {
	const found = await getLead(db, lead.kind, lead.id)
	const name = found ? (hasVisibleText(found.name) ? found.name : found.email) : `${lead.kind} ${lead.id}`
	const characters = Array.from(shownAsTyped(name ?? ''))
	return characters.length > 40 ? `${characters.slice(0, 39).join('')}…` : characters.join('')
}

/** The inbox's bulk form: each selected lead moves if its workflow allows and nobody changed it meanwhile. */
export function bulkAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: bulkSchema,
		listFields: ['leads'],
		invalidMessage: (errors) => errors.leads ?? errors.action ?? inboxCopy.bulk.noneSelected,
		store: async (input, session) => {
			const leads = selectedLeads(input.leads) ?? []
			const counts = { changed: 0, refused: 0, stale: 0 }
			const notMoved: SelectedLead[] = []
			for (const lead of leads) {
				const change = await changeLeadStatus(
					context.db,
					{ ...lead, to: input.action },
					actorOf(context, session.operator.id),
				)
				if (change.outcome === 'changed') counts.changed++
				else if (change.outcome === 'stale') counts.stale++
				else counts.refused++
				if (change.outcome !== 'changed') notMoved.push(lead)
			}
			const named = await Promise.all(notMoved.slice(0, NAMED_SKIPS).map((lead) => leadName(context.db, lead)))
			const message = [
				inboxCopy.bulk.result(counts.changed, counts.refused, counts.stale),
				notMoved.length ? inboxCopy.bulk.notMoved(named, notMoved.length - named.length) : '',
			]
				.filter(Boolean)
				.join(' ')
			if (counts.changed === 0) return { ok: false, tone: 'error', message, status: 409 }
			return { ok: true, tone: counts.refused || counts.stale ? 'info' : 'success', message }
		},
	})
}

/** The erasure page's confirmation; `email` is the lead's, read on the server, never taken from the form. */
export function eraseAction(request: Request, context: SiteContext, email: string) {
	return handleConsoleSubmission(request, context, {
		schema: erasureSchema,
		store: async (input, session) => {
			const erased = await erasePerson(context.db, email, Number(input.expected), actorOf(context, session.operator.id))
			// Nothing of the person is left to show on the lead's pages: the inbox says what went.
			if (erased.outcome === 'erased') {
				return redirect(`${consolePaths.inbox}?erased=${erasureNotice(session.csrfToken, erased.rows)}`, 303)
			}
			return erased.outcome === 'changed'
				? { ok: false, tone: 'error', message: inboxCopy.erase.changed, status: 409 }
				: { ok: false, tone: 'error', message: inboxCopy.notFound.text, status: 404 }
		},
	})
}
