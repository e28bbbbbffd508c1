import { type AuditAction, operatorsCopy, outboxCopy } from './console.ts'
import { inboxCopy, leadKinds } from './inbox.ts'

/** What an audit entry's detail holds: a few named values, written by the code that made the change. */
export type AuditDetail = Record<string, string | number | boolean | null>

const role = (value: unknown) =>
	operatorsCopy.roleLabels[value as keyof typeof operatorsCopy.roleLabels] ?? String(value)
const status = (value: unknown) => inboxCopy.statuses[value as keyof typeof inboxCopy.statuses] ?? String(value)
const form = (value: unknown) => inboxCopy.kindsPlural[value as keyof typeof inboxCopy.kindsPlural] ?? String(value)
const channel = (value: unknown) => outboxCopy.channels[value as keyof typeof outboxCopy.channels] ?? String(value)
const count = (value: unknown, one: string, many = `${one}s`) => `${Number(value)} ${Number(value) === 1 ? one : many}`
const kilobytes = (value: unknown) => `${Math.max(1, Math.round(Number(value) / 1024))} KB`

const failedSignIn: Record<string, string> = {
	'wrong password': 'The password was wrong',
	'unknown email': 'No operator has that email',
	disabled: 'The account is disabled',
}

const signInMethods: Record<string, string> = {
	password: 'With their password.',
	passkey: 'With a passkey.',
	setup: 'With the setup link.',
	invitation: 'With their invitation link.',
	reset: 'With a password-reset link.',
}

const moments: Record<string, string> = {
	'password change': 'while changing their password',
	'passkey registration': 'while adding a passkey',
	confirmation: 'while confirming it was them',
}

const during = (value: unknown) => (value ? ` (${moments[String(value)] ?? String(value)})` : '')

/** An audit entry's detail as a sentence an operator reads, for the actions that record one. */
export const auditSentences: Partial<Record<AuditAction, (detail: AuditDetail) => string>> = {
	sign_in: (d) => signInMethods[String(d.method)] ?? '',
	'sign_in.failed': (d) =>
		`${failedSignIn[String(d.reason)] ?? 'The sign-in did not succeed'}${d.method === 'passkey' ? ', with a passkey' : ''}${during(d.during)}.`,
	'sign_in.locked_out': (d) =>
		`Password sign-in paused for ${count(d.minutes, 'minute')} for ${d.by === 'address' ? 'every account from this address' : 'this account from this address'}.`,
	'sign_in.refused': (d) => `A try while sign-in was paused${during(d.during)}.`,
	'operator.confirmed': (d) => (d.method === 'passkey' ? 'With a passkey.' : 'With their password.'),
	'invitation.created': (d) => `As ${role(d.role)}.`,
	'invitation.accepted': (d) => `As ${role(d.role)}.`,
	'operator.role_changed': (d) => `From ${role(d.from)} to ${role(d.to)}.`,
	'ownership.transferred': (d) => (d.from ? `From ${String(d.from)}.` : ''),
	'password_reset.completed': (d) => (d.by ? `Through a ${String(d.by)} link.` : ''),
	'notification.retried': (d) => `A ${channel(d.channel).toLowerCase()} message.`,
	'notification.retried_all': (d) => `${count(d.count, 'message')}.`,
	'lead.status_changed': (d) => `From ${status(d.from)} to ${status(d.to)}${d.opened ? ', on opening it' : ''}.`,
	'inbox.exported': (d) => {
		const filters = [
			d.status ? `status ${d.status === 'attention' ? inboxCopy.filters.attention : status(d.status)}` : null,
			d.from || d.to ? `received ${d.from ?? 'any time'} to ${d.to ?? 'today'}` : null,
			d.assigned ? (d.assigned === 'mine' ? 'assigned to them' : 'assigned to nobody') : null,
			d.searched ? 'with a search' : null,
		].filter(Boolean)
		const counted = leadKinds.filter((kind) => typeof d[kind] === 'number')
		// Entries made before exports were counted name the filter only.
		if (counted.length === 0) return `${[d.form ? form(d.form) : 'Every form', ...filters].join(', ')}.`
		const each = counted.map((kind) =>
			count(d[kind], inboxCopy.kinds[kind].toLowerCase(), inboxCopy.kindsPlural[kind].toLowerCase()),
		)
		const total = counted.reduce((sum, kind) => sum + Number(d[kind]), 0)
		const what = counted.length === 1 ? each[0] : `${count(total, 'lead')} (${each.join(', ')})`
		return `Exported ${what}${filters.length ? `, ${filters.join(', ')}` : ''}.`
	},
	'backup.downloaded': (d) => (d.database === 'postgres' ? 'Of the PostgreSQL database.' : 'Of the embedded database.'),
	'person.erased': (d) =>
		`${count(d.rows, 'row')}: ${count(d.leads, 'lead')}, ${count(d.notes, 'note')}, ${count(d.notifications, 'notification')}, ${count(d.analytics_events, 'analytics event')}.`,
	'redirect.created': (d) => `${String(d.from)} → ${String(d.to)} (${String(d.status)}).`,
	'redirect.updated': (d) => `${String(d.from)} → ${String(d.to)} (${String(d.status)}).`,
	'redirect.deleted': (d) => `${String(d.from)} → ${String(d.to)}.`,
	'post.created': (d) => `/blog/${String(d.slug)}, ${String(d.state)}.`,
	'post.saved': (d) => `/blog/${String(d.slug)}, ${String(d.state)}.`,
	'post.published': (d) => `/blog/${String(d.slug)}.`,
	'post.scheduled': (d) => `/blog/${String(d.slug)}.`,
	'post.unpublished': (d) => `/blog/${String(d.slug)}.`,
	'post.deleted': (d) => `/blog/${String(d.slug)}.`,
	'post.restored': (d) => `Revision ${String(d.revision)}.`,
	'media.uploaded': (d) =>
		`${String(d.type).replace('image/', '').toUpperCase()}, ${String(d.width)}×${String(d.height)} px, ${kilobytes(d.bytes)}${d.duplicate ? ', already stored' : ''}.`,
	'lead.assigned': (d) => (d.to ? `To ${String(d.to)}.` : 'To nobody.'),
	'media.described': (d) => (d.alt ? `Now described as “${String(d.alt)}”.` : 'Its description was removed.'),
	'media.deleted': (d) => (d.name ? `It was uploaded as ${String(d.name)}.` : 'It had no file name.'),
	'newsletter.sent': (d) => `“${String(d.title)}” to ${count(d.recipients, 'confirmed subscriber')}.`,
	'newsletter.test_sent': (d) => `“${String(d.title)}” to ${String(d.to)}.`,
	'newsletter.paused': (d) => `“${String(d.title)}”.`,
	'newsletter.resumed': (d) => `“${String(d.title)}”.`,
}

/** The sentence for an entry's detail; for an action without one, its values named plainly. */
export function auditDetailSentence(action: string, detail: AuditDetail) {
	const sentence = auditSentences[action as AuditAction]
	if (sentence) return sentence(detail)
	return Object.entries(detail)
		.map(([key, value]) => `${key.replaceAll('_', ' ')}: ${value === null ? 'none' : String(value)}`)
		.join(', ')
}
