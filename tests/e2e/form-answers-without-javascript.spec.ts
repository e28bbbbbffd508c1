import type { Locator, Page } from '@playwright/test'
import { betaCopy } from '#app/content/beta-application.ts'
import { contactFormCopy } from '#app/content/contact.ts'
import { submissionMessages } from '#app/content/lead-forms.ts'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { validationMessages } from '#app/content/validation-messages.ts'
import { waitlistCopy } from '#app/content/waitlist.ts'
import { expect, test } from '#tests/support/test.ts'
import type { RunningServer } from '../support/server.ts'

/** Every form-level failure message of the lead forms: none of them may answer a visitor's typo. */
const failureMessages = [
	submissionMessages.unexpected,
	waitlistCopy.failure,
	contactFormCopy.failure,
	betaCopy.failure,
	newsletterCopy.failure,
]

/** How many times a text appears in what the page shows. */
const timesShown = (text: string, shown: string) => shown.split(text).length - 1

/** Submits the form as it is, waits for the page the action answers, and returns the text of the whole page. */
async function submitAndRead(page: Page, form: Locator, submit: string) {
	await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: submit }).click()])
	// biome-ignore lint/performance/useDomNodeTextContent: what the page shows, not the text of hidden elements
	return page.locator('body').innerText()
}

/** The field messages are each shown once; no failure message and no alert is. */
async function expectOnlyFieldMessages(page: Page, shown: string, fieldMessages: string[]) {
	for (const message of fieldMessages) expect([message, timesShown(message, shown)]).toEqual([message, 1])
	for (const message of failureMessages) expect(shown).not.toContain(message)
	await expect(page.getByRole('alert')).toHaveCount(0)
}

// Runs in the javascript-off project: the `page` fixture's browser runs no script.
test.describe('form answers without JavaScript', { tag: '@javascript-off' }, () => {
	let server: RunningServer

	test.beforeAll(({ site }) => {
		server = site
	})

	test('runs in a browser that runs no page script', async ({ page }) => {
		await page.setContent(
			'<p>no script ran</p><script>document.querySelector("p").textContent = "a script ran"</script>',
		)
		await expect(page.locator('p')).toHaveText('no script ran')
	})

	test('answers an empty or invalid waitlist form with its field messages only', async ({ page }) => {
		await page.goto(`${server.url}/community-interest`)
		const form = page.getByRole('form', { name: 'Domains Anonymous waitlist' })
		let shown = await submitAndRead(page, form, waitlistCopy.submit)
		await expectOnlyFieldMessages(page, shown, [validationMessages.name, validationMessages.email])

		await form.getByLabel(waitlistCopy.labels.name).fill('Wanda')
		await form.getByLabel(waitlistCopy.labels.email).fill('wanda@')
		shown = await submitAndRead(page, form, waitlistCopy.submit)
		await expectOnlyFieldMessages(page, shown, [validationMessages.email])
		expect(shown).not.toContain(validationMessages.name)
		await expect(form.getByLabel(waitlistCopy.labels.name)).toHaveValue('Wanda')
		await page.close()
	})

	test('answers an empty or invalid contact form with its field messages only', async ({ page }) => {
		await page.goto(`${server.url}/contact`)
		const form = page.getByRole('form', { name: 'Contact form' })
		let shown = await submitAndRead(page, form, contactFormCopy.submit)
		await expectOnlyFieldMessages(page, shown, [
			validationMessages.name,
			validationMessages.email,
			validationMessages.subject,
			validationMessages.message,
		])

		await form.getByLabel(contactFormCopy.labels.name).fill('Carl')
		await form.getByLabel(contactFormCopy.labels.email).fill('carl at example.com')
		await form.getByLabel(contactFormCopy.labels.subject).fill('Hello')
		shown = await submitAndRead(page, form, contactFormCopy.submit)
		await expectOnlyFieldMessages(page, shown, [validationMessages.email, validationMessages.message])
		await page.close()
	})

	test('answers an empty or invalid newsletter signup, from its page or the blog, with one field message', async ({
		page,
	}) => {
		await page.goto(`${server.url}/newsletter`)
		const form = page.getByRole('form', { name: 'Newsletter signup' })
		let shown = await submitAndRead(page, form, newsletterCopy.submit)
		await expectOnlyFieldMessages(page, shown, [validationMessages.newsletterEmail])

		await page.goto(`${server.url}/blog`)
		const sidebar = page.getByRole('form', { name: 'Newsletter signup' })
		await sidebar.getByLabel(newsletterCopy.labels.email).fill('not-an-address')
		shown = await submitAndRead(page, sidebar, newsletterCopy.submit)
		expect(new URL(page.url()).pathname).toBe(newsletterCopy.page.path)
		await expectOnlyFieldMessages(page, shown, [validationMessages.email])
		await page.close()
	})

	test('answers an empty or invalid beta application with its field messages only', async ({ page }) => {
		await page.goto(`${server.url}${betaCopy.page.path}`)
		const form = page.getByRole('form', { name: 'Beta application' })
		let shown = await submitAndRead(page, form, betaCopy.submit)
		await expectOnlyFieldMessages(page, shown, [
			validationMessages.fullName,
			validationMessages.email,
			validationMessages.domainCount,
			validationMessages.whyInterested,
		])

		await form.getByLabel(betaCopy.labels.full_name).fill('Bea')
		await form.getByLabel(betaCopy.labels.email).fill('bea@example.com')
		await form.getByLabel(betaCopy.labels.domain_count).fill('0')
		await form.getByLabel(betaCopy.labels.why_interested).fill('Backlinks')
		shown = await submitAndRead(page, form, betaCopy.submit)
		await expectOnlyFieldMessages(page, shown, [validationMessages.domainCount])
		await page.close()
	})
})
