import type { Page } from '@playwright/test'
import { betaCopy } from '#app/content/beta-application.ts'
import { contactFormCopy } from '#app/content/contact.ts'
import { fieldLimits } from '#app/content/lead-forms.ts'
import { characterCount } from '#app/content/ui.ts'
import { validationMessages } from '#app/content/validation-messages.ts'
import { expect, test } from '#tests/support/test.ts'
import { browsersWithAndWithoutJavaScript, gotoHydrated } from '../support/browser.ts'
import type { RunningServer } from '../support/server.ts'

const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact form' })
const { labels } = contactFormCopy
const tooLong = validationMessages.tooLong(fieldLimits.message)

test.describe('long input in the lead forms', () => {
	let server: RunningServer
	const browsers = browsersWithAndWithoutJavaScript()

	test.beforeAll(({ site }) => {
		server = site
	})

	test('counts what is left near the limit and what is over it, cuts nothing, and refuses it saying the limit', async () => {
		const page = await gotoHydrated(browsers.withJs, `${server.url}/contact`)
		const form = contactForm(page)
		const message = form.getByLabel(labels.message)
		await expect(message).toHaveAttribute('maxlength', String(fieldLimits.message * 2))
		await expect(form.getByText(characterCount.limit('5,000'))).toBeVisible()

		await message.fill('a'.repeat(3_000))
		await expect(form.getByText(/characters? left/)).toHaveCount(0)
		await message.fill('a'.repeat(4_900))
		await form.getByText(characterCount.left('100')).waitFor()
		// A paste over the limit is kept whole, and the count says by how much.
		await message.fill('a'.repeat(6_000))
		await form.getByText(characterCount.over('1,000')).waitFor()
		expect((await message.inputValue()).length).toBe(6_000)

		await form.getByLabel(labels.name).fill('Lena Long')
		await form.getByLabel(labels.email).fill('lena@example.com')
		await form.getByLabel(labels.subject).fill('A long story')
		await form.getByRole('button', { name: contactFormCopy.submit }).click()
		await form.getByText(tooLong).waitFor()
		expect((await message.inputValue()).length).toBe(6_000)
		await expect(message).toHaveAttribute('aria-invalid', 'true')
		await page.close()
	})

	test('without JavaScript, states the limit, keeps what was typed and names the limit the server refused', async () => {
		const page = await browsers.withoutJs.newPage()
		await page.goto(`${server.url}/contact`)
		const form = contactForm(page)
		await expect(form.getByText(characterCount.limit('5,000'))).toBeVisible()
		await form.getByLabel(labels.name).fill('n'.repeat(6_000))
		await form.getByLabel(labels.email).fill('lena@example.com')
		await form.getByLabel(labels.subject).fill('A long story')
		await form.getByLabel(labels.message).fill('m'.repeat(9_000))
		// The browser lets a paste over the limit through: the server refuses it and gives it back.
		expect((await form.getByLabel(labels.name).inputValue()).length).toBe(400)
		await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: contactFormCopy.submit }).click()])
		const answered = contactForm(page)
		await answered.getByText(tooLong).waitFor()
		await answered.getByText(validationMessages.tooLong(fieldLimits.name)).waitFor()
		expect((await answered.getByLabel(labels.message).inputValue()).length).toBe(9_000)
		expect((await answered.getByLabel(labels.name).inputValue()).length).toBe(400)
		await page.close()
	})

	test('reads a domain count written as 1e3 as the thousand it is, without JavaScript', async () => {
		const page = await browsers.withoutJs.newPage()
		await page.goto(`${server.url}/beta-application`)
		const form = page.getByRole('form', { name: 'Beta application' })
		await form.getByLabel(betaCopy.labels.full_name).fill('Eli Exponent')
		await form.getByLabel(betaCopy.labels.email).fill('eli@example.com')
		await form.getByLabel(betaCopy.labels.domain_count).fill('1e3')
		await form.getByLabel(betaCopy.labels.why_interested).fill('A thousand parked names.')
		await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: betaCopy.submit }).click()])
		await page.getByText(betaCopy.successTitle).waitFor()
		await page.close()
	})
})
