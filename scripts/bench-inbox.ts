import { type SQL, sql } from 'drizzle-orm'
import { type LeadKind, type LeadStatus, leadKinds } from '#app/content/inbox.ts'
import { type Database, type DatabaseHandle, selectRows } from '#app/db/client.server.ts'
import { searchQuery } from '#app/db/lead-search.ts'
import { cursorParam, type InboxCursor, inboxFilter, listInbox } from '#app/features/inbox/inbox.server.ts'
import { getLead, leadNotifications, leadsWithEmail, listNotes } from '#app/features/inbox/lead.server.ts'
import { leadTables, searchDocument } from '#app/features/inbox/lead-tables.server.ts'
import { measureLatency, onFreshDatabases } from './lib/latency.ts'

const count = (name: string, fallback: number) => {
	const value = Number(process.env[name])
	return Number.isSafeInteger(value) && value > 0 ? value : fallback
}
const PG_ROWS = count('INBOX_BENCH_PG_ROWS', 1_000_000)
const PGLITE_ROWS = count('INBOX_BENCH_PGLITE_ROWS', 200_000)
const ITERATIONS = count('INBOX_BENCH_ITERATIONS', 100)
const WARM_UPS = 5
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
/** p50 targets from the issue, in milliseconds. */
const TARGETS = { postgres: 50, pglite: 150 } as const

/** Each form's share of the leads. */
const SHARES: Record<LeadKind, number> = { contact: 0.4, beta: 0.1, waitlist: 0.2, newsletter: 0.3 }

const words = (text: string) => text.trim().split(/\s+/)
// Drawn with a skew (common words first); the last word is the searched one, in a few percent of messages.
const VOCABULARY = words(`
	the a and to of i we our my is for in on with it this that you your have be are can about would
	domain domains site sites parking parked page pages traffic revenue portfolio name names visitors month
	please thanks hello hi question help looking want need interested more how what when could time
	price pricing plan plans account setup content lead leads form forms email newsletter blog search
	registrar renewal transfer dns nameservers hosting launch live build template templates design theme
	monetize monetise ads advertising clicks earnings payout payouts affiliate offers niche niches keyword
	keywords ranking rankings seo organic backlinks authority aged expired auction auctions buyer buyers
	sell selling sale sold listing listings marketplace inquiry inquiries valuation appraisal offer offered
	brand brandable premium short exact match geo local city cities travel finance health insurance legal
	crypto gaming sports music food pets fitness fashion realestate education jobs software cloud mobile
	apps reviews compare guide guides tips news weekly daily archive community waitlist beta invite access
	feature features roadmap integration integrations api webhook webhooks export import csv bulk dashboard
	report reports analytics stats metrics conversion conversions bounce speed mobilefriendly https ssl
	certificate redirect redirects subdomain subdomains wildcard records propagation verified verification
	billing invoice invoices refund trial discount annual monthly team teams agency agencies client clients
	migrate migration wordpress static generator markdown editor writer writers copy articles outline
	schedule calendar call demo onboarding support ticket bug error broken slow fixed working unexpected
	arbitrage
`)
const FIRST_NAMES = words(`
	james mary john patricia robert jennifer michael linda william elizabeth david barbara richard susan joseph
	jessica thomas sarah charles karen daniel nancy matthew lisa anthony betty mark margaret donald sandra steven
	ashley paul kimberly andrew emily joshua donna kenneth michelle kevin carol brian amanda george melissa
	sofia lucas emma noah olivia liam ava mateo yuki hiroshi priya arjun fatima omar chen wei ana jose ingrid lars
`)
const LAST_NAMES = words(`
	smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson
	anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis
	robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall
	rivera campbell mitchell carter roberts muller schmidt rossi bianchi tanaka sato kumar patel silva santos
`)
const DOMAINS = words(`
	gmail.com outlook.com yahoo.com hotmail.com icloud.com proton.me fastmail.com gmx.de web.de orange.fr
	example.com example.org acme.io parkedportfolio.com domaininvest.co namevault.net
`)
const SUBJECTS = `Question about pricing|Domain portfolio review|Partnership inquiry|Help with DNS setup
	|Is my domain a good fit?|Bulk import of domains|Billing question|Feature request|Bug report
	|Moving from parking to content|Agency plan|Refund request|API access|Press inquiry|Hello
	|Traffic dropped after switching|Invoice needed|Can you review my niche?|Demo request|Webhook not firing`
	.split('|')
	.map((subject) => subject.trim())
const COMPANIES = words('Domains Holdings Media Ventures Digital Labs Group Capital Names Networks')
const SOLUTIONS = `Sedo parking|Bodis|ParkingCrew|Afternic listings|Dan.com landing pages|Nothing yet
	|Our own landing pages|GoDaddy CashParking|A WordPress site per domain|Static pages on Netlify`
	.split('|')
	.map((solution) => solution.trim())

/** The lists the seeding statements draw from, as one row `v`. */
const lists = sql`SELECT string_to_array(${VOCABULARY.join(' ')}, ' ') AS words,
	string_to_array(${FIRST_NAMES.join(' ')}, ' ') AS firsts, string_to_array(${LAST_NAMES.join(' ')}, ' ') AS lasts,
	string_to_array(${DOMAINS.join(' ')}, ' ') AS domains, string_to_array(${SUBJECTS.join('|')}, '|') AS subjects,
	string_to_array(${COMPANIES.join(' ')}, ' ') AS companies, string_to_array(${SOLUTIONS.join('|')}, '|') AS solutions`

/** A person `p` always has the same name and address, so one person's leads on several forms share an email. */
const first = sql`initcap(v.firsts[1 + s.p % cardinality(v.firsts)])`
const last = sql`initcap(v.lasts[1 + (s.p / cardinality(v.firsts)) % cardinality(v.lasts)])`
const personName = sql`${first} || ' ' || ${last}`
const email = sql`CASE s.p % 3 WHEN 0 THEN lower(${first}) || '.' || lower(${last})
	WHEN 1 THEN left(lower(${first}), 1) || lower(${last}) ELSE lower(${first}) || '_' END
	|| s.p || '@' || v.domains[1 + s.p % cardinality(v.domains)]`
/** Some visitors type their address with capitals; the inbox matches emails case-insensitively. */
const typedEmail = sql`CASE WHEN s.c < 0.05 THEN initcap(${email}) ELSE ${email} END`
const pick = (list: string) => sql`v.${sql.raw(list)}[1 + floor(random() * cardinality(v.${sql.raw(list)}))::int]`
/** A sentence of min to min + spread - 1 words; a correlated subquery, so drawn again for every row. */
const sentence = (min: number, spread: number) => sql`(SELECT upper(left(t, 1)) || substr(t, 2) || '.' FROM (
	SELECT string_agg(word, ' ') AS t FROM (
		SELECT v.words[1 + floor(cardinality(v.words) * random() ^ 3)::int] AS word
		FROM generate_series(1, ${sql.raw(String(min))} + s.i % ${sql.raw(String(spread))})) AS drawn) AS sentence)`
const changedAt = sql`least(now(), s.at + s.c * interval '30 days')`

/** The status (by `s.r`, with these shares; the first is a new lead's) and the columns its last change set. */
function workflow(shares: [LeadStatus, number][]) {
	let sum = 0
	const whens = shares.slice(0, -1).map(([status, share]) => {
		sum += share
		return sql`WHEN s.r < ${sum} THEN ${status}`
	})
	const changed = sql`s.r >= ${shares[0]?.[1] ?? 0}`
	return sql`CASE ${sql.join(whens, sql` `)} ELSE ${shares.at(-1)?.[0]} END,
		CASE WHEN ${changed} THEN 1 + floor(s.c * 3)::int ELSE 0 END,
		CASE WHEN ${changed} THEN ${changedAt} END,
		CASE WHEN ${changed} THEN (SELECT min(id) FROM operators) END`
}

type Form = { table: string; rows: number; person: SQL; columns: string; values: SQL; pagePath: string }

/** Rows of one form: `s` holds per row a person `p`, two random numbers and a time in the last two years. */
const insertLeads = (form: Form) => sql`WITH v AS (${lists}),
	s AS MATERIALIZED (
		SELECT i, ${form.person} AS p, random() AS r, random() AS c, now() - random() * interval '730 days' AS at
		FROM generate_series(1, ${form.rows}) AS i)
	INSERT INTO ${sql.identifier(form.table)} (${sql.raw(form.columns)}, status_version, status_changed_at,
		status_changed_by, page_path, created_at)
	SELECT ${form.values}, CASE WHEN s.c < 0.8 THEN ${form.pagePath} END, s.at
	FROM s CROSS JOIN v ORDER BY s.at`

type Counts = Record<LeadKind, number>

function countsFor(total: number): Counts {
	const counts = Object.fromEntries(leadKinds.map((kind) => [kind, Math.floor(total * SHARES[kind])])) as Counts
	counts.contact += total - leadKinds.reduce((sum, kind) => sum + counts[kind], 0)
	return counts
}

async function seed(db: Database, counts: Counts) {
	// Non-newsletter leads come from a pool of people that overlaps the subscribers, so some share an email.
	const people = Math.max(1, Math.round((counts.contact + counts.beta + counts.waitlist + counts.newsletter) * 0.6))
	const person = sql`1 + floor(random() * ${people})::int`
	await db.execute(sql`INSERT INTO operators (email, display_name, password_hash)
		VALUES ('operator@example.com', 'Bench Operator', 'not-a-password-hash')`)
	await db.execute(
		insertLeads({
			table: 'contact_messages',
			rows: counts.contact,
			person,
			pagePath: '/contact',
			columns: 'name, email, subject, message, status',
			values: sql`${personName}, ${typedEmail}, ${pick('subjects')}, ${sentence(8, 24)}, ${workflow([
				['unread', 0.15],
				['read', 0.35],
				['replied', 0.35],
				['archived', 0.15],
			])}`,
		}),
	)
	await db.execute(
		insertLeads({
			table: 'beta_applications',
			rows: counts.beta,
			person,
			pagePath: '/pricing',
			columns: 'full_name, email, company_name, domain_count, current_solution, why_interested, review_status',
			values: sql`${personName}, ${typedEmail}, CASE WHEN s.c < 0.7 THEN ${last} || ' ' || ${pick('companies')} END,
				1 + floor(random() ^ 2 * 500)::int, CASE WHEN s.c > 0.1 THEN ${pick('solutions')} END, ${sentence(10, 30)},
				${workflow([
					['new', 0.2],
					['reviewing', 0.2],
					['accepted', 0.3],
					['declined', 0.3],
				])}`,
		}),
	)
	await db.execute(
		insertLeads({
			table: 'community_waitlist',
			rows: counts.waitlist,
			person,
			pagePath: '/community-interest',
			columns: 'name, email, source, status',
			values: sql`${personName}, ${typedEmail},
				(ARRAY['website', 'website', 'twitter', 'newsletter', 'referral', 'podcast'])[1 + floor(random() * 6)::int],
				${workflow([
					['pending', 0.4],
					['invited', 0.3],
					['joined', 0.25],
					['removed', 0.05],
				])}`,
		}),
	)
	// Subscriber i is person i: the addresses are unique, as the table's index on lower(btrim(email)) requires.
	await db.execute(
		insertLeads({
			table: 'newsletter_subscribers',
			rows: counts.newsletter,
			person: sql`i`,
			pagePath: '/blog',
			columns: 'email, name, source, unsubscribed_at, status',
			values: sql`${email}, CASE WHEN s.c < 0.7 THEN ${personName} END,
				(ARRAY['blog_sidebar', 'blog_sidebar', 'footer', 'article_end'])[1 + floor(random() * 4)::int],
				CASE WHEN s.r >= 0.85 THEN ${changedAt} END, ${workflow([
					['active', 0.85],
					['unsubscribed', 0.15],
				])}`,
		}),
	)
	// Every other lead has its chat (or newsletter) notification: mostly delivered, some failed or still pending.
	for (const kind of leadKinds) {
		const table = sql.identifier(leadTables[kind].name)
		await db.execute(sql`INSERT INTO notifications (channel, idempotency_key, payload, status, attempts,
				next_attempt_at, last_error, delivered_at, created_at, lead_kind, lead_id)
			SELECT ${kind === 'newsletter' ? 'newsletter' : 'chat'}, ${kind} || ':' || t.id,
				jsonb_build_object('event', ${kind}::text, 'text', 'New lead' || chr(10) || '*Email:* ' || t.email,
					'email', t.email, 'time', t.created_at),
				CASE t.id / 2 % 20 WHEN 0 THEN 'failed' WHEN 1 THEN 'pending' ELSE 'delivered' END,
				CASE t.id / 2 % 20 WHEN 0 THEN 8 WHEN 1 THEN 2 ELSE 1 END, t.created_at + interval '5 minutes',
				CASE t.id / 2 % 20 WHEN 0 THEN 'webhook answered 500 Internal Server Error' END,
				CASE WHEN t.id / 2 % 20 > 1 THEN t.created_at + interval '2 seconds' END, t.created_at, ${kind}, t.id
			FROM ${table} AS t WHERE t.id % 2 = 0`)
	}
	// One contact message or beta application in ten has an operator's note.
	for (const kind of ['contact', 'beta'] as const) {
		const table = sql.identifier(leadTables[kind].name)
		await db.execute(sql`WITH v AS (${lists})
			INSERT INTO lead_notes (lead_kind, lead_id, operator_id, body, created_at)
			SELECT ${kind}, s.id, (SELECT min(id) FROM operators), ${sentence(5, 20)}, s.created_at + interval '1 day'
			FROM (SELECT id, id AS i, created_at FROM ${table} WHERE id % 10 = 0) AS s CROSS JOIN v`)
	}
	// VACUUM as well: a live database's autovacuum has set the visibility map and emptied the GIN pending lists.
	await db.execute(sql`VACUUM ANALYZE`)
}

/** A small seeded generator, so every run measures the same leads. */
function random(seed: number) {
	let state = seed
	return () => {
		state = (state + 0x6d2b79f5) | 0
		let t = Math.imul(state ^ (state >>> 15), 1 | state)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
	}
}

/** `n` leads drawn evenly from all of them; ids are 1..count in a fresh table. */
function randomLeads(counts: Counts, n: number, seed: number) {
	const next = random(seed)
	const total = leadKinds.reduce((sum, kind) => sum + counts[kind], 0)
	return Array.from({ length: n }, () => {
		let index = Math.floor(next() * total)
		for (const kind of leadKinds) {
			if (index < counts[kind]) return { kind, id: index + 1 }
			index -= counts[kind]
		}
		throw new Error('unreachable')
	})
}

const filterFor = (q?: string) => {
	const { invalidDate: _, ...filter } = inboxFilter(new URLSearchParams(q ? { q } : {}))
	return filter
}

type Figure = { database: string; query: string; p50: number; p99: number; target: number }

async function bench(label: string, handle: DatabaseHandle, total: number): Promise<Figure[]> {
	const { db } = handle
	const counts = countsFor(total)
	console.log(`${label}: seeding ${total.toLocaleString('en-US')} leads (${JSON.stringify(counts)})...`)
	const started = performance.now()
	await seed(db, counts)
	console.log(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (with VACUUM ANALYZE).`)

	let cursor: InboxCursor | undefined
	for (let page = 1; page < 100; page++) cursor = cursorParam((await listInbox(db, filterFor(), cursor)).next)
	if (!cursor) throw new Error('fewer than 100 inbox pages: raise the row count')
	const page100 = cursor

	const word = VOCABULARY.at(-1) ?? ''
	const [matches] = await selectRows<{ count: string | number }>(
		db,
		sql`SELECT (SELECT count(*) FROM contact_messages
				WHERE ${searchDocument(leadTables.contact)} @@ to_tsquery('simple'::regconfig, ${searchQuery(word)}))
			+ (SELECT count(*) FROM beta_applications
				WHERE ${searchDocument(leadTables.beta)} @@ to_tsquery('simple'::regconfig, ${searchQuery(word)})) AS count`,
	)
	const share = (100 * Number(matches?.count ?? 0)) / (counts.contact + counts.beta)
	console.log(`${label}: "${word}" is in ${share.toFixed(1)}% of contact messages and beta applications.`)

	const leads = randomLeads(counts, WARM_UPS + ITERATIONS, 19)
	const emails: string[] = []
	for (const lead of randomLeads(counts, WARM_UPS + ITERATIONS, 24)) {
		emails.push((await getLead(db, lead.kind, lead.id))?.email ?? '')
	}

	const queries: [string, (call: number) => Promise<unknown>][] = [
		['first inbox page', () => listInbox(db, filterFor())],
		['page 100 (keyset)', () => listInbox(db, filterFor(), page100)],
		['search by email', (call) => listInbox(db, filterFor(emails[call]))],
		[`search by word ("${word}")`, () => listInbox(db, filterFor(word))],
		[`search by a word's start ("${word.slice(0, 5)}")`, () => listInbox(db, filterFor(word.slice(0, 5)))],
		// Part of an address: what comes before the @ of one lead's email.
		['search by part of an email', (call) => listInbox(db, filterFor(emails[call]?.split('@')[0]))],
		[
			'lead page',
			async (call) => {
				const { kind, id } = leads[call] ?? { kind: 'contact', id: 1 }
				const lead = await getLead(db, kind, id)
				if (!lead) throw new Error(`no lead ${kind}:${id}`)
				await Promise.all([
					leadNotifications(db, kind, id),
					leadsWithEmail(db, lead.email, lead),
					listNotes(db, kind, id),
				])
			},
		],
	]
	const target = TARGETS[handle.kind]
	const figures: Figure[] = []
	for (const [query, run] of queries)
		figures.push({
			database: label,
			query,
			...(await measureLatency(run, { warmUps: WARM_UPS, iterations: ITERATIONS })),
			target,
		})
	return figures
}

console.log(`${ITERATIONS} timed calls per query after ${WARM_UPS} warm-ups.`)
const figures = await onFreshDatabases('bench_inbox', adminUrl, (database, handle) =>
	bench(database, handle, database === 'PostgreSQL' ? PG_ROWS : PGLITE_ROWS),
)

console.table(
	figures.map((figure) => ({
		database: figure.database,
		query: figure.query,
		'p50 ms': figure.p50.toFixed(1),
		'p99 ms': figure.p99.toFixed(1),
		'p50 target': `< ${figure.target} ms`,
		verdict: figure.p50 < figure.target ? 'PASS' : 'OVER',
	})),
)
const over = figures.filter((figure) => figure.p50 >= figure.target)
console.log(
	over.length
		? `Over target (p50): ${over.map((figure) => `${figure.database} ${figure.query}`).join(', ')}`
		: 'Every p50 is within its target.',
)
