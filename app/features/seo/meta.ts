import type { MetaDescriptor } from 'react-router'

/**
 * Route `meta` for pages whose loader built their tags on the server: the SEO builder and the page table
 * then stay out of the browser's JavaScript.
 */
export function metaFromLoader({ loaderData }: { loaderData?: unknown }): MetaDescriptor[] {
	return (loaderData as { seo?: MetaDescriptor[] } | undefined)?.seo ?? []
}
