import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { auditActions, consoleCopy, consoleFormMessages } from '#app/content/console.ts'
import { submissionMessages } from '#app/content/lead-forms.ts'
import { mediaCopy, mediaLimits } from '#app/content/media.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { CSRF_FIELD, CSRF_HEADER } from '#app/forms/csrf.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { browsersWithAndWithoutJavaScript, viewports, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	csrfToken,
	type Person,
	rawRequest,
	signedIn,
	startConsoleServer,
} from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { tempDir } from '../support/temp-dir.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }

const IMMUTABLE = 'public, max-age=31536000, immutable'
const MEDIA_URL = /^\/media\/([0-9a-f]{64})\.(jpg|png|webp|avif|gif)$/

const solid = (width: number, height: number, background: string) =>
	sharp({ create: { width, height, channels: 3, background } })

/** A holiday photo as a phone writes it: where it was taken (GPS) and with which camera. */
const photoWithGps = () =>
	solid(1600, 1000, '#2266aa')
		.jpeg()
		.withExif({
			IFD0: { Make: 'SnoopCam' },
			IFD3: {
				GPSLatitudeRef: 'N',
				GPSLatitude: '48/1 51/1 2940/100',
				GPSLongitudeRef: 'E',
				GPSLongitude: '2/1 21/1 300/100',
			},
		})
		.toBuffer()

/** About 50 KB of PNG that would open as 20,000 x 20,000 pixels. */
function decompressionBomb() {
	const chunk = (type: string, body: Buffer) => {
		const length = Buffer.alloc(4)
		length.writeUInt32BE(body.length)
		const typed = Buffer.concat([Buffer.from(type, 'latin1'), body])
		const crc = Buffer.alloc(4)
		crc.writeUInt32BE(zlib.crc32(typed) >>> 0)
		return Buffer.concat([length, typed, crc])
	}
	const header = Buffer.alloc(13)
	header.writeUInt32BE(20_000, 0)
	header.writeUInt32BE(20_000, 4)
	header[8] = 1
	return Buffer.concat([
		Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
		chunk('IHDR', header),
		chunk('IDAT', zlib.deflateSync(Buffer.alloc(20_000 * 2_501), { level: 9 })),
		chunk('IEND', Buffer.alloc(0)),
	])
}

/** A JPEG padded past 10 MB. */
const oversized = async () => {
	const jpeg = await solid(400, 300, '#aa2222').jpeg().toBuffer()
	return Buffer.concat([jpeg, Buffer.alloc(mediaLimits.maxBytes + 1024 - jpeg.length)])
}

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer })

test.describe('images in the console', () => {
	const browsers = browsersWithAndWithoutJavaScript()
	let site: ConsoleServer
	let cookie: string

	/** Stores an image through the post editor's upload endpoint, as Ada, and gives its address. */
	async function uploadForEditor(bytes: Buffer, name: string): Promise<string> {
		const body = new FormData()
		body.set(CSRF_FIELD, await csrfToken(site, cookie))
		body.set('image', new Blob([new Uint8Array(bytes)]), name)
		const answer = await fetch(`${site.url}${consolePaths.mediaUpload}`, {
			method: 'POST',
			body,
			headers: { accept: 'application/json', origin: site.url, cookie },
		})
		expect(answer.status).toBe(200)
		return ((await answer.json()) as { url: string }).url
	}

	test.beforeAll(async () => {
		site = await startConsoleServer()
		cookie = (await createFirstOperator(site, ada)).cookie
	})
	test.afterAll(async () => {
		await site?.server.stop()
	})

	/** A page of the browser, signed in as Ada with a session of its own, on the media page. */
	async function mediaPage(javaScript: boolean): Promise<Page> {
		const context = javaScript ? browsers.withJs : browsers.withoutJs
		const [name = '', value = ''] = (await signedIn(site, ada)).split('=')
		await context.addCookies([{ name, value, domain: 'localhost', path: '/admin', httpOnly: true, sameSite: 'Lax' }])
		const page = await context.newPage()
		await page.goto(`${site.url}${consolePaths.media}`)
		await page.getByRole('heading', { level: 1, name: mediaCopy.heading }).waitFor()
		if (javaScript) await waitForHydration(page)
		return page
	}

	const upload = async (page: Page, chosen: ReturnType<typeof file>) => {
		await page.getByLabel(mediaCopy.file).setInputFiles(chosen)
		await page.getByRole('button', { name: mediaCopy.upload, exact: true }).click()
	}

	const alertSays = (page: Page, message: string) =>
		page.getByRole('alert').filter({ hasText: message }).first().waitFor()

	test('uploads a photo with JavaScript: a toast, the new row, served under its hash for good without its GPS position', async () => {
		test.setTimeout(120_000)
		const page = await mediaPage(true)
		await page.getByText(mediaCopy.none).waitFor()
		await upload(page, file('holiday.jpg', 'image/jpeg', await photoWithGps()))
		await page.locator('[data-sonner-toast]').filter({ hasText: mediaCopy.uploaded }).waitFor()
		const row = page.getByRole('row').filter({ hasText: 'holiday.jpg' })
		await row.getByText(mediaCopy.dimensions(1600, 1000)).waitFor()
		const photoUrl = await row.getByRole('textbox', { name: mediaCopy.address('holiday.jpg') }).inputValue()
		const [, hash, extension] = MEDIA_URL.exec(photoUrl) ?? []
		expect(extension).toBe('jpg')
		await expect(row.getByRole('textbox', { name: mediaCopy.markdown('holiday.jpg') })).toHaveValue(
			`![${mediaCopy.altPlaceholder}](${photoUrl})`,
		)
		// The thumbnail (the smallest WebP copy) shows: the page's policy lets the site's own images in.
		await expect
			.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
			.toBe(true)
		expect(await row.locator('img').getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/)

		const served = await fetch(`${site.url}${photoUrl}`)
		expect(served.status).toBe(200)
		expect({
			type: served.headers.get('content-type'),
			cache: served.headers.get('cache-control'),
			etag: served.headers.get('etag'),
			sniff: served.headers.get('x-content-type-options'),
			cookie: served.headers.get('set-cookie'),
		}).toEqual({ type: 'image/jpeg', cache: IMMUTABLE, etag: `"${hash}"`, sniff: 'nosniff', cookie: null })
		const bytes = Buffer.from(await served.arrayBuffer())
		expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(hash)
		const metadata = await sharp(bytes).metadata()
		expect([metadata.width, metadata.height, metadata.exif]).toEqual([1600, 1000, undefined])
		expect(bytes.includes(Buffer.from('SnoopCam'))).toBe(false)

		const head = await fetch(`${site.url}${photoUrl}`, { method: 'HEAD' })
		expect([head.status, head.headers.get('cache-control'), head.headers.get('content-length')]).toEqual([
			200,
			IMMUTABLE,
			String(bytes.length),
		])
		expect(await head.text()).toBe('')
		const again = await fetch(`${site.url}${photoUrl}`, { headers: { 'if-none-match': `"${hash}"` } })
		expect(again.status).toBe(304)
		for (const missing of [`/media/${'0'.repeat(64)}.jpg`, `/media/${hash}.png`, '/media/holiday.jpg']) {
			expect([missing, (await fetch(`${site.url}${missing}`)).status]).toEqual([missing, 404])
		}

		// A toast fading in or out is measured mid-animation: check the page once they have gone.
		await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' })
		for (const [name, viewport] of Object.entries(viewports)) {
			await page.setViewportSize(viewport)
			expect([name, await accessibilityViolations(page)]).toEqual([name, []])
		}
		await page.setViewportSize(viewports.desktop)
		const html = (await rawRequest(`${site.url}${consolePaths.media}`, { cookie })).body
		expect(await htmlErrors([{ name: '/admin/media with an image', html }])).toEqual([])

		const log = await rawRequest(`${site.url}/admin/audit-log?action=media.uploaded`, { cookie })
		expect(log.body).toContain(auditActions['media.uploaded'])
		expect(log.body).toContain(`${hash}.jpg`)
		await page.close()
	})

	test('refuses with JavaScript a file that is not an image and one over 10 MB (before sending it), with clear messages', async () => {
		test.setTimeout(120_000)
		const page = await mediaPage(true)
		await upload(page, file('notes.jpg', 'image/jpeg', Buffer.from('Shopping list: milk, eggs, bread')))
		await alertSays(page, mediaCopy.refused.notImage)
		await page.locator('[data-sonner-toast]').filter({ hasText: mediaCopy.refused.notImage }).waitFor()

		let posted = false
		page.on('request', (request) => {
			if (request.method() === 'POST') posted = true
		})
		await upload(page, file('huge.jpg', 'image/jpeg', await oversized()))
		await alertSays(page, mediaCopy.refused.tooLarge)
		expect(posted).toBe(false)
		await expect(page.getByRole('row').filter({ hasText: 'notes.jpg' })).toHaveCount(0)
		// A toast fading out is mid-transition and would read as low contrast.
		await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 })
		expect([await accessibilityViolations(page)]).toEqual([[]])
		await page.close()
	})

	test('uploads and refuses without JavaScript: the media page then shows the address, or the answer says what is wrong', async () => {
		test.setTimeout(120_000)
		const page = await mediaPage(false)
		await upload(page, file('diagram.png', 'image/png', await solid(800, 500, '#22aa66').png().toBuffer()))
		await page.getByRole('status').filter({ hasText: mediaCopy.uploaded }).waitFor()
		// The upload ended on the media page's own address (Post/Redirect/Get): a reload sends nothing again.
		await expect(page).toHaveURL(`${site.url}${consolePaths.media}`)
		const address = await page.getByRole('textbox', { name: mediaCopy.uploadedAddress }).inputValue()
		await page.reload()
		await expect(page.getByRole('status').filter({ hasText: mediaCopy.uploaded })).toHaveCount(0)
		await expect(page.getByRole('row').filter({ hasText: 'diagram.png' })).toHaveCount(1)
		expect(address).toMatch(MEDIA_URL)
		expect(address.endsWith('.png')).toBe(true)
		const row = page.getByRole('row').filter({ hasText: 'diagram.png' })
		await expect(row.getByRole('textbox', { name: mediaCopy.address('diagram.png') })).toHaveValue(address)
		expect((await fetch(`${site.url}${address}`)).headers.get('cache-control')).toBe(IMMUTABLE)

		// The same picture again is the same image.
		await upload(page, file('diagram-copy.png', 'image/png', await solid(800, 500, '#22aa66').png().toBuffer()))
		await page.getByRole('status').filter({ hasText: mediaCopy.alreadyThere }).waitFor()
		await expect(page.getByRole('textbox', { name: mediaCopy.uploadedAddress })).toHaveValue(address)

		const refusals: [ReturnType<typeof file>, string][] = [
			[file('notes.jpg', 'image/jpeg', Buffer.from('Shopping list: milk, eggs')), mediaCopy.refused.notImage],
			[
				file(
					'logo.svg',
					'image/svg+xml',
					Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
				),
				mediaCopy.refused.notImage,
			],
			[file('bomb.png', 'image/png', decompressionBomb()), mediaCopy.refused.tooManyPixels(20_000, 20_000)],
			[file('huge.jpg', 'image/jpeg', await oversized()), mediaCopy.refused.tooLarge],
		]
		for (const [chosen, message] of refusals) {
			await upload(page, chosen)
			await alertSays(page, message)
		}
		const list = (await rawRequest(`${site.url}${consolePaths.media}`, { cookie })).body
		for (const [chosen] of refusals) expect(list).not.toContain(chosen.name)
		await page.close()
	})

	test('answers the post editor’s upload endpoint in JSON, and refuses a post without the session’s token', async () => {
		const token = await csrfToken(site, cookie)
		/** Posts as Ada, or signed out when `session` is empty. */
		const post = (form: FormData, headers: Record<string, string> = {}, session = cookie) =>
			fetch(`${site.url}${consolePaths.mediaUpload}`, {
				method: 'POST',
				body: form,
				headers: { accept: 'application/json', origin: site.url, ...(session ? { cookie: session } : {}), ...headers },
			})
		const form = (bytes: Buffer, name: string, withToken = true) => {
			const body = new FormData()
			if (withToken) body.set(CSRF_FIELD, token)
			body.set('image', new Blob([new Uint8Array(bytes)]), name)
			return body
		}
		const webp = await solid(640, 360, '#663399').webp().toBuffer()

		const stored = await post(form(webp, 'editor.webp'))
		expect(stored.status).toBe(200)
		expect(stored.headers.get('content-type')).toMatch(/^application\/json/)
		const body = (await stored.json()) as { url: string; width: number; height: number; markdown: string }
		expect(body).toEqual({
			url: expect.stringMatching(MEDIA_URL),
			width: 640,
			height: 360,
			alt: null,
			markdown: `![${mediaCopy.altPlaceholder}](${body.url})`,
		})
		expect(body.url.endsWith('.webp')).toBe(true)

		// A description sent with the image is kept, and given back with it next time.
		const described = form(webp, 'editor.webp')
		described.set('alt', '  A purple\nsquare ] ')
		expect(await (await post(described)).json()).toMatchObject({
			alt: 'A purple square ]',
			markdown: `![A purple square \\]](${body.url})`,
		})
		expect(await (await post(form(webp, 'again.webp'))).json()).toMatchObject({ alt: 'A purple square ]' })

		// The token may come in the header instead, as the console's scripts send it.
		const byHeader = await post(form(webp, 'editor.webp', false), { [CSRF_HEADER]: token })
		expect([byHeader.status, ((await byHeader.json()) as { url: string }).url]).toEqual([200, body.url])

		const refusals: [Response, number, string][] = [
			[await post(form(Buffer.from('not an image'), 'a.png')), 415, mediaCopy.refused.notImage],
			[await post(form(webp, 'a.webp', false)), 403, consoleFormMessages.staleForm],
			[await post(form(webp, 'a.webp'), {}, ''), 401, consoleCopy.sessionEnded.text],
			[await post(form(webp, 'a.webp'), { 'sec-fetch-site': 'cross-site' }), 403, submissionMessages.crossOrigin],
			[await post(new FormData()), 403, consoleFormMessages.staleForm],
		]
		for (const [answer, status, message] of refusals) {
			expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([status, message])
		}
		const empty = new FormData()
		empty.set(CSRF_FIELD, token)
		const missing = await post(empty)
		expect([missing.status, ((await missing.json()) as { message: string }).message]).toEqual([
			400,
			mediaCopy.refused.missing,
		])
		// A JSON body is not an upload.
		const json = await fetch(`${site.url}${consolePaths.mediaUpload}`, {
			method: 'POST',
			body: '{}',
			headers: { cookie, origin: site.url, 'content-type': 'application/json', [CSRF_HEADER]: token },
		})
		expect(json.status).toBe(415)
	})

	test('finds, describes and deletes images without JavaScript, each change ending on a page that says so', async () => {
		const page = await mediaPage(false)
		const name = 'Lighthouse_at 100%.png'
		await upload(page, file(name, 'image/png', await solid(320, 200, '#ddaa22').png().toBuffer()))
		await page.getByRole('status').filter({ hasText: mediaCopy.uploaded }).waitFor()

		const search = async (words: string) => {
			await page.getByLabel(mediaCopy.searchLabel).fill(words)
			await page.getByRole('button', { name: mediaCopy.searchSubmit }).click()
			await expect(page).toHaveURL(/\?q=/)
		}
		const rows = page.locator('table tbody tr')
		await search('100%')
		await expect(rows).toHaveCount(1)
		await expect(rows.first().getByRole('rowheader')).toContainText(name)

		await page.getByLabel(mediaCopy.altFor(name), { exact: true }).fill('A lighthouse at dusk')
		await page.getByRole('button', { name: mediaCopy.saveAltFor(name) }).click()
		await expect(page.getByText(mediaCopy.altSaved)).toBeVisible()
		await expect(page).toHaveURL(new RegExp(`${consolePaths.media}$`))
		await search('lighthouse at DUSK')
		await expect(rows).toHaveCount(1)
		await expect(page.getByLabel(mediaCopy.altFor(name), { exact: true })).toHaveValue('A lighthouse at dusk')

		await rows.first().locator('summary', { hasText: mediaCopy.delete }).click()
		await expect(page.getByText(mediaCopy.deleteQuestion(name))).toBeVisible()
		await page.getByRole('button', { name: mediaCopy.deleteFor(name) }).click()
		await expect(page.getByText(mediaCopy.deleted)).toBeVisible()
		await search('lighthouse')
		await expect(page.getByText(mediaCopy.noMatches('lighthouse'))).toBeVisible()
		await page.close()
	})

	test.describe('on the blog', () => {
		let blog: RunningServer
		let content = ''
		let slug = ''
		let photoUrl = ''

		test.beforeAll(async () => {
			test.setTimeout(120_000)
			photoUrl = await uploadForEditor(await photoWithGps(), 'sea.jpg')
			expect(photoUrl).toMatch(MEDIA_URL)
			// The newest post names this photo; the site starts again on the same data with it to import.
			content = tempDir('media-blog-')
			slug = 'holiday-photo-post'
			fs.writeFileSync(
				path.join(content, `${slug}.md`),
				`---\ntitle: "A holiday photo"\nseo_slug: ${slug}\npublished_at: ${new Date(Date.now() - 60_000).toISOString()}\nfeatured_image: ${photoUrl}\nfeatured_image_alt: A blue sea\n---\n\nWords about the sea.\n`,
			)
			await site.server.stop()
			blog = await startServer({ dataDir: site.server.dataDir, env: { BLOG_CONTENT_DIR: content } })
		})
		test.afterAll(async () => {
			await blog?.stop()
			if (content) fs.rmSync(content, { recursive: true, force: true })
		})

		test('shows the featured image as AVIF or WebP at the width the layout needs, and shares its 1200x630 copy', async () => {
			test.setTimeout(120_000)
			const article = () => fetch(`${blog.url}/blog/${slug}`).then((answer) => answer.text())
			// The upload was answered with one copy; the others are made in the background, after a restart too.
			await expect.poll(async () => /\.avif 1440w/.test(await article()), { timeout: 60_000 }).toBe(true)
			const html = await article()
			const avif = /<source type="image\/avif" srcset="([^"]+)" sizes="[^"]+"/i.exec(html)
			expect(avif?.[1]?.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['480w', '960w', '1440w'])
			expect(html).toMatch(/<source type="image\/webp" srcset="\/media\/[0-9a-f]{64}\.webp 480w, /i)
			const img = /<img alt="A blue sea"[^>]*>/.exec(html)?.[0] ?? ''
			for (const attribute of [`src="${photoUrl}"`, 'width="1600"', 'height="1000"']) expect(img).toContain(attribute)
			const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]+)"`).exec(html)?.[1]
			const ogImage = meta('og:image') ?? ''
			expect(ogImage).toMatch(/^https:\/\/www\.example\.com\/media\/[0-9a-f]{64}\.jpg$/)
			expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630'])
			const share = await fetch(`${blog.url}${new URL(ogImage).pathname}`)
			const shared = await sharp(Buffer.from(await share.arrayBuffer())).metadata()
			expect([share.headers.get('cache-control'), shared.format, shared.width, shared.height]).toEqual([
				IMMUTABLE,
				'jpeg',
				1200,
				630,
			])
			expect(await htmlErrors([{ name: `/blog/${slug}`, html }])).toEqual([])

			const list = await (await fetch(`${blog.url}/blog`)).text()
			expect(list).toMatch(/<picture><source type="image\/avif" srcset="\/media\/[0-9a-f]{64}\.avif 480w, /i)

			for (const context of [browsers.withJs, browsers.withoutJs]) {
				const page = await context.newPage()
				await page.goto(`${blog.url}/blog/${slug}`)
				const featured = page.getByRole('img', { name: 'A blue sea' })
				await expect
					.poll(() => featured.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
					.toBe(true)
				expect(await featured.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
					/\/media\/[0-9a-f]{64}\.avif$/,
				)
				await page.close()
			}
		})
	})
})
