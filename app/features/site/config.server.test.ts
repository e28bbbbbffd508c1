import { describe, expect, it } from 'vitest'
import { loadConfig, publicConfig } from './config.server.ts'

describe('widget configuration', () => {
	it('has no widgets by default', () => {
		const site = publicConfig(loadConfig({}))
		expect(site.reviewsWidget).toBeNull()
		expect(site.helpCenterWidget).toBeNull()
		expect(site.reviewsPageUrl).toBeNull()
	})

	it('exposes the configured reviews and help-center widgets to pages', () => {
		const site = publicConfig(
			loadConfig({
				REVIEWS_WIDGET_SCRIPT_URL: 'https://widgets.example/reviews.js',
				REVIEWS_WIDGET_ID: 'abc-123',
				REVIEWS_PAGE_URL: 'https://reviews.example/us',
				HELP_CENTER_SCRIPT_URL: 'https://kb.example/widget.js',
				HELP_CENTER_ELEMENT: 'kb-widget',
			}),
		)
		expect(site.reviewsWidget).toEqual({ scriptUrl: 'https://widgets.example/reviews.js', widgetId: 'abc-123' })
		expect(site.reviewsPageUrl).toBe('https://reviews.example/us')
		expect(site.helpCenterWidget).toEqual({ scriptUrl: 'https://kb.example/widget.js', element: 'kb-widget' })
	})

	it('refuses a reviews script without a widget id, a bad script URL and a bad element name, naming the variable', () => {
		expect(() => loadConfig({ REVIEWS_WIDGET_SCRIPT_URL: 'https://widgets.example/reviews.js' })).toThrow(
			/^Invalid REVIEWS_WIDGET_ID="": expected a widget id together with REVIEWS_WIDGET_SCRIPT_URL/,
		)
		expect(() => loadConfig({ REVIEWS_WIDGET_ID: 'abc' })).toThrow(/^Invalid REVIEWS_WIDGET_ID="abc"/)
		expect(() => loadConfig({ HELP_CENTER_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(
			/^Invalid HELP_CENTER_SCRIPT_URL=.*absolute http\(s\) URL/,
		)
		expect(() => loadConfig({ HELP_CENTER_ELEMENT: 'HelpCenter' })).toThrow(/^Invalid HELP_CENTER_ELEMENT=/)
		expect(() => loadConfig({ REVIEWS_WIDGET_ID: '<script>' })).toThrow(/^Invalid REVIEWS_WIDGET_ID=/)
	})
})

describe('WEBHOOK_SECRET', () => {
	it('is optional and takes whsec_ with the base64 of 24 to 64 bytes, or any secret of 32+ characters', () => {
		expect(loadConfig({}).WEBHOOK_SECRET).toBeUndefined()
		expect(loadConfig({ WEBHOOK_SECRET: '' }).WEBHOOK_SECRET).toBeUndefined()
		const whsec = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
		expect(loadConfig({ WEBHOOK_SECRET: whsec }).WEBHOOK_SECRET).toBe(whsec)
		expect(loadConfig({ WEBHOOK_SECRET: 's'.repeat(32) }).WEBHOOK_SECRET).toBe('s'.repeat(32))
	})

	it('refuses a short secret or a broken whsec_ one in one line that does not repeat the value', () => {
		for (const bad of ['s'.repeat(31), 'whsec_not-base64', `whsec_${Buffer.alloc(16).toString('base64')}`]) {
			expect(() => loadConfig({ WEBHOOK_SECRET: bad })).toThrow(
				`Invalid WEBHOOK_SECRET (value hidden, ${bad.length} characters): expected whsec_ and the base64 of 24 to 64 bytes, or a secret of at least 32 characters`,
			)
		}
		expect(() => loadConfig({ UNSUBSCRIBE_SECRET: 'short' })).toThrow(/^Invalid UNSUBSCRIBE_SECRET \(value hidden/)
	})
})
