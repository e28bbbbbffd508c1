import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Font, Path } from 'opentype.js'
import sharp from 'sharp'
import { DEFAULT_SHARE_IMAGE } from './seo.ts'

/** What a share card says: the brand, the page's or post's title, and a line under it (the site's host, a section). */
export type TitleCard = { brandName: string; title: string; footer: string }

const { width: WIDTH, height: HEIGHT } = DEFAULT_SHARE_IMAGE
const MARGIN = 96
const TEXT_WIDTH = WIDTH - 2 * MARGIN
/** Title sizes tried from the largest down, until the title fits in MAX_TITLE_LINES; the smallest cuts it short. */
const TITLE_SIZES = [76, 68, 60] as const
const SMALLEST_TITLE_SIZE = 52
const MAX_TITLE_LINES = 3

const fontFiles = (weight: number) =>
	['latin', 'latin-ext'].map((subset) => `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)

const require = createRequire(import.meta.url)
// Its package names an ES build without the CommonJS build's exports: `require` gives both Node and Vite the same one.
const { parse } = require('opentype.js') as typeof import('opentype.js')

/** Inter's glyphs drawn as paths: the card looks the same on any machine, with or without fonts installed. */
function loadFonts(weight: number): Font[] {
	return fontFiles(weight).map((file) => {
		const bytes = fs.readFileSync(require.resolve(file))
		return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
	})
}

let fonts: { heavy: Font[]; medium: Font[] } | undefined
const cardFonts = () => {
	fonts ??= { heavy: loadFonts(800), medium: loadFonts(600) }
	return fonts
}

type Glyph = { font: Font; character: string; advance: number }

/** Each character with the first subset that has it; characters no subset has are left out. */
function glyphsOf(text: string, family: Font[]): Glyph[] {
	return [...text].flatMap((character) => {
		for (const font of family) {
			const glyph = font.charToGlyph(character)
			if (glyph.index > 0) return [{ font, character, advance: (glyph.advanceWidth ?? 0) / font.unitsPerEm }]
		}
		return []
	})
}

const advance = (glyphs: Glyph[], size: number) => glyphs.reduce((sum, glyph) => sum + glyph.advance * size, 0)

const at = (value: number) => Math.round(value * 10) / 10

/** SVG path data of a glyph's outline, written from its commands (opentype.js 2 flips its own output). */
function pathData(path: Path) {
	return path.commands
		.map((command) => {
			switch (command.type) {
				case 'M':
				case 'L':
					return `${command.type}${at(command.x)} ${at(command.y)}`
				case 'Q':
					return `Q${at(command.x1)} ${at(command.y1)} ${at(command.x)} ${at(command.y)}`
				case 'C':
					return `C${at(command.x1)} ${at(command.y1)} ${at(command.x2)} ${at(command.y2)} ${at(command.x)} ${at(command.y)}`
				default:
					return 'Z'
			}
		})
		.join('')
}

/** One line of text as SVG path data, its baseline at (x, y). */
function linePath(text: string, family: Font[], size: number, x: number, y: number) {
	let left = x
	return glyphsOf(text, family)
		.map(({ font, character, advance }) => {
			const path = pathData(font.getPath(character, left, y, size))
			left += advance * size
			return path
		})
		.join('')
}

/** Words wrapped to the text width; a word wider than a line stands alone on its own. */
function wrap(text: string, family: Font[], size: number): string[] {
	const space = advance(glyphsOf(' ', family), size)
	const lines: string[] = []
	let line = ''
	let used = 0
	for (const word of text.split(/\s+/).filter(Boolean)) {
		const wordWidth = advance(glyphsOf(word, family), size)
		if (line && used + space + wordWidth > TEXT_WIDTH) {
			lines.push(line)
			line = word
			used = wordWidth
		} else {
			line = line ? `${line} ${word}` : word
			used += (line === word ? 0 : space) + wordWidth
		}
	}
	if (line) lines.push(line)
	return lines
}

/** The title at the largest size that fits in three lines; at the smallest, what does not fit ends in an ellipsis. */
function titleLines(title: string, family: Font[]) {
	for (const size of [...TITLE_SIZES, SMALLEST_TITLE_SIZE]) {
		const lines = wrap(title, family, size)
		if (lines.length <= MAX_TITLE_LINES) return { size, lines }
	}
	const size = SMALLEST_TITLE_SIZE
	const lines = wrap(title, family, size).slice(0, MAX_TITLE_LINES)
	let last = `${lines[MAX_TITLE_LINES - 1] ?? ''}…`
	while (advance(glyphsOf(last, family), size) > TEXT_WIDTH && last.includes(' ')) {
		last = `${last.slice(0, last.lastIndexOf(' '))}…`
	}
	lines[MAX_TITLE_LINES - 1] = last
	return { size, lines }
}

const MARK =
	'<rect width="32" height="32" rx="7" fill="#ffffff"/><path d="M9 23V9h7.5a5 5 0 0 1 0 10H13v4z" fill="#1f56d1"/><circle cx="23" cy="22" r="2.5" fill="#1f56d1"/>'

/** The card as SVG: the brand's gradient, its mark and name, the title and the footer line. */
export function titleCardSvg(card: TitleCard): string {
	const { heavy, medium } = cardFonts()
	const { size, lines } = titleLines(card.title.trim(), heavy)
	const lineHeight = Math.round(size * 1.12)
	const titleTop = (HEIGHT - lines.length * lineHeight) / 2 + size * 0.8
	const title = lines.map((line, n) => linePath(line, heavy, size, MARGIN, titleTop + n * lineHeight)).join('')
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1f4d"/><stop offset="1" stop-color="#1f56d1"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<g transform="translate(${MARGIN} 72) scale(2)">${MARK}</g>
<path fill="#ffffff" d="${linePath(card.brandName, medium, 34, MARGIN + 84, 116)}"/>
<path fill="#ffffff" d="${title}"/>
<path fill="#cfe0ff" d="${linePath(card.footer, medium, 30, MARGIN, HEIGHT - 72)}"/>
</svg>`
}

/** The 1200x630 JPEG that networks show for a page or post (a gradient is a seventh of the PNG's bytes as JPEG). */
export function renderTitleCard(card: TitleCard): Promise<Buffer> {
	return sharp(Buffer.from(titleCardSvg(card)))
		.jpeg({ quality: 88, mozjpeg: true })
		.toBuffer()
}
