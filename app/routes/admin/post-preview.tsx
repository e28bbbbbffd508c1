import { data, Link } from 'react-router'
import { postsCopy } from '#app/content/posts.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { articleView } from '#app/features/blog/article.server.ts'
import { ArticlePage } from '#app/features/blog/article-page.tsx'
import { articlePath } from '#app/features/blog/paths.ts'
import { blogSidebar } from '#app/features/blog/posts.server.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { withFeaturedMedia } from '#app/features/media/responsive.server.ts'
import { asPostRow, requirePost, revisionAsPost } from '#app/features/publishing/posts.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { canonicalUrl } from '#app/features/seo/seo.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/post-preview'

export const meta: Route.MetaFunction = ({ loaderData }) =>
	consoleMeta(loaderData ? `${postsCopy.editor.preview}: ${loaderData.article.title}` : postsCopy.editor.preview)

export async function loader({ params, context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const current = await requirePost(site.db, params.id)
	// `?revision=<id>`: the post as restoring that revision would make it.
	const revisionId = rowIdParam(url.searchParams.get('revision'))
	const revision = revisionId === undefined ? null : await revisionAsPost(site.db, current.id, revisionId)
	if (revisionId !== undefined && !revision) throw data(postsCopy.messages.noRevision, { status: 404 })
	const post = revision ?? current
	return {
		id: post.id,
		revisionId: revision ? revisionId : undefined,
		// The same rendering and sanitiser as the public article page, for a post in any state.
		article: await withFeaturedMedia(site.db, articleView(asPostRow(post), site.config.BLOG_EMBED_HOSTS)),
		sidebar: await blogSidebar(site.db),
		url: canonicalUrl(siteConfig().siteUrl, articlePath(post.seo_slug)),
	}
}

export default function PostPreview({ loaderData }: Route.ComponentProps) {
	const { id, revisionId, ...page } = loaderData
	return (
		<>
			<div
				role="note"
				className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950"
			>
				<span>
					{revisionId === undefined ? postsCopy.preview.banner : postsCopy.preview.revisionBanner(revisionId)}
				</span>
				{revisionId === undefined ? (
					<Link to={consolePaths.post(id)} className="font-semibold underline">
						{postsCopy.preview.edit}
					</Link>
				) : (
					<Link to={consolePaths.postRevisions(id)} className="font-semibold underline">
						{postsCopy.preview.backToRevisions}
					</Link>
				)}
			</div>
			<div className="rounded-xl border border-slate-200 bg-white">
				<ArticlePage {...page} />
			</div>
		</>
	)
}
