import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and returns readable violations. */
export async function accessibilityViolations(page: Page) {
	const results = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
		.analyze()
	return results.violations.map((v) => ({
		id: v.id,
		impact: v.impact,
		help: v.help,
		targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
	}))
}
