import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { openDatabase } from '../app/db/client.server.ts'
import { DataDirLockedError } from '../app/db/data-dir-lock.server.ts'
import { importPosts } from '../app/features/blog/import.server.ts'
import { announceSetupLink } from '../app/features/operators/accounts.server.ts'
import { type Config, ConfigError, loadConfig } from '../app/features/site/config.server.ts'
import { createApp } from './app.ts'
import { startBackgroundWork } from './background.ts'
import { createLogger } from './logger.ts'

function readConfig(): Config {
	try {
		return loadConfig()
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}
}

/** How long a stopping server still reads requests already on their way over kept-alive connections. */
const SHUTDOWN_GRACE_MS = 500

async function main() {
	const config = readConfig()
	const logger = createLogger(config.LOG_LEVEL)

	let database: Awaited<ReturnType<typeof openDatabase>>
	try {
		database = await openDatabase(
			config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.resolve(config.DATA_DIR) },
		)
	} catch (error) {
		if (error instanceof DataDirLockedError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}

	const contentDir = path.resolve(config.BLOG_CONTENT_DIR)
	if (fs.existsSync(contentDir)) {
		const report = await importPosts(database.db, contentDir)
		for (const error of report.errors) logger.warn({ contentDir }, `blog post skipped: ${error}`)
		logger.info({ contentDir, posts: report.imported.length }, 'blog content imported')
	}

	let build: { serverBuild: () => Promise<ServerBuild>; clientDir: string | null }
	let devMiddleware: import('express').RequestHandler | undefined
	if (config.NODE_ENV === 'development') {
		const vite = await import('vite')
		const viteServer = await vite.createServer({ server: { middlewareMode: true } })
		devMiddleware = viteServer.middlewares
		build = {
			serverBuild: () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
			clientDir: null,
		}
	} else {
		const buildDir = path.resolve(config.BUILD_DIR)
		const serverEntry = path.join(buildDir, 'server/index.js')
		if (!fs.existsSync(serverEntry)) {
			console.error('No production build found: run `npm run build` (or `npm start`, which builds when needed).')
			process.exit(1)
		}
		const serverBuild = (await import(serverEntry)) as ServerBuild
		build = { serverBuild: async () => serverBuild, clientDir: path.join(buildDir, 'client') }
	}

	await announceSetupLink(database.db, config.SITE_URL, logger)
	const app = await createApp({ config, database, logger, build, devMiddleware })
	const background = startBackgroundWork({ db: database.db, config, logger })
	const server: http.Server = http.createServer(app).listen(config.PORT, config.HOST, () => {
		const address = server.address()
		const port = typeof address === 'object' && address ? address.port : config.PORT
		logger.info({ port, database: database.kind }, `listening on http://localhost:${port}`)
	})
	server.on('error', (error) => {
		logger.fatal({ err: error }, 'server failed')
		void background
			.stop()
			.then(() => database.close())
			.finally(() => process.exit(1))
	})

	let stopping = false
	const shutdown = (signal: string) => {
		if (stopping) return
		stopping = true
		logger.info({ signal }, 'shutting down: finishing in-flight requests')
		const force = setTimeout(() => {
			logger.warn('requests still open after 10 s; closing them')
			server.closeAllConnections()
		}, 10_000)
		force.unref()
		// A request already sent on a kept-alive connection is not visible until it is read: closing "idle"
		// connections at once would drop it. For a moment every answer says Connection: close, then close the rest.
		setTimeout(() => {
			// Keep-alive connections would hold close() open; drop each one as soon as it goes idle.
			const reaper = setInterval(() => server.closeIdleConnections(), 100)
			server.close(async () => {
				clearTimeout(force)
				clearInterval(reaper)
				// Deliveries in flight write their outcome; the database must still be open for that.
				await background.stop()
				await database.close()
				logger.info('stopped')
				process.exit(0)
			})
			server.closeIdleConnections()
		}, SHUTDOWN_GRACE_MS)
	}
	server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
		if (stopping) res.setHeader('Connection', 'close')
	})
	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
}

await main()
