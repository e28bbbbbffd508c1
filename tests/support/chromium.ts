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
