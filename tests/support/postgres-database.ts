import crypto from 'node:crypto'
import pg from 'pg'

/**
 * A fresh database on the PostgreSQL server behind adminUrl (whose user may create databases): empty, or a copy of
 * `template` (see database-template.ts).
 */
export async function createPostgresDatabase(adminUrl: string, prefix = 'site_test', template?: string) {
	const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`)
	await admin.end()
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	return {
		databaseUrl: url.toString(),
		drop: async () => {
			const cleanup = new pg.Client({ connectionString: adminUrl })
			await cleanup.connect()
			await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
			await cleanup.end()
		},
	}
}
