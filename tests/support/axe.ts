import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and returns readable violations. */
export async function accessibilityViolations(page: Page) {
	// Axe reads layout and colours across several steps: let fonts and a rendering update settle first, as a reader would.
	await page.evaluate(async () => {
		await document.fonts.ready
		// A page without scripting runs no animation frames; the parser reads noscript's content as elements only then.
		const probe = document.createElement('div')
		probe.innerHTML = '<noscript><i></i></noscript>'
		if (probe.querySelector('noscript i')) return
		await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
	})
	const results = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
		// One axe run in the page: half the time of a run per frame finished in a new tab, with the same results. Only
		// cross-origin frames go unchecked, and those hold third-party content (the roadmap board, video embeds).
		.setLegacyMode()
		.analyze()
	return results.violations.map((v) => ({
		id: v.id,
		impact: v.impact,
		help: v.help,
		targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
		why: v.nodes.slice(0, 5).map((n) => n.failureSummary),
	}))
}
