/**
 * What a visitor typed, fit for a page: control characters other than tab and line breaks, and noncharacters, which
 * HTML forbids, are shown as visible marks (U+0007 as ␇) instead of being written raw; everything else stays as typed.
 */
export function shownAsTyped(value: string) {
	return value.replace(
		// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
		/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff]/g,
		(character) => {
			const code = character.charCodeAt(0)
			if (code < 0x20) return String.fromCharCode(0x2400 + code)
			if (code === 0x7f) return '\u2421'
			return `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`
		},
	)
}

/** Whether text has something a reader can see: not only spaces, invisible format marks or control characters. */
export function hasVisibleText(value: string | null | undefined): value is string {
	return /[^\p{White_Space}\p{Cc}\p{Cf}\p{Mn}]/u.test(value ?? '')
}

/** A visitor's text inside a line of ours (a page title): isolated, so a direction override in it cannot turn ours. */
export const isolated = (value: string) => `\u2068${value}\u2069`
