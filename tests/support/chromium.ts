import { chromium } from '@playwright/test'

/** Debian's Chromium, for the scripts that measure pages as visitors load them (Lighthouse, sizes, share images). */
export const CHROMIUM_PATH = '/usr/bin/chromium'
/** Debian's build of Chromium's headless shell, the browser Playwright itself runs headless tests in (decision 024). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell'
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]

/** Debian's Chromium, headless, for the scripts that drive it outside the test runner. */
export const launchChromium = () =>
	chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
