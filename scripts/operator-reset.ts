import { consoleLimits } from '#app/content/console.ts'
import { clearAccountLock, findOperatorByEmail } from '#app/features/auth/sign-in.server.ts'
import { enableOperator, issuePasswordReset, tokenLink } from '#app/features/operators/accounts.server.ts'
import { loadConfig } from '#app/features/site/config.server.ts'
import { openConfiguredDatabase, runDatabaseCommand } from './lib/database-command.ts'

/** The address the audit log keeps for this command: it runs on the server's own machine. */
const COMMAND_ADDRESS = 'operator:reset command'

/**
 * `npm run operator:reset -- EMAIL`: the way back in when every operator is locked out. Prints a single-use
 * password-reset link (valid 24 hours); a disabled account is enabled again and a sign-in lock lifted.
 */
async function main() {
	const email = process.argv[2]?.trim() ?? ''
	if (!email) {
		console.error('Usage: npm run operator:reset -- EMAIL')
		return 2
	}
	const config = loadConfig()
	const database = await openConfiguredDatabase()
	try {
		const operator = await findOperatorByEmail(database.db, email)
		if (!operator) {
			console.error(
				`No operator has the email ${email}. While no operator exists, the server prints a setup link when it starts.`,
			)
			return 1
		}
		if (operator.disabled_at) {
			await enableOperator(database.db, operator.id, null, COMMAND_ADDRESS)
			console.log(`${operator.email} was disabled and is enabled again.`)
		}
		await clearAccountLock(database.db, operator.email)
		const reset = await issuePasswordReset(database.db, operator.id, null, COMMAND_ADDRESS)
		if (!reset) return 1
		console.log(`Password-reset link for ${reset.email} (single use, valid ${consoleLimits.resetLinkHours} hours):`)
		console.log(tokenLink(config.SITE_URL, 'reset', reset.token))
	} finally {
		await database.close()
	}
	return 0
}

await runDatabaseCommand(
	main,
	'With the embedded database, stop the server first (or set DATABASE_URL to use PostgreSQL, which the server and this command share).',
)
