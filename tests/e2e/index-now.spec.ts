import type { BrowserContext } from '@playwright/test'
import { outboxCopy } from '#app/content/console.ts'
import { outboxErrorSentence } from '#app/content/outbox-sentences.ts'
import { postsCopy } from '#app/content/posts.ts'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	type Person,
	shareSession,
	startConsoleServer,
} from '../support/console-server.ts'
import { startWebhookReceiver } from '../support/webhook-receiver.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }
const key = 'e2e-indexnow-key-0123'
const editor = postsCopy.editor

test.describe('IndexNow pings', () => {
	let site: ConsoleServer
	let context: BrowserContext
	let engine: Awaited<ReturnType<typeof startWebhookReceiver>>

	test.beforeAll(async ({ browser }) => {
		test.setTimeout(120_000)
		engine = await startWebhookReceiver()
		;[site, context] = await Promise.all([
			startConsoleServer({ env: { INDEXNOW_KEY: key, INDEXNOW_ENDPOINT: `${engine.url}/indexnow` } }),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
		await shareSession(await createFirstOperator(site, ada), context)
	})
	test.afterAll(async () => {
		await context?.close()
		await site?.server.stop()
		await engine?.close()
	})

	test('serves the key file IndexNow checks', async () => {
		const answer = await fetch(`${site.url}/${key}.txt`)
		expect([answer.status, answer.headers.get('content-type'), await answer.text()]).toEqual([
			200,
			'text/plain; charset=utf-8',
			key,
		])
	})

	test('pings once with the address of a post when it is published, retrying while the engine is down', async () => {
		test.setTimeout(90_000)
		engine.setStatus(503)
		const page = await context.newPage()
		await page.goto(`${site.url}/admin/posts/new`)
		await page.getByLabel(editor.fields.title, { exact: true }).fill('Pinged on publishing')
		await page.getByRole('textbox', { name: editor.fields.body, exact: true }).fill('Words for engines.')
		await page.getByRole('button', { name: editor.publish, exact: true }).click()
		await page.getByText(postsCopy.messages.published).waitFor()
		// The outbox panel shows the ping waiting for its next attempt.
		await expect
			.poll(
				async () => {
					await page.goto(`${site.url}/admin/outbox`)
					const rows = page.getByRole('row').filter({ hasText: outboxCopy.channels.indexnow })
					return (await rows.allTextContents()).join('\n')
				},
				{ timeout: 30_000 },
			)
			.toContain(outboxErrorSentence('indexnow', 'HTTP 503'))
		engine.setStatus(200)
		const post = `${site.url}/blog/pinged-on-publishing`
		// The sample posts imported at start are pinged too, in a message of their own.
		const pings = () => engine.received.filter((request) => JSON.stringify(request.body).includes(post))
		await expect.poll(() => pings().length, { timeout: 30_000 }).toBe(1)
		expect(pings()[0]?.body).toEqual({
			host: new URL(site.url).host,
			key,
			keyLocation: `${site.url}/${key}.txt`,
			urlList: [post],
		})
		await page.close()
	})
})
