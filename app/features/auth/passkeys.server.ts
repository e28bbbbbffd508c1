import crypto from 'node:crypto'
import { isIP } from 'node:net'
import type {
	AuthenticationResponseJSON,
	PublicKeyCredentialCreationOptionsJSON,
	PublicKeyCredentialRequestOptionsJSON,
	RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { COSEALG } from '@simplewebauthn/server/helpers'
import { and, asc, eq, sql } from 'drizzle-orm'
import { accountCopy, consoleLimits, type PasskeyHostProblem, passkeyHostCopy } from '#app/content/console.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { operators, passkeys, webauthnChallenges } from '#app/db/schema.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import { addressKey, completeSignIn, countFailure, type SignInRequest } from './sign-in.server.ts'

/** How long the browser (and the person) may take between asking for options and answering them. */
export const CHALLENGE_MINUTES = 5

/** The site as WebAuthn knows it: its host name is the RP ID, its origin the only one answers may come from. */
export type RelyingParty = { id: string; name: string; origin: string }

export function relyingParty(config: { SITE_URL: string; BRAND_NAME: string }): RelyingParty {
	const site = new URL(config.SITE_URL)
	return { id: site.hostname, name: config.BRAND_NAME, origin: site.origin }
}

/**
 * Why the browser will refuse passkeys at the address a page was requested at, if it will: WebAuthn allows none at an
 * IP address, and ties them to SITE_URL's host (and its subdomains).
 */
export function passkeyHostProblem(config: { SITE_URL: string }, url: URL): PasskeyHostProblem | null {
	const here = url.hostname.replace(/^\[|\]$/g, '')
	if (isIP(here)) return 'ip-address'
	const site = new URL(config.SITE_URL).hostname
	return here === site || here.endsWith(`.${site}`) ? null : 'other-host'
}

/** What a page says instead of offering passkeys where the browser would refuse them; null where they work. */
export function passkeyHostNote(config: { SITE_URL: string }, url: URL) {
	const problem = passkeyHostProblem(config, url)
	return problem ? passkeyHostCopy[problem](new URL(config.SITE_URL).host) : null
}

/** The user handle an operator's passkeys carry: their id, nothing personal. */
function userHandle(operatorId: number) {
	return new TextEncoder().encode(`operator:${operatorId}`)
}

type ChallengePurpose = 'register' | 'sign_in' | 'confirm'

async function storeChallenge(db: Database, challenge: string, purpose: ChallengePurpose, operatorId: number | null) {
	const id = crypto.randomBytes(24).toString('base64url')
	await db.insert(webauthnChallenges).values({
		id,
		challenge,
		purpose,
		operator_id: operatorId,
		expires_at: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
	})
	return id
}

/** The WebAuthn library, loaded at the first passkey request: it is a quarter of the modules a server start would load. */
const webauthn = () => import('@simplewebauthn/server')

/**
 * EdDSA, ES256 and RS256 by their COSE numbers (the enum's values, without loading it), named so the library does not
 * probe Node for ML-DSA (an experimental API that warns in the logs).
 */
const PASSKEY_ALGORITHMS: COSEALG[] = [-8, -7, -257]

/**
 * Takes a challenge out of the table, so it answers once: the challenge while it is still valid, null when it is
 * unknown, used, expired, for another purpose or (registrations) another operator's.
 */
export async function takeChallenge(db: Database, id: string, purpose: ChallengePurpose, operatorId: number | null) {
	if (!id || id.length > 100) return null
	const [row] = await selectRows<{ challenge: string; live: boolean }>(
		db,
		sql`DELETE FROM webauthn_challenges
			WHERE id = ${id} AND purpose = ${purpose}
				AND ${operatorId === null ? sql`operator_id IS NULL` : sql`operator_id = ${operatorId}`}
			RETURNING challenge, expires_at > now() AS live`,
	)
	return row?.live === true ? row.challenge : null
}

export type PasskeyRow = { id: string; name: string; createdAt: string; lastUsedAt: string | null }

/** An operator's own passkeys, oldest first. */
export async function listPasskeys(db: Database, operatorId: number): Promise<PasskeyRow[]> {
	const rows = await db
		.select({
			id: passkeys.id,
			name: passkeys.name,
			createdAt: passkeys.created_at,
			lastUsedAt: passkeys.last_used_at,
		})
		.from(passkeys)
		.where(eq(passkeys.operator_id, operatorId))
		.orderBy(asc(passkeys.created_at), asc(passkeys.id))
	return rows.map((row) => ({
		id: row.id,
		name: row.name,
		createdAt: new Date(row.createdAt).toISOString(),
		lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
	}))
}

/** Options for adding a passkey to the signed-in operator; their existing ones are excluded. */
export async function registrationOptions(
	db: Database,
	rp: RelyingParty,
	operator: { id: number; email: string; displayName: string },
): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
	const existing = await db
		.select({ id: passkeys.id, transports: passkeys.transports })
		.from(passkeys)
		.where(eq(passkeys.operator_id, operator.id))
	const { generateRegistrationOptions } = await webauthn()
	const options = await generateRegistrationOptions({
		rpName: rp.name,
		rpID: rp.id,
		userName: operator.email,
		userID: userHandle(operator.id),
		userDisplayName: operator.displayName,
		timeout: CHALLENGE_MINUTES * 60_000,
		attestationType: 'none',
		excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
		authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
		supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
	})
	const challengeId = await storeChallenge(db, options.challenge, 'register', operator.id)
	return { challengeId, options }
}

/** A passkey's name as given, or the default one. */
export function passkeyName(name: string | null | undefined) {
	const trimmed = (name ?? '').replaceAll('\0', '').trim().slice(0, consoleLimits.passkeyName)
	return trimmed || accountCopy.passkeyDefaultName
}

export type RegistrationOutcome = { ok: true; passkey: { id: string; name: string } } | { ok: false }

/**
 * Checks the browser's answer to the registration options and keeps the new credential. The authenticator must have
 * verified the person (screen lock, PIN or fingerprint), not only their presence.
 */
export async function verifyRegistration(
	db: Database,
	rp: RelyingParty,
	operatorId: number,
	answer: { challengeId: string; response: RegistrationResponseJSON; name?: string | null },
	clientAddress: string,
): Promise<RegistrationOutcome> {
	const expectedChallenge = await takeChallenge(db, answer.challengeId, 'register', operatorId)
	if (!expectedChallenge) return { ok: false }
	const { verifyRegistrationResponse } = await webauthn()
	let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
	try {
		verification = await verifyRegistrationResponse({
			response: answer.response,
			expectedChallenge,
			expectedOrigin: rp.origin,
			expectedRPID: rp.id,
			requireUserVerification: true,
			supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
		})
	} catch {
		return { ok: false }
	}
	if (!verification.verified) return { ok: false }
	const { credential } = verification.registrationInfo
	if (credential.id.length > 512) return { ok: false }
	const name = passkeyName(answer.name)
	const stored = await db
		.insert(passkeys)
		.values({
			id: credential.id,
			operator_id: operatorId,
			public_key: Buffer.from(credential.publicKey).toString('base64url'),
			counter: credential.counter,
			transports: credential.transports ?? answer.response.response.transports ?? [],
			name,
		})
		.onConflictDoNothing()
		.returning({ id: passkeys.id })
	if (stored.length === 0) return { ok: false }
	await recordAudit(db, { action: 'passkey.added', operatorId, target: name, clientAddress })
	return { ok: true, passkey: { id: credential.id, name } }
}

/** Options for signing in with any passkey of the site the browser holds (discoverable credentials). */
export async function authenticationOptions(
	db: Database,
	rp: RelyingParty,
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
	const { generateAuthenticationOptions } = await webauthn()
	const options = await generateAuthenticationOptions({
		rpID: rp.id,
		userVerification: 'required',
		timeout: CHALLENGE_MINUTES * 60_000,
	})
	const challengeId = await storeChallenge(db, options.challenge, 'sign_in', null)
	return { challengeId, options }
}

/**
 * Checks a passkey's answer to a challenge: a valid signature, the person verified by the authenticator (not only
 * present) and the counter (when the authenticator keeps one) moved on, which is then stored. The reason otherwise.
 */
async function checkAssertion(
	db: Database,
	rp: RelyingParty,
	answer: { expectedChallenge: string; response: AuthenticationResponseJSON },
	passkey: typeof passkeys.$inferSelect,
): Promise<'verified' | 'verification failed' | 'counter'> {
	const { verifyAuthenticationResponse } = await webauthn()
	let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
	try {
		verification = await verifyAuthenticationResponse({
			response: answer.response,
			expectedChallenge: answer.expectedChallenge,
			expectedOrigin: rp.origin,
			expectedRPID: rp.id,
			credential: {
				id: passkey.id,
				publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
				counter: passkey.counter,
				transports: passkey.transports,
			},
			requireUserVerification: true,
		})
	} catch {
		// A counter that went backwards (a cloned authenticator) is refused here too.
		return 'verification failed'
	}
	if (!verification.verified) return 'verification failed'
	const { newCounter } = verification.authenticationInfo
	// Conditional, so that two answers racing with one counter value cannot both pass.
	const updated = await db
		.update(passkeys)
		.set({ counter: newCounter, last_used_at: sql`now()` })
		.where(
			and(
				eq(passkeys.id, passkey.id),
				newCounter === 0 ? eq(passkeys.counter, 0) : sql`${passkeys.counter} < ${newCounter}`,
			),
		)
		.returning({ id: passkeys.id })
	return updated.length === 0 ? 'counter' : 'verified'
}

/** Options for the signed-in operator to prove it is them with one of their own passkeys. */
export async function confirmationOptions(
	db: Database,
	rp: RelyingParty,
	operatorId: number,
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON } | null> {
	const own = await db
		.select({ id: passkeys.id, transports: passkeys.transports })
		.from(passkeys)
		.where(eq(passkeys.operator_id, operatorId))
	if (own.length === 0) return null
	const { generateAuthenticationOptions } = await webauthn()
	const options = await generateAuthenticationOptions({
		rpID: rp.id,
		userVerification: 'required',
		timeout: CHALLENGE_MINUTES * 60_000,
		allowCredentials: own.map((row) => ({ id: row.id, transports: row.transports })),
	})
	const challengeId = await storeChallenge(db, options.challenge, 'confirm', operatorId)
	return { challengeId, options }
}

/**
 * The operator's own passkey again, as a password confirmation is: the challenge theirs and unused, the passkey theirs.
 * A failure is audited; it is not counted towards a pause, as a passkey cannot be guessed.
 */
export async function confirmWithPasskey(
	db: Database,
	rp: RelyingParty,
	answer: { challengeId: string; response: AuthenticationResponseJSON },
	operator: { id: number; email: string },
	clientAddress: string,
) {
	const expectedChallenge = await takeChallenge(db, answer.challengeId, 'confirm', operator.id)
	const credentialId = typeof answer.response?.id === 'string' ? answer.response.id : ''
	const [passkey] =
		expectedChallenge && credentialId && credentialId.length <= 512
			? await db
					.select()
					.from(passkeys)
					.where(and(eq(passkeys.id, credentialId), eq(passkeys.operator_id, operator.id)))
			: []
	const outcome =
		expectedChallenge && passkey
			? await checkAssertion(db, rp, { expectedChallenge, response: answer.response }, passkey)
			: 'unknown passkey or challenge'
	if (outcome === 'verified') return true
	await recordAudit(db, {
		action: 'sign_in.failed',
		operatorId: operator.id,
		target: operator.email,
		clientAddress,
		detail: { method: 'passkey', reason: outcome, during: 'confirmation' },
	})
	return false
}

export type PasskeySignInOutcome = { ok: true; sessionId: string; operatorId: number } | { ok: false; reason: 'failed' }

/**
 * Signs in with a passkey: the challenge must be one this site gave out and not used, the credential known, its
 * operator active, the signature valid, the person verified by the authenticator (not only present) and the counter
 * (when the authenticator keeps one) moved on. A failure is
 * audited and counted against the client's address like a wrong password. A passkey cannot be guessed, so it is never
 * paused: an operator whose password sign-in an attacker paused still gets in with one.
 */
export async function signInWithPasskey(
	db: Database,
	rp: RelyingParty,
	answer: { challengeId: string; response: AuthenticationResponseJSON },
	request: SignInRequest,
): Promise<PasskeySignInOutcome> {
	const address = addressKey(request.clientAddress)
	const failed = async (reason: string, operator?: { id: number; email: string }) => {
		await recordAudit(db, {
			action: 'sign_in.failed',
			operatorId: operator?.id ?? null,
			target: operator?.email ?? null,
			clientAddress: request.clientAddress,
			detail: { method: 'passkey', reason },
		})
		const minutes = await countFailure(db, address, consoleLimits.addressFailures)
		if (minutes) {
			await recordAudit(db, {
				action: 'sign_in.locked_out',
				operatorId: operator?.id ?? null,
				target: operator?.email ?? null,
				clientAddress: request.clientAddress,
				detail: { minutes, by: 'address', method: 'passkey' },
			})
		}
		return { ok: false, reason: 'failed' } as const
	}

	const expectedChallenge = await takeChallenge(db, answer.challengeId, 'sign_in', null)
	if (!expectedChallenge) return failed('unknown or expired challenge')
	const credentialId = typeof answer.response?.id === 'string' ? answer.response.id : ''
	if (!credentialId || credentialId.length > 512) return failed('unknown passkey')
	const [found] = await db
		.select({
			passkey: passkeys,
			operator: { id: operators.id, email: operators.email, disabledAt: operators.disabled_at },
		})
		.from(passkeys)
		.innerJoin(operators, eq(operators.id, passkeys.operator_id))
		.where(eq(passkeys.id, credentialId))
	if (!found) return failed('unknown passkey')
	const { passkey, operator } = found
	if (operator.disabledAt) return failed('disabled', operator)
	// The user handle, when the authenticator sends one, must name the passkey's own operator.
	const handle = answer.response.response?.userHandle
	if (handle && handle !== Buffer.from(userHandle(operator.id)).toString('base64url')) {
		return failed('user handle mismatch', operator)
	}

	const checked = await checkAssertion(db, rp, { expectedChallenge, response: answer.response }, passkey)
	if (checked !== 'verified') return failed(checked, operator)

	const sessionId = await completeSignIn(db, operator.id, request, 'passkey')
	return { ok: true, sessionId, operatorId: operator.id }
}

/** Removes one of the operator's own passkeys; another operator's (or an unknown one) is left alone. */
export async function removePasskey(db: Database, operatorId: number, passkeyId: string, clientAddress: string) {
	const [removed] = await db
		.delete(passkeys)
		.where(and(eq(passkeys.id, passkeyId), eq(passkeys.operator_id, operatorId)))
		.returning({ name: passkeys.name })
	if (!removed) return false
	await recordAudit(db, { action: 'passkey.removed', operatorId, target: removed.name, clientAddress })
	return true
}
