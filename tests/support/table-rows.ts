import type { Page } from '@playwright/test'

/** The body rows of the table with this caption, cell by cell, as text; null when the page has no such table. */
export function tableRows(page: Page, caption: string) {
	return page.evaluate((wanted) => {
		const found = [...document.querySelectorAll('table')].find(
			(element) => element.querySelector('caption')?.textContent === wanted,
		)
		if (!found) return null
		return [...found.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent))
	}, caption)
}
