import { Writable } from 'node:stream'
import { pino } from 'pino'

/** A logger whose JSON lines a test reads back, as written and parsed. */
export function capturedLogger() {
	const raw: string[] = []
	const stream = new Writable({
		write(chunk, _encoding, done) {
			raw.push(String(chunk))
			done()
		},
	})
	return {
		logger: pino({ level: 'info', base: undefined }, stream),
		raw,
		lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
	}
}
