import { type SQL, sql } from 'drizzle-orm'
import {
	type AnyPgColumn,
	bigint,
	boolean,
	check,
	customType,
	date,
	doublePrecision,
	type ExtraConfigColumn,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { ConsoleFlash } from '#app/features/auth/flash.ts'
import type { OperatorRole } from '#app/features/operators/roles.ts'
import { postSearchDocument, termNamesOf } from './blog-search.ts'
import { leadSearchDocument, normalizedEmail } from './lead-search.ts'

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * Where a visit came from: the referring site (host only) and the campaign parameters of the address it arrived at.
 * Page views carry them; each lead keeps its visit's, with the path the visit landed on (decision 013).
 */
const visitSource = () => ({
	referrer_host: text('referrer_host'),
	utm_source: text('utm_source'),
	utm_medium: text('utm_medium'),
	utm_campaign: text('utm_campaign'),
	ref: text('ref'),
})

/**
 * Added to each lead table for the console's workflow: a version that every status change raises (a change made on
 * a stale view is refused), who made the last change (null: the visitor, through a public flow) and when; and the
 * site path of the page the form was sent from, when the browser said.
 */
const leadWorkflow = () => ({
	status_version: integer('status_version').notNull().default(0),
	status_changed_at: timestamp('status_changed_at', { withTimezone: true }),
	status_changed_by: bigint('status_changed_by', { mode: 'number' }).references((): AnyPgColumn => operators.id),
	/** The operator working the lead, if someone took it; the inbox's "mine" filter reads it. */
	assigned_to: bigint('assigned_to', { mode: 'number' }).references((): AnyPgColumn => operators.id, {
		onDelete: 'set null',
	}),
	page_path: text('page_path'),
	landing_path: text('landing_path'),
	...visitSource(),
})

/** A lead table's leads of one operator, newest first: the inbox's "mine" filter. */
const assignedIndex = (
	name: string,
	t: { created_at: ExtraConfigColumn; id: ExtraConfigColumn; assigned_to: ExtraConfigColumn },
) =>
	index(`${name}_assigned_idx`)
		.on(t.assigned_to, t.created_at.desc(), t.id.desc())
		.where(sql`${t.assigned_to} IS NOT NULL`)

/** Newest first in the inbox, by status, by email and by words: one set of indexes per lead table. */
const leadIndexes = (
	name: string,
	t: { created_at: ExtraConfigColumn; id: ExtraConfigColumn; email: ExtraConfigColumn; assigned_to: ExtraConfigColumn },
	searched: ExtraConfigColumn[],
	status?: ExtraConfigColumn,
) => [
	index(`${name}_created_idx`).on(t.created_at.desc(), t.id.desc()),
	assignedIndex(name, t),
	index(`${name}_email_idx`).on(normalizedEmail(t.email)),
	index(`${name}_search_idx`).using('gin', leadSearchDocument(searched)),
	...(status ? [index(`${name}_status_idx`).on(status, t.created_at.desc(), t.id.desc())] : []),
]

export const betaApplications = pgTable(
	'beta_applications',
	{
		id: id(),
		full_name: text('full_name').notNull(),
		email: text('email').notNull(),
		company_name: text('company_name'),
		domain_count: integer('domain_count').notNull(),
		current_solution: text('current_solution'),
		why_interested: text('why_interested').notNull(),
		created_at: createdAt(),
		/** The spec's table has no status; the console's review goes here. */
		review_status: text('review_status').notNull().default('new'),
		...leadWorkflow(),
	},
	(t) =>
		leadIndexes(
			'beta_applications',
			t,
			[t.full_name, t.email, t.company_name, t.current_solution, t.why_interested],
			t.review_status,
		),
)

export const communityWaitlist = pgTable(
	'community_waitlist',
	{
		id: id(),
		name: text('name').notNull(),
		email: text('email').notNull(),
		source: text('source').notNull().default('website'),
		status: text('status').notNull().default('pending'),
		created_at: createdAt(),
		...leadWorkflow(),
	},
	(t) => leadIndexes('community_waitlist', t, [t.name, t.email], t.status),
)

export const contactMessages = pgTable(
	'contact_messages',
	{
		id: id(),
		name: text('name').notNull(),
		email: text('email').notNull(),
		subject: text('subject').notNull(),
		message: text('message').notNull(),
		status: text('status').notNull().default('unread'),
		created_at: createdAt(),
		...leadWorkflow(),
	},
	(t) => leadIndexes('contact_messages', t, [t.name, t.email, t.subject, t.message], t.status),
)

export const newsletterSubscribers = pgTable(
	'newsletter_subscribers',
	{
		id: id(),
		email: text('email').notNull(),
		name: text('name'),
		source: text('source').notNull().default('blog_sidebar'),
		status: text('status').notNull().default('active'),
		unsubscribed_at: timestamp('unsubscribed_at', { withTimezone: true }),
		/** When the subscriber opened the confirmation link (double opt-in); empty until then. */
		confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
		created_at: createdAt(),
		...leadWorkflow(),
		/** The blog post whose page the sign-up was sent from (the sidebar form on an article). */
		from_post_id: bigint('from_post_id', { mode: 'number' }).references((): AnyPgColumn => blogPosts.id, {
			onDelete: 'set null',
		}),
	},
	(t) => [
		uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(btrim(${t.email}))`),
		index('newsletter_subscribers_email_idx').on(normalizedEmail(t.email)),
		index('newsletter_subscribers_created_idx').on(t.created_at.desc(), t.id.desc()),
		index('newsletter_subscribers_search_idx').using('gin', leadSearchDocument([t.email, t.name])),
		index('newsletter_subscribers_status_idx').on(t.status, t.created_at.desc(), t.id.desc()),
		assignedIndex('newsletter_subscribers', t),
	],
)

export type BlogTerm = string | { name: string }
export type BlogAuthor = { name?: string | null; image?: string | null }

/** A text search document; written by PostgreSQL only (generated columns), read back as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const blogPosts = pgTable(
	'blog_posts',
	{
		id: id(),
		title: text('title').notNull(),
		seo_slug: text('seo_slug').notNull(),
		published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
		/** False for a draft saved without a date: it is dated the moment it is published, not when it was saved. */
		publish_date_chosen: boolean('publish_date_chosen').notNull().default(true),
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
		/** 'published' (visible once published_at has come: a later date is a schedule) or 'draft' (never public). */
		status: text('status').$type<'draft' | 'published'>().notNull().default('published'),
		/** SHA-256 of the file a post was last imported from: an import skips a file that has not changed since. */
		source_hash: text('source_hash'),
		updated_by: bigint('updated_by', { mode: 'number' }).references((): AnyPgColumn => operators.id),
		/** SHA-256 of the post's secret preview link, while one is shared; null when there is none (or it was revoked). */
		preview_token_hash: text('preview_token_hash'),
		/** The names of `categories` and `tags` as text[], for archives, related posts and the sidebar. */
		category_names: text('category_names')
			.array()
			.notNull()
			.generatedAlwaysAs((): SQL => termNamesOf(blogPosts.categories)),
		tag_names: text('tag_names')
			.array()
			.notNull()
			.generatedAlwaysAs((): SQL => termNamesOf(blogPosts.tags)),
		/** What blog search matches: title, categories and tags, excerpt and body text, weighted in that order. */
		search: tsvector('search')
			.notNull()
			.generatedAlwaysAs((): SQL => postSearchDocument(blogPosts)),
	},
	(t) => [
		uniqueIndex('blog_posts_seo_slug_key').on(t.seo_slug),
		index('blog_posts_published_at_idx').on(t.published_at.desc(), t.id.desc()),
		index('blog_posts_category_names_idx').using('gin', t.category_names),
		index('blog_posts_tag_names_idx').using('gin', t.tag_names),
		index('blog_posts_search_idx').using('gin', t.search),
	],
)

/** The version of a post before each change (a save, an import, a restore), newest last; restoring one is a change. */
export const postRevisions = pgTable(
	'post_revisions',
	{
		id: id(),
		post_id: bigint('post_id', { mode: 'number' })
			.notNull()
			.references(() => blogPosts.id, { onDelete: 'cascade' }),
		snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
		/** Who made the change that replaced this version; null for an import. */
		operator_id: bigint('operator_id', { mode: 'number' }).references((): AnyPgColumn => operators.id),
		reason: text('reason').$type<'save' | 'import' | 'restore'>().notNull(),
		created_at: createdAt(),
	},
	(t) => [index('post_revisions_post_idx').on(t.post_id, t.id.desc())],
)

/** Bytes as PostgreSQL's bytea, read and written as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
	dataType: () => 'bytea',
	fromDriver: (value) => Buffer.from(value),
})

/** Uploaded images, in the database so every instance serves them; the original is kept, metadata stripped. */
export const media = pgTable('media', {
	id: id(),
	/** SHA-256 (hex) of the stored bytes: the same image uploaded twice is stored once. */
	sha256: text('sha256').notNull().unique(),
	content_type: text('content_type').notNull(),
	width: integer('width').notNull(),
	height: integer('height').notNull(),
	byte_size: integer('byte_size').notNull(),
	bytes: bytea('bytes').notNull(),
	original_name: text('original_name'),
	/** What the image shows, for people who cannot see it; offered when the image is put in a post. */
	alt_text: text('alt_text'),
	/** False from an upload's answer until the copies made in the background (other widths, AVIF, share image) are in. */
	variants_complete: boolean('variants_complete').notNull().default(true),
	created_by: bigint('created_by', { mode: 'number' }).references((): AnyPgColumn => operators.id),
	created_at: createdAt(),
})

/** Resized copies of an image (WebP and AVIF at a few widths, the 1200x630 share image), each under its own hash. */
export const mediaVariants = pgTable(
	'media_variants',
	{
		id: id(),
		media_id: bigint('media_id', { mode: 'number' })
			.notNull()
			.references(() => media.id, { onDelete: 'cascade' }),
		/** 'webp', 'avif', or 'og' (the 1200x630 JPEG share image). */
		format: text('format').notNull(),
		width: integer('width').notNull(),
		height: integer('height').notNull(),
		/** Not unique: two images with the same pixels (one PNG, one GIF) make identical copies, each its own row. */
		sha256: text('sha256').notNull(),
		content_type: text('content_type').notNull(),
		bytes: bytea('bytes').notNull(),
	},
	(t) => [
		uniqueIndex('media_variants_media_format_width_key').on(t.media_id, t.format, t.width),
		index('media_variants_sha256_idx').on(t.sha256),
	],
)

/**
 * A post's share card: its title on the brand's 1200x630 image, made when the post is saved or imported, for networks
 * to show where the post has no uploaded featured image. Served under its hash like media; a new title makes a new one.
 */
export const postShareCards = pgTable(
	'post_share_cards',
	{
		post_id: bigint('post_id', { mode: 'number' })
			.primaryKey()
			.references(() => blogPosts.id, { onDelete: 'cascade' }),
		/** The title the card shows: a post whose title differs is due a new card. */
		title: text('title').notNull(),
		sha256: text('sha256').notNull(),
		bytes: bytea('bytes').notNull(),
		created_at: createdAt(),
	},
	(t) => [index('post_share_cards_sha256_idx').on(t.sha256)],
)

/**
 * Files an import must not bring back: the slug and file hash of a post that came from a file and was deleted or
 * renamed in the console. A file that changed since (another hash) is imported again.
 */
export const blogImportSkips = pgTable('blog_import_skips', {
	id: id(),
	seo_slug: text('seo_slug').notNull().unique(),
	source_hash: text('source_hash').notNull(),
	created_at: createdAt(),
})

/** Old addresses that moved: a request that would be a 404 is sent on to `to_path`. */
export const redirects = pgTable('redirects', {
	id: id(),
	from_path: text('from_path').notNull().unique(),
	to_path: text('to_path').notNull(),
	status_code: integer('status_code').notNull().default(301),
	hits: bigint('hits', { mode: 'number' }).notNull().default(0),
	last_hit_at: timestamp('last_hit_at', { withTimezone: true }),
	created_by: bigint('created_by', { mode: 'number' }).references((): AnyPgColumn => operators.id),
	created_at: createdAt(),
	updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

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
		/** The lead the message announces (its inbox kind and id), so the lead's page lists it and erasure finds it. */
		lead_kind: text('lead_kind'),
		lead_id: bigint('lead_id', { mode: 'number' }),
		/** The newsletter send this message is one recipient's copy of; such messages are paced by the send budget. */
		send_id: bigint('send_id', { mode: 'number' }).references((): AnyPgColumn => newsletterSends.id, {
			onDelete: 'cascade',
		}),
	},
	(t) => [
		uniqueIndex('notifications_idempotency_key_key').on(t.idempotency_key),
		index('notifications_due_idx').on(t.next_attempt_at).where(sql`status = 'pending' AND send_id IS NULL`),
		index('notifications_send_due_idx')
			.on(t.next_attempt_at, t.id)
			.where(sql`status = 'pending' AND send_id IS NOT NULL`),
		index('notifications_send_idx').on(t.send_id, t.status),
		index('notifications_undelivered_idx').on(t.id.desc()).where(sql`status <> 'delivered'`),
		index('notifications_lead_idx').on(t.lead_kind, t.lead_id),
	],
)

/** What a newsletter send delivers, fixed when it is queued: each recipient's email is made from it. */
export type NewsletterIssueContent = {
	/** The post's title: the subject and the heading. */
	title: string
	/** The post's body, sanitised with inline styles for email clients, every address absolute. */
	html: string
	/** The same body as plain text (Markdown). */
	text: string
	/** The post's address: the web version of the email. */
	postUrl: string
	image: { url: string; alt: string } | null
	brand: string
	postalAddress: string
}

/** A post emailed to the confirmed subscribers: once per post; each recipient is one outbox message. */
export const newsletterSends = pgTable(
	'newsletter_sends',
	{
		id: id(),
		post_id: bigint('post_id', { mode: 'number' }).references((): AnyPgColumn => blogPosts.id, {
			onDelete: 'set null',
		}),
		content: jsonb('content').$type<NewsletterIssueContent>().notNull(),
		/** queueing (recipients being written), sending, paused or finished. */
		status: text('status').notNull().default('queueing'),
		recipients: integer('recipients').notNull().default(0),
		/** The highest subscriber id queued so far: queueing goes on from here after a restart. */
		queued_through: bigint('queued_through', { mode: 'number' }).notNull().default(0),
		created_by: bigint('created_by', { mode: 'number' }).references((): AnyPgColumn => operators.id, {
			onDelete: 'set null',
		}),
		created_at: createdAt(),
		finished_at: timestamp('finished_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('newsletter_sends_post_key').on(t.post_id),
		index('newsletter_sends_created_idx').on(t.id.desc()),
	],
)

/** A token bucket shared by every instance: how many messages of a paced kind may go out now. */
export const deliveryBudgets = pgTable('delivery_budgets', {
	name: text('name').primaryKey(),
	tokens: doublePrecision('tokens').notNull(),
	refilled_at: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
})

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
		...visitSource(),
	},
	(t) => [
		index('analytics_events_created_at_idx').on(t.created_at),
		// A lead finds its visitor's page views of the day by the daily hash.
		index('analytics_events_visitor_idx').on(t.visitor_hash, t.created_at),
	],
)

/**
 * The dashboard's daily rollups, per UTC day: visitor hashes change every day, so visitors add up across days exactly. They hold no hash, only counts, and outlive the raw events.
 */
export const insightsRolledUpDays = pgTable('insights_rolled_up_days', {
	day: date('day').primaryKey(),
	/** The newest event when the day was rolled up: today is rolled up again once newer events exist. */
	last_event_id: bigint('last_event_id', { mode: 'number' }).notNull(),
	/** Rolled up after the day was over, so never again. */
	complete: boolean('complete').notNull(),
	rolled_up_at: timestamp('rolled_up_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Page views and visitors per path per day. */
export const insightsDailyPages = pgTable(
	'insights_daily_pages',
	{
		day: date('day').notNull(),
		path: text('path').notNull(),
		views: integer('views').notNull(),
		visitors: integer('visitors').notNull(),
	},
	(t) => [primaryKey({ columns: [t.day, t.path] })],
)

/**
 * Visitors per day by where their visit came from (the day's first event that said), with how far each went: a page
 * view, the beta dialog, a beta application, any lead.
 */
export const insightsDailySources = pgTable(
	'insights_daily_sources',
	{
		day: date('day').notNull(),
		referrer_host: text('referrer_host'),
		utm_source: text('utm_source'),
		utm_medium: text('utm_medium'),
		utm_campaign: text('utm_campaign'),
		ref: text('ref'),
		visitors: integer('visitors').notNull(),
		page_views: integer('page_views').notNull(),
		viewing_visitors: integer('viewing_visitors').notNull(),
		dialog_visitors: integer('dialog_visitors').notNull(),
		applying_visitors: integer('applying_visitors').notNull(),
		lead_visitors: integer('lead_visitors').notNull(),
	},
	(t) => [index('insights_daily_sources_day_idx').on(t.day)],
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

/** One row per server host, rewritten by the readiness check: the smallest write that must reach the disk. */
export const readinessChecks = pgTable('readiness_checks', {
	instance: text('instance').primaryKey(),
	checked_at: timestamp('checked_at', { withTimezone: true }).notNull(),
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
		role: text('role').$type<OperatorRole>().notNull().default('admin'),
		/** Set on the operator the owner offered ownership to, until they accept it or the owner withdraws it. */
		ownership_offered_at: moment('ownership_offered_at'),
		/** The IANA time zone the operator chose for the console; null: the browser's. */
		time_zone: text('time_zone'),
	},
	(t) => [
		uniqueIndex('operators_email_key').on(sql`lower(${t.email})`),
		// Exactly one owner: at most one here, and the first operator is made the owner.
		uniqueIndex('operators_owner_key').on(t.role).where(sql`${t.role} = 'owner'`),
		check('operators_role_check', sql`${t.role} IN ('owner', 'admin', 'editor', 'lead_manager')`),
	],
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
		/** When the operator last proved it was them in this session (signing in, or their password again). */
		confirmed_at: moment('confirmed_at').notNull().defaultNow(),
		/** The outcome of a post made without JavaScript, shown once on the page it redirected to (Post/Redirect/Get). */
		flash: jsonb('flash').$type<ConsoleFlash>(),
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
	/** Invitations: the role the new operator gets. */
	role: text('role').$type<OperatorRole>(),
	created_at: createdAt(),
	expires_at: moment('expires_at').notNull(),
	used_at: moment('used_at'),
})

/** What was done to an operator's account by someone else, shown to them once on their next visit to the console. */
export const operatorNotices = pgTable(
	'operator_notices',
	{
		id: id(),
		operator_id: operatorId()
			.notNull()
			.references(() => operators.id, { onDelete: 'cascade' }),
		text: text('text').notNull(),
		created_at: createdAt(),
		seen_at: moment('seen_at'),
	},
	(t) => [index('operator_notices_unseen_idx').on(t.operator_id).where(sql`${t.seen_at} IS NULL`)],
)

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
	purpose: text('purpose').$type<'register' | 'sign_in' | 'confirm'>().notNull(),
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

/** Operators' notes on a lead, listed on its page; erased with it. */
export const leadNotes = pgTable(
	'lead_notes',
	{
		id: id(),
		lead_kind: text('lead_kind').notNull(),
		lead_id: bigint('lead_id', { mode: 'number' }).notNull(),
		operator_id: operatorId()
			.notNull()
			.references(() => operators.id),
		body: text('body').notNull(),
		created_at: createdAt(),
		/** When its author last changed it; null for a note as first written. */
		edited_at: timestamp('edited_at', { withTimezone: true }),
	},
	(t) => [index('lead_notes_lead_idx').on(t.lead_kind, t.lead_id, t.id)],
)
