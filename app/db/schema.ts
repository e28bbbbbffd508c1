import { sql } from 'drizzle-orm'
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const betaApplications = pgTable('beta_applications', {
	id: id(),
	full_name: text('full_name').notNull(),
	email: text('email').notNull(),
	company_name: text('company_name'),
	domain_count: integer('domain_count').notNull(),
	current_solution: text('current_solution'),
	why_interested: text('why_interested').notNull(),
	created_at: createdAt(),
})

export const communityWaitlist = pgTable('community_waitlist', {
	id: id(),
	name: text('name').notNull(),
	email: text('email').notNull(),
	source: text('source').notNull().default('website'),
	status: text('status').notNull().default('pending'),
	created_at: createdAt(),
})

export const contactMessages = pgTable('contact_messages', {
	id: id(),
	name: text('name').notNull(),
	email: text('email').notNull(),
	subject: text('subject').notNull(),
	message: text('message').notNull(),
	status: text('status').notNull().default('unread'),
	created_at: createdAt(),
})

export const newsletterSubscribers = pgTable(
	'newsletter_subscribers',
	{
		id: id(),
		email: text('email').notNull(),
		name: text('name'),
		source: text('source').notNull().default('blog_sidebar'),
		status: text('status').notNull().default('active'),
		unsubscribed_at: timestamp('unsubscribed_at', { withTimezone: true }),
		created_at: createdAt(),
	},
	(t) => [uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(btrim(${t.email}))`)],
)

export type BlogTerm = string | { name: string }
export type BlogAuthor = { name?: string | null; image?: string | null }

export const blogPosts = pgTable(
	'blog_posts',
	{
		id: id(),
		title: text('title').notNull(),
		seo_slug: text('seo_slug').notNull(),
		published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
		excerpt: text('excerpt'),
		content: text('content'),
		bodyhtml: text('bodyhtml'),
		featured_image: text('featured_image'),
		featured_image_alt: text('featured_image_alt'),
		categories: jsonb('categories').$type<BlogTerm[]>().notNull().default([]),
		tags: jsonb('tags').$type<BlogTerm[]>().notNull().default([]),
		author: jsonb('author').$type<BlogAuthor>(),
		created_at: createdAt(),
		updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('blog_posts_seo_slug_key').on(t.seo_slug),
		index('blog_posts_published_at_idx').on(t.published_at.desc(), t.id.desc()),
	],
)

/** Outbox: a row per message to deliver, written in the same transaction as the lead it announces. */
export const notifications = pgTable(
	'notifications',
	{
		id: id(),
		channel: text('channel').notNull(),
		idempotency_key: text('idempotency_key').notNull(),
		payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
		status: text('status').notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
		last_error: text('last_error'),
		delivered_at: timestamp('delivered_at', { withTimezone: true }),
		created_at: createdAt(),
	},
	(t) => [
		uniqueIndex('notifications_idempotency_key_key').on(t.idempotency_key),
		index('notifications_due_idx').on(t.next_attempt_at).where(sql`status = 'pending'`),
	],
)

export const analyticsEvents = pgTable(
	'analytics_events',
	{
		id: id(),
		name: text('name').notNull(),
		route: text('route'),
		path: text('path'),
		props: jsonb('props').$type<Record<string, unknown>>(),
		visitor_hash: text('visitor_hash'),
		created_at: createdAt(),
	},
	(t) => [index('analytics_events_created_at_idx').on(t.created_at)],
)

/** One random salt per UTC day for visitor hashes; a day's salt is deleted once the day is over, so hashes cannot be traced back. */
export const analyticsSalts = pgTable('analytics_salts', {
	day: date('day').primaryKey(),
	salt: text('salt').notNull(),
})

/** Per-client counters for form rate limits, shared by every instance on one database. */
export const rateLimits = pgTable('rate_limits', {
	key: text('key').primaryKey(),
	window_start: timestamp('window_start', { withTimezone: true }).notNull(),
	count: integer('count').notNull(),
})

const moment = (name: string) => timestamp(name, { withTimezone: true })
const operatorId = (name = 'operator_id') => bigint(name, { mode: 'number' })

/** The people who work in the console; never deleted (the audit log names them), only disabled. */
export const operators = pgTable(
	'operators',
	{
		id: id(),
		email: text('email').notNull(),
		display_name: text('display_name').notNull(),
		/** Algorithm, parameters, salt and hash in one string, so raised parameters can be recognised and upgraded. */
		password_hash: text('password_hash').notNull(),
		created_at: createdAt(),
		last_sign_in_at: moment('last_sign_in_at'),
		disabled_at: moment('disabled_at'),
	},
	(t) => [uniqueIndex('operators_email_key').on(sql`lower(${t.email})`)],
)

/** Signed-in browsers; the cookie holds a random id, the table only its SHA-256. */
export const operatorSessions = pgTable(
	'operator_sessions',
	{
		id_hash: text('id_hash').primaryKey(),
		operator_id: operatorId()
			.notNull()
			.references(() => operators.id, { onDelete: 'cascade' }),
		csrf_token: text('csrf_token').notNull(),
		user_agent: text('user_agent').notNull().default(''),
		created_at: createdAt(),
		last_seen_at: moment('last_seen_at').notNull().defaultNow(),
		expires_at: moment('expires_at').notNull(),
	},
	(t) => [index('operator_sessions_operator_idx').on(t.operator_id)],
)

/** Single-use links: the first operator's setup, invitations and password resets; only their SHA-256 is kept. */
export const operatorTokens = pgTable('operator_tokens', {
	id: id(),
	kind: text('kind').$type<'setup' | 'invitation' | 'reset'>().notNull(),
	token_hash: text('token_hash').notNull().unique(),
	/** Invitations: the address invited. */
	email: text('email'),
	/** Resets: whose password. */
	operator_id: operatorId().references(() => operators.id),
	created_by: operatorId('created_by').references(() => operators.id),
	created_at: createdAt(),
	expires_at: moment('expires_at').notNull(),
	used_at: moment('used_at'),
})

export const passkeys = pgTable(
	'passkeys',
	{
		/** The credential id, base64url. */
		id: text('id').primaryKey(),
		operator_id: operatorId()
			.notNull()
			.references(() => operators.id, { onDelete: 'cascade' }),
		public_key: text('public_key').notNull(),
		counter: bigint('counter', { mode: 'number' }).notNull().default(0),
		transports: jsonb('transports').$type<string[]>().notNull().default([]),
		name: text('name').notNull(),
		created_at: createdAt(),
		last_used_at: moment('last_used_at'),
	},
	(t) => [index('passkeys_operator_idx').on(t.operator_id)],
)

/** WebAuthn challenges between the options a browser asks for and the answer it sends; each is used once. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
	id: text('id').primaryKey(),
	challenge: text('challenge').notNull(),
	purpose: text('purpose').$type<'register' | 'sign_in'>().notNull(),
	operator_id: operatorId().references(() => operators.id, { onDelete: 'cascade' }),
	expires_at: moment('expires_at').notNull(),
})

/** Failed sign-ins per account and per address, shared by every instance on one database. */
export const signInThrottles = pgTable('sign_in_throttles', {
	key: text('key').primaryKey(),
	failures: integer('failures').notNull().default(0),
	window_start: moment('window_start').notNull().defaultNow(),
	locked_until: moment('locked_until'),
	lockouts: integer('lockouts').notNull().default(0),
})

/** What operators did and what was tried against the console; append-only (a trigger refuses updates and deletes). */
export const auditLog = pgTable(
	'audit_log',
	{
		id: id(),
		created_at: createdAt(),
		operator_id: operatorId().references(() => operators.id),
		action: text('action').notNull(),
		target: text('target'),
		/** The client address hashed with the day's salt, as analytics hashes visitors. */
		address_hash: text('address_hash'),
		detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
	},
	(t) => [
		index('audit_log_created_idx').on(t.created_at.desc(), t.id.desc()),
		index('audit_log_operator_idx').on(t.operator_id),
	],
)
