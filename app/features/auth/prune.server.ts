import { sql } from 'drizzle-orm'
import type { Database } from '#app/db/client.server.ts'
import { pruneSessions } from './sessions.server.ts'
import { pruneSignInThrottles } from './sign-in.server.ts'

/** Forgets what can no longer be used: ended sessions, idle sign-in counters, old challenges and links. */
export async function pruneOperatorState(db: Database) {
	await pruneSessions(db)
	await pruneSignInThrottles(db)
	await db.execute(sql`DELETE FROM webauthn_challenges WHERE expires_at < now()`)
	await db.execute(sql`DELETE FROM operator_tokens WHERE expires_at < now() - interval '30 days'`)
}
