import { useEffect } from 'react'
import { Form, Link, useFetcher, useRevalidator } from 'react-router'
import { newsletterSendsCopy as copy, type RecipientStatus, type SendStatus } from '#app/content/newsletter-sends.ts'
import {
	ConfirmedChange,
	ConsoleSection,
	CsrfField,
	SendingOffNotice,
	useResultToast,
} from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsolePageLinks, ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { shownAsTyped } from '#app/features/console/typed-text.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { FormStatus } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import type { SendSummary } from './sends.server.ts'

/** A send as its list and report show it; times as ISO strings. */
export type SendView = {
	id: number
	postId: number | null
	title: string
	status: SendStatus
	recipients: number
	createdAt: string
	counts: Record<RecipientStatus, number>
	unsubscribedSince: number
}

/** A send's summary as the pages take it. */
export const sendView = (send: SendSummary): SendView => ({
	id: send.id,
	postId: send.postId,
	title: send.title,
	status: send.status,
	recipients: send.recipients,
	createdAt: send.createdAt.toISOString(),
	counts: send.counts,
	unsubscribedSince: send.unsubscribedSince,
})

const handled = (send: SendView) => send.recipients - send.counts.pending

/** How far a send has got, as a bar and in words. */
function SendProgress({ send }: { send: SendView }) {
	return (
		<div className="min-w-32">
			<progress className="h-2 w-full accent-brand-600" max={Math.max(1, send.recipients)} value={handled(send)}>
				{copy.progress(handled(send), send.recipients)}
			</progress>
			<p className="mt-1 text-xs text-slate-600">{copy.progress(handled(send), send.recipients)}</p>
		</div>
	)
}

const count = (value: number) => value.toLocaleString('en-US')

/** The console's list of sends. */
export function NewsletterSendsPage({
	sends,
	olderHref,
	newestHref,
}: {
	sends: SendView[]
	olderHref: string | null
	newestHref: string | null
}) {
	const columns = copy.columns
	return (
		<>
			<ConsolePageHeader heading={copy.heading} intro={copy.intro} />
			<SendingOffNotice />
			{sends.length === 0 ? (
				<p className="mt-4 text-slate-600">{copy.none}</p>
			) : (
				<ConsoleTable caption={copy.heading} columns={Object.values(columns)} minWidth="sm:min-w-[56rem]">
					{sends.map((send) => (
						<tr key={send.id}>
							<th scope="row" className="px-4 py-3 align-top font-normal wrap-anywhere">
								<Link to={consolePaths.newsletterSend(send.id)} className="font-semibold text-brand-700 underline">
									{shownAsTyped(send.title)}
								</Link>
							</th>
							<td className="px-4 py-3 align-top">
								<Moment value={send.createdAt} />
							</td>
							<td className="px-4 py-3 align-top">
								{copy.statuses[send.status]}
								{send.status === 'finished' ? null : <SendProgress send={send} />}
							</td>
							<td className="px-4 py-3 align-top">{count(send.recipients)}</td>
							<td className="px-4 py-3 align-top">{count(send.counts.delivered)}</td>
							<td className="px-4 py-3 align-top">{count(send.counts.failed)}</td>
							<td className="px-4 py-3 align-top">{count(send.counts.bounced)}</td>
							<td className="px-4 py-3 align-top">{count(send.unsubscribedSince)}</td>
						</tr>
					))}
				</ConsoleTable>
			)}
			<ConsolePageLinks
				newestHref={newestHref}
				olderHref={olderHref}
				labels={{ newest: copy.report.back, older: copy.report.older }}
			/>
		</>
	)
}

export type RecipientView = {
	id: number
	email: string
	status: RecipientStatus
	deliveredAt: string | null
	detail: string | null
}

/** While a send runs its report asks again every few seconds, with JavaScript on; without, a reload does. */
function useRefreshWhileRunning(running: boolean) {
	const revalidator = useRevalidator()
	useEffect(() => {
		if (!running) return
		const timer = setInterval(() => {
			if (revalidator.state === 'idle' && document.visibilityState === 'visible') void revalidator.revalidate()
		}, 3_000)
		return () => clearInterval(timer)
	}, [running, revalidator])
}

/** One send: its figures, pause and resume, and each recipient's state for support questions. */
export function SendReportPage({
	send,
	recipients,
	search,
	moreHref,
	result,
}: {
	send: SendView
	recipients: RecipientView[]
	search: string
	moreHref: string | null
	result?: SubmissionResult
}) {
	const { csrfToken } = useConsole()
	const running = send.status === 'queueing' || send.status === 'sending'
	useRefreshWhileRunning(running)
	const hydrated = useHydrated()
	const pause = useFetcher<SubmissionResult>()
	useResultToast(pause.data)
	const columns = copy.columns
	const figures: [string, number][] = [
		[columns.recipients, send.recipients],
		[columns.delivered, send.counts.delivered],
		[columns.failed, send.counts.failed],
		[columns.bounced, send.counts.bounced],
		[columns.unsubscribed, send.unsubscribedSince],
	]
	const canPause = send.status === 'sending' || send.status === 'paused'
	return (
		<>
			<ConsolePageHeader heading={copy.report.title(shownAsTyped(send.title))} />
			<p className="flex flex-wrap gap-4">
				<Link to={consolePaths.newsletterSends} className="font-semibold text-brand-700 underline">
					{copy.report.back}
				</Link>
				{send.postId !== null ? (
					<Link to={consolePaths.post(send.postId)} className="font-semibold text-brand-700 underline">
						{copy.report.postLink}
					</Link>
				) : null}
			</p>
			<SendingOffNotice />
			{result ? (
				<div className="mt-4">
					<FormStatus result={result} />
				</div>
			) : null}
			<ConsoleSection
				heading={copy.statuses[send.status]}
				intro={running ? (hydrated ? copy.report.refresh : copy.report.reload) : undefined}
			>
				<SendProgress send={send} />
				<dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-5">
					{figures.map(([name, value]) => (
						<div key={name}>
							<dt className="text-sm text-slate-600">{name}</dt>
							<dd className="text-xl font-semibold text-slate-900">{count(value)}</dd>
						</div>
					))}
				</dl>
				{canPause ? (
					<pause.Form
						method="post"
						action={`${consolePaths.newsletterSend(send.id)}?intent=${send.status === 'paused' ? 'resume' : 'pause'}`}
						className="mt-4"
					>
						<CsrfField token={csrfToken} />
						<button type="submit" className={buttonClass('secondary', 'md')} disabled={pause.state !== 'idle'}>
							{send.status === 'paused' ? copy.report.resume : copy.report.pause}
						</button>
					</pause.Form>
				) : null}
			</ConsoleSection>
			<ConsoleSection heading={copy.report.recipients}>
				<Form method="get" className="flex flex-wrap items-end gap-3">
					<label className="block text-sm font-medium text-slate-900">
						{copy.report.search}
						<input
							type="search"
							name="email"
							defaultValue={search}
							maxLength={200}
							className="mt-1 block w-72 max-w-full rounded-md border border-slate-400 px-3 py-2"
						/>
					</label>
					<button type="submit" className={buttonClass('secondary', 'md')}>
						{copy.report.searchButton}
					</button>
				</Form>
				{recipients.length === 0 ? (
					<p className="mt-4 text-slate-600">{copy.report.noRecipients}</p>
				) : (
					<ConsoleTable
						caption={copy.report.recipients}
						columns={[copy.report.email, copy.report.status, copy.report.sentAt, copy.report.detail]}
						minWidth="sm:min-w-[44rem]"
						className="mt-4"
					>
						{recipients.map((recipient) => (
							<tr key={recipient.id}>
								<th scope="row" className="px-4 py-3 align-top font-normal wrap-anywhere text-slate-900">
									{shownAsTyped(recipient.email)}
								</th>
								<td className="px-4 py-3 align-top">{copy.recipientStatuses[recipient.status]}</td>
								<td className="px-4 py-3 align-top">
									<Moment value={recipient.deliveredAt} />
								</td>
								<td className="px-4 py-3 align-top wrap-anywhere text-slate-700">
									{recipient.detail ? shownAsTyped(recipient.detail) : null}
								</td>
							</tr>
						))}
					</ConsoleTable>
				)}
				<ConsolePageLinks newestHref={null} olderHref={moreHref} labels={{ newest: '', older: copy.report.older }} />
			</ConsoleSection>
		</>
	)
}

/** The post's email: a preview and a test first, then the send, which asks with the number of recipients. */
export function PostEmailPage({
	post,
	sendId,
	recipients,
	previewText,
	operatorEmail,
	postalMissing,
	result,
}: {
	post: { id: number; title: string; published: boolean }
	sendId: number | null
	recipients: number
	previewText: string
	operatorEmail: string
	postalMissing: boolean
	result?: SubmissionResult
}) {
	const { csrfToken, sendingOff } = useConsole()
	const test = useFetcher<SubmissionResult>()
	const send = useFetcher<SubmissionResult>()
	useResultToast(test.data)
	useResultToast(send.data)
	const action = (intent: string) => `${consolePaths.postEmail(post.id)}?intent=${intent}`
	return (
		<>
			<ConsolePageHeader heading={copy.email.heading} intro={copy.email.intro} />
			<p>
				<Link to={consolePaths.post(post.id)} className="font-semibold text-brand-700 underline">
					{shownAsTyped(post.title)}
				</Link>
			</p>
			<SendingOffNotice />
			{result ? (
				<div className="mt-4">
					<FormStatus result={result} />
				</div>
			) : null}
			{postalMissing ? <p className="mt-4 text-sm text-amber-900">{copy.email.postalMissing}</p> : null}
			<ConsoleSection heading={copy.email.preview}>
				<p>
					<a
						href={consolePaths.postEmailPreview(post.id)}
						target="_blank"
						rel="noopener"
						className="font-semibold text-brand-700 underline"
					>
						{copy.email.openPreview}
					</a>
				</p>
				<details className="mt-4">
					<summary className="min-h-6 cursor-pointer text-sm font-medium text-slate-900">
						{copy.email.textVersion}
					</summary>
					<pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm text-slate-800">
						{previewText}
					</pre>
				</details>
			</ConsoleSection>
			<ConsoleSection heading={copy.email.test} intro={copy.email.testHint(operatorEmail)}>
				<test.Form method="post" action={action('test')}>
					<CsrfField token={csrfToken} />
					<button
						type="submit"
						className={buttonClass('secondary', 'md')}
						disabled={sendingOff || test.state !== 'idle'}
					>
						{copy.email.test}
					</button>
				</test.Form>
			</ConsoleSection>
			<ConsoleSection heading={copy.editor.emailSubscribers}>
				{sendId !== null ? (
					<p>
						{copy.email.alreadySent}{' '}
						<Link to={consolePaths.newsletterSend(sendId)} className="font-semibold text-brand-700 underline">
							{copy.email.viewReport}
						</Link>
					</p>
				) : !post.published ? (
					<p>{copy.email.notPublished}</p>
				) : recipients === 0 ? (
					<p>{copy.email.noRecipients}</p>
				) : sendingOff ? (
					<p>{copy.email.sendingOff}</p>
				) : (
					<ConfirmedChange summary={copy.email.send(recipients)} question={copy.email.question(recipients, post.title)}>
						<send.Form method="post" action={action('send')}>
							<CsrfField token={csrfToken} />
							<input type="hidden" name="confirm" value="yes" />
							<button type="submit" className={buttonClass('primary', 'md')} disabled={send.state !== 'idle'}>
								{copy.email.confirm}
							</button>
						</send.Form>
					</ConfirmedChange>
				)}
			</ConsoleSection>
		</>
	)
}
