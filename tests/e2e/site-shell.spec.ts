import type { BrowserContext, Page } from '@playwright/test'
import { contactFormCopy } from '#app/content/contact.ts'
import { menuLabels } from '#app/content/navigation.ts'
import { pages } from '#app/content/pages.ts'
import { SCROLL_TO_TOP_DELAYS_MS } from '#app/features/layout/scroll-on-navigate.tsx'
import { pageSharePath } from '#app/features/seo/seo.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { gotoHydrated, openBrowser, shipsReact, waitForHydration, waitForPageTime } from '../support/browser.ts'
import type { RunningServer } from '../support/server.ts'
import { testSiteEnv } from '../support/site-env.ts'

const staticPaths = Object.values(pages).map((page) => page.path)

/** A page that ships no React and one that hydrates, for the shell's behaviour on both (decision 015). */
const pagesWithAndWithoutReact = [
	['/terms', false],
	['/pricing', true],
] as const

/** Whether the phone menu (a popover) is open. */
const menuOpen = (page: Page) => page.locator('nav[popover]').evaluate((menu) => menu.matches(':popover-open'))

/** Where a scroll came to rest, and when in page time. */
type ScrollEndWindow = Window & { scrollEnded?: { y: number; at: number } }

test.describe('site shell', () => {
	let server: RunningServer
	let desktop: BrowserContext
	let phone: BrowserContext
	test.beforeAll(async ({ browser, site }) => {
		server = site
		;[desktop, phone] = await Promise.all([
			openBrowser(browser),
			openBrowser(browser, { viewport: { width: 390, height: 600 } }),
		])
	})
	test.afterAll(async () => {
		await Promise.all([desktop?.close(), phone?.close()])
	})

	const visit = (context: BrowserContext, path: string) => gotoHydrated(context, `${server.url}${path}`)

	/** Sends the contact form of the page with JavaScript, which answers with a toast. */
	async function sendContactMessage(page: Page, name: string, email: string) {
		const form = page.getByRole('form', { name: 'Contact form' })
		await form.getByLabel('Name').fill(name)
		await form.getByLabel('Email').fill(email)
		await form.getByLabel('Subject').fill('Hello')
		await form.getByLabel('Message').fill('Just checking the notifications.')
		await form.getByRole('button', { name: contactFormCopy.submit }).click()
	}

	const headerHeight = (page: Page) =>
		page
			.locator('header')
			.first()
			.evaluate((el) => el.getBoundingClientRect().height)

	for (const [path, react] of pagesWithAndWithoutReact) {
		test(`shrinks the header from 80 to 64 px and blurs it after 50 px of scroll (${path})`, async () => {
			const page = await visit(phone, path)
			expect(await shipsReact(page)).toBe(react)
			expect(await headerHeight(page)).toBe(80)
			await page.evaluate(() =>
				addEventListener(
					'scrollend',
					() => {
						;(window as ScrollEndWindow).scrollEnded = { y: window.scrollY, at: performance.now() }
					},
					{ once: true },
				),
			)
			await page.mouse.wheel(0, 40)
			const scrolled = await page
				.waitForFunction(() => (window as ScrollEndWindow).scrollEnded, undefined, { timeout: 10_000 })
				.then((handle) => handle.jsonValue())
			expect(scrolled).toMatchObject({ y: 40 })
			// The header's 200 ms transition would have run its course by then, had the scroll set it going.
			await waitForPageTime(page, 300, scrolled?.at)
			expect(await headerHeight(page)).toBe(80)
			await page.evaluate(() => window.scrollTo(0, 120))
			await expect.poll(() => headerHeight(page), { timeout: 10_000 }).toBe(64)
			const blur = await page
				.locator('header')
				.first()
				.evaluate((el) => getComputedStyle(el).backdropFilter)
			expect(blur).toContain('blur')
			await page.evaluate(() => window.scrollTo(0, 0))
			await expect.poll(() => headerHeight(page), { timeout: 10_000 }).toBe(80)
			await page.close()
		})
	}

	for (const [path, react] of pagesWithAndWithoutReact) {
		test(`shrinks the header with the inline script where the browser has no scroll-driven animations (${path})`, async () => {
			const page = await phone.newPage()
			// Plays a browser without scroll-driven animations: the script's test answers no, and the CSS animation is off.
			await page.addInitScript(() => {
				const supports = CSS.supports.bind(CSS)
				CSS.supports = ((...query: [string]) =>
					!/animation-timeline/.test(query.join(':')) && supports(...query)) as typeof CSS.supports
			})
			await page.goto(`${server.url}${path}`)
			await page.addStyleTag({ content: '.site-header { animation: none !important; }' })
			expect(await shipsReact(page)).toBe(react)
			const header = page.locator('header').first()
			await expect(header).toHaveAttribute('data-scrolled', 'false')
			expect(await headerHeight(page)).toBe(80)
			await page.evaluate(() => window.scrollTo(0, 120))
			await expect.poll(() => headerHeight(page), { timeout: 10_000 }).toBe(64)
			expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur')
			await page.evaluate(() => window.scrollTo(0, 40))
			await expect.poll(() => headerHeight(page), { timeout: 10_000 }).toBe(80)
			await page.close()
		})
	}

	test('highlights the current page in the header navigation', async () => {
		const page = await visit(desktop, '/pricing')
		const nav = page.getByRole('navigation', { name: 'Main' })
		await expect
			.poll(() => nav.getByRole('link', { name: 'Pricing' }).getAttribute('aria-current'), { timeout: 10_000 })
			.toBe('page')
		await expect(nav.getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current')
		// A page without React: the server marks its link.
		await nav.getByRole('link', { name: 'Roadmap' }).click()
		await page.waitForURL('**/roadmap')
		await expect
			.poll(() => nav.getByRole('link', { name: 'Roadmap' }).getAttribute('aria-current'), { timeout: 10_000 })
			.toBe('page')
		await expect(nav.getByRole('link', { name: 'Pricing' })).not.toHaveAttribute('aria-current')
		await expect(page.getByRole('link', { name: 'Login' }).first()).toHaveAttribute(
			'href',
			`${testSiteEnv.APP_URL}/login`,
		)
		await expect(page.getByRole('link', { name: 'Start Free' })).toHaveAttribute(
			'href',
			`${testSiteEnv.APP_URL}/register`,
		)
		const roadmap = await visit(desktop, '/roadmap')
		expect(await shipsReact(roadmap)).toBe(false)
		expect(
			await roadmap
				.getByRole('navigation', { name: 'Main' })
				.getByRole('link', { name: 'Roadmap' })
				.getAttribute('aria-current'),
		).toBe('page')
		await Promise.all([page.close(), roadmap.close()])
	})

	for (const [path, react] of pagesWithAndWithoutReact) {
		test(`opens the phone menu, closes it with Escape and on navigation (${path})`, async () => {
			const page = await visit(phone, path)
			expect(await shipsReact(page)).toBe(react)
			const menu = page.getByRole('navigation', { name: 'Mobile' })
			await expect(menu).toBeHidden()
			await page.getByRole('button', { name: menuLabels.open }).click()
			await expect(menu).toBeVisible()
			expect(await menuOpen(page)).toBe(true)
			const close = page.getByRole('button', { name: menuLabels.close })
			await expect(close).toBeVisible()
			await page.keyboard.press('Escape')
			await expect.poll(() => menu.isVisible(), { timeout: 10_000 }).toBe(false)
			await expect(page.getByRole('button', { name: menuLabels.open })).toBeVisible()
			// The button opens and closes it.
			await page.getByRole('button', { name: menuLabels.open }).click()
			await close.click()
			expect(await menuOpen(page)).toBe(false)
			await page.getByRole('button', { name: menuLabels.open }).click()
			await menu.getByRole('link', { name: 'Pricing' }).click()
			await page.waitForURL('**/pricing')
			await expect.poll(() => menu.isVisible(), { timeout: 10_000 }).toBe(false)
			expect(await menuOpen(page)).toBe(false)
			await page.close()
		})
	}

	for (const [path, react] of pagesWithAndWithoutReact) {
		test(`scrolls to the top on a route change and to the target when the address has a hash (from ${path})`, async () => {
			const page = await visit(phone, path)
			expect(await shipsReact(page)).toBe(react)
			await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
			// From a page with React the router navigates, from one without the browser loads the page.
			const [group, name, target] = react ? ['Product', 'Reviews', '/reviews'] : ['Legal', 'Privacy Policy', '/privacy']
			await page.getByRole('navigation', { name: group }).getByRole('link', { name }).click()
			await page.waitForURL(`**${target}`)
			await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0)
			expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)

			await page.evaluate(() => {
				const link = document.createElement('a')
				link.href = '/cookies#site-footer'
				link.textContent = 'to the footer'
				document.querySelector('main')?.prepend(link)
			})
			await page.getByRole('link', { name: 'to the footer' }).click()
			await page.waitForURL('**/cookies#site-footer')
			await expect
				.poll(() => page.locator('#site-footer').evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
					timeout: 10_000,
				})
				.toBeLessThanOrEqual(1)
			await page.close()
		})
	}

	for (const [path, hydration] of [
		['/pricing', 'hydrates at once'],
		['/blog/parked-pages-vs-developed-sites', "hydrates on the reader's first interaction"],
	] as const) {
		test(`keeps the reader at the same place through a reload (${path}, ${hydration})`, async () => {
			const page = await visit(desktop, path)
			await page.evaluate(() => window.scrollTo(0, 900))
			await page.waitForFunction(() => window.scrollY === 900)
			await page.reload()
			await page.waitForFunction(() => document.readyState === 'complete' && window.scrollY === 900)
			await waitForHydration(page)
			expect(await page.evaluate(() => window.scrollY)).toBe(900)
			await page.close()
		})
	}

	for (const [width, group, name, target] of [
		['desktop', 'Legal', 'Terms of Service', '/terms'],
		['desktop', 'Legal', 'Privacy Policy', '/privacy'],
		['phone', 'Legal', 'Cookie Policy', '/cookies'],
		['phone', 'Product', 'Roadmap', '/roadmap'],
		['desktop', 'Product', 'Roadmap', '/roadmap'],
		['phone', 'Legal', 'Terms of Service', '/terms'],
	] as const) {
		test(`on ${width}, a footer link from a scrolled page with React to a page without it (${group}: ${name}) lands at the top, unfocused, and back returns to the place left`, async () => {
			const page = await visit(width === 'phone' ? phone : desktop, '/pricing')
			// Inside the first section, which is laid out at once: sections below it are laid out as they near the window.
			await page.evaluate(() => window.scrollTo(0, 900))
			await page.waitForFunction(() => window.scrollY === 900)
			const link = page.getByRole('navigation', { name: group }).getByRole('link', { name, exact: true })
			// Followed from where the reader is: a click would first scroll the footer into view, and be the place left.
			await link.evaluate((element: HTMLElement) => element.focus({ preventScroll: true }))
			expect(await page.evaluate(() => window.scrollY)).toBe(900)
			await page.keyboard.press('Enter')
			await page.waitForURL(`**${target}`)
			await page.waitForFunction((path) => document.documentElement.dataset.scrolledToTop === path, target)
			expect(await page.evaluate(() => window.scrollY)).toBe(0)
			expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
			await page.goBack()
			await page.waitForFunction(() => window.location.pathname === '/pricing' && window.scrollY === 900)
			await page.close()
		})
	}

	test('goes back to the place it left after a client navigation', async () => {
		const page = await visit(desktop, '/pricing')
		await page.evaluate(() => window.scrollTo(0, 900))
		await page.waitForFunction(() => window.scrollY === 900)
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click()
		await page.waitForFunction(() => window.location.pathname === '/how-it-works' && window.scrollY === 0)
		await page.goBack()
		await page.waitForFunction(() => window.location.pathname === '/pricing' && window.scrollY === 900)
		await page.close()
	})

	test('leaves the page where the reader put it once they act in the instant after a client navigation', async () => {
		const page = await desktop.newPage()
		const heldDelays = SCROLL_TO_TOP_DELAYS_MS.filter((delay) => delay > 0)
		// The page's later scrolls to the top wait until the test lets them go, as if the reader acted within 50 ms.
		await page.addInitScript((held: number[]) => {
			const waiting = new Map<number, () => void>()
			const { setTimeout: schedule, clearTimeout: cancel } = window
			let next = -1
			window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
				if (typeof handler !== 'function' || !held.includes(delay ?? 0)) return schedule(handler, delay, ...args)
				const id = next--
				waiting.set(id, () => handler(...args))
				return id
			}) as typeof window.setTimeout
			window.clearTimeout = ((id?: number) => {
				if (id === undefined || !waiting.delete(id)) cancel(id)
			}) as typeof window.clearTimeout
			;(window as { heldTimers?: () => number }).heldTimers = () => waiting.size
			;(window as { letHeldTimersGo?: () => void }).letHeldTimersGo = () => {
				for (const [id, run] of waiting) {
					waiting.delete(id)
					run()
				}
			}
		}, heldDelays)
		await page.goto(`${server.url}/pricing`)
		await waitForHydration(page)
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click()
		// The new route's later scrolls are held, so its effect has run and listens for the reader: the page was at the top already.
		await page.waitForFunction(
			(count) =>
				window.location.pathname === '/how-it-works' &&
				window.scrollY === 0 &&
				(window as { heldTimers?: () => number }).heldTimers?.() === count,
			heldDelays.length,
		)
		await page.mouse.move(640, 400)
		await page.mouse.wheel(0, 700)
		await page.waitForFunction(() => window.scrollY === 700)
		await page.evaluate(() => (window as { letHeldTimersGo?: () => void }).letHeldTimersGo?.())
		await expect(page.locator('html')).toHaveAttribute('data-scrolled-to-top', '/how-it-works')
		expect(await page.evaluate(() => window.scrollY)).toBe(700)
		await page.close()
	})

	test('shows the 404 page with status 404, noindex and the bad path in the console', async () => {
		const response = await fetch(`${server.url}/no/such/page`)
		expect(response.status).toBe(404)
		const html = await response.text()
		expect(html).toContain('<title>Page Not Found (404)')
		expect(html).toContain('<meta name="robots" content="noindex,nofollow"/>')
		const page = await desktop.newPage()
		const logged: string[] = []
		page.on('console', (message) => logged.push(message.text()))
		await page.goto(`${server.url}/no/such/page`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
		await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible()
		await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
		await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact')
		await expect.poll(() => logged.some((line) => line.includes('/no/such/page')), { timeout: 10_000 }).toBe(true)
		await page.close()
	})

	test('renders the error screen with status and status text and no stack trace', async () => {
		const response = await fetch(`${server.url}/pricing`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
			body: 'x=1',
		})
		expect(response.status).toBe(405)
		expect(response.headers.get('allow')).toBe('GET, HEAD')
		const html = await response.text()
		expect(html).toContain('Unexpected Application Error')
		expect(html).toContain('405 Method Not Allowed')
		expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/)
	})

	test('serves every route with its own title, description, robots, canonical, Open Graph and Twitter tags', async () => {
		for (const [key, entry] of Object.entries(pages)) {
			const html = await (await fetch(`${server.url}${entry.path}`)).text()
			const tag = (pattern: string) => new RegExp(pattern).test(html)
			expect(html, key).toContain(`<meta name="description" content="${entry.description.replace(/'/g, '&#x27;')}"/>`)
			expect(tag(`<title>${entry.title.replace(/[()]/g, '\\$&')}`), `${key} title`).toBe(true)
			expect(tag(`<meta name="robots" content="${entry.indexable ? 'index,follow' : 'noindex,nofollow'}"/>`), key).toBe(
				true,
			)
			const canonical = `${testSiteEnv.SITE_URL}${entry.path === '/' ? '/' : entry.path}`
			expect(html, key).toContain(`<link rel="canonical" href="${canonical}"/>`)
			expect(html, key).toContain(`<meta property="og:url" content="${canonical}"/>`)
			expect(html, key).toContain(`<meta property="og:image" content="${testSiteEnv.SITE_URL}${pageSharePath(key)}"/>`)
			for (const name of ['og:type', 'og:title', 'og:description', 'og:site_name']) {
				expect(html, `${key} ${name}`).toContain(`<meta property="${name}"`)
			}
			for (const name of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
				expect(html, `${key} ${name}`).toContain(`<meta name="${name}"`)
			}
		}
		const home = await (await fetch(`${server.url}/`)).text()
		const blocks = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
			(match) => JSON.parse(match[1] ?? '{}')['@type'],
		)
		expect(blocks).toEqual(expect.arrayContaining(['Organization', 'WebSite']))
	})

	test('serves robots.txt and a sitemap of every indexable route on the site origin', async () => {
		const robots = await (await fetch(`${server.url}/robots.txt`)).text()
		expect(robots).toContain(`Sitemap: ${testSiteEnv.SITE_URL}/sitemap.xml`)
		const index = await fetch(`${server.url}/sitemap.xml`)
		expect(index.headers.get('content-type')).toContain('application/xml')
		expect(await index.text()).toContain(`<loc>${testSiteEnv.SITE_URL}/sitemaps/pages.xml</loc>`)
		const sitemap = await fetch(`${server.url}/sitemaps/pages.xml`)
		expect(sitemap.headers.get('content-type')).toContain('application/xml')
		const xml = await sitemap.text()
		for (const entry of Object.values(pages).filter((page) => page.indexable)) {
			expect(xml).toContain(`<loc>${testSiteEnv.SITE_URL}${entry.path === '/' ? '/' : entry.path}</loc>`)
		}
		expect(xml).not.toContain('Strategy_Call_Booked')
	})

	test('shows a toast bottom-right with a close button, reachable with Alt+T; loads its code with the first toast', async () => {
		const page = await visit(desktop, '/contact')
		const region = page.getByRole('region', { name: /Notifications/ })
		const toastCodeLoaded = () =>
			page.evaluate(() =>
				performance.getEntriesByType('resource').some((entry) => entry.name.includes('/sonner-toaster')),
			)
		await page.waitForLoadState('networkidle')
		await expect(region).toHaveCount(0)
		expect(await toastCodeLoaded()).toBe(false)
		await sendContactMessage(page, 'Toast Tester', 'toast@example.com')
		const toast = region.getByRole('listitem').filter({ hasText: contactFormCopy.success })
		await toast.waitFor()
		const box = await toast.boundingBox()
		const viewport = page.viewportSize()
		expect(
			box && viewport && box.x + box.width > viewport.width - 64 && box.y + box.height > viewport.height - 64,
		).toBe(true)
		await page.keyboard.press('Alt+KeyT')
		await expect
			.poll(() => page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label')), {
				timeout: 10_000,
			})
			.toMatch(/Notifications/)
		await toast.getByRole('button', { name: 'Close toast' }).click()
		await toast.waitFor({ state: 'detached' })
		await page.close()
	})

	test('shows toasts of every kind in colours that read at 4.5:1 or more', async () => {
		const page = await visit(desktop, '/contact')
		// Without motion the toast is at full opacity at once, so axe measures the colours it keeps.
		await page.emulateMedia({ reducedMotion: 'reduce' })
		await sendContactMessage(page, 'Toast Colours', 'colours@example.com')
		await page
			.locator('[data-sonner-toast][data-mounted="true"]')
			.filter({ hasText: contactFormCopy.success })
			.waitFor()
		expect(await accessibilityViolations(page)).toEqual([])

		// The other kinds the forms raise (errors, notices) use the same region's colours.
		const contrasts = await page.locator('[data-sonner-toaster]').evaluate((toaster) => {
			const luminance = (color: string) => {
				const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
					const channel = Number(part) / 255
					return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
				})
				return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
			}
			return Object.fromEntries(
				['success', 'info', 'warning', 'error'].map((kind) => {
					const probe = document.createElement('span')
					probe.style.color = `var(--${kind}-text)`
					probe.style.backgroundColor = `var(--${kind}-bg)`
					toaster.append(probe)
					const { color, backgroundColor } = getComputedStyle(probe)
					probe.remove()
					const [light, dark] = [luminance(color), luminance(backgroundColor)].sort((a, b) => b - a)
					return [kind, ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05) >= 4.5]
				}),
			)
		})
		expect(contrasts).toEqual({ success: true, info: true, warning: true, error: true })
		await page.close()
	})

	for (const path of [...staticPaths, '/no-such-page']) {
		test(`has no axe violations on ${path} at phone and desktop sizes`, async () => {
			for (const context of [desktop, phone]) {
				const page = await visit(context, path)
				expect(await accessibilityViolations(page), context === phone ? 'phone' : 'desktop').toEqual([])
				await page.close()
			}
		})
	}
})
