import http from 'node:http'

export type RawAnswer = { status: number; allow: string | undefined; location: string | undefined; body: string }

/** One request through `http.request`: Node's fetch refuses TRACE and CONNECT, rewrites paths and sets its own Sec-Fetch-Mode. */
export function sendRequest(
	baseUrl: string,
	method: string,
	path: string,
	headers: Record<string, string> = {},
	body = '',
): Promise<RawAnswer> {
	const { hostname, port } = new URL(baseUrl)
	return new Promise((resolve, reject) => {
		const request = http.request({ host: hostname, port, method, path, headers }, (response) => {
			let text = ''
			response.on('data', (chunk) => {
				text += chunk
			})
			response.on('end', () =>
				resolve({
					status: response.statusCode ?? 0,
					allow: response.headers.allow,
					location: response.headers.location,
					body: text.trim(),
				}),
			)
		})
		request.on('error', reject)
		request.end(body)
	})
}
