import { type RefObject, useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher, useFetchers, useNavigation, useRevalidator } from 'react-router'
import { inboxCopy, inboxLimits, type LeadKind, type LeadStatus, leadKinds, leadStatuses } from '#app/content/inbox.ts'
import { ConsoleFilters, filtersSet } from '#app/features/console/console-filters.tsx'
import { CsrfField, consoleFieldClass, SendingOffNotice } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsolePageLinks, ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { hasVisibleText, shownAsTyped } from '#app/features/console/typed-text.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { FormStatus } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'

export type InboxListRow = {
	kind: LeadKind
	id: number
	createdAt: string
	name: string | null
	email: string
	status: LeadStatus
	version: number
	preview: string | null
	assignee: string | null
}

export type InboxFilterValues = { q: string; form: string; status: string; from: string; to: string; assigned: string }

/** Visitors' text on one line, cut to the preview's length in whole characters. */
function previewText(text: string | null) {
	const characters = Array.from((text ?? '').replace(/\s+/g, ' ').trim())
	return characters.length > inboxLimits.preview
		? `${characters.slice(0, inboxLimits.preview - 1).join('')}…`
		: characters.join('')
}

/**
 * With JavaScript on, the first page asks for new leads every few seconds while it is in view, the operator has not
 * just clicked or typed and nothing else is under way, and says how many arrived.
 */
function useLiveInbox(enabled: boolean, rows: InboxListRow[]) {
	const revalidator = useRevalidator()
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = revalidator.state !== 'idle' || navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle')
	// Read by the timer, which must not restart at every render.
	const busyRef = useRef(busy)
	busyRef.current = busy
	const revalidate = useRef(revalidator.revalidate)
	revalidate.current = revalidator.revalidate
	const seen = useRef<Set<string> | null>(null)
	const [announcement, setAnnouncement] = useState('')

	useEffect(() => {
		if (!enabled) return
		// A refresh that redraws a changed row between the press and the release of a click loses that click.
		let lastInput = 0
		const noteInput = () => {
			lastInput = Date.now()
		}
		document.addEventListener('pointerdown', noteInput, true)
		document.addEventListener('keydown', noteInput, true)
		const timer = window.setInterval(() => {
			const quiet = Date.now() - lastInput > inboxLimits.refreshSeconds * 1000
			if (document.visibilityState === 'visible' && quiet && !busyRef.current) void revalidate.current()
		}, inboxLimits.refreshSeconds * 1000)
		return () => {
			window.clearInterval(timer)
			document.removeEventListener('pointerdown', noteInput, true)
			document.removeEventListener('keydown', noteInput, true)
		}
	}, [enabled])

	useEffect(() => {
		const keys = new Set(rows.map((row) => `${row.kind}:${row.id}`))
		const before = seen.current
		seen.current = keys
		if (!before) return
		const arrived = [...keys].filter((key) => !before.has(key)).length
		if (arrived > 0) setAnnouncement(inboxCopy.newLeads(arrived))
	}, [rows])

	return announcement
}

function InboxFilters({ filter, invalidDate }: { filter: InboxFilterValues; invalidDate: boolean }) {
	const statuses = filter.form && filter.form in leadStatuses ? [filter.form as LeadKind] : leadKinds
	return (
		<Form
			method="get"
			action={consolePaths.inbox}
			// A link to other filters (the attention count, Clear) shows them: the fields start again from the address.
			key={JSON.stringify(filter)}
			aria-label={inboxCopy.filters.legend}
			className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-7"
		>
			<div className="sm:col-span-2">
				<label htmlFor="inbox-q" className="block text-sm font-medium text-slate-800">
					{inboxCopy.filters.search}
				</label>
				<input
					id="inbox-q"
					type="search"
					name="q"
					defaultValue={filter.q}
					maxLength={inboxLimits.search}
					aria-describedby="inbox-q-hint"
					className={consoleFieldClass}
				/>
				<p id="inbox-q-hint" className="mt-1 text-xs text-slate-600">
					{inboxCopy.filters.searchHint}
				</p>
			</div>
			<div>
				<label htmlFor="inbox-form" className="block text-sm font-medium text-slate-800">
					{inboxCopy.filters.form}
				</label>
				<select id="inbox-form" name="form" defaultValue={filter.form} className={consoleFieldClass}>
					<option value="">{inboxCopy.filters.anyForm}</option>
					{leadKinds.map((kind) => (
						<option key={kind} value={kind}>
							{inboxCopy.kindsPlural[kind]}
						</option>
					))}
				</select>
			</div>
			<div>
				<label htmlFor="inbox-status" className="block text-sm font-medium text-slate-800">
					{inboxCopy.filters.status}
				</label>
				<select id="inbox-status" name="status" defaultValue={filter.status} className={consoleFieldClass}>
					<option value="">{inboxCopy.filters.anyStatus}</option>
					<option value="attention">{inboxCopy.filters.attention}</option>
					{statuses.map((kind) => (
						<optgroup key={kind} label={inboxCopy.kindsPlural[kind]}>
							{leadStatuses[kind].map((status) => (
								<option key={status} value={status}>
									{inboxCopy.statuses[status]}
								</option>
							))}
						</optgroup>
					))}
				</select>
			</div>
			<div>
				<label htmlFor="inbox-from" className="block text-sm font-medium text-slate-800">
					{inboxCopy.filters.from}
				</label>
				<input id="inbox-from" type="date" name="from" defaultValue={filter.from} className={consoleFieldClass} />
			</div>
			<div>
				<label htmlFor="inbox-to" className="block text-sm font-medium text-slate-800">
					{inboxCopy.filters.to}
				</label>
				<input id="inbox-to" type="date" name="to" defaultValue={filter.to} className={consoleFieldClass} />
			</div>
			<div>
				<label htmlFor="inbox-assigned" className="block text-sm font-medium text-slate-800">
					{inboxCopy.filters.assigned}
				</label>
				<select id="inbox-assigned" name="assigned" defaultValue={filter.assigned} className={consoleFieldClass}>
					<option value="">{inboxCopy.filters.anyone}</option>
					<option value="mine">{inboxCopy.filters.mine}</option>
					<option value="nobody">{inboxCopy.filters.nobody}</option>
				</select>
			</div>
			<div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-7">
				<button type="submit" className={buttonClass('primary', 'md')}>
					{inboxCopy.filters.apply}
				</button>
				<Link to={consolePaths.inbox} className="text-sm font-semibold text-brand-700 underline">
					{inboxCopy.filters.clear}
				</Link>
				{invalidDate ? (
					<p role="alert" className="text-sm font-medium text-red-700">
						{inboxCopy.filters.invalidDate}
					</p>
				) : null}
			</div>
		</Form>
	)
}

/** The bulk form's checkboxes, one a lead on the page. */
const leadBoxes = (form: HTMLFormElement | null) => [
	...(form?.querySelectorAll<HTMLInputElement>('input[name="leads"]') ?? []),
]

/** Ticks or clears every lead on the page; mixed while some are ticked. Needs JavaScript, so it is shown only with it. */
function SelectAllLeads({ form }: { form: RefObject<HTMLFormElement | null> }) {
	const box = useRef<HTMLInputElement>(null)
	useEffect(() => {
		const element = form.current
		if (!element) return
		const sync = () => {
			const leads = leadBoxes(element)
			const ticked = leads.filter((lead) => lead.checked).length
			if (!box.current) return
			box.current.checked = ticked > 0 && ticked === leads.length
			box.current.indeterminate = ticked > 0 && ticked < leads.length
		}
		// A reset clears the boxes after its event; the count is read once it has.
		const afterReset = () => setTimeout(sync)
		sync()
		element.addEventListener('change', sync)
		element.addEventListener('reset', afterReset)
		return () => {
			element.removeEventListener('change', sync)
			element.removeEventListener('reset', afterReset)
		}
	})
	return (
		<label className="js-only inline-flex min-h-10 items-center gap-2 text-sm font-medium text-slate-800">
			<input
				ref={box}
				type="checkbox"
				className="size-5"
				onChange={(event) => {
					for (const lead of leadBoxes(form.current)) lead.checked = event.currentTarget.checked
				}}
			/>
			{inboxCopy.bulk.selectAll}
		</label>
	)
}

/** The forms of the leads on the page, in the inbox's order of forms. */
const pageKinds = (rows: InboxListRow[]) => leadKinds.filter((kind) => rows.some((row) => row.kind === kind))

/** The moves a bulk action offers, grouped by the form whose leads they move: "Mark read" and "Archive" first. */
const bulkChoices = (kind: LeadKind) =>
	leadStatuses[kind].map((status) => ({
		value: status as LeadStatus,
		label:
			status === 'read'
				? inboxCopy.bulk.markRead
				: status === 'archived'
					? inboxCopy.bulk.archive
					: inboxCopy.bulk.setStatus(inboxCopy.statuses[status]),
	}))

export function InboxPage({
	rows,
	filter,
	invalidDate,
	olderHref,
	newestHref,
	listQuery,
	exportHref,
	workbookHref,
	live,
	notice,
	result,
}: {
	rows: InboxListRow[]
	filter: InboxFilterValues
	invalidDate: boolean
	olderHref: string | null
	newestHref: string | null
	/** The filter's query (with its `?`), carried to the lead pages the list links to. */
	listQuery: string
	exportHref: string
	workbookHref: string
	/** The newest page: it refreshes itself. */
	live: boolean
	/** A message the page was sent with (an erasure's outcome). */
	notice: string | null
	/** The bulk form's answer on a page rendered without JavaScript. */
	result?: SubmissionResult
}) {
	const { csrfToken } = useConsole()
	const bulk = useFetcher<SubmissionResult>()
	const bulkForm = useRef<HTMLFormElement>(null)
	// A bulk change that went through clears the selection; the rows show their new statuses.
	useEffect(() => {
		if (bulk.data?.ok) bulkForm.current?.reset()
	}, [bulk.data])
	const announcement = useLiveInbox(live, rows)
	const filtered = Object.values(filter).some(Boolean)
	return (
		<>
			<ConsolePageHeader heading={inboxCopy.heading} intro={inboxCopy.intro} />
			{notice ? (
				<div className="mb-4">
					<FormStatus result={{ ok: true, tone: 'success', message: notice }} />
				</div>
			) : null}
			{filter.form === 'newsletter' ? <SendingOffNotice /> : null}
			<ConsoleFilters set={filtersSet(filter)} problem={invalidDate}>
				<InboxFilters filter={filter} invalidDate={invalidDate} />
			</ConsoleFilters>
			<p role="status" className="sr-only">
				{announcement}
			</p>
			{rows.length === 0 ? (
				<p className="mt-6 text-slate-600">{filtered ? inboxCopy.empty : inboxCopy.emptyInbox}</p>
			) : (
				<bulk.Form ref={bulkForm} method="post" action={`${consolePaths.inbox}?intent=bulk`} className="mt-6">
					<CsrfField token={csrfToken} />
					<FormStatus result={bulk.data ?? result} />
					<fieldset className="mb-4 flex flex-wrap items-end gap-3">
						<legend className="sr-only">{inboxCopy.bulk.legend}</legend>
						<div className="min-w-56">
							<label htmlFor="inbox-bulk-action" className="block text-sm font-medium text-slate-800">
								{inboxCopy.bulk.legend}
							</label>
							<select id="inbox-bulk-action" name="action" className={consoleFieldClass}>
								{/* Only the moves of the forms on the page: one group a form, or that form's moves alone. */}
								{(filter.form && filter.form in leadStatuses ? [filter.form as LeadKind] : pageKinds(rows)).map(
									(kind) => (
										<optgroup key={kind} label={inboxCopy.kindsPlural[kind]}>
											{bulkChoices(kind).map((choice) => (
												<option key={choice.value} value={choice.value}>
													{choice.label}
												</option>
											))}
										</optgroup>
									),
								)}
							</select>
						</div>
						<button type="submit" className={buttonClass('secondary', 'md')} disabled={bulk.state !== 'idle'}>
							{inboxCopy.bulk.apply}
						</button>
						<SelectAllLeads form={bulkForm} />
						<span className="ml-auto flex flex-wrap gap-4">
							<a href={exportHref} className="text-sm font-semibold text-brand-700 underline" download>
								{inboxCopy.export}
							</a>
							<a href={workbookHref} className="text-sm font-semibold text-brand-700 underline" download>
								{inboxCopy.exportWorkbook}
							</a>
						</span>
					</fieldset>
					<ConsoleTable
						caption={inboxCopy.heading}
						columns={Object.values(inboxCopy.columns)}
						minWidth="sm:min-w-[44rem]"
					>
						{rows.map((row) => {
							const name = hasVisibleText(row.name) ? shownAsTyped(row.name) : inboxCopy.noName
							const attention = row.status === 'unread' || row.status === 'new'
							return (
								// A row another operator changed comes back as a new one, unticked: its old version would be refused.
								<tr key={`${row.kind}:${row.id}:${row.version}`} className={attention ? 'bg-brand-50/40' : undefined}>
									<td className="px-4 py-3 align-top">
										<input
											type="checkbox"
											name="leads"
											value={`${row.kind}:${row.id}:${row.version}`}
											aria-label={inboxCopy.selectLead(name)}
											className="size-4"
										/>
									</td>
									<th scope="row" className="max-w-md min-w-56 px-4 py-3 align-top font-normal wrap-anywhere">
										{/* What visitors typed is written as text by React, never as markup. */}
										<Link
											to={`${consolePaths.lead(row.kind, row.id)}${listQuery}`}
											className={`text-slate-900 underline ${attention ? 'font-bold' : 'font-medium'}`}
										>
											<bdi>{name}</bdi>
										</Link>
										<bdi className="block text-slate-700">{shownAsTyped(row.email)}</bdi>
										{row.preview ? (
											<bdi className="mt-1 block text-xs text-slate-600">{shownAsTyped(previewText(row.preview))}</bdi>
										) : null}
									</th>
									<td className="px-4 py-3 align-top">{inboxCopy.kinds[row.kind]}</td>
									<td className="px-4 py-3 align-top">
										{inboxCopy.statuses[row.status] ?? row.status}
										{row.assignee ? (
											<span className="block text-xs text-slate-600">
												{inboxCopy.assignedTo(shownAsTyped(row.assignee))}
											</span>
										) : null}
									</td>
									<td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
										<Moment value={row.createdAt} />
									</td>
								</tr>
							)
						})}
					</ConsoleTable>
				</bulk.Form>
			)}
			<ConsolePageLinks newestHref={newestHref} olderHref={olderHref} labels={inboxCopy}>
				{live && rows.length > 0 ? <span className="js-only text-sm text-slate-600">{inboxCopy.live}</span> : null}
			</ConsolePageLinks>
		</>
	)
}
