import { renderToString } from 'react-dom/server'
import { createRoutesStub, Meta, type MetaDescriptor, Outlet } from 'react-router'
import { describe, expect, it } from 'vitest'
import { pages } from '#app/content/pages.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { staticPageSeo } from './page-seo.server.ts'
import { canonicalUrl, seoMeta, withBrand } from './seo.ts'
import { robotsTxt, sitemapXml } from './sitemap.server.ts'
import { organizationJsonLd } from './structured-data.ts'

const site: PublicConfig = {
	siteUrl: 'https://www.example.com',
	appUrl: 'https://app.example.com',
	bookingUrl: 'https://booking.example.com/call',
	brandName: 'Domain Rebels',
	contactEmail: 'hello@example.com',
	roadmapUrl: '',
	reviewsPageUrl: null,
	reviewsWidget: null,
	helpCenterWidget: null,
	heroVariant: 'layers',
	social: {
		x: 'https://x.com/domainrebels',
		linkedin: 'https://linkedin.com/company/x',
		tiktok: 'https://tiktok.com/@x',
	},
}

const content = (meta: MetaDescriptor[], key: string) => {
	const tag = meta.find(
		(entry) => ('name' in entry && entry.name === key) || ('property' in entry && entry.property === key),
	)
	return tag && 'content' in tag ? tag.content : undefined
}

describe('seoMeta', () => {
	it('adds the brand suffix only when the title lacks it', () => {
		expect(withBrand('Pricing', 'Domain Rebels')).toBe('Pricing | Domain Rebels')
		expect(withBrand('What Domain Rebels Are Saying', 'Domain Rebels')).toBe('What Domain Rebels Are Saying')
	})

	it('builds one canonical URL per page: no trailing slash, no query, no hash', () => {
		expect(canonicalUrl(site.siteUrl, '/pricing/')).toBe('https://www.example.com/pricing')
		expect(canonicalUrl(site.siteUrl, '/blog?page=2#top')).toBe('https://www.example.com/blog')
		expect(canonicalUrl(site.siteUrl, '/')).toBe('https://www.example.com/')
	})

	it('keeps the page number in the canonical URL of a paginated list', () => {
		const meta = seoMeta(site, { title: 'Blog', description: 'd', path: '/blog', canonicalQuery: '?page=2' })
		expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://www.example.com/blog?page=2' })
		expect(content(meta, 'og:url')).toBe('https://www.example.com/blog?page=2')
	})

	it('gives every page robots, canonical, Open Graph and Twitter tags with absolute URLs', () => {
		const meta = seoMeta(site, { title: 'Pricing', description: 'Plans', path: '/pricing' })
		expect(meta).toContainEqual({ title: 'Pricing | Domain Rebels' })
		expect(content(meta, 'robots')).toBe('index,follow')
		expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://www.example.com/pricing' })
		expect(content(meta, 'og:url')).toBe('https://www.example.com/pricing')
		expect(content(meta, 'og:image')).toBe('https://www.example.com/og-default.jpg')
		expect(content(meta, 'og:site_name')).toBe('Domain Rebels')
		expect(content(meta, 'twitter:card')).toBe('summary_large_image')
		expect(content(meta, 'twitter:site')).toBe('@domainrebels')
	})

	it('flags noindex pages from the page table', () => {
		expect(content(staticPageSeo('strategyCallBooked'), 'robots')).toBe('noindex,nofollow')
		expect(content(staticPageSeo('pricing'), 'robots')).toBe('index,follow')
	})
})

function HeadOnly() {
	return (
		<>
			<Meta />
			<Outlet />
		</>
	)
}

describe('JSON-LD in the document head', () => {
	it('cannot be broken out of by a closing script tag in the data', () => {
		const hostile = { ...site, brandName: 'Rebels</script><script>alert(1)</script>' }
		const Stub = createRoutesStub([
			{
				path: '/',
				Component: HeadOnly,
				meta: () =>
					seoMeta(hostile, { title: 'Home', description: 'd', path: '/', jsonLd: [organizationJsonLd(hostile)] }),
			},
		])
		const html = renderToString(<Stub initialEntries={['/']} />)
		const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
		expect(html).not.toContain('<script>alert(1)')
		expect(
			JSON.parse(
				block
					.replace(/\\u003c/g, '<')
					.replace(/\\u003e/g, '>')
					.replace(/\\u0026/g, '&'),
			).name,
		).toBe(hostile.brandName)
	})
})

describe('robots.txt and sitemap.xml', () => {
	it('list every indexable page on the site origin and leave out noindex ones', () => {
		const xml = sitemapXml(site.siteUrl, [{ path: '/blog/a&b', lastModified: new Date('2026-01-02T00:00:00Z') }])
		for (const page of Object.values(pages).filter((entry) => entry.indexable)) {
			expect(xml).toContain(`<loc>${canonicalUrl(site.siteUrl, page.path)}</loc>`)
		}
		expect(xml).not.toContain('Strategy_Call_Booked')
		expect(xml).toContain('<loc>https://www.example.com/blog/a&amp;b</loc><lastmod>2026-01-02T00:00:00.000Z</lastmod>')
		expect(robotsTxt(site.siteUrl)).toContain('Sitemap: https://www.example.com/sitemap.xml')
	})
})
