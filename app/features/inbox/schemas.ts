import * as z from 'zod/mini'
import { inboxCopy, inboxLimits, type LeadKind, type LeadStatus, leadKinds, leadStatuses } from '#app/content/inbox.ts'
import { rowId } from '#app/features/auth/schemas.ts'
import { requiredText } from '#app/forms/schema.ts'

const allStatuses = leadKinds.flatMap((kind) => leadStatuses[kind]) as [LeadStatus, ...LeadStatus[]]

/** The status version a form was made with, so that a change made on a stale view can be recognised. */
const version = z.string().check(z.regex(/^\d{1,9}$/))

export const statusChangeSchema = z.object({ status: z.enum(allStatuses), version })

export const noteSchema = z.object({
	body: requiredText(inboxLimits.note, inboxCopy.lead.noteRequired),
})

/** A change to a note by its author: which note, and its new text. */
export const noteEditSchema = z.extend(noteSchema, { note: rowId })

export const noteDeleteSchema = z.object({ note: rowId })

/** Who works a lead: an operator's id, or empty for nobody. */
export const assignSchema = z.object({ to: z.union([z.literal(''), rowId]) })

/** One selected lead in a bulk form: `kind:id:version`. */
export type SelectedLead = { kind: LeadKind; id: number; version: number }

const SELECTED = new RegExp(`^(${leadKinds.join('|')}):(\\d{1,15}):(\\d{1,9})$`)

/** The selected leads of a bulk form: one per line, as the form's checkboxes send them; at most inboxLimits.bulk. */
export function selectedLeads(value: string): SelectedLead[] | null {
	const lines = value.split('\n').filter(Boolean)
	const leads: SelectedLead[] = []
	for (const line of lines) {
		const match = SELECTED.exec(line)
		if (!match) return null
		leads.push({ kind: match[1] as LeadKind, id: Number(match[2]), version: Number(match[3]) })
	}
	return leads
}

export const bulkSchema = z.object({
	leads: z.string().check(
		z.refine((value) => value.trim() !== '', inboxCopy.bulk.noneSelected),
		z.refine((value) => value.split('\n').length <= inboxLimits.bulk, inboxCopy.bulk.tooMany),
		z.refine((value) => selectedLeads(value) !== null, inboxCopy.bulk.noneSelected),
	),
	action: z.enum(allStatuses),
})

export const erasureSchema = z.object({ expected: z.string().check(z.regex(/^\d{1,9}$/)) })
