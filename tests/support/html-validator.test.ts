import { describe, expect, it } from 'vitest'
import { htmlErrors, startHtmlCheckerService } from './html-validator.ts'

const documents = [
	{
		name: '/valid',
		html: '<!DOCTYPE html><html lang="en"><head><title>ok</title><style>@property --x { syntax: "*"; inherits: false }</style></head><body><p>ok</p></body></html>',
	},
	{
		name: '/broken',
		html: '<!DOCTYPE html><html lang="en"><head></head><body><a href="/"><button>x</button></a><p id="a"></p><p id="a"></p></body></html>',
	},
]

describe('htmlErrors', () => {
	it('reports errors per page and passes a valid document', async () => {
		const errors = await htmlErrors(documents)
		expect(errors.map((error) => error.page)).not.toContain('/valid')
		expect(errors.filter((error) => error.page === '/broken').length).toBeGreaterThanOrEqual(3)
	})

	it('reports the same errors through the run-wide service as through one Java start', async () => {
		const byCommand = await htmlErrors(documents)
		const service = await startHtmlCheckerService()
		try {
			expect(process.env.HTML_CHECKER_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
			expect(await htmlErrors(documents)).toEqual(byCommand)
		} finally {
			service.stop()
		}
		expect(process.env.HTML_CHECKER_URL).toBeUndefined()
	}, 90_000)
})
