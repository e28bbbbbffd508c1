// The part of autocannon's programmatic API the benchmarks use; the package ships no types.
declare module 'autocannon' {
	type Options = {
		url: string
		connections?: number
		duration?: number
		method?: 'GET' | 'POST'
		headers?: Record<string, string>
		body?: string
		idReplacement?: boolean
	}
	type Histogram = { average: number; p50: number; p99: number; max: number }
	export type Result = {
		requests: Histogram & { total: number }
		latency: Histogram
		errors: number
		timeouts: number
		non2xx: number
		'2xx': number
		'3xx': number
		'4xx': number
		'5xx': number
	}
	export default function autocannon(options: Options): Promise<Result>
}
