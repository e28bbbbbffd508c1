import { data, Link, useNavigation } from 'react-router'
import { blogConstants, blogCopy } from '../content/blog.ts'
import { BLOG_CACHE_CONTROL, blogListSeo } from '../features/blog/blog-seo.server.ts'
import { ArticleSkeleton, BlogSidebar, Pagination, PostCardView, PostListSkeleton } from '../features/blog/blog-ui.tsx'
import { blogClientData } from '../features/blog/client-data.ts'
import { blogSidebar, listPublishedPosts } from '../features/blog/posts.server.ts'
import { metaFromLoader } from '../features/site/meta.ts'
import { buttonClass } from '../ui/button.ts'
import type { Route } from './+types/blog'

/** Page number from `?page=`; anything but a whole number from 1 up is not a page. */
function pageOf(url: URL): number | null {
	const raw = url.searchParams.get('page')
	if (raw === null) return 1
	return /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const page = pageOf(new URL(request.url))
	const [posts, sidebar] = await Promise.all([
		page === null ? [] : listPublishedPosts(context.db, page),
		blogSidebar(context.db),
	])
	const found = page !== null && (page === 1 || posts.length > 0)
	return data(
		{ page: page ?? 1, found, posts, sidebar, seo: blogListSeo(page ?? 1, found) },
		{ status: found ? 200 : 404, headers: { 'Cache-Control': BLOG_CACHE_CONTROL } },
	)
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
	return blogClientData(request.url, serverLoader)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = metaFromLoader

export default function BlogPage({ loaderData }: Route.ComponentProps) {
	const { page, found, posts, sidebar } = loaderData
	const navigation = useNavigation()
	const target = navigation.state === 'loading' ? navigation.location.pathname : null
	// The list stays mounted until the article's data arrives, so it shows the article's skeleton meanwhile.
	const openingArticle = target?.startsWith('/blog/') ?? false
	return (
		<div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
			<header className="max-w-3xl">
				<h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{blogCopy.heading}</h1>
				<p className="mt-4 text-lg text-slate-700">{blogCopy.lead}</p>
			</header>
			<div className="mt-10 grid gap-10 lg:grid-cols-[1fr_18rem]">
				<section aria-label="Posts">
					{openingArticle ? (
						<ArticleSkeleton />
					) : target === '/blog' ? (
						<PostListSkeleton />
					) : !found ? (
						<div className="rounded-xl border border-slate-200 p-10 text-center">
							<h2 className="text-2xl font-bold text-slate-900">Page Not Found</h2>
							<p className="mt-3 text-slate-700">{blogCopy.pageLabel(page)} has no posts.</p>
							<Link to="/blog" className={`${buttonClass('primary', 'md')} mt-6`}>
								{blogCopy.article.back}
							</Link>
						</div>
					) : posts.length === 0 ? (
						<div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
							<h2 className="text-2xl font-bold text-slate-900">{blogCopy.emptyHeading}</h2>
							<p className="mt-3 text-slate-700">{blogCopy.emptyText}</p>
						</div>
					) : (
						<div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
							{posts.map((post) => (
								<PostCardView key={post.id} post={post} />
							))}
						</div>
					)}
					{found && (page > 1 || posts.length > 0) ? (
						<Pagination page={page} hasNext={posts.length === blogConstants.postsPerPage} />
					) : null}
				</section>
				<BlogSidebar sidebar={sidebar} />
			</div>
		</div>
	)
}
