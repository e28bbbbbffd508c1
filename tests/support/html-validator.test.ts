import { describe, expect, it } from 'vitest'
import { htmlErrors } from './html-validator.ts'

describe('htmlErrors', () => {
	it('reports errors per page and passes a valid document', async () => {
		const errors = await htmlErrors([
			{
				name: '/valid',
				html: '<!DOCTYPE html><html lang="en"><head><title>ok</title></head><body><p>ok</p></body></html>',
			},
			{
				name: '/broken',
				html: '<!DOCTYPE html><html lang="en"><head></head><body><a href="/"><button>x</button></a></body></html>',
			},
		])
		expect(errors.map((error) => error.page)).not.toContain('/valid')
		expect(errors.filter((error) => error.page === '/broken').length).toBeGreaterThanOrEqual(2)
	})
})
