import { Link } from 'react-router'
import { postsCopy } from '#app/content/posts.ts'
import { articleView } from '#app/features/blog/article.server.ts'
import { ArticlePage } from '#app/features/blog/article-page.tsx'
import { articlePath } from '#app/features/blog/paths.ts'
import { blogSidebar } from '#app/features/blog/posts.server.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { withFeaturedMedia } from '#app/features/media/responsive.server.ts'
import { asPostRow, requirePost } from '#app/features/publishing/posts.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { canonicalUrl } from '#app/features/seo/seo.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/post-preview'

export const meta: Route.MetaFunction = ({ loaderData }) =>
	consoleMeta(loaderData ? `${postsCopy.editor.preview}: ${loaderData.article.title}` : postsCopy.editor.preview)

export async function loader({ params, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const post = await requirePost(site.db, params.id)
	return {
		id: post.id,
		// The same rendering and sanitiser as the public article page, for a post in any state.
		article: await withFeaturedMedia(site.db, articleView(asPostRow(post), site.config.BLOG_EMBED_HOSTS)),
		sidebar: await blogSidebar(site.db),
		url: canonicalUrl(siteConfig().siteUrl, articlePath(post.seo_slug)),
	}
}

export default function PostPreview({ loaderData }: Route.ComponentProps) {
	const { id, ...page } = loaderData
	return (
		<>
			<div
				role="note"
				className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950"
			>
				<span>{postsCopy.preview.banner}</span>
				<Link to={consolePaths.post(id)} className="font-semibold underline">
					{postsCopy.preview.edit}
				</Link>
			</div>
			<div className="rounded-xl border border-slate-200 bg-white">
				<ArticlePage {...page} />
			</div>
		</>
	)
}
