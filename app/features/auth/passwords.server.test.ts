import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_PASSWORD_HASH_COST } from '#tests/support/password-cost.ts'
import {
	hashPassword,
	PASSWORD_HASH_PARAMETERS,
	passwordWeakness,
	setPasswordHashCost,
	verifyPassword,
} from './passwords.server.ts'

describe('operator passwords', () => {
	// What the site runs with, not the suite's cheaper cost.
	beforeAll(() => setPasswordHashCost())
	afterAll(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST))

	it('hash with scrypt at OWASP parameters or above, the parameters stored with the hash', async () => {
		expect(PASSWORD_HASH_PARAMETERS.logN).toBeGreaterThanOrEqual(17)
		expect(PASSWORD_HASH_PARAMETERS.r).toBeGreaterThanOrEqual(8)
		const hash = await hashPassword('violet-harbor-quilt-59')
		expect(hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/)
		expect(await verifyPassword('violet-harbor-quilt-59', hash)).toEqual({ matches: true, needsRehash: false })
		expect(await verifyPassword('violet-harbor-quilt-58', hash)).toEqual({ matches: false, needsRehash: false })
		// Two hashes of one password differ: each has its own salt.
		expect(await hashPassword('violet-harbor-quilt-59')).not.toBe(hash)
	})

	it('ask for a new hash when it was made with weaker parameters than today', async () => {
		const old = await hashPassword('violet-harbor-quilt-59', { logN: 14, r: 8, p: 1 })
		expect(await verifyPassword('violet-harbor-quilt-59', old)).toEqual({ matches: true, needsRehash: true })
		expect((await verifyPassword('wrong-password-entirely', old)).needsRehash).toBe(false)
	})

	it('refuse common and guessable passwords of any length, with advice', async () => {
		expect(await passwordWeakness('password1234', [])).toMatch(/\w/)
		expect(await passwordWeakness('qwertyuiopasdf', [])).toMatch(/\w/)
		expect(await passwordWeakness('aaaaaaaaaaaaaaaa', [])).toMatch(/\w/)
		expect(await passwordWeakness('DomainRebels2026', ['Domain Rebels'])).not.toBeNull()
		expect(await passwordWeakness('violet-harbor-quilt-59', [])).toBeNull()
		expect(await passwordWeakness('correct horse battery staple', [])).toBeNull()
	})

	it('treat an unreadable stored hash as no match', async () => {
		expect(await verifyPassword('anything-at-all', 'md5$abc')).toEqual({ matches: false, needsRehash: false })
	})
})
