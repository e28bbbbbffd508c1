import crypto from 'node:crypto'

/** A random 256-bit secret for a cookie or a link. */
export function newSecret() {
	return crypto.randomBytes(32).toString('base64url')
}

/** What the database keeps of a secret: a leaked table gives nobody a working cookie or link. */
export function secretHash(secret: string) {
	return crypto.createHash('sha256').update(secret).digest('hex')
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string) {
	const digest = (value: string) => crypto.createHash('sha256').update(value).digest()
	return crypto.timingSafeEqual(digest(given), digest(expected))
}
