import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './tests/support/chromium.ts'

const onCi = Boolean(process.env.CI)
// The longest spec files (two of them build a release of their own), measured in a whole run's report.
const longSpecs = [
	'insights.spec.ts',
	'network-graph.spec.ts',
	'newsletter-sends.spec.ts',
	'release.spec.ts',
	'site-shell.spec.ts',
	'widgets.spec.ts',
]

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.spec.ts',
	globalSetup: './tests/support/global-setup.ts',
	// A worker waits on its servers and the browser a third of the time: three keep two cores busy.
	workers: 3,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	// On CI a failure is tried once more so a flake is reported as flaky, and a flaky run still fails.
	retries: onCi ? 1 : 0,
	failOnFlakyTests: onCi,
	forbidOnly: onCi,
	reporter: onCi ? [['list'], ['html', { open: 'never', outputFolder: 'test-results/report' }]] : 'list',
	outputDir: 'test-results/artifacts',
	use: {
		headless: true,
		launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
		viewport: { width: 1280, height: 800 },
		// Recording every test's trace cost a fifth of the run's time; a failure's retry records it (docs/performance.md).
		trace: 'on-first-retry',
	},
	projects: [
		// Workers take projects in this order: the longest files first, so none is left running alone at the end of a run.
		{ name: 'long', testMatch: longSpecs, grepInvert: /@javascript-off/ },
		{ name: 'chromium', testIgnore: longSpecs, grepInvert: /@javascript-off/ },
		// The forms and pages a visitor without JavaScript uses, in a browser that runs none.
		{ name: 'javascript-off', grep: /@javascript-off/, use: { javaScriptEnabled: false } },
	],
})
