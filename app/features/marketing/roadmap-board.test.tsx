import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { roadmapCopy } from '#app/content/roadmap.ts'
import { RoadmapBoard } from './roadmap-board.tsx'

const render = (roadmapUrl: string | null) =>
	renderToStaticMarkup(
		<MemoryRouter>
			<RoadmapBoard roadmapUrl={roadmapUrl} />
		</MemoryRouter>,
	)

describe('roadmap board', () => {
	it('frames the configured board lazily, 1200 px high, with a title and a new-tab link to it', () => {
		const html = render('https://roadmap.example.com/board')
		expect(html).toMatch(
			/<iframe src="https:\/\/roadmap.example.com\/board" title="[^"]+" loading="lazy" height="1200"/,
		)
		expect(html).toContain('href="https://roadmap.example.com/board" target="_blank" rel="noopener noreferrer"')
		expect(html).toContain(`<h2 id="board-heading" class="sr-only">${roadmapCopy.boardHeading}</h2>`)
	})

	it('invites ideas through the contact page when no board is configured, with no frame and no reserved height', () => {
		const html = render(null)
		expect(html).not.toContain('<iframe')
		expect(html).not.toMatch(/min-h-|height/)
		expect(html).not.toContain('not connected')
		expect(html).toMatch(/^<section aria-labelledby="ideas-heading"[^>]*><div[^>]*><h2 id="ideas-heading"/)
		expect(html.match(/<h2 id="ideas-heading"[^>]*>([^<]+)<\/h2>/)?.[1]).toBe(roadmapCopy.withoutBoard.heading)
		expect(html).toContain(`<p class="mt-2 text-slate-700">${roadmapCopy.withoutBoard.text}</p>`)
		expect(html.match(/<a [^>]*href="\/contact"[^>]*>([^<]+)<\/a>/)?.[1]).toBe(roadmapCopy.contactUs)
	})
})
