import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '../..')

/** Where a server keeps its data: the embedded database's folder or a PostgreSQL address. */
export type DatabaseLocation = { dataDir: string } | { databaseUrl: string }

/**
 * `npm run insights:report -- <args>` against a server's database (the embedded one only once that server has
 * stopped); resolves with its exit code and output.
 */
export async function insightsReport(location: DatabaseLocation, args = ['--days', '30']) {
	const env = {
		...process.env,
		...('databaseUrl' in location
			? { DATABASE_URL: location.databaseUrl }
			: { DATABASE_URL: '', DATA_DIR: location.dataDir }),
	}
	try {
		const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'insights:report', '--', ...args], {
			cwd: root,
			env,
		})
		return { code: 0, stdout, stderr }
	} catch (error) {
		const failed = error as { code: number; stdout: string; stderr: string }
		return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
	}
}

/** A report's lines, each cut into its cells (columns are two or more spaces apart). */
export const reportLines = (text: string) => text.split('\n').map((line) => line.trim().split(/\s{2,}/))
