import type { MetaDescriptor } from 'react-router'
import { type PageKey, pages } from '#app/content/pages.ts'
import { describedByLink } from '#app/features/answer-engines/negotiation.server.ts'
import { markdownPathOf } from '#app/features/answer-engines/page-markdown.server.ts'
import { loadConfig, type PublicConfig, publicConfig } from '#app/features/site/config.server.ts'
import { DEFAULT_SHARE_IMAGE, pageSharePath, type SeoInput, seoMeta } from './seo.ts'

let current: PublicConfig | undefined

/** The public configuration of this process (the environment does not change while it runs). */
export function siteConfig(): PublicConfig {
	current ??= publicConfig(loadConfig())
	return current
}

/** Tags of any page, for its loader. */
export function pageSeo(input: SeoInput): MetaDescriptor[] {
	return seoMeta(siteConfig(), input)
}

/** A public page's links to its Markdown version and to the llms.txt that lists it. */
export const markdownLinks = (key: PageKey): MetaDescriptor[] => [
	{ tagName: 'link', rel: 'alternate', type: 'text/markdown', href: markdownPathOf(pages[key].path) },
	describedByLink,
]

/** A static page's share card, made by the build, with the page's title as its alt text. */
export const pageCard = (key: PageKey) =>
	({
		image: pageSharePath(key),
		imageSize: DEFAULT_SHARE_IMAGE,
		imageAlt: pages[key].title,
	}) satisfies Partial<SeoInput>

/** Tags of a page listed in app/content/pages.ts, for its loader; a public page links its Markdown version. */
export function staticPageSeo(key: PageKey, extra: Pick<SeoInput, 'jsonLd'> = {}): MetaDescriptor[] {
	const page = pages[key]
	const markdown = page.indexable ? markdownLinks(key) : []
	return [...pageSeo({ ...page, ...pageCard(key), noindex: !page.indexable, ...extra }), ...markdown]
}
