import { Link, useFetcher } from 'react-router'
import { inboxCopy, inboxLimits, type LeadStatus, leadTransitions } from '#app/content/inbox.ts'
import { outboxErrorSentence } from '#app/content/outbox-sentences.ts'
import { articlePath } from '#app/features/blog/paths.ts'
import {
	ConfirmedChange,
	ConsoleSection,
	CsrfField,
	consoleFieldClass,
	RowActionButton,
	SendingOffNotice,
	useResultToast,
} from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { Moment } from '#app/features/console/moment.tsx'
import { hasVisibleText, shownAsTyped } from '#app/features/console/typed-text.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { defineForm, Field, FormStatus, SelectField, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'
import type { Lead, LeadNeighbours, LeadNote, LeadNotification, RelatedLead } from './lead.server.ts'
import { replyHref } from './reply.ts'

export type LeadPageProps = {
	/** The filter of the inbox list the lead was opened from (with its `?`), or ''. */
	listQuery: string
	lead: Lead
	notifications: LeadNotification[]
	related: RelatedLead[]
	notes: LeadNote[]
	/** The leads either side of this one in the inbox. */
	neighbours: LeadNeighbours
	/** The operators the lead can be given to. */
	workers: { id: number; name: string }[]
	/** The answer a page rendered without JavaScript got from its own post. */
	result?: SubmissionResult
	noteResult?: SubmissionResult
}

/** A lead form's address, relative to the lead's own: its intent, and the list's filter kept for the page after it. */
function intentAction(listQuery: string, intent: string) {
	const params = new URLSearchParams(listQuery)
	params.set('intent', intent)
	return `?${params}`
}

const noteForm = defineForm({
	action: '?intent=note',
	schema: () => import('./schemas.ts').then((s) => s.noteSchema),
	fields: {
		body: {
			label: inboxCopy.lead.noteLabel,
			multiline: true,
			required: true,
			maxLength: inboxLimits.note,
			hint: inboxCopy.lead.noteHint,
		},
	},
})

function NoteForm({ initial, listQuery }: { initial?: SubmissionResult; listQuery: string }) {
	const { csrfToken } = useConsole()
	const form = useForm({ ...noteForm, action: intentAction(listQuery, 'note') }, { initial, toasts: true })
	return (
		<SubmissionForm form={form} label={inboxCopy.lead.noteLabel} className="relative space-y-3">
			<CsrfField token={csrfToken} />
			<FormStatus result={form.inlineResult} />
			<Field {...form.field('body')} />
			<SubmitButton
				submitting={form.submitting}
				copy={{ submit: inboxCopy.lead.addNote, submitting: inboxCopy.lead.addNote }}
			/>
		</SubmissionForm>
	)
}

/** A note's author changes its text or deletes it; folded away until asked for. Works the same without JavaScript. */
function NoteEditor({ note, listQuery }: { note: LeadNote; listQuery: string }) {
	const { csrfToken } = useConsole()
	const fetcher = useFetcher<SubmissionResult>()
	useResultToast(fetcher.data)
	const fieldId = `note-${note.id}-body`
	return (
		<details className="mt-2">
			<summary className="cursor-pointer text-sm font-semibold text-brand-700 underline">
				{inboxCopy.lead.editNote}
			</summary>
			<fetcher.Form method="post" action={intentAction(listQuery, 'note-edit')} className="mt-2 space-y-2">
				<CsrfField token={csrfToken} />
				<input type="hidden" name="note" value={note.id} />
				<label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
					{inboxCopy.lead.editNoteLabel}
				</label>
				<textarea
					id={fieldId}
					name="body"
					required
					maxLength={inboxLimits.note}
					defaultValue={note.body}
					rows={3}
					className={consoleFieldClass}
				/>
				<button type="submit" className={buttonClass('secondary', 'md')} disabled={fetcher.state !== 'idle'}>
					{inboxCopy.lead.saveNote}
				</button>
			</fetcher.Form>
			<div className="mt-2">
				<ConfirmedChange summary={inboxCopy.lead.deleteNote} question={inboxCopy.lead.deleteNoteQuestion}>
					<RowActionButton
						action={intentAction(listQuery, 'note-delete')}
						csrfToken={csrfToken}
						fields={{ note: String(note.id) }}
						label={inboxCopy.lead.deleteNote}
						tone="danger"
					/>
				</ConfirmedChange>
			</div>
		</details>
	)
}

/** Who works the lead: any operator who may work leads, or nobody; "Assign to me" in one press. */
function LeadAssignment({ lead, workers, listQuery }: Pick<LeadPageProps, 'lead' | 'workers' | 'listQuery'>) {
	const { csrfToken, operator } = useConsole()
	const fetcher = useFetcher<SubmissionResult>()
	useResultToast(fetcher.data)
	const action = `${consolePaths.lead(lead.kind, lead.id)}${intentAction(listQuery, 'assign')}`
	const options = [
		{ value: '', label: inboxCopy.lead.nobody },
		...workers.map((worker) => ({ value: String(worker.id), label: shownAsTyped(worker.name) })),
	]
	return (
		<div className="flex flex-wrap items-end gap-3">
			{/* Keyed by the stored choice, so the select shows it again after a change. */}
			<fetcher.Form
				key={String(lead.assignedTo)}
				method="post"
				action={action}
				className="flex flex-wrap items-end gap-3"
			>
				<CsrfField token={csrfToken} />
				<div className="min-w-56">
					<SelectField
						name="to"
						label={inboxCopy.lead.assignment}
						hint={inboxCopy.lead.assignmentHint}
						defaultValue={lead.assignedTo === null ? '' : String(lead.assignedTo)}
						options={options}
					/>
				</div>
				<button type="submit" className={buttonClass('secondary', 'md')} disabled={fetcher.state !== 'idle'}>
					{inboxCopy.lead.assign}
				</button>
			</fetcher.Form>
			{lead.assignedTo !== operator.id && workers.some((worker) => worker.id === operator.id) ? (
				<RowActionButton
					action={action}
					csrfToken={csrfToken}
					fields={{ to: String(operator.id) }}
					label={inboxCopy.lead.assignToMe}
				/>
			) : null}
		</div>
	)
}

/** A value a visitor typed: kept as typed (line breaks, spaces), wrapped anywhere so a very long word cannot widen the page. */
const typedClass = 'whitespace-pre-wrap wrap-anywhere text-slate-900'

function NotificationState({ notification }: { notification: LeadPageProps['notifications'][number] }) {
	const copy = inboxCopy.lead.notification
	if (notification.status === 'delivered') {
		return (
			<>
				{copy.delivered}
				<Moment value={notification.deliveredAt} />
			</>
		)
	}
	if (notification.status === 'pending') {
		if (!notification.nextAttemptAt) return <>{copy.waiting}</>
		return (
			<>
				{copy.pending}
				<Moment value={notification.nextAttemptAt} />
			</>
		)
	}
	const ended: Record<string, string> = { failed: copy.failed, bounced: copy.bounced }
	return <>{ended[notification.status] ?? copy.skipped}</>
}

export function LeadPage({
	lead,
	notifications,
	related,
	notes,
	neighbours,
	workers,
	listQuery,
	result,
	noteResult,
}: LeadPageProps) {
	const { csrfToken, operator } = useConsole()
	const name = hasVisibleText(lead.name) ? shownAsTyped(lead.name) : inboxCopy.noName
	const moves = Object.entries(leadTransitions[lead.status]) as [LeadStatus, string][]
	const here = consolePaths.lead(lead.kind, lead.id)
	const replyLink = lead.kind === 'contact' ? replyHref(lead.email, lead.subject) : null
	return (
		<>
			<nav aria-label={inboxCopy.lead.neighbours} className="mb-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
				<Link to={`${consolePaths.inbox}${listQuery}`} className="text-brand-700 underline">
					{inboxCopy.lead.back}
				</Link>
				{neighbours.newer ? (
					<Link
						to={`${consolePaths.lead(neighbours.newer.kind, neighbours.newer.id)}${listQuery}`}
						className="text-brand-700 underline"
						rel="prev"
					>
						← {inboxCopy.lead.newer}
					</Link>
				) : null}
				{neighbours.older ? (
					<Link
						to={`${consolePaths.lead(neighbours.older.kind, neighbours.older.id)}${listQuery}`}
						className="text-brand-700 underline"
						rel="next"
					>
						{inboxCopy.lead.older} →
					</Link>
				) : null}
			</nav>
			<div className="mb-6">
				<p className="text-sm font-medium text-slate-600">{inboxCopy.kinds[lead.kind]}</p>
				<h1 className="text-2xl font-bold wrap-anywhere text-slate-900">
					<bdi>{name}</bdi>
				</h1>
				<p className="mt-1 wrap-anywhere text-slate-700">
					<bdi>{shownAsTyped(lead.email)}</bdi>
				</p>
			</div>
			{result ? <FormStatus result={result} /> : null}
			{lead.kind === 'newsletter' ? <SendingOffNotice /> : null}
			<ConsoleSection heading={inboxCopy.lead.status}>
				<p className="text-lg font-semibold text-slate-900">{inboxCopy.statuses[lead.status] ?? lead.status}</p>
				{lead.changedAt ? (
					<p className="mt-1 text-sm text-slate-600">
						{inboxCopy.lead.changed(lead.changedBy ?? inboxCopy.visitor)}
						<Moment value={lead.changedAt} />
					</p>
				) : null}
				<div className="mt-4 flex flex-wrap items-center gap-3">
					{moves.length === 0 ? <p className="text-sm text-slate-600">{inboxCopy.lead.noMoves}</p> : null}
					{moves.map(([status, label]) => (
						<RowActionButton
							key={status}
							action={`${here}${intentAction(listQuery, 'status')}`}
							csrfToken={csrfToken}
							fields={{ status, version: String(lead.version) }}
							label={label}
						/>
					))}
					{replyLink ? (
						<a href={replyLink} className={buttonClass('primary', 'md')}>
							{inboxCopy.lead.reply}
						</a>
					) : null}
				</div>
				<div className="mt-6 border-t border-slate-200 pt-4">
					<LeadAssignment lead={lead} workers={workers} listQuery={listQuery} />
				</div>
			</ConsoleSection>
			<ConsoleSection heading={inboxCopy.lead.fields}>
				<dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
					{[
						...lead.fields.map((field) => ({
							key: field.column,
							label: inboxCopy.fieldLabels[field.column] ?? field.column,
							value: field.value === null || field.value === '' ? null : field.value,
						})),
						// Where it came from, when known.
						...(lead.source ? [{ key: 'source', label: inboxCopy.lead.source, value: lead.source }] : []),
						...(lead.pagePath ? [{ key: 'page_path', label: inboxCopy.lead.from, value: lead.pagePath }] : []),
					].map((item) => (
						<div key={item.key} className="contents">
							<dt className="font-medium text-slate-700">{item.label}</dt>
							<dd className={item.value === null ? 'text-slate-600' : typedClass}>
								{item.value === null ? inboxCopy.lead.empty : <bdi>{shownAsTyped(item.value)}</bdi>}
							</dd>
						</div>
					))}
					<div className="contents">
						<dt className="font-medium text-slate-700">{inboxCopy.lead.received}</dt>
						<dd className="text-slate-900">
							<Moment value={lead.createdAt} />
						</dd>
					</div>
				</dl>
			</ConsoleSection>
			<ConsoleSection heading={inboxCopy.lead.visit.heading}>
				<LeadVisit lead={lead} />
			</ConsoleSection>
			<ConsoleSection heading={inboxCopy.lead.notes}>
				{notes.length === 0 ? <p className="text-sm text-slate-600">{inboxCopy.lead.noNotes}</p> : null}
				<ul className="divide-y divide-slate-200">
					{notes.map((note) => (
						<li key={note.id} className="py-3">
							<p className={typedClass}>{shownAsTyped(note.body)}</p>
							<p className="mt-1 text-xs text-slate-600">
								{note.operatorName}, <Moment value={note.createdAt} />
								{note.editedAt ? ` (${inboxCopy.lead.edited})` : null}
							</p>
							{note.operatorId === operator.id ? <NoteEditor note={note} listQuery={listQuery} /> : null}
						</li>
					))}
				</ul>
				<div className="mt-4">
					<NoteForm initial={noteResult} listQuery={listQuery} />
				</div>
			</ConsoleSection>
			<ConsoleSection heading={inboxCopy.lead.notifications}>
				{notifications.length === 0 ? (
					<p className="text-sm text-slate-600">{inboxCopy.lead.noNotifications}</p>
				) : (
					<ul className="divide-y divide-slate-200">
						{notifications.map((notification) => (
							<li key={notification.id} className="py-3 text-sm">
								<p className="font-medium text-slate-900">
									{inboxCopy.lead.channels[notification.channel] ?? notification.channel}:{' '}
									<NotificationState notification={notification} />
								</p>
								<p className="text-slate-600">{inboxCopy.lead.notification.attempts(notification.attempts)}</p>
								{notification.lastError && notification.status !== 'delivered' ? (
									<p className="mt-1 text-sm wrap-anywhere text-slate-700">
										{shownAsTyped(outboxErrorSentence(notification.channel, notification.lastError))}
									</p>
								) : null}
							</li>
						))}
					</ul>
				)}
			</ConsoleSection>
			<ConsoleSection heading={inboxCopy.lead.sameEmail}>
				{related.length === 0 ? (
					<p className="text-sm text-slate-600">{inboxCopy.lead.noSameEmail}</p>
				) : (
					<ul className="space-y-2">
						{related.map((other) => (
							<li key={`${other.kind}:${other.id}`}>
								<Link to={consolePaths.lead(other.kind, other.id)} className="font-medium text-brand-700 underline">
									{inboxCopy.kinds[other.kind]}
								</Link>{' '}
								<span className="text-sm text-slate-600">
									{inboxCopy.statuses[other.status] ?? other.status}, <Moment value={other.createdAt} />
								</span>
							</li>
						))}
					</ul>
				)}
			</ConsoleSection>
			<ConsoleSection heading={inboxCopy.lead.erase} intro={inboxCopy.lead.eraseIntro}>
				<Link
					to={consolePaths.erasure(lead.kind, lead.id)}
					className={`${buttonClass('secondary', 'md')} border-red-300 text-red-800 hover:bg-red-50`}
				>
					{inboxCopy.lead.erase}
				</Link>
			</ConsoleSection>
		</>
	)
}

/** Where the lead's visit came from: each value as the visitor's browser sent it, shown as text. */
function LeadVisit({ lead }: { lead: Lead }) {
	const known = lead.visit.filter((field) => field.value !== null && field.value !== '')
	if (known.length === 0 && !lead.fromPost)
		return <p className="text-sm text-slate-600">{inboxCopy.lead.visit.unknown}</p>
	return (
		<dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
			{known.map((field) => (
				<div key={field.column} className="contents">
					<dt className="font-medium text-slate-700">{inboxCopy.lead.visit.labels[field.column] ?? field.column}</dt>
					<dd className={typedClass}>
						<bdi>{shownAsTyped(field.value ?? '')}</bdi>
					</dd>
				</div>
			))}
			{lead.fromPost ? (
				<div className="contents">
					<dt className="font-medium text-slate-700">{inboxCopy.lead.visit.fromPost}</dt>
					<dd className={typedClass}>
						<a href={articlePath(lead.fromPost.slug)} className="text-brand-700 underline">
							<bdi>{shownAsTyped(lead.fromPost.title)}</bdi>
						</a>
					</dd>
				</div>
			) : null}
		</dl>
	)
}
