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
