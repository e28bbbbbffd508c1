import { Link } from 'react-router'
import { outboxCopy } from '#app/content/console.ts'
import { outboxErrorSentence } from '#app/content/outbox-sentences.ts'
import { ConsoleSection, RowActionButton, SendingOffNotice } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsolePageLinks, ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { shownAsTyped } from '#app/features/console/typed-text.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { FormStatus } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'

export type OutboxRow = {
	id: number
	channel: string
	status: string
	attempts: number
	createdAt: string
	nextAttemptAt: string | null
	lastError: string | null
	summary: string
	leadPath: string | null
}

/** A channel's or status's name; an unknown value as it is stored. */
const label = (labels: Record<string, string>, value: string) => labels[value] ?? value

export function OutboxPage({
	rows,
	anyFailed,
	olderHref,
	newestHref,
	result,
}: {
	rows: OutboxRow[]
	anyFailed: boolean
	olderHref: string | null
	newestHref: string | null
	/** The answer a page rendered without JavaScript got from its own post. */
	result?: SubmissionResult
}) {
	const { csrfToken } = useConsole()
	return (
		<>
			<ConsolePageHeader heading={outboxCopy.heading} intro={outboxCopy.intro} />
			<SendingOffNotice />
			{result ? <FormStatus result={result} /> : null}
			{rows.length === 0 ? (
				<p className="mt-4 text-slate-600">{outboxCopy.none}</p>
			) : (
				<ConsoleTable
					caption={outboxCopy.heading}
					columns={Object.values(outboxCopy.columns)}
					minWidth="sm:min-w-[56rem]"
					className="mt-4"
				>
					{rows.map((row) => (
						<tr key={row.id}>
							<th scope="row" className="min-w-48 px-4 py-3 align-top font-normal wrap-anywhere text-slate-900">
								{/* Visitors' words and a remote server's answers: React writes them as text, never markup. */}
								{shownAsTyped(row.summary)}
								<span className="block text-xs text-slate-600">
									#{row.id}
									{row.leadPath ? (
										<>
											{' · '}
											<Link to={row.leadPath} className="font-semibold text-brand-700 underline">
												{outboxCopy.openLead}
											</Link>
										</>
									) : null}
								</span>
							</th>
							<td className="px-4 py-3 align-top">{label(outboxCopy.channels, row.channel)}</td>
							<td className="px-4 py-3 align-top">
								{label(outboxCopy.statuses, row.status)}
								{row.nextAttemptAt ? (
									<span className="block text-xs text-slate-600">
										{outboxCopy.nextAttempt} <Moment value={row.nextAttemptAt} />
									</span>
								) : null}
							</td>
							<td className="px-4 py-3 align-top">{row.attempts}</td>
							<td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
								<Moment value={row.createdAt} />
							</td>
							<td className="max-w-xs px-4 py-3 align-top text-sm wrap-anywhere text-slate-700">
								{row.lastError === null
									? outboxCopy.noError
									: shownAsTyped(outboxErrorSentence(row.channel, row.lastError))}
							</td>
							<td className="px-4 py-3 align-top">
								<RowActionButton
									action={`${consolePaths.outbox}?intent=retry`}
									csrfToken={csrfToken}
									fields={{ id: String(row.id) }}
									label={outboxCopy.retry}
									accessibleLabel={`${outboxCopy.retry}: #${row.id}`}
								/>
							</td>
						</tr>
					))}
				</ConsoleTable>
			)}
			<ConsolePageLinks newestHref={newestHref} olderHref={olderHref} labels={outboxCopy} />
			{anyFailed ? (
				<ConsoleSection heading={outboxCopy.retryAll} intro={outboxCopy.retryAllIntro}>
					<RowActionButton
						action={`${consolePaths.outbox}?intent=retry-all`}
						csrfToken={csrfToken}
						fields={{}}
						label={outboxCopy.retryAll}
					/>
				</ConsoleSection>
			) : null}
		</>
	)
}
