import { Form, Link } from 'react-router'
import { type PostState, postsCopy } from '#app/content/posts.ts'
import { ConsoleFilters, filtersSet } from '#app/features/console/console-filters.tsx'
import { consoleFieldClass } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsolePageLinks, ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { FormStatus } from '#app/forms/form.tsx'
import { buttonClass } from '#app/ui/button.ts'
import type { PostListItem } from './posts.server.ts'

const stateClass: Record<PostState, string> = {
	draft: 'bg-slate-100 text-slate-800',
	scheduled: 'bg-amber-100 text-amber-900',
	published: 'bg-green-100 text-green-900',
}

export function PostStateBadge({ state }: { state: PostState }) {
	return (
		<span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateClass[state]}`}>
			{postsCopy.states[state]}
		</span>
	)
}

export function PostsPage({
	posts,
	filter,
	olderHref,
	newestHref,
	notice,
}: {
	posts: PostListItem[]
	filter: { state: string; q: string }
	olderHref: string | null
	newestHref: string | null
	notice: string | null
}) {
	return (
		<>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<ConsolePageHeader heading={postsCopy.heading} intro={postsCopy.intro} />
				<Link to={consolePaths.newPost} className={buttonClass('primary', 'md')}>
					{postsCopy.newPost}
				</Link>
			</div>
			{notice ? <FormStatus result={{ ok: true, tone: 'success', message: notice }} /> : null}
			<ConsoleFilters set={filtersSet(filter)}>
				<Form
					method="get"
					// The fields start again from the address when a link changes the filter.
					key={JSON.stringify(filter)}
					aria-label={postsCopy.filters.label}
					className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4"
				>
					<div className="min-w-48 flex-1">
						<label htmlFor="posts-q" className="block text-sm font-medium text-slate-800">
							{postsCopy.filters.search}
						</label>
						<input id="posts-q" type="search" name="q" defaultValue={filter.q} className={consoleFieldClass} />
					</div>
					<div className="min-w-40">
						<label htmlFor="posts-state" className="block text-sm font-medium text-slate-800">
							{postsCopy.filters.state}
						</label>
						<select id="posts-state" name="state" defaultValue={filter.state} className={consoleFieldClass}>
							<option value="">{postsCopy.filters.anyState}</option>
							{(Object.keys(postsCopy.states) as PostState[]).map((state) => (
								<option key={state} value={state}>
									{postsCopy.states[state]}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className={buttonClass('secondary', 'md')}>
						{postsCopy.filters.apply}
					</button>
				</Form>
			</ConsoleFilters>
			{posts.length === 0 ? (
				<p className="mt-6 text-slate-600">{postsCopy.none}</p>
			) : (
				<ConsoleTable
					caption={postsCopy.heading}
					columns={Object.values(postsCopy.columns)}
					minWidth="sm:min-w-[44rem]"
					className="mt-6"
				>
					{posts.map((post) => (
						<tr key={post.id}>
							<th scope="row" className="max-w-md px-4 py-3 align-top font-normal wrap-anywhere">
								<Link to={consolePaths.post(post.id)} className="font-medium text-slate-900 underline">
									{post.title}
								</Link>
								<span className="block text-xs text-slate-600">/blog/{post.slug}</span>
							</th>
							<td className="px-4 py-3 align-top">
								<PostStateBadge state={post.state} />
							</td>
							<td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
								<Moment value={post.publishedAt} />
							</td>
							<td className="px-4 py-3 align-top text-slate-700">{post.categories.join(', ')}</td>
							<td className="px-4 py-3 align-top text-slate-700">
								<Moment value={post.updatedAt} />
								{post.updatedBy ? <span className="block text-xs text-slate-600">{post.updatedBy}</span> : null}
							</td>
						</tr>
					))}
				</ConsoleTable>
			)}
			<ConsolePageLinks newestHref={newestHref} olderHref={olderHref} labels={postsCopy} />
		</>
	)
}
