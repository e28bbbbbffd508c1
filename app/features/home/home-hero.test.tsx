import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { HomeHero } from './home-hero.tsx'

const appUrl = 'https://app.example.com'
const render = (heroVariant: 'layers' | 'import') =>
	renderToStaticMarkup(
		<MemoryRouter>
			<HomeHero site={{ appUrl, heroVariant }} />
		</MemoryRouter>,
	)

describe('home hero', () => {
	it('shows Start Free Trial in the same tab and the four layer cards by default', () => {
		const html = render('layers')
		expect(html).toContain('From Parked to Profitable')
		expect(html).toMatch(new RegExp(`<a href="${appUrl}/register" class="[^"]*">Start Free Trial</a>`))
		for (const layer of ['manage', 'launch', 'verify', 'warm']) expect(html).toContain(`data-layer="${layer}"`)
		expect(html).not.toContain('dashboard-preview.svg')
	})

	it('offers the import in a new tab, the walkthrough and the dashboard preview in the import variant', () => {
		const html = render('import')
		expect(html).toContain(`<a href="${appUrl}/register" target="_blank" rel="noopener noreferrer" class="`)
		expect(html).toContain('Import Your Portfolio Free')
		expect(html).toMatch(/<a [^>]*href="\/how-it-works#videos"[^>]*>See How It Works<\/a>/)
		expect(html).toMatch(/<img src="\/dashboard-preview.svg" width="960" height="600" alt="[^"]+"/)
		expect(html).not.toContain('data-layer=')
	})
})
