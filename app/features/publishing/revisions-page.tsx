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

export function RevisionsPage({
	post,
	revisions,
	result,
}: {
	post: { id: number; title: string }
	revisions: RevisionItem[]
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
							</div>
							<RowActionButton
								action={`${consolePaths.postRevisions(post.id)}`}
								csrfToken={csrfToken}
								fields={{ revision: String(revision.id) }}
								label={copy.restore}
								accessibleLabel={`${copy.restore}: #${revision.id}`}
							/>
						</li>
					))}
				</ol>
			)}
		</>
	)
}
