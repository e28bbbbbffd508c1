import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { type DatabaseHandle, openDatabase } from '#app/db/client.server.ts'
import { reasonOf, StartupError } from '#app/db/startup-error.server.ts'
import { importPosts } from '#app/features/blog/import.server.ts'
import { announceSetupLink } from '#app/features/operators/accounts.server.ts'
import { pingForImportedPosts } from '#app/features/publishing/index-now.server.ts'
import { type Config, ConfigError, loadConfig, publicConfig } from '#app/features/site/config.server.ts'
import { type AppOptions, createApp } from './app.ts'
import { startBackgroundWork } from './background.ts'
import { startControlSocket } from './control-socket.ts'
import { createLogger } from './logger.ts'
import { currentRelease, noBuildMessage, readRelease } from './release.mjs'

/** How long a stopping server still reads requests already on their way over kept-alive connections. */
const SHUTDOWN_GRACE_MS = 500
/** After this, connections still open are closed so a stop never hangs on a client that does not finish. */
const SHUTDOWN_LIMIT_MS = 10_000

/** Stops start-up with one line on standard error and exit code 1: no stack, no source, for any failure. */
function exitWith(message: string): never {
	console.error(message)
	process.exit(1)
}

function readConfig(): Config {
	try {
		return loadConfig()
	} catch (error) {
		if (error instanceof ConfigError) exitWith(error.message)
		throw error
	}
}

/** A compiled server runs the release it belongs to; run from the sources (development tools), BUILD_DIR's current one. */
function runningRelease(buildDir: string) {
	const ownRelease = path.resolve(import.meta.dirname, '..')
	const dir = readRelease(ownRelease) ? ownRelease : currentRelease(path.resolve(buildDir))
	const info = dir ? readRelease(dir) : undefined
	return dir && info ? { dir, id: info.id, publicConfig: info.publicConfig } : undefined
}

async function main() {
	const config = readConfig()
	const logger = createLogger(config.LOG_LEVEL)

	let build: AppOptions['build']
	let devMiddleware: import('express').RequestHandler | undefined
	if (config.NODE_ENV === 'development') {
		const vite = await import('vite')
		const viteServer = await vite.createServer({ server: { middlewareMode: true } })
		devMiddleware = viteServer.middlewares
		build = {
			serverBuild: () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
			clientDir: null,
			version: 'development',
		}
	} else {
		const release = runningRelease(config.BUILD_DIR)
		if (!release) exitWith(noBuildMessage(path.resolve(config.BUILD_DIR)))
		if (JSON.stringify(release.publicConfig) !== JSON.stringify(publicConfig(config)))
			logger.warn(
				{ release: release.id },
				'the site configuration differs from the one this release was built with: prerendered pages show the ' +
					'built values; build again with the same build variables (SITE_URL, BRAND_NAME, …)',
			)
		const serverBuild = (await import(pathToFileURL(path.join(release.dir, 'server/index.js')).href)) as ServerBuild
		build = { serverBuild: async () => serverBuild, clientDir: path.join(release.dir, 'client'), version: release.id }
	}

	let database: DatabaseHandle
	try {
		database = await openDatabase(
			config.DATABASE_URL
				? { databaseUrl: config.DATABASE_URL, logger, connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT * 1000 }
				: { dataDir: path.resolve(config.DATA_DIR), logger },
		)
	} catch (error) {
		// Every failure to open is a StartupError whose message says what to do; anything else gives its cause's line.
		exitWith(error instanceof StartupError ? error.message : reasonOf(error))
	}

	try {
		const contentDir = path.resolve(config.BLOG_CONTENT_DIR)
		if (fs.existsSync(contentDir)) {
			const report = await importPosts(database.db, contentDir)
			await pingForImportedPosts(database.db, config, report.changed)
			for (const error of report.errors) logger.warn({ contentDir }, `blog post skipped: ${error}`)
			logger.info({ contentDir, posts: report.imported.length }, 'blog content imported')
		}
		await announceSetupLink(database.db, config.SITE_URL, logger)
	} catch (error) {
		await database.close().catch(() => {})
		exitWith(`Start-up failed while preparing the database: ${reasonOf(error)}`)
	}

	// Commands run beside a server that owns the embedded database (npm run db:backup) reach it through this socket.
	const control = config.DATABASE_URL
		? undefined
		: await startControlSocket({ dataDir: path.resolve(config.DATA_DIR), db: database.db, logger })
	const lifecycle = { stopping: false }
	const handler = await createApp({ config, database, logger, build, devMiddleware, lifecycle })
	const background = startBackgroundWork({ db: database.db, config, logger })
	const server = http.createServer((req, res) => {
		// Set before any handler answers: pages kept in memory are sent at once.
		if (lifecycle.stopping) res.setHeader('Connection', 'close')
		handler(req, res)
	})
	server.listen(config.PORT, config.HOST, () => {
		const address = server.address()
		const port = typeof address === 'object' && address ? address.port : config.PORT
		logger.info(
			{ port, database: database.kind, version: build.version, node: process.version },
			`listening on http://localhost:${port}`,
		)
	})
	server.on('error', (error: NodeJS.ErrnoException) => {
		const reason =
			error.code === 'EADDRINUSE'
				? `port ${config.PORT} on ${config.HOST} is already in use: stop what listens there or set PORT`
				: reasonOf(error)
		logger.fatal({ code: error.code }, `server failed: ${reason}`)
		void Promise.all([background.stop(), control?.close()])
			.then(() => database.close())
			.finally(() => process.exit(1))
	})

	const shutdown = (signal: string) => {
		if (lifecycle.stopping) return
		lifecycle.stopping = true
		logger.info({ signal }, 'shutting down: finishing in-flight requests')
		const force = setTimeout(() => {
			logger.warn(`requests still open after ${SHUTDOWN_LIMIT_MS / 1000} s; closing them`)
			server.closeAllConnections()
		}, SHUTDOWN_LIMIT_MS)
		force.unref()
		// A request already sent on a kept-alive connection is not visible until it is read: closing "idle"
		// connections at once would drop it. For a moment every answer says Connection: close, then close the rest.
		setTimeout(() => {
			// Keep-alive connections would hold close() open; drop each one as soon as it goes idle.
			const reaper = setInterval(() => server.closeIdleConnections(), 100)
			server.close(async () => {
				clearTimeout(force)
				clearInterval(reaper)
				try {
					await control?.close()
					// Deliveries in flight write their outcome; the database must still be open for that.
					await background.stop()
					await database.close()
					logger.info('stopped')
					process.exit(0)
				} catch (error) {
					logger.error({ err: error }, 'stopping failed')
					process.exit(1)
				}
			})
			server.closeIdleConnections()
		}, SHUTDOWN_GRACE_MS)
	}
	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
}

await main()
