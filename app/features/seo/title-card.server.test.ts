import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { renderTitleCard, titleCardSvg } from './title-card.server.ts'

const card = { brandName: 'Domain Rebels', footer: 'www.example.com · Blog' }

/** Where a card's title is drawn (its one path after the brand's): the extent of its points. */
function titleExtent(svg: string) {
	const title = [...svg.matchAll(/<path fill="#ffffff" d="([^"]*)"/g)][1]?.[1] ?? ''
	const points = [...title.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((match) => [Number(match[1]), Number(match[2])])
	const xs = points.map(([x]) => x ?? 0)
	const ys = points.map(([, y]) => y ?? 0)
	return { right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) }
}

describe('title cards', () => {
	it('are 1200x630 JPEGs that networks show', async () => {
		const bytes = await renderTitleCard({ ...card, title: 'Parked pages vs developed sites' })
		expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
	})

	it('draw the title as glyph outlines, so no installed font is needed, and differ by title', () => {
		const one = titleCardSvg({ ...card, title: 'Pricing your domains' })
		const other = titleCardSvg({ ...card, title: 'Pricing your domainz' })
		expect(one).not.toContain('<text')
		expect(one).toMatch(/<path fill="#ffffff" d="M[\d. ]+/)
		expect(one).not.toBe(other)
	})

	it('wrap a long title and cut one that would not fit in three lines short', () => {
		const short = titleExtent(titleCardSvg({ ...card, title: 'Pricing' }))
		const long = titleExtent(titleCardSvg({ ...card, title: 'word '.repeat(12).trim() }))
		const endless = titleExtent(titleCardSvg({ ...card, title: 'domain '.repeat(80).trim() }))
		// More than one line's height, inside the right margin.
		expect(long.bottom - long.top).toBeGreaterThan((short.bottom - short.top) * 1.5)
		expect(long.right).toBeLessThanOrEqual(1200 - 96 + 1)
		// Three lines at most: between the brand's line (y 116) and the footer's (y 558), inside the margin.
		expect(endless.top).toBeGreaterThan(130)
		expect(endless.bottom).toBeLessThan(520)
		expect(endless.right).toBeLessThanOrEqual(1200 - 96 + 1)
	})

	it('draw accented Latin and leave out what the font cannot draw, without failing', async () => {
		expect(titleCardSvg({ ...card, title: 'Müller & Łódź' })).not.toBe(titleCardSvg({ ...card, title: 'Mller & dź' }))
		const bytes = await renderTitleCard({ ...card, title: '日本のドメイン <script>"&' })
		expect((await sharp(bytes).metadata()).width).toBe(1200)
	})
})
