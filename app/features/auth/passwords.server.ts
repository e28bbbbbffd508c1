import crypto from 'node:crypto'
import { promisify } from 'node:util'
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

const scrypt = promisify(crypto.scrypt) as (
	password: string,
	salt: Buffer,
	keyLength: number,
	options: crypto.ScryptOptions,
) => Promise<Buffer>

/** OWASP Password Storage Cheat Sheet: scrypt with N = 2^17, r = 8, p = 1 (128 MiB). Raise, never lower. */
export const PASSWORD_HASH_PARAMETERS = { logN: 17, r: 8, p: 1 } as const

type HashParameters = { logN: number; r: number; p: number }

let hashParameters: HashParameters = PASSWORD_HASH_PARAMETERS

/** Tests lower the cost so that signing a test operator in takes milliseconds; nothing in the site calls this. */
export function setPasswordHashCost(parameters: HashParameters = PASSWORD_HASH_PARAMETERS) {
	hashParameters = parameters
}
const KEY_BYTES = 32
const SALT_BYTES = 16

async function derive(password: string, salt: Buffer, { logN, r, p }: HashParameters) {
	const N = 2 ** logN
	// scrypt needs 128·N·r bytes; Node refuses anything above maxmem, which defaults to 32 MiB.
	return scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r })
}

/** `scrypt$ln=17,r=8,p=1$<salt>$<hash>`: the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, parameters: HashParameters = hashParameters) {
	const salt = crypto.randomBytes(SALT_BYTES)
	const hash = await derive(password, salt, parameters)
	const { logN, r, p } = parameters
	return `scrypt$ln=${logN},r=${r},p=${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

function parseHash(stored: string) {
	const match = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored)
	if (!match) return null
	const [, logN, r, p, salt, hash] = match
	return {
		parameters: { logN: Number(logN), r: Number(r), p: Number(p) },
		salt: Buffer.from(salt ?? '', 'base64url'),
		hash: Buffer.from(hash ?? '', 'base64url'),
	}
}

function weakerThanCurrent({ logN, r, p }: HashParameters) {
	const current = hashParameters
	return logN < current.logN || r < current.r || p < current.p
}

/** Whether the password matches, and whether its hash was made with parameters below today's and should be redone. */
export async function verifyPassword(password: string, stored: string) {
	const parsed = parseHash(stored)
	if (!parsed) return { matches: false, needsRehash: false }
	const hash = await derive(password, parsed.salt, parsed.parameters)
	const matches = hash.length === parsed.hash.length && crypto.timingSafeEqual(hash, parsed.hash)
	return { matches, needsRehash: matches && weakerThanCurrent(parsed.parameters) }
}

let decoy: Promise<string> | undefined

/** Verifies against a hash nobody has, so an unknown email costs the same time as a wrong password. */
export async function verifyAgainstDecoy(password: string) {
	decoy ??= hashPassword(crypto.randomBytes(16).toString('hex'))
	await verifyPassword(password, await decoy)
}

let estimator: ZxcvbnFactory | undefined

/**
 * zxcvbn's verdict with its dictionaries (common passwords, names, English words); scores run 0–4 and anything
 * below 3 ("safely unguessable: moderate protection from offline attacks") is refused. `related` are words an
 * attacker would try first for this account: its email, name and the site's brand.
 */
export async function passwordWeakness(password: string, related: string[]) {
	if (!estimator) {
		// Its dictionaries load with the first password chosen, not with every server start.
		const [{ ZxcvbnFactory }, common, english] = await Promise.all([
			import('@zxcvbn-ts/core'),
			import('@zxcvbn-ts/language-common'),
			import('@zxcvbn-ts/language-en'),
		])
		estimator = new ZxcvbnFactory({
			dictionary: { ...common.dictionary, ...english.dictionary },
			graphs: common.adjacencyGraphs,
			translations: english.translations,
			// The estimate costs time that grows fast with length and blocks the server: the first 64 characters decide.
			maxLength: 64,
		})
	}
	// Each word alone and all of them run together: "Domain Rebels" is tried as "domain", "rebels", "domainrebels".
	const words = related
		.flatMap((value) => {
			const parts = value.toLowerCase().split(/[^\p{L}\p{N}]+/u)
			return [...parts, parts.join('')]
		})
		.filter((word) => word.length > 2)
	const result = estimator.check(password, words)
	if (result.score >= 3) return null
	return [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ')
}
