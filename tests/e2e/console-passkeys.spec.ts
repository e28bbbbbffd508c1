import type { BrowserContext, CDPSession, Page } from '@playwright/test'
import { auditDetailSentence } from '#app/content/audit-sentences.ts'
import {
	accountCopy,
	auditActions,
	confirmCopy,
	consoleCopy,
	passkeyHostCopy,
	setupCopy,
	signInCopy,
} from '#app/content/console.ts'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser, waitForHydration } from '../support/browser.ts'
import { freePort } from '../support/console-server.ts'
import { type RunningServer, startServer } from '../support/server.ts'

const ada = { displayName: 'Ada Passkey', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }

/** Chromium's software authenticator: a resident-key, user-verifying platform authenticator that always agrees. */
async function addVirtualAuthenticator(cdp: CDPSession) {
	await cdp.send('WebAuthn.enable')
	const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	})
	return authenticatorId
}

async function open(page: Page, url: string) {
	await page.goto(url)
	await waitForHydration(page)
}

async function signOut(page: Page, origin: string) {
	await page.getByRole('button', { name: consoleCopy.signOut }).click()
	await page.waitForURL(`${origin}/admin`)
	await waitForHydration(page)
}

async function signInWithPassword(page: Page, origin: string) {
	await open(page, `${origin}/admin`)
	await page.getByLabel(signInCopy.email).fill(ada.email)
	await page.getByLabel(signInCopy.password).fill(ada.password)
	await page.getByRole('button', { name: signInCopy.submit, exact: true }).click()
	await page.waitForURL(`${origin}/admin/inbox`)
}

/** The account page's passkeys section. */
const passkeysSection = (page: Page) =>
	page.locator('section').filter({ has: page.getByRole('heading', { name: accountCopy.passkeysHeading }) })

/** The audit log's rows as text, newest first. */
async function auditRows(page: Page, origin: string) {
	await open(page, `${origin}/admin/audit-log`)
	return page.locator('tbody tr').allInnerTexts()
}

test.describe('passkeys in the console', () => {
	let server: RunningServer
	let origin: string
	let setupLink: string
	let withJs: BrowserContext
	let withoutJs: BrowserContext

	test.beforeAll(async ({ browser }) => {
		const port = await freePort()
		origin = `http://localhost:${port}`
		;[server, withJs, withoutJs] = await Promise.all([
			startServer({ env: { SITE_URL: origin, PORT: String(port) } }),
			openBrowser(browser),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
		// The link is logged before the server listens, so it is there once startServer resolves.
		const logged = /"setupUrl":"([^"]+)"/.exec(server.output())?.[1]
		if (!logged) throw new Error(`no setup link in the server's log:\n${server.output()}`)
		setupLink = logged
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
		await server?.stop()
	})

	test('adds a passkey, signs in with it, audits both, removes it and then refuses it', async () => {
		// Four sign-ins and sign-outs, a confirmation and the audit log read four times.
		test.setTimeout(120_000)
		const page = await withJs.newPage()
		const cdp = await withJs.newCDPSession(page)
		const authenticatorId = await addVirtualAuthenticator(cdp)

		expect(new URL(setupLink).origin).toBe(origin)
		await open(page, setupLink)
		await page.getByLabel(setupCopy.displayName).fill(ada.displayName)
		await page.getByLabel(setupCopy.email).fill(ada.email)
		await page.getByLabel(setupCopy.password).fill(ada.password)
		await page.getByRole('button', { name: setupCopy.submit }).click()
		await page.waitForURL(`${origin}/admin/inbox`)

		await open(page, `${origin}/admin/account`)
		const section = passkeysSection(page)
		await section.getByText(accountCopy.passkeysNone).waitFor()
		await expect(page.getByText(accountCopy.passkeyNeedsScript)).toHaveCount(0)
		const currentPassword = section.getByLabel(accountCopy.currentPassword)
		await expect(currentPassword).toHaveAttribute('type', 'password')
		await expect(currentPassword).toHaveAttribute('autocomplete', 'current-password')

		// A wrong current password: no passkey is created, and the field says why.
		await page.getByLabel(accountCopy.passkeyName).fill('Test laptop')
		await currentPassword.fill('not-the-password-at-all')
		await page.getByRole('button', { name: accountCopy.addPasskey }).click()
		await section.getByRole('alert').filter({ hasText: accountCopy.wrongPassword }).waitFor()
		await expect(currentPassword).toHaveAttribute('aria-invalid', 'true')
		await expect(currentPassword).toHaveValue('')
		expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(0)
		await expect(section.getByText(accountCopy.passkeysNone)).toHaveCount(1)

		await currentPassword.fill(ada.password)
		await page.getByRole('button', { name: accountCopy.addPasskey }).click()
		await page.getByText(accountCopy.passkeyAdded).waitFor()
		await section.getByText('Test laptop', { exact: true }).waitFor()
		await section.getByText(accountCopy.neverUsed).waitFor()
		const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
		expect(credentials).toHaveLength(1)
		expect(credentials[0]?.isResidentCredential).toBe(true)
		expect(credentials[0]?.rpId).toBe('localhost')

		await signOut(page, origin)
		await page.getByRole('button', { name: signInCopy.passkey }).click()
		await page.waitForURL(`${origin}/admin/inbox`)
		await page.getByRole('navigation', { name: consoleCopy.navigationLabel }).waitFor()
		await page.getByRole('link', { name: new RegExp(ada.displayName) }).waitFor()

		const rows = await auditRows(page, origin)
		expect(rows.some((row) => row.includes(auditActions['passkey.added']) && row.includes('Test laptop'))).toBe(true)
		expect(
			rows.some(
				(row) =>
					row.includes(auditActions['sign_in.failed']) &&
					row.includes(
						auditDetailSentence('sign_in.failed', { reason: 'wrong password', during: 'passkey registration' }),
					),
			),
		).toBe(true)
		expect(rows[0]).toContain(auditActions.sign_in)
		expect(rows[0]).toContain(auditDetailSentence('sign_in', { method: 'passkey' }))

		// A change that asks for proof again takes the passkey as it takes the password.
		await open(page, `${origin}/admin/confirm?next=${encodeURIComponent('/admin/account')}`)
		await page.getByRole('button', { name: confirmCopy.passkey }).click()
		await page.waitForURL(`${origin}/admin/account`)
		const confirmed = await auditRows(page, origin)
		expect(confirmed[0]).toContain(auditActions['operator.confirmed'])
		expect(confirmed[0]).toContain(auditDetailSentence('operator.confirmed', { method: 'passkey' }))

		await open(page, `${origin}/admin/account`)
		await section.getByText(accountCopy.lastUsed).waitFor()
		// Removing asks first.
		const remove = section.getByRole('button', { name: `${accountCopy.removePasskey}: Test laptop` })
		await expect(remove).toBeHidden()
		await section.locator('summary', { hasText: 'Test laptop' }).click()
		await expect(section.getByText(accountCopy.removePasskeyQuestion)).toBeVisible()
		await remove.click()
		await page.getByText(accountCopy.passkeyRemoved).waitFor()
		await section.getByText(accountCopy.passkeysNone).waitFor()
		await expect(section.getByText('Test laptop')).toHaveCount(0)

		// The browser still holds the passkey; the site no longer knows it.
		await signOut(page, origin)
		await page.getByRole('button', { name: signInCopy.passkey }).click()
		await page.getByRole('alert').filter({ hasText: signInCopy.passkeyFailed }).waitFor()
		expect(new URL(page.url()).pathname).toBe('/admin')
		await page.getByRole('button', { name: signInCopy.passkey }).waitFor()

		await signInWithPassword(page, origin)
		const after = await auditRows(page, origin)
		expect(after.some((row) => row.includes(auditActions['passkey.removed']) && row.includes('Test laptop'))).toBe(true)
		expect(after.some((row) => row.includes(auditActions['sign_in.failed']) && row.includes(', with a passkey'))).toBe(
			true,
		)

		// One more passkey, for the page without JavaScript to remove.
		await open(page, `${origin}/admin/account`)
		await page.getByLabel(accountCopy.passkeyName).fill('Desk key')
		await section.getByLabel(accountCopy.currentPassword).fill(ada.password)
		await page.getByRole('button', { name: accountCopy.addPasskey }).click()
		await section.getByText('Desk key', { exact: true }).waitFor()
		await page.close()
	})

	test('says why at an IP address, where browsers refuse passkeys, instead of offering the button', async () => {
		const page = await withJs.newPage()
		const port = new URL(origin).port
		await page.goto(`http://127.0.0.1:${port}/admin`)
		await waitForHydration(page)
		await expect(page.getByText(passkeyHostCopy['ip-address'](`localhost:${port}`))).toBeVisible()
		await expect(page.getByRole('button', { name: signInCopy.passkey })).toHaveCount(0)
		await page.close()
	})

	test('without JavaScript: no passkey button, a note instead of the add form, and Remove still works', async () => {
		const page = await withoutJs.newPage()
		await page.goto(`${origin}/admin`)
		await page.getByLabel(signInCopy.email).waitFor()
		await expect(page.getByRole('button', { name: signInCopy.passkey })).toHaveCount(0)
		await page.getByLabel(signInCopy.email).fill(ada.email)
		await page.getByLabel(signInCopy.password).fill(ada.password)
		await page.getByRole('button', { name: signInCopy.submit, exact: true }).click()
		await page.waitForURL(`${origin}/admin/inbox`)

		await page.goto(`${origin}/admin/account`)
		const section = passkeysSection(page)
		await section.getByText(accountCopy.passkeyNeedsScript).waitFor()
		await expect(page.getByRole('button', { name: accountCopy.addPasskey })).toHaveCount(0)
		await section.locator('summary', { hasText: 'Desk key' }).click()
		await section.getByRole('button', { name: `${accountCopy.removePasskey}: Desk key` }).click()
		// Post/Redirect/Get: the account page the post redirects to says once what it did.
		await page.waitForURL(`${origin}/admin/account`)
		await page.getByRole('status').getByText(accountCopy.passkeyRemoved).waitFor()
		await section.getByText(accountCopy.passkeysNone).waitFor()
		await page.close()
	})
})
