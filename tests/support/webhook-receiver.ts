import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedWebhook = {
	path: string
	headers: http.IncomingHttpHeaders
	body: Record<string, unknown>
	/** The body exactly as it arrived, for checking its signature. */
	raw: string
	/** The status it was answered with, or 'no-answer'. */
	status: ReceiverBehaviour
}

/** What the receiver does with a request: answer with this status, or hold it open and never answer. */
export type ReceiverBehaviour = number | 'no-answer'

/** A real HTTP server standing in for the chat service; records what it accepts (2xx answers only). */
export async function startWebhookReceiver(options: { port?: number } = {}) {
	const received: ReceivedWebhook[] = []
	const requests: ReceivedWebhook[] = []
	let behaviour: ReceiverBehaviour = 200
	let attempts = 0
	const server = http.createServer((req, res) => {
		let raw = ''
		req.setEncoding('utf8')
		req.on('data', (chunk) => {
			raw += chunk
		})
		req.on('end', () => {
			attempts++
			const status = behaviour
			let body: Record<string, unknown> = {}
			try {
				body = JSON.parse(raw)
			} catch {
				body = { raw }
			}
			const request = { path: req.url ?? '/', headers: req.headers, body, raw, status }
			requests.push(request)
			if (status === 'no-answer') return
			if (status < 300) received.push(request)
			res.statusCode = status
			res.end()
		})
	})
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		received,
		/** Every request that arrived, answered or not, in order. */
		requests,
		/** How many requests arrived, answered or not. */
		attempts: () => attempts,
		setStatus: (next: ReceiverBehaviour) => {
			behaviour = next
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}
