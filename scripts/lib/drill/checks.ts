import { sql } from 'drizzle-orm'
import { openDatabase, selectRows } from '#app/db/client.server.ts'
import type { ReceivedWebhook } from '#tests/support/webhook-receiver.ts'
import { drillEmailPrefix, drillForms, isAcknowledged, type Outcome } from './traffic.ts'

export type Location = { databaseUrl: string } | { dataDir: string }

export type Stored = {
	/** Rows per drill email over the four lead tables. */
	rows: Map<string, number>
	/** The drill's notifications by status. */
	notifications: Record<string, number>
}

/** Reads what the drill wrote; an embedded database must not be owned by a running server. */
export async function readStore(location: Location): Promise<Stored> {
	const handle = await openDatabase(
		'databaseUrl' in location ? { databaseUrl: location.databaseUrl } : { dataDir: location.dataDir },
	)
	try {
		const rows = new Map<string, number>()
		const pattern = `${drillEmailPrefix}%`
		for (const { table } of drillForms) {
			const found = await selectRows<{ email: string; count: number | string }>(
				handle.db,
				sql`SELECT email, count(*) AS count FROM ${sql.identifier(table)} WHERE email LIKE ${pattern} GROUP BY email`,
			)
			for (const row of found) rows.set(row.email, (rows.get(row.email) ?? 0) + Number(row.count))
		}
		const statuses = await selectRows<{ status: string; count: number | string }>(
			handle.db,
			sql`SELECT status, count(*) AS count FROM notifications WHERE payload->>'email' LIKE ${pattern} GROUP BY status`,
		)
		return { rows, notifications: Object.fromEntries(statuses.map((s) => [s.status, Number(s.count)])) }
	} finally {
		await handle.close()
	}
}

export type Tally = {
	sent: number
	acknowledged: number
	rowsFound: number
	delivered: number
	/** Rows stored twice plus submissions announced under more than one idempotency key. */
	duplicates: number
	/** Second deliveries with the same idempotency key, which a receiver drops. */
	redelivered: number
	serverErrors: number
	lost: string[]
}

/** Compares what the server acknowledged with what the database holds and what the receiver got. */
export function tally(outcomes: Outcome[], stored: Stored, received: ReceivedWebhook[]): Tally {
	const acknowledged = outcomes.filter(isAcknowledged)
	const keysByEmail = new Map<string, Set<string>>()
	const deliveriesByKey = new Map<string, number>()
	for (const delivery of received) {
		const email = String(delivery.body.email ?? '')
		if (!email.startsWith(drillEmailPrefix)) continue
		const key = String(delivery.headers['idempotency-key'] ?? '')
		keysByEmail.set(email, (keysByEmail.get(email) ?? new Set()).add(key))
		deliveriesByKey.set(key, (deliveriesByKey.get(key) ?? 0) + 1)
	}
	const lost: string[] = []
	let rowsFound = 0
	let delivered = 0
	for (const { submission } of acknowledged) {
		if (stored.rows.has(submission.email)) rowsFound++
		else lost.push(`row of ${submission.email}`)
		if (keysByEmail.has(submission.email)) delivered++
		else lost.push(`notification of ${submission.email}`)
	}
	const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0)
	const pending = sum(
		Object.entries(stored.notifications).flatMap(([status, n]) => (status === 'delivered' ? [] : [n])),
	)
	if (pending > 0) lost.push(`${pending} notifications not delivered: ${JSON.stringify(stored.notifications)}`)
	return {
		sent: outcomes.length,
		acknowledged: acknowledged.length,
		rowsFound,
		delivered,
		duplicates:
			sum([...stored.rows.values()].map((n) => n - 1)) + sum([...keysByEmail.values()].map((keys) => keys.size - 1)),
		redelivered: sum([...deliveriesByKey.values()].map((n) => n - 1)),
		serverErrors: outcomes.filter((o) => (o.status ?? 0) >= 500).length,
		lost,
	}
}

/** Waits until every acknowledged submission's notification reached the receiver, then for `quietMs` without news. */
export async function waitForDeliveries(
	outcomes: Outcome[],
	received: ReceivedWebhook[],
	options: { timeoutMs: number; notBefore?: number; quietMs?: number },
) {
	const wanted = new Set(outcomes.filter(isAcknowledged).map((o) => o.submission.email))
	const deadline = Date.now() + options.timeoutMs
	let seen = -1
	let quietSince = Date.now()
	while (Date.now() < deadline) {
		const emails = new Set(received.map((r) => String(r.body.email ?? '')))
		const complete = [...wanted].every((email) => emails.has(email))
		if (received.length !== seen) {
			seen = received.length
			quietSince = Date.now()
		}
		if (complete && Date.now() >= (options.notBefore ?? 0) && Date.now() - quietSince >= (options.quietMs ?? 3_000))
			return true
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	return false
}
