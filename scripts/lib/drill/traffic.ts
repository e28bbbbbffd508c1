import crypto from 'node:crypto'
import http from 'node:http'

/** The four lead forms: where they post, the table that keeps them, and fields a person might type. */
export const drillForms = [
	{
		path: '/beta-application',
		table: 'beta_applications',
		fields: (n: number, email: string) => ({
			full_name: `Drill Applicant ${n}`,
			email,
			company_name: 'Drill Co',
			domain_count: String((n % 500) + 1),
			current_solution: 'Parking pages',
			why_interested: `Load drill submission ${n}.`,
		}),
	},
	{
		path: '/community-interest',
		table: 'community_waitlist',
		fields: (n: number, email: string) => ({ name: `Drill Member ${n}`, email }),
	},
	{
		path: '/contact',
		table: 'contact_messages',
		fields: (n: number, email: string) => ({
			name: `Drill Contact ${n}`,
			email,
			subject: 'Drill',
			message: `Load drill message ${n}.`,
		}),
	},
	{
		path: '/newsletter',
		table: 'newsletter_subscribers',
		fields: (n: number, email: string) => ({ email, name: `Drill Reader ${n}`, source: 'drill' }),
	},
] as const

export type DrillForm = (typeof drillForms)[number]

export type Submission = { n: number; form: DrillForm; email: string; address: string; body: string }

const runId = crypto.randomBytes(3).toString('hex')
let counter = 0

/** Every drill email starts with this, so checks ignore anything else in the database. */
export const drillEmailPrefix = `drill-${runId}-`

/** A new submission with an email no other one uses; from its own client address and the next form unless given. */
export function nextSubmission(options: { address?: string; form?: DrillForm } = {}): Submission {
	const n = counter++
	const form = options.form ?? (drillForms[n % drillForms.length] as DrillForm)
	const address = options.address
	const email = `${drillEmailPrefix}${n}@example.com`
	return {
		n,
		form,
		email,
		address: address ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
		body: new URLSearchParams(form.fields(n, email)).toString(),
	}
}

export type Outcome = {
	submission: Submission
	target: string
	/** The HTTP status, or undefined when the request failed without an answer. */
	status?: number
	error?: string
	startedAt: number
	endedAt: number
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

/** Posts a submission as a browser without JavaScript does, from its address (X-Forwarded-For behind TRUST_PROXY). */
export function send(target: string, submission: Submission): Promise<Outcome> {
	const startedAt = performance.now()
	const url = new URL(submission.form.path, target)
	return new Promise((resolve) => {
		const finish = (result: { status?: number; error?: string }) =>
			resolve({ submission, target, ...result, startedAt, endedAt: performance.now() })
		const req = http.request(
			url,
			{
				method: 'POST',
				agent,
				timeout: 30_000,
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					'content-length': Buffer.byteLength(submission.body),
					origin: url.origin,
					'x-forwarded-for': submission.address,
				},
			},
			(res) => {
				res.resume()
				res.on('end', () => finish({ status: res.statusCode }))
				res.on('error', (error) => finish({ error: error.message }))
			},
		)
		req.on('timeout', () => req.destroy(new Error('timed out after 30 s')))
		req.on('error', (error) => finish({ error: (error as NodeJS.ErrnoException).code ?? error.message }))
		req.end(submission.body)
	})
}

export type Load = {
	outcomes: Outcome[]
	/** Answers with 2xx so far. */
	acknowledged: () => number
	/** Sends nothing more; requests already sent still finish. */
	stop: () => void
	done: Promise<Outcome[]>
}

/** `clients` concurrent senders share `count` new submissions; `target(n)` picks the server of submission n. */
export function startLoad(options: { count: number; clients: number; target: (n: number) => string }): Load {
	const outcomes: Outcome[] = []
	let remaining = options.count
	let acknowledged = 0
	const client = async () => {
		while (remaining > 0) {
			remaining--
			const submission = nextSubmission()
			const outcome = await send(options.target(submission.n), submission)
			outcomes.push(outcome)
			if (isAcknowledged(outcome)) acknowledged++
		}
	}
	const done = Promise.all(Array.from({ length: options.clients }, client)).then(() => outcomes)
	return {
		outcomes,
		acknowledged: () => acknowledged,
		stop: () => {
			remaining = 0
		},
		done,
	}
}

export type PageOutcome = { path: string; status?: number; complete: boolean; startedAt: number; endedAt: number }

/** A GET on the drill's kept-alive connections; `complete` says the whole body arrived. */
export function fetchPage(target: string, urlPath: string): Promise<PageOutcome> {
	const startedAt = performance.now()
	return new Promise((resolve) => {
		const finish = (status: number | undefined, complete: boolean) =>
			resolve({ path: urlPath, status, complete, startedAt, endedAt: performance.now() })
		const req = http.get(new URL(urlPath, target), { agent, timeout: 30_000 }, (res) => {
			res.resume()
			res.on('end', () => finish(res.statusCode, res.complete))
			res.on('error', () => finish(res.statusCode, false))
		})
		req.on('timeout', () => req.destroy(new Error('timed out after 30 s')))
		req.on('error', () => finish(undefined, false))
	})
}

/** `clients` concurrent readers asking for `paths` in turn until stopped: the pages a visitor loads while others post. */
export function startPageLoad(options: { clients: number; target: string; paths: string[] }) {
	const outcomes: PageOutcome[] = []
	let running = true
	let next = 0
	const client = async () => {
		while (running) {
			const urlPath = options.paths[next++ % options.paths.length] as string
			outcomes.push(await fetchPage(options.target, urlPath))
		}
	}
	const done = Promise.all(Array.from({ length: options.clients }, client)).then(() => outcomes)
	return {
		stop: () => {
			running = false
		},
		done,
	}
}

export const isAcknowledged = (outcome: Outcome) =>
	outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300

/** The p-th percentile of the answered requests' latency in milliseconds. */
export function percentile(outcomes: Outcome[], p: number) {
	const times = outcomes
		.filter((o) => o.status !== undefined)
		.map((o) => o.endedAt - o.startedAt)
		.sort((a, b) => a - b)
	if (times.length === 0) return 0
	return times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0
}

export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, pollMs = 250) {
	const deadline = Date.now() + timeoutMs
	while (Date.now() < deadline) {
		if (await condition()) return true
		await new Promise((resolve) => setTimeout(resolve, pollMs))
	}
	return condition()
}
