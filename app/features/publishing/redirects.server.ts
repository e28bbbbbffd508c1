import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { redirect } from 'react-router'
import { type PathProblem, type RedirectStatus, redirectStatuses } from '#app/content/redirects.ts'
import type { Database } from '#app/db/client.server.ts'
import { operators, redirects } from '#app/db/schema.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { carriedOver, locationOf, pathOf, requestedPath, storedPath } from './redirect-paths.ts'

// Any fixed number works; it only has to differ from the other advisory locks (727_001 migrations, 727_002 accounts).
const REDIRECTS_LOCK_ID = 727_040

/** Browsers ask again each time (an edit or a deletion takes effect); a CDN keeps a redirect a minute. */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=0, s-maxage=60'

/** Who made a change: an operator, or nobody for an import run from the command line. */
type Actor = { by: number | null; clientAddress: string }

export type RedirectSaved = {
	outcome: 'created' | 'updated'
	id: number
	/** The old address and where it now leads, as stored (decoded, chains followed). */
	from: string
	to: string
	statusCode: RedirectStatus
	/** Redirects that led to `from` and now go straight to `to`. */
	collapsed: number
	/** The old address of a redirect removed because its address is live content again, if any. */
	removed: string | null
}

export type RedirectOutcome =
	| RedirectSaved
	| { outcome: 'invalid'; field: 'from' | 'to'; problem: PathProblem }
	/** The target is the old address itself. */
	| { outcome: 'same' }
	/** The target's chain of redirects leads back to `from`. */
	| { outcome: 'loop'; from: string; to: string }

export type RedirectUpdateOutcome = RedirectOutcome | { outcome: 'unknown' } | { outcome: 'taken' }

const isRedirectStatus = (code: number): code is RedirectStatus =>
	(redirectStatuses as readonly number[]).includes(code)

type SaveInput = { from: string; to: string; statusCode: RedirectStatus; liveTarget: boolean } & Actor

/** Stores a redirect so that every redirect stays one hop long (chains collapsed both ways, loops refused), audited. */
function saveRedirect(db: Database, input: SaveInput & { id: number }): Promise<RedirectUpdateOutcome>
function saveRedirect(db: Database, input: SaveInput): Promise<RedirectOutcome>
async function saveRedirect(db: Database, input: SaveInput & { id?: number }): Promise<RedirectUpdateOutcome> {
	const from = storedPath(input.from, 'from')
	if (!from.ok) return { outcome: 'invalid', field: 'from', problem: from.problem }
	const to = storedPath(input.to, 'to')
	if (!to.ok) return { outcome: 'invalid', field: 'to', problem: to.problem }
	if (pathOf(to.path) === from.path) return { outcome: 'same' }
	return db.transaction(async (tx): Promise<RedirectUpdateOutcome> => {
		// Two changes at once could each miss the other's link and leave a chain or a loop behind.
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${REDIRECTS_LOCK_ID})`)
		const [own] =
			input.id === undefined ? [] : await tx.select().from(redirects).where(eq(redirects.id, input.id)).for('update')
		if (input.id !== undefined && !own) return { outcome: 'unknown' }
		const [holder] = await tx.select({ id: redirects.id }).from(redirects).where(eq(redirects.from_path, from.path))
		if (own && holder && holder.id !== own.id) return { outcome: 'taken' }

		let target = to.path
		let removed: string | null = null
		if (input.liveTarget) {
			const [gone] = await tx
				.delete(redirects)
				.where(eq(redirects.from_path, pathOf(target)))
				.returning({ from: redirects.from_path })
			removed = gone?.from ?? null
		} else {
			const seen = new Set([from.path, pathOf(target)])
			for (;;) {
				const [next] = await tx
					.select({ to: redirects.to_path })
					.from(redirects)
					.where(and(eq(redirects.from_path, pathOf(target)), own ? ne(redirects.id, own.id) : undefined))
				if (!next) break
				target = carriedOver(next.to, target)
				if (seen.has(pathOf(target))) return { outcome: 'loop', from: from.path, to: to.path }
				seen.add(pathOf(target))
			}
		}

		const pointing = await tx
			.select({ id: redirects.id, to: redirects.to_path })
			.from(redirects)
			.where(
				and(
					or(
						eq(redirects.to_path, from.path),
						sql`starts_with(${redirects.to_path}, ${`${from.path}?`})`,
						sql`starts_with(${redirects.to_path}, ${`${from.path}#`})`,
					),
					own ? ne(redirects.id, own.id) : undefined,
				),
			)
		for (const row of pointing) {
			await tx
				.update(redirects)
				.set({ to_path: carriedOver(target, row.to), updated_at: sql`now()` })
				.where(eq(redirects.id, row.id))
		}

		const values = { from_path: from.path, to_path: target, status_code: input.statusCode, updated_at: sql`now()` }
		const [saved] = own
			? await tx.update(redirects).set(values).where(eq(redirects.id, own.id)).returning({ id: redirects.id })
			: await tx
					.insert(redirects)
					.values({ ...values, created_by: input.by })
					.onConflictDoUpdate({ target: redirects.from_path, set: values })
					.returning({ id: redirects.id })
		if (!saved) throw new Error('the redirect was not written')
		const outcome = own || holder ? 'updated' : 'created'
		await recordAudit(tx, {
			action: outcome === 'created' ? 'redirect.created' : 'redirect.updated',
			operatorId: input.by,
			target: `redirect:${saved.id}`,
			clientAddress: input.clientAddress,
			detail: {
				from: from.path,
				to: target,
				status: input.statusCode,
				collapsed: pointing.length,
				...(removed ? { removed } : {}),
				...(input.liveTarget ? { cause: 'slug_change' } : {}),
			},
		})
		return {
			outcome,
			id: saved.id,
			from: from.path,
			to: target,
			statusCode: input.statusCode,
			collapsed: pointing.length,
			removed,
		}
	})
}

/** Adds a redirect, or changes the one that already starts at `from` (audited as `redirect.created` or `.updated`). */
export function addRedirect(
	db: Database,
	input: { from: string; to: string; statusCode?: RedirectStatus } & Actor,
): Promise<RedirectOutcome> {
	return saveRedirect(db, {
		...input,
		statusCode: input.statusCode ?? 301,
		liveTarget: false,
	})
}

/** Changes a redirect by its id: another old address, target or answer; refused when another starts at `from`. */
export function updateRedirect(
	db: Database,
	input: { id: number; from: string; to: string; statusCode: RedirectStatus } & Actor,
): Promise<RedirectUpdateOutcome> {
	return saveRedirect(db, { ...input, liveTarget: false })
}

/** Deletes a redirect (audited); its old address answers 404 again. */
export async function deleteRedirect(
	db: Database,
	{ id, by, clientAddress }: { id: number } & Actor,
): Promise<{ outcome: 'deleted'; from: string; to: string } | { outcome: 'unknown' }> {
	return db.transaction(async (tx) => {
		const [gone] = await tx
			.delete(redirects)
			.where(eq(redirects.id, id))
			.returning({ from: redirects.from_path, to: redirects.to_path })
		if (!gone) return { outcome: 'unknown' as const }
		await recordAudit(tx, {
			action: 'redirect.deleted',
			operatorId: by,
			target: `redirect:${id}`,
			clientAddress,
			detail: { from: gone.from, to: gone.to },
		})
		return { outcome: 'deleted' as const, ...gone }
	})
}

/** A published post's slug changed: a 301 from the old article path; one starting at the new path (live again) goes. */
export function recordSlugChange(
	db: Database,
	{ oldPath, newPath, by, clientAddress }: { oldPath: string; newPath: string } & Actor,
): Promise<RedirectOutcome> {
	return saveRedirect(db, {
		from: oldPath,
		to: newPath,
		statusCode: 301,
		liveTarget: true,
		by,
		clientAddress,
	})
}

export type RedirectEntry = {
	id: number
	from: string
	to: string
	statusCode: number
	hits: number
	lastHitAt: Date | null
	createdAt: Date
	/** Who added it; null for a post's slug change made by an import. */
	createdBy: string | null
}

const entryColumns = {
	id: redirects.id,
	from: redirects.from_path,
	to: redirects.to_path,
	statusCode: redirects.status_code,
	hits: redirects.hits,
	lastHitAt: redirects.last_hit_at,
	createdAt: redirects.created_at,
	createdBy: operators.display_name,
}

/** A page of redirects, newest first; `before` is the last id seen. */
export async function listRedirects(db: Database, filter: { before?: number; limit: number }) {
	const rows: RedirectEntry[] = await db
		.select(entryColumns)
		.from(redirects)
		.leftJoin(operators, eq(operators.id, redirects.created_by))
		.where(filter.before === undefined ? undefined : lt(redirects.id, filter.before))
		.orderBy(desc(redirects.id))
		.limit(filter.limit + 1)
	return { entries: rows.slice(0, filter.limit), more: rows.length > filter.limit }
}

/** One redirect by its id, or null. */
export async function getRedirect(db: Database, id: number): Promise<RedirectEntry | null> {
	const [row] = await db
		.select(entryColumns)
		.from(redirects)
		.leftJoin(operators, eq(operators.id, redirects.created_by))
		.where(eq(redirects.id, id))
	return row ?? null
}

/** Hits waiting to be written, per redirect, and the write under way: one at a time per database. */
type HitQueue = { waiting: Map<number, number>; writing: Promise<void> | null }
const hitQueues = new WeakMap<Database, HitQueue>()

async function writeHits(db: Database, queue: HitQueue, logger: Pick<Logger, 'warn'> | undefined) {
	try {
		while (queue.waiting.size > 0) {
			const batch = [...queue.waiting]
			queue.waiting.clear()
			for (const [id, count] of batch) {
				await db
					.update(redirects)
					.set({ hits: sql`${redirects.hits} + ${count}`, last_hit_at: sql`now()` })
					.where(eq(redirects.id, id))
					.catch((error: unknown) => logger?.warn({ err: error, redirect: id }, 'redirect hits not counted'))
			}
		}
	} finally {
		queue.writing = null
	}
}

/** Counts a hit without the answer waiting; hits that arrive during a write are summed into the next one. */
function countHit(db: Database, id: number, logger: Pick<Logger, 'warn'> | undefined) {
	let queue = hitQueues.get(db)
	if (!queue) {
		queue = { waiting: new Map(), writing: null }
		hitQueues.set(db, queue)
	}
	queue.waiting.set(id, (queue.waiting.get(id) ?? 0) + 1)
	queue.writing ??= writeHits(db, queue, logger)
}

/** A request's redirect (path matched decoded, query carried, hit counted); odd paths never reach the database. */
export async function resolveRedirect(
	db: Database,
	path: string,
	logger?: Pick<Logger, 'warn'>,
): Promise<{ location: string; statusCode: RedirectStatus } | null> {
	const query = path.indexOf('?')
	const from = requestedPath(query === -1 ? path : path.slice(0, query))
	if (from === null) return null
	const [row] = await db
		.select({ id: redirects.id, to: redirects.to_path, statusCode: redirects.status_code })
		.from(redirects)
		.where(eq(redirects.from_path, from))
	const location = row ? locationOf(row.to, query === -1 ? '' : path.slice(query)) : null
	if (!row || location === null) return null
	countHit(db, row.id, logger)
	return { location, statusCode: isRedirectStatus(row.statusCode) ? row.statusCode : 301 }
}

/** Before a 404: throws the stored redirect of the address, if any; a failed lookup leaves the 404 as it was. */
export async function followStoredRedirect(context: Pick<SiteContext, 'db' | 'logger'>, url: URL) {
	let found: Awaited<ReturnType<typeof resolveRedirect>>
	try {
		found = await resolveRedirect(context.db, `${url.pathname}${url.search}`, context.logger)
	} catch (error) {
		context.logger.warn({ err: error }, 'redirect lookup failed; answering 404')
		return
	}
	if (found) {
		throw redirect(found.location, {
			status: found.statusCode,
			headers: { 'Cache-Control': REDIRECT_CACHE_CONTROL },
		})
	}
}
