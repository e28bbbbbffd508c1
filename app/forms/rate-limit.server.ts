import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type Database, selectRows } from '#app/db/client.server.ts'

/** What a counter limits: a form, or the analytics collector; a new form adds its name here. */
export type RateLimitScope =
	| 'beta_application'
	| 'waitlist'
	| 'contact'
	| 'newsletter'
	| 'insights'
	| 'console_sign_in'
	| 'console_passkey_sign_in'
	| 'console_link'
	| 'console'

/**
 * Counts one request of a scope (a form's name, or the analytics collector) from a client address in a fixed
 * window, atomically in the database, so every instance on one PostgreSQL shares the counters.
 */
export async function hitRateLimit(
	db: Database,
	options: { scope: RateLimitScope; clientAddress: string; max: number; windowSeconds: number },
) {
	// Hashed so the table never holds visitors' addresses.
	const client = crypto.createHash('sha256').update(options.clientAddress).digest('hex').slice(0, 32)
	const key = `${options.scope}:${client}`
	const window = sql`make_interval(secs => ${options.windowSeconds}::double precision)`
	const [row] = await selectRows<{ count: number; retry_after: number }>(
		db,
		sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
			ON CONFLICT (key) DO UPDATE SET
				window_start = CASE WHEN rate_limits.window_start <= now() - ${window} THEN now() ELSE rate_limits.window_start END,
				count = CASE WHEN rate_limits.window_start <= now() - ${window} THEN 1 ELSE rate_limits.count + 1 END
			RETURNING count, ceil(extract(epoch FROM (window_start + ${window} - now())))::int AS retry_after`,
	)
	return {
		allowed: Number(row?.count ?? 0) <= options.max,
		retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 1)),
	}
}

/** Forgets counters whose window has passed. */
export async function pruneRateLimits(db: Database, windowSeconds: number) {
	await db.execute(
		sql`DELETE FROM rate_limits WHERE window_start <= now() - make_interval(secs => ${windowSeconds}::double precision)`,
	)
}
