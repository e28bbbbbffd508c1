import { Link } from 'react-router'
import { postsCopy } from '#app/content/posts.ts'
import { RowActionButton } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { useConsole } from '#app/features/console/use-console.ts'
import { FormStatus } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import type { RevisionItem } from './posts.server.ts'
import type { DiffPart, FieldComparison } from './revisions.server.ts'

/** A field's changes: what the revision had and the current version does not struck through, what was added underlined. */
function DiffText({ parts, block }: { parts: DiffPart[]; block: boolean }) {
	const copy = postsCopy.revisions
	const Tag = block ? 'pre' : 'p'
	return (
		<Tag className={`wrap-anywhere whitespace-pre-wrap text-sm text-slate-900 ${block ? 'font-mono' : ''}`}>
			{parts.map((part, index) =>
				part.kind === 'same' ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their order
					<span key={index}>{part.text}</span>
				) : part.kind === 'removed' ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their order
					<del key={index} className="bg-red-50 text-red-900">
						<span className="sr-only">{copy.removed} </span>
						{part.text}
					</del>
				) : (
					// biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their order
					<ins key={index} className="bg-green-50 text-green-900 underline">
						<span className="sr-only">{copy.added} </span>
						{part.text}
					</ins>
				),
			)}
		</Tag>
	)
}

function RevisionComparison({ fields }: { fields: FieldComparison[] }) {
	const copy = postsCopy.revisions
	return (
		<section aria-label={copy.comparing} className="mt-3 w-full space-y-3 rounded-lg bg-slate-50 p-3">
			<p className="text-xs text-slate-600">{copy.howToRead}</p>
			<dl className="space-y-3">
				{fields.map(({ field, parts }) => (
					<div key={field}>
						<dt className="text-sm font-semibold text-slate-800">{copy.fields[field]}</dt>
						<dd className="mt-1">
							{parts ? (
								<DiffText parts={parts} block={field === 'content' || field === 'bodyhtml'} />
							) : (
								<span className="text-sm text-slate-600">{copy.unchanged}</span>
							)}
						</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

export function RevisionsPage({
	post,
	revisions,
	comparison,
	result,
}: {
	post: { id: number; title: string }
	revisions: RevisionItem[]
	/** The revision asked for with `?compare=`, against the current version. */
	comparison: { revisionId: number; fields: FieldComparison[] } | null
	result?: SubmissionResult
}) {
	const { csrfToken } = useConsole()
	const copy = postsCopy.revisions
	return (
		<>
			<p className="mb-4">
				<Link to={consolePaths.post(post.id)} className="text-sm font-semibold text-brand-700 underline">
					{postsCopy.preview.edit}
				</Link>
			</p>
			<ConsolePageHeader heading={copy.heading(post.title)} intro={copy.intro} />
			<FormStatus result={result} />
			{revisions.length === 0 ? (
				<p className="text-slate-600">{copy.none}</p>
			) : (
				<ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
					{revisions.map((revision) => (
						<li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
							<div>
								<p className="font-medium wrap-anywhere text-slate-900">{revision.title}</p>
								<p className="text-sm text-slate-600">
									{copy.reasons[revision.reason]}, <Moment value={revision.createdAt} />
									{revision.by ? ` ${copy.by(revision.by)}` : null}
								</p>
								<Link
									to={`?compare=${revision.id}`}
									preventScrollReset
									className="text-sm font-semibold text-brand-700 underline"
									aria-label={`${copy.compare}: #${revision.id}`}
								>
									{copy.compare}
								</Link>{' '}
								·{' '}
								<Link
									to={`${consolePaths.postPreview(post.id)}?revision=${revision.id}`}
									className="text-sm font-semibold text-brand-700 underline"
									aria-label={`${copy.preview}: #${revision.id}`}
								>
									{copy.preview}
								</Link>
							</div>
							<RowActionButton
								action={`${consolePaths.postRevisions(post.id)}`}
								csrfToken={csrfToken}
								fields={{ revision: String(revision.id) }}
								label={copy.restore}
								accessibleLabel={`${copy.restore}: #${revision.id}`}
							/>
							{comparison?.revisionId === revision.id ? <RevisionComparison fields={comparison.fields} /> : null}
						</li>
					))}
				</ol>
			)}
		</>
	)
}
