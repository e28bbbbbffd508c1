import crypto from 'node:crypto'
import type http from 'node:http'
import type { RequestHandler } from 'express'
import type { Config } from '#app/features/site/config.server.ts'

export type ContentSecurityPolicyOptions = {
	/** Extra origins pages may frame (roadmap board, video embeds). */
	frameSources?: readonly string[]
	/** Extra origins pages may load scripts from (third-party widgets). */
	scriptSources?: readonly string[]
	/** Extra origins scripts may connect to. */
	connectSources?: readonly string[]
	/** Extra origins images may come from. */
	imageSources?: readonly string[]
}

const origins = (...urls: (string | undefined)[]) => [
	...new Set(urls.filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin)),
]

/** Exactly the configured widget hosts: the widget scripts' origins (which fetch, frame and show images from there) and the roadmap board's. */
export function widgetSources(
	config: Pick<Config, 'ROADMAP_URL' | 'REVIEWS_WIDGET_SCRIPT_URL' | 'HELP_CENTER_SCRIPT_URL'>,
): ContentSecurityPolicyOptions {
	const widgets = origins(config.REVIEWS_WIDGET_SCRIPT_URL, config.HELP_CENTER_SCRIPT_URL)
	return {
		scriptSources: widgets,
		connectSources: widgets,
		imageSources: widgets,
		frameSources: origins(config.ROADMAP_URL, ...widgets),
	}
}

/** Inline scripts are allowed by a per-response nonce (server renders) or by their hashes (prerendered pages). */
export type InlineScriptSources = { nonce: string } | { hashes: readonly string[] }

export function contentSecurityPolicy(inline: InlineScriptSources, options: ContentSecurityPolicyOptions = {}) {
	const list = (base: string[], extra: readonly string[] = []) => [...base, ...extra].join(' ')
	const inlineSources = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes
	return [
		"default-src 'self'",
		`script-src ${list(["'self'", ...inlineSources], options.scriptSources)}`,
		// React style attributes and the toast library's injected rules need inline styles; scripts never do.
		"style-src 'self' 'unsafe-inline'",
		`img-src ${list(["'self'", 'data:'], options.imageSources)}`,
		"font-src 'self'",
		`connect-src ${list(["'self'"], options.connectSources)}`,
		`frame-src ${options.frameSources?.length ? options.frameSources.join(' ') : "'none'"}`,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	].join('; ')
}

/** The headers every response carries besides its Content-Security-Policy. */
export function setSecurityHeaders(res: http.ServerResponse, hsts: boolean) {
	res.setHeader('X-Content-Type-Options', 'nosniff')
	res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
	res.setHeader('X-Frame-Options', 'DENY')
	res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()')
	if (hsts) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
}

/** Sets the security headers of every response and hands a fresh CSP nonce to the renderer through res.locals. */
export function securityHeaders(options: { hsts: boolean; csp: ContentSecurityPolicyOptions }): RequestHandler {
	return (_req, res, next) => {
		const nonce = crypto.randomBytes(16).toString('base64')
		res.locals.cspNonce = nonce
		res.setHeader('Content-Security-Policy', contentSecurityPolicy({ nonce }, options.csp))
		setSecurityHeaders(res, options.hsts)
		next()
	}
}
