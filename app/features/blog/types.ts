/** Shapes the blog loaders send to the page; shared by server and browser code. */
export type PostCard = {
	id: number
	title: string
	seoSlug: string
	publishedAt: string
	date: string
	excerpt: string
	featuredImage: string | null
	featuredImageAlt: string
	categories: string[]
}

export type RecentPost = { id: number; title: string; seoSlug: string; date: string }
export type CategoryCount = { name: string; count: number }
export type BlogSidebarData = { recent: RecentPost[]; categories: CategoryCount[]; tags: string[] }

export type ArticleView = {
	title: string
	seoSlug: string
	publishedAt: string
	modifiedAt: string
	date: string
	excerpt: string
	categories: string[]
	tags: string[]
	author: { name: string | null; image: string | null }
	featuredImage: string | null
	featuredImageAlt: string
	html: string
	minutes: number
}
