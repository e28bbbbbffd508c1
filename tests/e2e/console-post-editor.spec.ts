import type { BrowserContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { mediaCopy } from '#app/content/media.ts'
import { postsCopy } from '#app/content/posts.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, viewports, waitForHydration, waitForPageTime } from '../support/browser.ts'
import {
	addOperator,
	type ConsoleServer,
	csrfToken,
	type Person,
	rawRequest,
	shareSession,
} from '../support/console-server.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }
const editor = postsCopy.editor
const body =
	'## Why it matters\n\nParked names can earn. <img src=x alt="" onerror="window.__pwned=1"><script>window.__pwned=1</script>'
/** A small PNG of one colour: each colour is its own image to the media library. */
const png = (background: string) =>
	sharp({ create: { width: 40, height: 30, channels: 3, background } })
		.png()
		.toBuffer()

/** Pastes a PNG into the focused element as a browser does with an image on the clipboard. */
async function pasteImage(page: Page, bytes: Buffer, name: string) {
	await page.evaluate(
		({ base64, name }) => {
			const data = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))
			const transfer = new DataTransfer()
			transfer.items.add(new File([data], name, { type: 'image/png' }))
			const paste = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true })
			document.activeElement?.dispatchEvent(paste)
		},
		{ base64: bytes.toString('base64'), name },
	)
}

/** Drops a PNG at a point of the page as a browser does with a file dragged from the desktop. */
async function dropImage(page: Page, bytes: Buffer, name: string, point: { x: number; y: number }) {
	await page.evaluate(
		({ base64, name, point }) => {
			const data = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))
			const transfer = new DataTransfer()
			transfer.items.add(new File([data], name, { type: 'image/png' }))
			const drop = new DragEvent('drop', {
				dataTransfer: transfer,
				clientX: point.x,
				clientY: point.y,
				bubbles: true,
				cancelable: true,
			})
			document.elementFromPoint(point.x, point.y)?.dispatchEvent(drop)
		},
		{ base64: bytes.toString('base64'), name, point },
	)
}

const MEDIA_URL = '\\(/media/[0-9a-f]{64}\\.png\\)'

/** CodeMirror's editable element: the text box people and assistive technology meet. */
const CONTENT = '.cm-content'

/** The editor's text, line by line as CodeMirror shows it. */
const editorText = (page: Page) =>
	page.evaluate(
		(content) => [...document.querySelectorAll(`${content} .cm-line`)].map((line) => line.textContent).join('\n'),
		CONTENT,
	)

/** The computed style of the editor's text that is (or holds) `text`: what its highlighting made of it. */
const styleOf = (page: Page, text: string, exact = false) =>
	page.evaluate(
		({ content, text, exact }) => {
			const root = document.querySelector(content)
			if (!root) return null
			const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const value = node.textContent ?? ''
				if ((exact ? value === text : value.includes(text)) && node.parentElement) {
					const style = getComputedStyle(node.parentElement)
					return { fontWeight: style.fontWeight, color: style.color }
				}
			}
			return null
		},
		{ content: CONTENT, text, exact },
	)

test.describe('the post editor with JavaScript', () => {
	let site: ConsoleServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext
	let cookie: string

	test.beforeAll(async ({ browser, signedInConsole }) => {
		site = signedInConsole
		;[withJs, withoutJs] = await Promise.all([openBrowser(browser), openBrowser(browser, { javaScriptEnabled: false })])
		cookie = await addOperator(site, signedInConsole.cookie, ada)
		await shareSession(cookie, withJs, withoutJs)
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
	})

	const livePreview = (page: Page) => page.getByRole('region', { name: editor.livePreview })

	async function openEditor(page: Page, path = '/admin/posts/new') {
		await page.goto(`${site.url}${path}`)
		await waitForHydration(page)
		await page.locator(CONTENT).waitFor()
	}

	test('highlights, previews the sanitised article body live, warns before leaving and saves what was typed', async () => {
		test.setTimeout(180_000)
		const page = await withJs.newPage()
		await openEditor(page)
		// The label names the editor; the textarea stays in the form, out of sight and out of the accessibility tree.
		const box = page.getByRole('textbox', { name: editor.fields.body, exact: true })
		expect(await box.evaluate((element) => element.classList.contains('cm-content'))).toBe(true)
		const textarea = page.locator('textarea[name="body"]')
		await expect(textarea).toBeHidden()
		await expect(page.getByLabel(editor.fields.body, { exact: true })).toHaveCount(1)

		await page.getByLabel(editor.fields.title, { exact: true }).fill('Domains that pay their way')
		await box.click()
		await page.keyboard.type(body)
		await expect(textarea).toHaveValue(body)
		await expect.poll(() => editorText(page)).toBe(body)

		const preview = livePreview(page)
		await preview.getByRole('heading', { level: 2, name: 'Why it matters' }).waitFor()
		await preview.getByText('Parked names can earn.').waitFor()
		expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
		await expect(preview.locator('script, [onerror]')).toHaveCount(0)
		expect(await preview.innerHTML()).not.toMatch(/onerror|<script/i)
		// Nothing is announced as the text changes.
		await expect(preview).not.toHaveAttribute('aria-live')
		await expect(preview.locator('[aria-live], [role="status"], [role="alert"]')).toHaveCount(0)

		// Markdown: the heading is bold. HTML: it is plain text, and tags are coloured. The parser may finish in a later
		// idle slice on a busy machine, so each style is awaited.
		await expect.poll(async () => (await styleOf(page, 'Why it matters'))?.fontWeight).toBe('700')
		await page.getByRole('radio', { name: editor.fields.html }).check()
		await expect.poll(async () => (await styleOf(page, 'Why it matters'))?.fontWeight).toBe('400')
		await expect.poll(async () => (await styleOf(page, 'img', true))?.color).toBe('rgb(126, 34, 206)')
		await expect.poll(() => preview.getByRole('heading', { name: 'Why it matters' }).count()).toBe(0)
		await preview.getByText('## Why it matters').waitFor()
		await page.getByRole('radio', { name: editor.fields.markdown }).check()
		await expect.poll(async () => (await styleOf(page, 'Why it matters'))?.fontWeight).toBe('700')
		await preview.getByRole('heading', { level: 2, name: 'Why it matters' }).waitFor()

		// Undo and redo; Tab leaves the editor for the next field, Shift+Tab comes back.
		await box.click()
		await page.keyboard.press('Control+End')
		await waitForPageTime(page, 600)
		// One input event: typed key by key, a keystroke more than 500 ms after the last would start a second undo step.
		await page.keyboard.insertText(' More.')
		await expect(textarea).toHaveValue(`${body} More.`)
		await page.keyboard.press('Control+z')
		await expect(textarea).toHaveValue(body)
		await page.keyboard.press('Control+y')
		await expect(textarea).toHaveValue(`${body} More.`)
		await page.keyboard.press('Control+z')
		await page.keyboard.press('Tab')
		await expect(page.getByLabel(editor.images.alt)).toBeFocused()
		await page.keyboard.press('Shift+Tab')
		await expect(box).toBeFocused()

		expect(await accessibilityViolations(page)).toEqual([])

		// Leaving with unsaved text asks first; staying keeps every word.
		const dialogs: string[] = []
		page.once('dialog', (dialog) => {
			dialogs.push(dialog.message())
			void dialog.dismiss()
		})
		await page.getByRole('link', { name: editor.back }).click()
		await expect.poll(() => dialogs).toEqual([editor.unsaved])
		expect(new URL(page.url()).pathname).toBe('/admin/posts/new')
		expect(await editorText(page)).toBe(body)

		await page.getByRole('button', { name: editor.saveDraft }).click()
		await page.getByText(postsCopy.messages.created).waitFor()
		const editPath = new URL(page.url()).pathname
		expect(editPath).toMatch(/^\/admin\/posts\/\d+$/)
		await openEditor(page, editPath)
		await expect.poll(() => editorText(page)).toBe(body)
		await expect(textarea).toHaveValue(body)
		await livePreview(page).getByRole('heading', { level: 2, name: 'Why it matters' }).waitFor()
		expect(await accessibilityViolations(page)).toEqual([])

		// On a phone the preview sits below the editor.
		await page.setViewportSize(viewports.phone)
		const [editorBox, previewBox] = await Promise.all([page.locator('.cm-editor').boundingBox(), preview.boundingBox()])
		expect(previewBox?.y).toBeGreaterThan((editorBox?.y ?? 0) + (editorBox?.height ?? 0) - 1)
		expect(await accessibilityViolations(page)).toEqual([])
		await page.close()
	})

	test('explains fields the action would refuse before sending anything, and keeps what was typed', async () => {
		const page = await withJs.newPage()
		await openEditor(page)
		const posts: string[] = []
		page.on('request', (request) => {
			if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/admin/posts/new'))
				posts.push(request.url())
		})
		await page.getByLabel(editor.fields.slug, { exact: true }).fill('Not A Slug')
		await page.getByLabel(editor.fields.featuredImage, { exact: true }).fill('/media/cover.webp')
		await page.getByRole('button', { name: editor.saveDraft }).click()
		const title = page.getByLabel(editor.fields.title, { exact: true })
		await expect(title).toBeFocused()
		await expect(title).toHaveAccessibleDescription(postsCopy.messages.titleRequired)
		await expect(page.getByLabel(editor.fields.slug, { exact: true })).toHaveAccessibleDescription(
			new RegExp(postsCopy.messages.slugInvalid),
		)
		await expect(page.getByLabel(editor.fields.featuredImageAlt, { exact: true })).toHaveAccessibleDescription(
			new RegExp(postsCopy.messages.altRequired),
		)
		await expect(page.getByLabel(editor.fields.slug, { exact: true })).toHaveValue('Not A Slug')
		expect(posts).toEqual([])
		await page.close()
	})

	test('uploads an image chosen, pasted or dropped into the body and inserts it at the cursor with its description', async () => {
		const page = await withJs.newPage()
		await openEditor(page)
		const box = page.getByRole('textbox', { name: editor.fields.body, exact: true })
		await box.click()
		await page.keyboard.type('Before  after')
		for (let step = 0; step < ' after'.length; step++) await page.keyboard.press('ArrowLeft')

		await page.getByLabel(editor.images.alt).fill('A parked domain [sign]')
		await page.getByLabel(editor.images.insert).setInputFiles({
			name: 'sign.png',
			mimeType: 'image/png',
			buffer: await png('#aa3300'),
		})
		await expect(page.getByRole('status').filter({ hasText: editor.images.inserted })).toBeVisible()
		const textarea = page.locator('textarea[name="body"]')
		await expect(textarea).toHaveValue(
			new RegExp(`^Before !\\[A parked domain \\\\\\[sign\\\\\\]\\]${MEDIA_URL} after$`),
		)
		await expect(page.getByLabel(editor.images.alt)).toHaveValue('')

		// Pasted without a description: the placeholder is selected, and typing replaces it.
		await box.click()
		await page.keyboard.press('Control+End')
		await page.keyboard.type('\n\n')
		await pasteImage(page, await png('#0033aa'), 'chart.png')
		await expect(page.getByRole('status').filter({ hasText: editor.images.insertedDescribe })).toBeVisible()
		await expect(textarea).toHaveValue(new RegExp(`\\n\\n!\\[${mediaCopy.altPlaceholder}\\]${MEDIA_URL}$`))
		await page.keyboard.type('Earnings by month')
		await expect(textarea).toHaveValue(new RegExp(`\\n\\n!\\[Earnings by month\\]${MEDIA_URL}$`))

		// Dropped at the start of the first line (its first row: the line wraps): it goes where it landed, not where the
		// cursor was.
		const firstLine = await page.locator('.cm-line').first().boundingBox()
		if (!firstLine) throw new Error('the editor shows no line')
		await dropImage(page, await png('#7744aa'), 'dropped.png', { x: firstLine.x + 1, y: firstLine.y + 4 })
		await expect(page.getByRole('status').filter({ hasText: editor.images.insertedDescribe })).toBeVisible()
		await expect(textarea).toHaveValue(new RegExp(`^!\\[${mediaCopy.altPlaceholder}\\]${MEDIA_URL}Before !`))
		await expect(textarea).toHaveValue(new RegExp(`!\\[Earnings by month\\]${MEDIA_URL}$`))
		await page.close()
	})

	test('keeps the plain textarea, and its live preview, when the editor cannot load', async () => {
		const page = await withJs.newPage()
		await page.route('**/assets/body-editor*', (route) => route.abort())
		await page.goto(`${site.url}/admin/posts/new`)
		await waitForHydration(page)
		const field = page.getByLabel(editor.fields.body, { exact: true })
		await field.fill('## Plain but previewed')
		await livePreview(page).getByRole('heading', { level: 2, name: 'Plain but previewed' }).waitFor()
		await field.focus()
		await pasteImage(page, await png('#22aa55'), 'plain.png')
		await expect(field).toHaveValue(
			new RegExp(`^## Plain but previewed!\\[${mediaCopy.altPlaceholder}\\]${MEDIA_URL}$`),
		)
		await expect(page.locator('.cm-editor')).toHaveCount(0)
		expect(await field.evaluate((element) => element.tagName)).toBe('TEXTAREA')
		await page.close()
	})

	test('shows the plain textarea without JavaScript, and no preview', async () => {
		const page = await withoutJs.newPage()
		await page.goto(`${site.url}/admin/posts/new`)
		const field = page.getByLabel(editor.fields.body, { exact: true })
		expect(await field.evaluate((element) => element.tagName)).toBe('TEXTAREA')
		await expect(field).toBeVisible()
		await expect(page.locator('.cm-editor')).toHaveCount(0)
		await expect(page.getByRole('heading', { name: editor.livePreview })).toHaveCount(0)
		await page.close()
	})

	test('renders for a signed-in operator only, with the session’s token', async () => {
		const fields = { bodyFormat: 'markdown', body: '## Hello' }
		const url = `${site.url}/admin/posts/render`
		const rendered = await rawRequest(url, { cookie, form: { [CSRF_FIELD]: await csrfToken(site, cookie), ...fields } })
		expect([rendered.status, rendered.body]).toEqual([200, '<h2>Hello</h2>'])
		expect(rendered.response.headers.get('cache-control')).toContain('no-store')
		expect((await rawRequest(url, { cookie, form: fields })).status).toBe(403)
		expect((await rawRequest(url, { cookie, form: { [CSRF_FIELD]: 'guess', ...fields } })).status).toBe(403)
		const signedOut = await rawRequest(url, { form: { [CSRF_FIELD]: 'guess', ...fields } })
		expect(signedOut.status).toBe(401)
		expect(signedOut.body).not.toContain('<h2>')
	})
})
