import crypto from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { beforeAll, describe, expect, it } from 'vitest'
import { accountCopy, consoleLimits, passkeyHostCopy, signInCopy } from '#app/content/console.ts'
import { operators, passkeys, webauthnChallenges } from '#app/db/schema.ts'
import { SIGN_IN_RATE_LIMIT } from '#app/features/console/console.server.ts'
import { completePasswordReset, issuePasswordReset } from '#app/features/operators/accounts.server.ts'
import { listAudit } from '#app/features/operators/audit.server.ts'
import { loadConfig } from '#app/features/site/config.server.ts'
import { hitRateLimit } from '#app/forms/rate-limit.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { passkeyRegistrationAction, passkeySignInAction } from './passkeys.actions.server.ts'
import {
	authenticationOptions,
	confirmationOptions,
	confirmWithPasskey,
	listPasskeys,
	passkeyHostNote,
	passkeyHostProblem,
	type RelyingParty,
	registrationOptions,
	removePasskey,
	signInWithPasskey,
	takeChallenge,
	verifyRegistration,
} from './passkeys.server.ts'
import { hashPassword } from './passwords.server.ts'
import type { OperatorSession } from './sessions.server.ts'
import { readSession, sessionIdFrom } from './sessions.server.ts'
import { confirmCurrentPassword, signInPause } from './sign-in.server.ts'

const SITE = 'https://console.example.com'
const rp: RelyingParty = { id: 'console.example.com', name: 'Example', origin: SITE }
const visitor = { clientAddress: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' }
/** Every test operator's password, hashed with cheap parameters (they travel with the hash). */
const PASSWORD = 'amber-otter-lantern-42'

/** Just enough CBOR to write an attestation object and a COSE key. */
function cbor(value: unknown): Buffer {
	const head = (major: number, n: number) => {
		if (n < 24) return Buffer.from([(major << 5) | n])
		if (n < 256) return Buffer.from([(major << 5) | 24, n])
		if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255])
		const b = Buffer.alloc(5)
		b[0] = (major << 5) | 26
		b.writeUInt32BE(n, 1)
		return b
	}
	if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
	if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
	if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
	if (value instanceof Map) {
		return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])])
	}
	throw new Error('unsupported')
}

/** A software authenticator with one ES256 credential: what a security key or a phone would answer. */
function softAuthenticator(origin = SITE, rpId = rp.id) {
	const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
	const jwk = publicKey.export({ format: 'jwk' })
	const credentialId = crypto.randomBytes(32)
	const id = credentialId.toString('base64url')
	const rpIdHash = crypto.createHash('sha256').update(rpId).digest()
	let counter = 0
	const clientData = (type: string, challenge: string) =>
		Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
	const counterBytes = (n: number) => {
		const b = Buffer.alloc(4)
		b.writeUInt32BE(n)
		return b
	}
	return {
		id,
		/** Answers a registration; `verified` false leaves out the user-verified flag (presence only). */
		register(challenge: string, options: { verified?: boolean } = {}): RegistrationResponseJSON {
			const coseKey = cbor(
				new Map<number, unknown>([
					[1, 2],
					[3, -7],
					[-1, 1],
					[-2, Buffer.from(jwk.x ?? '', 'base64url')],
					[-3, Buffer.from(jwk.y ?? '', 'base64url')],
				]),
			)
			const length = Buffer.alloc(2)
			length.writeUInt16BE(credentialId.length)
			const authData = Buffer.concat([
				rpIdHash,
				// User present, user verified (unless told otherwise), attested credential data.
				Buffer.from([options.verified === false ? 0x41 : 0x45]),
				counterBytes(counter),
				Buffer.alloc(16),
				length,
				credentialId,
				coseKey,
			])
			const attestationObject = cbor(
				new Map<string, unknown>([
					['fmt', 'none'],
					['attStmt', new Map()],
					['authData', authData],
				]),
			)
			return {
				id,
				rawId: id,
				type: 'public-key',
				clientExtensionResults: {},
				response: {
					clientDataJSON: clientData('webauthn.create', challenge).toString('base64url'),
					attestationObject: attestationObject.toString('base64url'),
					transports: ['internal'],
				},
			}
		},
		/**
		 * Signs a challenge; `count` false answers with the counter it last used (as a clone would), `verified` false
		 * without the user-verified flag.
		 */
		authenticate(
			challenge: string,
			options: { count?: boolean; userHandle?: string; verified?: boolean } = {},
		): AuthenticationResponseJSON {
			if (options.count !== false) counter += 1
			const flags = options.verified === false ? 0x01 : 0x05
			const authData = Buffer.concat([rpIdHash, Buffer.from([flags]), counterBytes(counter)])
			const clientDataJSON = clientData('webauthn.get', challenge)
			const signature = crypto.sign(
				'sha256',
				Buffer.concat([authData, crypto.createHash('sha256').update(clientDataJSON).digest()]),
				privateKey,
			)
			return {
				id,
				rawId: id,
				type: 'public-key',
				clientExtensionResults: {},
				response: {
					clientDataJSON: clientDataJSON.toString('base64url'),
					authenticatorData: authData.toString('base64url'),
					signature: signature.toString('base64url'),
					userHandle: options.userHandle,
				},
			}
		},
	}
}

describe('where passkeys can work', () => {
	const config = { SITE_URL: 'https://www.example.com' }
	const at = (address: string) => passkeyHostProblem(config, new URL(address))
	it("names an IP address and a host other than SITE_URL's, and lets the site's host and its subdomains be", () => {
		expect(at('https://www.example.com/admin')).toBeNull()
		expect(at('https://console.www.example.com/admin')).toBeNull()
		expect(at('http://127.0.0.1:3000/admin')).toBe('ip-address')
		expect(at('http://[::1]:3000/admin')).toBe('ip-address')
		expect(at('https://example.com/admin')).toBe('other-host')
		expect(at('https://evil-www.example.com.test/admin')).toBe('other-host')
		expect(passkeyHostNote(config, new URL('http://10.0.0.5/admin'))).toBe(
			passkeyHostCopy['ip-address']('www.example.com'),
		)
	})
})

describe.each(databaseDrivers())('passkeys on $name', (driver) => {
	const database = withTestDatabase(driver)
	let ada: OperatorSession['operator']
	let bo: OperatorSession['operator']
	/** For the tests that lock an account or reset its password, so the others' accounts stay as they were. */
	let cy: OperatorSession['operator']

	beforeAll(async () => {
		const password_hash = await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 })
		const created = await database.db
			.insert(operators)
			.values([
				{ email: 'ada@example.com', display_name: 'Ada', password_hash },
				{ email: 'bo@example.com', display_name: 'Bo', password_hash },
				{ email: 'cy@example.com', display_name: 'Cy', password_hash },
			])
			.returning({
				id: operators.id,
				email: operators.email,
				displayName: operators.display_name,
				role: operators.role,
			})
		;[ada, bo, cy] = created as [typeof ada, typeof bo, typeof cy]
	})

	const audit = async () => (await listAudit(database.db, { limit: 500 })).entries

	/** Registers a new software authenticator for an operator and returns it. */
	async function addPasskey(operator: typeof ada, name?: string) {
		const authenticator = softAuthenticator()
		const { challengeId, options } = await registrationOptions(database.db, rp, operator)
		const outcome = await verifyRegistration(
			database.db,
			rp,
			operator.id,
			{ challengeId, response: authenticator.register(options.challenge), name },
			visitor.clientAddress,
		)
		expect(outcome.ok).toBe(true)
		return authenticator
	}

	it('use a challenge once, and never after it expired', async () => {
		const { challengeId, options } = await authenticationOptions(database.db, rp)
		expect(options.allowCredentials ?? []).toEqual([])
		expect(options.rpId).toBe(rp.id)
		expect(options.userVerification).toBe('required')
		expect(await takeChallenge(database.db, challengeId, 'register', null)).toBeNull()
		expect(await takeChallenge(database.db, challengeId, 'sign_in', null)).toBe(options.challenge)
		expect(await takeChallenge(database.db, challengeId, 'sign_in', null)).toBeNull()

		const stale = await authenticationOptions(database.db, rp)
		await database.db
			.update(webauthnChallenges)
			.set({ expires_at: sql`now() - interval '1 second'` })
			.where(eq(webauthnChallenges.id, stale.challengeId))
		expect(await takeChallenge(database.db, stale.challengeId, 'sign_in', null)).toBeNull()
		// Refused and gone: an expired challenge is not left behind either.
		const left = await database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.id, stale.challengeId))
		expect(left).toEqual([])

		const fresh = await authenticationOptions(database.db, rp)
		const [row] = await database.db
			.select({ seconds: sql<number>`extract(epoch FROM expires_at - now())` })
			.from(webauthnChallenges)
			.where(eq(webauthnChallenges.id, fresh.challengeId))
		expect(Number(row?.seconds)).toBeGreaterThan(4 * 60)
		expect(Number(row?.seconds)).toBeLessThanOrEqual(5 * 60)
	})

	it('bind a registration challenge to its operator', async () => {
		const { challengeId, options } = await registrationOptions(database.db, rp, ada)
		expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
		expect(options.rp).toEqual({ id: rp.id, name: rp.name })
		expect(await takeChallenge(database.db, challengeId, 'register', bo.id)).toBeNull()
		expect(await takeChallenge(database.db, challengeId, 'register', ada.id)).toBe(options.challenge)
	})

	it('register a passkey, exclude it from the next registration, and refuse a replayed registration', async () => {
		const authenticator = softAuthenticator()
		const { challengeId, options } = await registrationOptions(database.db, rp, ada)
		const response = authenticator.register(options.challenge)
		const answer = { challengeId, response, name: '  Work laptop  ' }
		expect(await verifyRegistration(database.db, rp, ada.id, answer, visitor.clientAddress)).toEqual({
			ok: true,
			passkey: { id: authenticator.id, name: 'Work laptop' },
		})
		expect(await verifyRegistration(database.db, rp, ada.id, answer, visitor.clientAddress)).toEqual({ ok: false })
		const next = await registrationOptions(database.db, rp, ada)
		expect(next.options.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id])
		expect((await listPasskeys(database.db, ada.id)).map((p) => p.name)).toEqual(['Work laptop'])
		expect(await listPasskeys(database.db, bo.id)).toEqual([])
		const added = (await audit()).find((entry) => entry.action === 'passkey.added')
		expect(added).toMatchObject({ target: 'Work laptop', operatorEmail: 'ada@example.com' })
	})

	it('refuse a registration made for another site', async () => {
		const elsewhere = softAuthenticator('https://evil.example.net')
		const { challengeId, options } = await registrationOptions(database.db, rp, bo)
		const answer = { challengeId, response: elsewhere.register(options.challenge) }
		expect(await verifyRegistration(database.db, rp, bo.id, answer, visitor.clientAddress)).toEqual({ ok: false })
		expect(await listPasskeys(database.db, bo.id)).toEqual([])
	})

	it('refuse a registration and a sign-in the authenticator did not verify the person for', async () => {
		const presentOnly = softAuthenticator()
		const registration = await registrationOptions(database.db, rp, cy)
		const answer = {
			challengeId: registration.challengeId,
			response: presentOnly.register(registration.options.challenge, { verified: false }),
		}
		expect(await verifyRegistration(database.db, rp, cy.id, answer, visitor.clientAddress)).toEqual({ ok: false })
		expect(await listPasskeys(database.db, cy.id)).toEqual([])

		const authenticator = await addPasskey(cy, 'Unverified later')
		const { challengeId, options } = await authenticationOptions(database.db, rp)
		const response = authenticator.authenticate(options.challenge, { verified: false })
		expect(await signInWithPasskey(database.db, rp, { challengeId, response }, visitor)).toEqual({
			ok: false,
			reason: 'failed',
		})
		const [stored] = await database.db.select().from(passkeys).where(eq(passkeys.id, authenticator.id))
		expect(stored?.last_used_at).toBeNull()
		expect(
			(await audit()).some(
				(entry) => entry.action === 'sign_in.failed' && entry.detail?.reason === 'verification failed',
			),
		).toBe(true)
		await removePasskey(database.db, cy.id, authenticator.id, visitor.clientAddress)
	})

	it('name a passkey "Passkey" when no name is given', async () => {
		await addPasskey(bo)
		expect((await listPasskeys(database.db, bo.id)).map((p) => p.name)).toEqual([accountCopy.passkeyDefaultName])
	})

	it('confirm it is the operator with one of their own passkeys only, each challenge once', async () => {
		const confirmAs = (operator: typeof bo, challengeId: string, response: AuthenticationResponseJSON) =>
			confirmWithPasskey(database.db, rp, { challengeId, response }, operator, '203.0.113.5')
		const own = await addPasskey(bo, 'Bo’s key')
		const other = await addPasskey(cy, 'Cy’s key')
		const first = await confirmationOptions(database.db, rp, bo.id)
		if (!first) throw new Error('no options')
		const allowed = first.options.allowCredentials?.map((credential) => credential.id) ?? []
		expect([allowed.includes(own.id), allowed.includes(other.id)]).toEqual([true, false])
		// Another operator's passkey does not confirm Bo, and the challenge is used up.
		const byOther = other.authenticate(first.options.challenge)
		expect(await confirmAs(bo, first.challengeId, byOther)).toBe(false)
		const second = await confirmationOptions(database.db, rp, bo.id)
		if (!second) throw new Error('no options')
		const response = own.authenticate(second.options.challenge)
		// Bo's challenge and passkey do not confirm another operator.
		expect(await confirmAs(cy, second.challengeId, response)).toBe(false)
		const third = await confirmationOptions(database.db, rp, bo.id)
		if (!third) throw new Error('no options')
		const answer = own.authenticate(third.options.challenge)
		expect(await confirmAs(bo, third.challengeId, answer)).toBe(true)
		expect(await confirmAs(bo, third.challengeId, answer)).toBe(false)
		const failed = (await audit()).filter(
			(entry) => entry.action === 'sign_in.failed' && entry.detail?.during === 'confirmation',
		)
		expect(failed.length).toBeGreaterThanOrEqual(3)
		// An operator without a passkey gets no challenge.
		const [lone] = await database.db
			.insert(operators)
			.values({ email: 'lone@example.com', display_name: 'Lone', password_hash: 'x' })
			.returning({ id: operators.id })
		expect(await confirmationOptions(database.db, rp, lone?.id ?? 0)).toBeNull()
	})

	it('sign in with a passkey, note its counter and use, and refuse a replayed or cloned answer', async () => {
		const authenticator = await addPasskey(ada, 'Phone')
		const { challengeId, options } = await authenticationOptions(database.db, rp)
		const response = authenticator.authenticate(options.challenge)
		const outcome = await signInWithPasskey(database.db, rp, { challengeId, response }, visitor)
		expect(outcome).toMatchObject({ ok: true, operatorId: ada.id })
		const session = await readSession(database.db, outcome.ok ? outcome.sessionId : '')
		expect(session?.operator.id).toBe(ada.id)
		const [stored] = await database.db.select().from(passkeys).where(eq(passkeys.id, authenticator.id))
		expect(stored?.counter).toBe(1)
		expect(stored?.last_used_at).not.toBeNull()
		const signIn = (await audit()).find((entry) => entry.action === 'sign_in')
		expect(signIn?.detail).toEqual({ method: 'passkey' })

		// The same answer again: its challenge is gone.
		expect(await signInWithPasskey(database.db, rp, { challengeId, response }, visitor)).toEqual({
			ok: false,
			reason: 'failed',
		})
		// A fresh challenge signed with the old counter, as a cloned authenticator would.
		const again = await authenticationOptions(database.db, rp)
		const cloned = authenticator.authenticate(again.options.challenge, { count: false })
		expect(
			await signInWithPasskey(database.db, rp, { challengeId: again.challengeId, response: cloned }, visitor),
		).toEqual({ ok: false, reason: 'failed' })
		const failures = (await audit()).filter((entry) => entry.action === 'sign_in.failed')
		expect(failures.length).toBeGreaterThanOrEqual(2)
		expect(failures.every((entry) => entry.detail?.method === 'passkey')).toBe(true)
	})

	it('refuse an unknown passkey, a wrong user handle and a disabled operator', async () => {
		const stranger = softAuthenticator()
		const first = await authenticationOptions(database.db, rp)
		expect(
			await signInWithPasskey(
				database.db,
				rp,
				{ challengeId: first.challengeId, response: stranger.authenticate(first.options.challenge) },
				visitor,
			),
		).toEqual({ ok: false, reason: 'failed' })

		const authenticator = await addPasskey(bo, 'Key')
		const handled = await authenticationOptions(database.db, rp)
		const wrongHandle = authenticator.authenticate(handled.options.challenge, {
			userHandle: Buffer.from(`operator:${ada.id}`).toString('base64url'),
		})
		expect(
			await signInWithPasskey(database.db, rp, { challengeId: handled.challengeId, response: wrongHandle }, visitor),
		).toEqual({ ok: false, reason: 'failed' })

		await database.db.update(operators).set({ disabled_at: sql`now()` }).where(eq(operators.id, bo.id))
		const second = await authenticationOptions(database.db, rp)
		expect(
			await signInWithPasskey(
				database.db,
				rp,
				{ challengeId: second.challengeId, response: authenticator.authenticate(second.options.challenge) },
				visitor,
			),
		).toEqual({ ok: false, reason: 'failed' })
		await database.db.update(operators).set({ disabled_at: null }).where(eq(operators.id, bo.id))
		const reasons = (await audit()).filter((e) => e.action === 'sign_in.failed').map((e) => e.detail?.reason)
		expect(reasons).toEqual(expect.arrayContaining(['unknown passkey', 'user handle mismatch', 'disabled']))
	})

	it("remove only the operator's own passkeys", async () => {
		const [bosKey] = await listPasskeys(database.db, bo.id)
		expect(bosKey).toBeDefined()
		const id = bosKey?.id ?? ''
		expect(await removePasskey(database.db, ada.id, id, visitor.clientAddress)).toBe(false)
		expect((await listPasskeys(database.db, bo.id)).map((p) => p.id)).toContain(id)
		expect(await removePasskey(database.db, bo.id, id, visitor.clientAddress)).toBe(true)
		expect((await listPasskeys(database.db, bo.id)).map((p) => p.id)).not.toContain(id)
		expect(await removePasskey(database.db, bo.id, id, visitor.clientAddress)).toBe(false)
		const removed = (await audit()).filter(
			(entry) => entry.action === 'passkey.removed' && entry.operatorEmail === 'bo@example.com',
		)
		expect(removed).toHaveLength(1)
		expect(removed[0]).toMatchObject({ target: bosKey?.name, operatorEmail: 'bo@example.com' })
	})

	it('ask for the current password before a passkey is added, and count a wrong one like a failed sign-in', async () => {
		const address = '192.0.2.77'
		expect(await confirmCurrentPassword(database.db, cy, PASSWORD, address, 'passkey registration')).toEqual({
			ok: true,
		})
		expect(await confirmCurrentPassword(database.db, cy, 'not-the-password', address, 'passkey registration')).toEqual({
			ok: false,
			reason: 'wrong',
		})
		const failed = (await audit()).find((entry) => entry.action === 'sign_in.failed' && entry.target === cy.email)
		expect(failed).toMatchObject({ operatorEmail: cy.email })
		expect(failed?.detail).toEqual({ reason: 'wrong password', during: 'passkey registration' })

		for (let attempt = 2; attempt <= consoleLimits.pairFailures; attempt++) {
			expect(
				await confirmCurrentPassword(database.db, cy, `wrong-${attempt}`, address, 'passkey registration'),
			).toMatchObject({
				reason: 'wrong',
			})
		}
		// The account is paused from this address now: not even the right password is checked. Elsewhere it is not.
		expect(await signInPause(database.db, cy.email, '192.0.2.78')).toBeNull()
		expect(await confirmCurrentPassword(database.db, cy, PASSWORD, address, 'passkey registration')).toMatchObject({
			ok: false,
			reason: 'locked',
			scope: 'pair',
			retryAfterSeconds: expect.any(Number),
		})
		const entries = await audit()
		const duringRegistration = entries.filter(
			(e) => e.action === 'sign_in.failed' && e.detail?.during === 'passkey registration',
		)
		expect(duringRegistration).toHaveLength(consoleLimits.pairFailures)
		expect(entries.some((e) => e.action === 'sign_in.locked_out' && e.target === cy.email)).toBe(true)
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
	})

	it("remove the account's passkeys when its password is reset", async () => {
		await addPasskey(cy, 'Old phone')
		await addPasskey(cy, 'Old key')
		await addPasskey(ada, 'Untouched')
		const adaBefore = (await listPasskeys(database.db, ada.id)).length
		const reset = await issuePasswordReset(database.db, cy.id, ada.id, visitor.clientAddress)
		if (!reset) throw new Error('no reset link')
		await completePasswordReset(database.db, reset.token, 'a-brand-new-quiet-harbour-7', visitor)
		expect(await listPasskeys(database.db, cy.id)).toEqual([])
		expect(await listPasskeys(database.db, ada.id)).toHaveLength(adaBefore)
		const removed = (await audit()).filter((e) => e.action === 'passkey.removed' && e.target === 'all passkeys')
		expect(removed).toHaveLength(1)
		expect(removed[0]).toMatchObject({ operatorEmail: cy.email, detail: { by: 'password reset' } })

		// A reset of an account without passkeys removes nothing and says nothing about it.
		const again = await issuePasswordReset(database.db, cy.id, ada.id, visitor.clientAddress)
		if (!again) throw new Error('no reset link')
		await completePasswordReset(database.db, again.token, 'another-new-quiet-harbour-8', visitor)
		expect((await audit()).filter((e) => e.action === 'passkey.removed' && e.target === 'all passkeys')).toHaveLength(1)
		await database.db
			.update(operators)
			.set({ password_hash: await hashPassword(PASSWORD, { logN: 10, r: 8, p: 1 }) })
			.where(eq(operators.id, cy.id))
	})

	describe('endpoints', () => {
		const context = (operatorSession: SiteContext['operatorSession'] = null, clientAddress = '198.51.100.4') =>
			({
				db: database.db,
				config: loadConfig({ SITE_URL: SITE, BRAND_NAME: 'Example' }),
				logger: pino({ level: 'silent' }),
				clientAddress,
				operatorSession,
			}) as SiteContext
		const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
			new Request(`${SITE}${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', origin: SITE, 'sec-fetch-site': 'same-origin', ...headers },
				body: JSON.stringify(body),
			})

		/** A passkey sign-in's two steps: a challenge, then the authenticator's answer to it; both answers. */
		async function passkeySignIn(
			authenticator: Awaited<ReturnType<typeof addPasskey>>,
			{ clientAddress, next }: { clientAddress?: string; next?: string },
		) {
			const options = await passkeySignInAction(
				post('/admin/passkeys/sign-in', { step: 'options' }),
				context(null, clientAddress),
			)
			expect(options.status).toBe(200)
			const { challengeId, options: requestOptions } = (await options.json()) as {
				challengeId: string
				options: { challenge: string }
			}
			const challenge = requestOptions.challenge
			const response = authenticator.authenticate(challenge)
			const verify = await passkeySignInAction(
				post('/admin/passkeys/sign-in', { step: 'verify', challengeId, response, next }),
				context(null, clientAddress),
			)
			return { verify, challengeId, challenge }
		}

		it('sign in through JSON: a cookie and the next page on success, one 401 answer otherwise', async () => {
			const authenticator = await addPasskey(ada, 'Tablet')
			const { verify, challengeId, challenge } = await passkeySignIn(authenticator, { next: '/admin/account' })
			expect(verify.status).toBe(200)
			expect(await verify.json()).toEqual({ redirectTo: '/admin/account' })
			const cookie = verify.headers.get('set-cookie') ?? ''
			expect(cookie).toMatch(/HttpOnly; SameSite=Lax; Secure/)
			const sessionId = sessionIdFrom(cookie.split(';')[0], SITE)
			expect((await readSession(database.db, sessionId ?? ''))?.operator.id).toBe(ada.id)

			const refused = await passkeySignInAction(
				post('/admin/passkeys/sign-in', {
					step: 'verify',
					challengeId,
					response: authenticator.authenticate(challenge),
				}),
				context(),
			)
			expect(refused.status).toBe(401)
			expect(await refused.json()).toEqual({ message: signInCopy.passkeyFailed })
			expect(refused.headers.get('set-cookie')).toBeNull()
		})

		it('sign in with a passkey from an address whose password sign-ins are used up', async () => {
			const authenticator = await addPasskey(ada, 'Office laptop')
			const office = '198.51.100.77'
			for (let hit = 0; hit < SIGN_IN_RATE_LIMIT.max + 1; hit++)
				await hitRateLimit(database.db, { scope: 'console_sign_in', clientAddress: office, ...SIGN_IN_RATE_LIMIT })
			const { verify } = await passkeySignIn(authenticator, { clientAddress: office })
			expect(verify.status).toBe(200)
		})

		it('refuse cross-origin posts, other content types and oversized bodies', async () => {
			const crossSite = post('/admin/passkeys/sign-in', { step: 'options' }, { 'sec-fetch-site': 'cross-site' })
			expect((await passkeySignInAction(crossSite, context())).status).toBe(403)
			const form = post('/admin/passkeys/sign-in', { step: 'options' }, { 'content-type': 'text/plain' })
			expect((await passkeySignInAction(form, context())).status).toBe(415)
			const huge = post('/admin/passkeys/sign-in', { step: 'options', padding: 'x'.repeat(64 * 1024) })
			expect((await passkeySignInAction(huge, context())).status).toBe(413)
			const odd = post('/admin/passkeys/sign-in', { step: 'dance' })
			expect((await passkeySignInAction(odd, context())).status).toBe(400)
		})

		it('register only with a session and its CSRF token in the header', async () => {
			const session = {
				operator: ada,
				sessionKey: 'key',
				csrfToken: 'csrf-token-of-this-session',
				recentlyConfirmed: true,
				timeZone: { chosen: null, shown: 'UTC' },
			}
			const options = { step: 'options', currentPassword: PASSWORD }
			expect((await passkeyRegistrationAction(post('/admin/passkeys/register', options), context())).status).toBe(401)
			const withoutToken = post('/admin/passkeys/register', options)
			expect((await passkeyRegistrationAction(withoutToken, context(session))).status).toBe(403)
			const wrongToken = post('/admin/passkeys/register', options, { 'x-csrf-token': 'guess' })
			expect((await passkeyRegistrationAction(wrongToken, context(session))).status).toBe(403)
			const crossSite = post('/admin/passkeys/register', options, {
				'x-csrf-token': session.csrfToken,
				'sec-fetch-site': 'cross-site',
			})
			expect((await passkeyRegistrationAction(crossSite, context(session))).status).toBe(403)

			const headers = { 'x-csrf-token': session.csrfToken }
			const answer = await passkeyRegistrationAction(
				post('/admin/passkeys/register', options, headers),
				context(session),
			)
			expect(answer.status).toBe(200)
			const { challengeId, options: creation } = (await answer.json()) as {
				challengeId: string
				options: { challenge: string }
			}
			const authenticator = softAuthenticator()
			const verify = await passkeyRegistrationAction(
				post(
					'/admin/passkeys/register',
					{ step: 'verify', challengeId, response: authenticator.register(creation.challenge), name: 'Desk key' },
					headers,
				),
				context(session),
			)
			expect(verify.status).toBe(200)
			expect(await verify.json()).toMatchObject({ message: accountCopy.passkeyAdded, passkey: { name: 'Desk key' } })
			expect((await listPasskeys(database.db, ada.id)).map((p) => p.name)).toContain('Desk key')
		})

		it('give no registration options without the right current password, and none while the account is locked', async () => {
			const session = {
				operator: cy,
				sessionKey: 'cy-key',
				csrfToken: 'csrf-token-of-cy',
				recentlyConfirmed: true,
				timeZone: { chosen: null, shown: 'UTC' },
			}
			const headers = { 'x-csrf-token': session.csrfToken }
			const address = '198.51.100.23'
			const register = (body: unknown) =>
				passkeyRegistrationAction(post('/admin/passkeys/register', body, headers), context(session, address))
			const challenges = async () =>
				(await database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.operator_id, cy.id))).length
			const before = await challenges()

			for (const body of [{ step: 'options' }, { step: 'options', currentPassword: 'x'.repeat(300) }]) {
				expect((await register(body)).status).toBe(400)
			}
			const empty = await register({ step: 'options', currentPassword: '' })
			expect(empty.status).toBe(400)
			expect(await empty.json()).toEqual({
				message: accountCopy.currentPasswordRequired,
				fieldErrors: { currentPassword: accountCopy.currentPasswordRequired },
			})

			const wrong = await register({ step: 'options', currentPassword: 'not-my-password' })
			expect(wrong.status).toBe(400)
			expect(await wrong.json()).toEqual({
				message: accountCopy.wrongPassword,
				fieldErrors: { currentPassword: accountCopy.wrongPassword },
			})
			expect(await challenges()).toBe(before)
			const failed = (await audit()).find((e) => e.action === 'sign_in.failed' && e.target === cy.email)
			expect(failed?.detail).toEqual({ reason: 'wrong password', during: 'passkey registration' })

			for (let attempt = 2; attempt <= consoleLimits.pairFailures; attempt++) {
				expect((await register({ step: 'options', currentPassword: `wrong-${attempt}` })).status).toBe(400)
			}
			const locked = await register({ step: 'options', currentPassword: PASSWORD })
			expect(locked.status).toBe(429)
			expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
			expect(await locked.json()).toEqual({ message: signInCopy.locked(consoleLimits.firstLockoutMinutes, 'pair') })
			expect(await challenges()).toBe(before)

			await database.db.execute(sql`DELETE FROM sign_in_throttles`)
			const allowed = await register({ step: 'options', currentPassword: PASSWORD })
			expect(allowed.status).toBe(200)
			expect(await challenges()).toBe(before + 1)
		})
	})
})
