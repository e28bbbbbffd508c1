import { chromium } from '@playwright/test'

/** Debian's Chromium and the flags that keep it off the network and quiet, for tests and audits. */
export const CHROMIUM_PATH = '/usr/bin/chromium'
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
