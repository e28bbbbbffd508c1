import type http from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type ErrorRequestHandler } from 'express'
import type { Logger } from 'pino'
import type { ServerBuild } from 'react-router'
import type { DatabaseHandle } from '#app/db/client.server.ts'
import { routePatternOf } from '#app/features/insights/route-pattern.server.ts'
import { indexNowKeyPath } from '#app/features/notifications/outbox.server.ts'
import { type Config, publicConfig } from '#app/features/site/config.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { answerUnbuildableRequests, markRequestBuilt, refuseUnroutableMethods } from './allowed-methods.ts'
import { blogPageCache } from './blog-page-cache.ts'
import { consoleHeaders } from './console-headers.ts'
import { servedFromMemory } from './in-memory-page.ts'
import { asksForMarkdown, markdownVersions, negotiatedPageHeaders } from './markdown-versions.ts'
import { precompressedAssets } from './precompressed.ts'
import { loadPrerendered, prerenderedPage } from './prerendered.ts'
import { requestLog } from './request-log.ts'
import { routerContextFrom } from './router-context.ts'
import { securityHeaders, widgetSources } from './security-headers.ts'

export type AppOptions = {
	config: Config
	database: DatabaseHandle
	logger: Logger
	/** Production: the release's server bundle, client folder and id. Development: a loader through Vite. */
	build: { serverBuild: () => Promise<ServerBuild>; clientDir: string | null; version: string }
	devMiddleware?: express.RequestHandler
	/** Set once the server stops: readiness fails so a load balancer sends new requests elsewhere. */
	lifecycle?: { stopping: boolean }
}

function parseTrustProxy(value: string): boolean | number | string {
	if (value === 'true') return true
	if (value === 'false') return false
	if (/^\d+$/.test(value)) return Number(value)
	return value
}

function decodablePath(path: string) {
	try {
		decodeURIComponent(path)
		return true
	} catch {
		return false
	}
}

export async function createApp({
	config,
	database,
	logger,
	build,
	devMiddleware,
	lifecycle = { stopping: false },
}: AppOptions): Promise<(req: http.IncomingMessage, res: http.ServerResponse) => void> {
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY))

	app.use(requestLog(logger))
	const widgets = widgetSources(config)
	const csp = {
		...widgets,
		frameSources: [...(widgets.frameSources ?? []), ...config.BLOG_EMBED_HOSTS.map((host) => `https://${host}`)],
		// Blog posts may show featured, author and body images from any HTTPS host.
		imageSources: [...(widgets.imageSources ?? []), 'https:'],
	}
	const hsts = config.SITE_URL.startsWith('https:')
	app.use(securityHeaders({ hsts, csp }))
	app.use(compression())

	// Which database and release answered: in every health answer.
	const identity = { database: database.kind, version: build.version }
	// Liveness: the process answers and the database answers a read. Cheap enough to ask every few seconds.
	app.get('/healthz', async (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		try {
			await database.ping()
			res.json({ status: 'ok', ...identity })
		} catch (error) {
			logger.error({ err: error }, 'health check failed')
			res.status(503).json({ status: 'unavailable', ...identity })
		}
	})
	// Readiness: the database takes a write (not full, not read-only) and the server is not stopping.
	app.get('/readyz', async (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		if (lifecycle.stopping) {
			res.status(503).json({ status: 'not ready', reason: 'stopping', ...identity })
			return
		}
		const check = await database.checkWritable()
		if (check.ok) {
			res.json({ status: 'ready', ...identity })
			return
		}
		logger.warn({ reason: check.reason, detail: check.detail }, 'readiness check failed')
		res.status(503).json({ status: 'not ready', reason: check.reason, detail: check.detail, ...identity })
	})

	if (devMiddleware) {
		app.use(devMiddleware)
	} else if (build.clientDir) {
		const assetsDir = path.join(build.clientDir, 'assets')
		app.use('/assets', precompressedAssets(assetsDir))
		app.use(
			'/assets',
			express.static(assetsDir, {
				immutable: true,
				maxAge: '1y',
				index: false,
				redirect: false,
				fallthrough: false,
			}),
		)
		app.use(
			express.static(build.clientDir, {
				maxAge: '1h',
				index: false,
				redirect: false,
				extensions: false,
			}),
		)
	}

	const siteContextOf = (req: express.Request, res: express.Response): SiteContext => ({
		db: database.db,
		config,
		logger,
		clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
		routeOf: async (routePath: string) => routePatternOf((await build.serverBuild()).routes, routePath),
		operatorSession: null,
		malformedAddress: res.locals.malformedAddress === true,
	})
	app.use(refuseUnroutableMethods(build.serverBuild))
	app.use(consoleHeaders())
	app.use(markdownVersions({ db: database.db, config }, publicConfig(config)))
	const indexNowKey = config.INDEXNOW_KEY
	// IndexNow checks a ping's key against this file on the site.
	if (indexNowKey) app.get(indexNowKeyPath(indexNowKey), (_req, res) => res.type('text/plain').send(indexNowKey))
	const handleRequest = answerUnbuildableRequests(
		createRequestHandler({
			build: build.serverBuild,
			mode: config.NODE_ENV === 'development' ? 'development' : 'production',
			getLoadContext: async (req, res) => {
				markRequestBuilt(res)
				return routerContextFrom(await build.serverBuild(), siteContextOf(req, res), String(res.locals.cspNonce))
			},
		}),
	)
	// Express's routes answer a path they cannot decode with a bare 400: escaped into one segment, only the catch-all matches it.
	app.use((req, res, next) => {
		if (decodablePath(req.path)) return next()
		res.locals.malformedAddress = true
		req.originalUrl = `/${encodeURIComponent(req.path)}`
		return handleRequest(req, res, next)
	})
	const blogPages = devMiddleware ? undefined : blogPageCache({ build: build.serverBuild, siteContextOf, csp })
	if (blogPages) app.use(blogPages.renderOnMiss)
	app.all('*splat', handleRequest)

	const onError: ErrorRequestHandler = (error, _req, res, _next) => {
		const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500
		if (status >= 500) logger.error({ err: error }, 'unhandled error')
		if (res.headersSent) return
		res
			.status(status)
			.type('text/plain')
			.send(status === 404 ? 'Not Found' : status < 500 ? 'Bad Request' : 'Internal Server Error')
	}
	app.use(onError)
	if (!build.clientDir || !blogPages) return (req, res) => app(req, res)
	const prerendered = prerenderedPage(
		await loadPrerendered(build.clientDir, csp, negotiatedPageHeaders(config, publicConfig(config))),
	)
	// Pages kept in memory are answered before Express: they are the site's most requested pages.
	const fromMemory = servedFromMemory((url) => prerendered(url) ?? blogPages.cachedPage(url), { hsts, logger })
	return (req: http.IncomingMessage, res: http.ServerResponse) => {
		if (asksForMarkdown(config, req.headers.accept) || !fromMemory(req, res)) app(req, res)
	}
}
