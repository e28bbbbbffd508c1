import crypto from 'node:crypto'
import type http from 'node:http'
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'
import { loggedUrl } from '#app/features/console/console-paths.ts'

/** A proxy's request id is kept when it looks like one (nginx's `$request_id`, a UUID), so both logs line up. */
const forwardedRequestId = /^[\w.:-]{8,128}$/

function requestIdOf(req: http.IncomingMessage) {
	const given = req.headers['x-request-id']
	return typeof given === 'string' && forwardedRequestId.test(given) ? given : crypto.randomUUID()
}

/**
 * Gives the request its id (the `X-Request-Id` answer header) and logs one line once the response is finished, with
 * the bytes sent; the level follows the status so 404s stay quiet info lines.
 */
export function logRequest(logger: Logger, req: http.IncomingMessage, res: http.ServerResponse) {
	const start = process.hrtime.bigint()
	const id = requestIdOf(req)
	res.setHeader('X-Request-Id', id)
	const bytesBefore = req.socket.bytesWritten
	res.on('finish', () => {
		const ms = Number(process.hrtime.bigint() - start) / 1e6
		const entry = {
			id,
			method: req.method,
			url: loggedUrl(req.url),
			status: res.statusCode,
			ms: Math.round(ms * 10) / 10,
			// On the wire, headers included: what the answer cost, compressed or not.
			bytes: req.socket.bytesWritten - bytesBefore,
		}
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
