import { setPasswordHashCost } from '#app/features/auth/passwords.server.ts'

/** scrypt at 2^10 for the suite (a millisecond a hash); the site's own cost is checked in passwords.server.test.ts. */
export const TEST_PASSWORD_HASH_COST = { logN: 10, r: 8, p: 1 }

setPasswordHashCost(TEST_PASSWORD_HASH_COST)
