import { ConfigError } from '../app/features/site/config.server.ts'
import { buildIfStale } from './build.ts'

process.env.NODE_ENV ??= 'production'

try {
	await buildIfStale()
} catch (error) {
	if (error instanceof ConfigError) {
		console.error(error.message)
		process.exit(1)
	}
	throw error
}
await import('../server/index.ts')
