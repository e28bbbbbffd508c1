import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
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
	})

	it('offers the contact page instead of an empty frame when no board is configured', () => {
		const html = render(null)
		expect(html).not.toContain('<iframe')
		expect(html).toContain('href="/contact"')
	})
})
