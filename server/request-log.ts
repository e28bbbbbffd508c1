import type http from 'node:http'
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'
import { loggedUrl } from '../app/features/operators/console-paths.ts'

/** Logs one line once the response is finished; level follows the status so 404s stay quiet info lines. */
export function logRequest(logger: Logger, req: http.IncomingMessage, res: http.ServerResponse) {
	const start = process.hrtime.bigint()
	res.on('finish', () => {
		const ms = Number(process.hrtime.bigint() - start) / 1e6
		const entry = { method: req.method, url: loggedUrl(req.url), status: res.statusCode, ms: Math.round(ms * 10) / 10 }
		if (res.statusCode >= 500) logger.error(entry, 'request')
		else logger.info(entry, 'request')
	})
}

export function requestLog(logger: Logger): RequestHandler {
	return (req, res, next) => {
		logRequest(logger, req, res)
		next()
	}
}
