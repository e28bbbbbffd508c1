import { afterAll, describe, expect, it } from 'vitest'
import { postLimits } from '#app/content/posts.ts'
import { renderPostBody } from '#app/features/blog/sanitize.server.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import type { SiteContext } from '#app/load-context.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { formPost, submissionContext } from '#tests/support/lead-requests.ts'
import { bodyPreviewAction, previewHtml } from './body-preview.server.ts'

const TOKEN = 'csrf-token-of-the-session'
const session = {
	operator: { id: 1, email: 'ada@example.com', displayName: 'Ada Admin', role: 'admin' as const },
	sessionKey: 'session-key',
	csrfToken: TOKEN,
	recentlyConfirmed: true,
	timeZone: { chosen: null, shown: 'UTC' },
}
const hostile =
	'## Why it matters\n\n<img src=x onerror="alert(1)"><script>alert(1)</script>[link](javascript:alert(1))'

describe('the live preview’s rendering', () => {
	it('renders a body as the public page renders the post a save stores', () => {
		const embedHosts = ['www.youtube.com']
		const markdown = previewHtml({ bodyFormat: 'markdown', body: hostile }, embedHosts)
		expect(markdown).toBe(renderPostBody({ content: hostile, bodyhtml: null }, { embedHosts }))
		expect(markdown).toContain('<h2>Why it matters</h2>')
		expect(markdown).not.toMatch(/<script|onerror|javascript:/i)
		const html = previewHtml({ bodyFormat: 'html', body: '## Not a heading<p onclick="x()">Text</p>' }, embedHosts)
		expect(html).toBe('## Not a heading<p>Text</p>')
		expect(previewHtml({ bodyFormat: 'markdown', body: '  \n' }, embedHosts)).toBe('')
	})
})

describe.each(databaseDrivers())('the live preview endpoint on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})
	const context = (operatorSession: SiteContext['operatorSession'] = session) =>
		({ ...submissionContext(database), operatorSession }) as SiteContext
	const render = (fields: Record<string, string>, operatorSession?: SiteContext['operatorSession']) =>
		bodyPreviewAction(formPost('/admin/posts/render', fields), context(operatorSession))

	it('answers the sanitised HTML of the body, never cached', async () => {
		const answer = await render({ [CSRF_FIELD]: TOKEN, bodyFormat: 'markdown', body: hostile })
		expect(answer.status).toBe(200)
		expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
		expect(answer.headers.get('cache-control')).toBe('no-store')
		const html = await answer.text()
		expect(html).toContain('<h2>Why it matters</h2>')
		expect(html).not.toMatch(/<script|onerror|javascript:/i)
		const asHtml = await render({ [CSRF_FIELD]: TOKEN, bodyFormat: 'html', body: '<h2 onclick="x()">Hi</h2>' })
		expect(await asHtml.text()).toBe('<h2>Hi</h2>')
	})

	it('refuses a post without the session’s token (403), signed out (401), too long (400 or 413), or of no format (400)', async () => {
		expect((await render({ bodyFormat: 'markdown', body: 'Text' })).status).toBe(403)
		expect((await render({ [CSRF_FIELD]: `${TOKEN}x`, bodyFormat: 'markdown', body: 'Text' })).status).toBe(403)
		await expect(render({ [CSRF_FIELD]: TOKEN, bodyFormat: 'markdown', body: 'Text' }, null)).rejects.toMatchObject({
			init: { status: 401 },
		})
		const long = 'a'.repeat(postLimits.body + 1)
		expect((await render({ [CSRF_FIELD]: TOKEN, bodyFormat: 'markdown', body: long })).status).toBe(400)
		const huge = '€'.repeat(postLimits.formBytes / 3)
		expect((await render({ [CSRF_FIELD]: TOKEN, bodyFormat: 'markdown', body: huge })).status).toBe(413)
		const noFormat = await render({ [CSRF_FIELD]: TOKEN, bodyFormat: 'latex', body: 'Text' })
		expect(noFormat.status).toBe(400)
		expect(await noFormat.json()).toMatchObject({ ok: false, fieldErrors: { bodyFormat: expect.any(String) } })
	})
})
