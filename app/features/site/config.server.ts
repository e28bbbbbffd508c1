import { z } from 'zod'
import { NEWSLETTER_RATE_PER_MINUTE } from '#app/content/newsletter-sends.ts'
import { webhookSigningKey } from '#app/features/notifications/webhook-signature.server.ts'

const url = z.url({ protocol: /^https?$/, error: 'an absolute http(s) URL' })
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), url.optional())
const positiveInt = (fallback: number, max = 1_000_000_000) =>
	z.coerce
		.number({ error: 'a whole number' })
		.int({ error: 'a whole number' })
		.min(1, { error: 'a whole number of at least 1' })
		.max(max, { error: `a whole number up to ${max}` })
		.default(fallback)

const configSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
	PORT: z.coerce
		.number({ error: 'a port number from 0 to 65535' })
		.int({ error: 'a port number from 0 to 65535' })
		.min(0, { error: 'a port number from 0 to 65535' })
		.max(65535, { error: 'a port number from 0 to 65535' })
		.default(3000),
	HOST: z.string().min(1).default('0.0.0.0'),
	DATABASE_URL: z.preprocess(
		(v) => (v === '' ? undefined : v),
		z
			.string()
			.regex(/^postgres(ql)?:\/\//, { error: 'a postgres:// connection URL' })
			.optional(),
	),
	/** Seconds start-up keeps retrying a PostgreSQL server that does not answer (it may be starting too). */
	DATABASE_CONNECT_TIMEOUT: positiveInt(60, 3600),
	DATA_DIR: z.string().min(1).default('./data'),
	BUILD_DIR: z.string().min(1).default('build'),
	SITE_URL: url.default('http://localhost:3000'),
	APP_URL: url.default('https://app.domainrebels.com'),
	BOOKING_URL: url.default('https://cal.com/domainrebels/strategy-call'),
	BRAND_NAME: z.string().min(1).max(60).default('Domain Rebels'),
	SOCIAL_X_URL: url.default('https://x.com/domainrebels'),
	SOCIAL_LINKEDIN_URL: url.default('https://www.linkedin.com/company/domainrebels'),
	SOCIAL_TIKTOK_URL: url.default('https://www.tiktok.com/@domainrebels'),
	CONTACT_EMAIL: z.email({ error: 'an email address' }).default('hello@domainrebels.com'),
	ROADMAP_URL: optionalUrl,
	REVIEWS_WIDGET_SCRIPT_URL: optionalUrl,
	REVIEWS_WIDGET_ID: z.preprocess(
		(v) => (v === '' ? undefined : v),
		z
			.string()
			.regex(/^[\w.:-]{1,100}$/, { error: 'a widget id of letters, digits, ".", ":", "_" or "-"' })
			.optional(),
	),
	REVIEWS_PAGE_URL: optionalUrl,
	HELP_CENTER_SCRIPT_URL: optionalUrl,
	HELP_CENTER_ELEMENT: z
		.string()
		.regex(/^[a-z][a-z0-9]*-[a-z0-9-]*$/, { error: 'a custom element name such as help-center' })
		.default('help-center'),
	HERO_VARIANT: z.enum(['layers', 'import'], { error: 'layers or import' }).default('layers'),
	AI_CRAWLERS: z.enum(['allow', 'deny'], { error: 'allow or deny' }).default('allow'),
	/** IndexNow's key (8 to 128 letters, digits or dashes): published posts are pinged with it; unset, none is. */
	INDEXNOW_KEY: z.preprocess(
		(v) => (v === '' ? undefined : v),
		z
			.string()
			.regex(/^[A-Za-z0-9-]{8,128}$/, { error: 'a key of 8 to 128 letters, digits or dashes' })
			.optional(),
	),
	INDEXNOW_ENDPOINT: url.default('https://api.indexnow.org/indexnow'),
	CHAT_WEBHOOK_URL: optionalUrl,
	NEWSLETTER_WEBHOOK_URL: optionalUrl,
	SMTP_URL: z.preprocess(
		(v) => (v === '' ? undefined : v),
		z
			.string()
			.regex(/^smtps?:\/\//, { error: 'an smtp:// or smtps:// URL' })
			.optional(),
	),
	/** How many newsletter emails may leave per minute, across every instance (the mail provider's limit). */
	NEWSLETTER_RATE_PER_MINUTE: positiveInt(NEWSLETTER_RATE_PER_MINUTE, 1_000_000),
	/** The sender's postal address, printed in every newsletter's footer (anti-spam laws ask for one). */
	POSTAL_ADDRESS: z.string().max(300).default(''),
	BLOG_CONTENT_DIR: z.string().min(1).default('content/blog'),
	BLOG_EMBED_HOSTS: z
		.string()
		.regex(/^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i, { error: 'a comma-separated list of host names' })
		.default('www.youtube.com,youtube.com,www.youtube-nocookie.com,player.vimeo.com,www.loom.com')
		.transform((value) => value.split(',').map((host) => host.trim().toLowerCase())),
	ADMIN_TOKEN: z.preprocess(
		(v) => (v === '' ? undefined : v),
		z.string().min(16, { error: 'a secret of at least 16 characters' }).optional(),
	),
	UNSUBSCRIBE_SECRET: z.preprocess(
		(v) => (v === '' ? undefined : v),
		z.string().min(32, { error: 'a secret of at least 32 characters' }).optional(),
	),
	WEBHOOK_SECRET: z.preprocess(
		(v) => (v === '' ? undefined : v),
		z
			.string()
			.refine((secret) => webhookSigningKey(secret) !== null, {
				error: 'whsec_ and the base64 of 24 to 64 bytes, or a secret of at least 32 characters',
			})
			.optional(),
	),
	TRUST_PROXY: z
		.string()
		.regex(/^(false|true|\d+|loopback|[\w.:/, -]+)$/, {
			error: 'false, true, a hop count, or a list of proxy addresses',
		})
		.default('false'),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	RATE_LIMIT_MAX: positiveInt(5),
	RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
})

export type Config = z.infer<typeof configSchema>

const completeConfigSchema = configSchema.refine(
	(c) => Boolean(c.REVIEWS_WIDGET_SCRIPT_URL) === Boolean(c.REVIEWS_WIDGET_ID),
	{
		path: ['REVIEWS_WIDGET_ID'],
		error: 'a widget id together with REVIEWS_WIDGET_SCRIPT_URL (set both or neither)',
	},
)

export class ConfigError extends Error {}

/** Variables whose value an error must not repeat: the line goes to logs. */
const SECRETS = new Set(['ADMIN_TOKEN', 'UNSUBSCRIBE_SECRET', 'WEBHOOK_SECRET'])

/** Reads and validates every environment variable the site uses; throws one line naming the first bad one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
	const result = completeConfigSchema.safeParse(env)
	if (result.success) return result.data
	const issue = result.error.issues[0]
	const name = String(issue?.path[0] ?? 'environment')
	const value = env[name] ?? ''
	const shown = SECRETS.has(name) ? ` (value hidden, ${value.length} characters)` : `=${JSON.stringify(value)}`
	throw new ConfigError(`Invalid ${name}${shown}: expected ${issue?.message ?? 'a valid value'}`)
}

/** The part of the configuration that pages may show; prerendered pages bake it in at build time. */
export function publicConfig(config: Config) {
	return {
		siteUrl: config.SITE_URL.replace(/\/+$/, ''),
		appUrl: config.APP_URL.replace(/\/+$/, ''),
		bookingUrl: config.BOOKING_URL,
		brandName: config.BRAND_NAME,
		contactEmail: config.CONTACT_EMAIL,
		roadmapUrl: config.ROADMAP_URL ?? null,
		reviewsPageUrl: config.REVIEWS_PAGE_URL ?? null,
		reviewsWidget:
			config.REVIEWS_WIDGET_SCRIPT_URL && config.REVIEWS_WIDGET_ID
				? { scriptUrl: config.REVIEWS_WIDGET_SCRIPT_URL, widgetId: config.REVIEWS_WIDGET_ID }
				: null,
		helpCenterWidget: config.HELP_CENTER_SCRIPT_URL
			? { scriptUrl: config.HELP_CENTER_SCRIPT_URL, element: config.HELP_CENTER_ELEMENT }
			: null,
		heroVariant: config.HERO_VARIANT,
		social: {
			x: config.SOCIAL_X_URL,
			linkedin: config.SOCIAL_LINKEDIN_URL,
			tiktok: config.SOCIAL_TIKTOK_URL,
		},
	}
}

export type PublicConfig = ReturnType<typeof publicConfig>
