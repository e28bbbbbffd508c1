// What XML 1.0 forbids in a document: C0 controls but tab and line breaks, lone surrogates, U+FFFE and U+FFFF.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu

/** Text as XML character data or an attribute value: markup escaped, characters XML cannot hold removed. */
export function escapeXml(value: string) {
	return value
		.replace(NOT_XML, '')
		.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`)
}
