import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { acquireDataDirLock } from '#app/db/data-dir-lock.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { formPost, submissionContext } from '#tests/support/lead-requests.ts'
import { adminExportResponse, csvCell } from './export.server.ts'
import { sendContactMessage } from './leads.server.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const TOKEN = 'export-token-0123456789'

/** A strict RFC 4180 reader, to compare what comes out with what went in. */
function parseCsv(text: string) {
	const rows: string[][] = []
	let row: string[] = []
	let cell = ''
	let quoted = false
	for (let i = 0; i < text.length; i++) {
		const c = text[i]
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				cell += '"'
				i++
			} else if (c === '"') quoted = false
			else cell += c
		} else if (c === '"') quoted = true
		else if (c === ',') {
			row.push(cell)
			cell = ''
		} else if (c === '\r' && text[i + 1] === '\n') {
			row.push(cell)
			rows.push(row)
			row = []
			cell = ''
			i++
		} else cell += c
	}
	return rows
}

const tricky = {
	name: '  Zoë "Z" O\'Brien, Jr.  ',
	email: 'zoe@example.com',
	subject: 'Ünïcødé ✓ 日本語 🚀',
	message: 'Line one\r\nLine two\nwith, commas and "quotes"\ttab',
}

describe.each(databaseDrivers())('export on $name', (driver) => {
	const database = withTestDatabase(driver)
	beforeAll(async () => {
		await sendContactMessage(formPost('/contact', tricky), submissionContext(database))
	})
	const get = (file: string, token?: string, admin: string | null = TOKEN) =>
		adminExportResponse(
			new Request(`http://127.0.0.1/admin/export/${file}`, {
				headers: token ? { authorization: `Bearer ${token}` } : {},
			}),
			new URL(`http://127.0.0.1/admin/export/${file}`),
			file,
			{
				db: database.db,
				config: { ADMIN_TOKEN: admin ?? undefined },
				operatorSession: null,
				clientAddress: '127.0.0.1',
			},
		)

	it('exports what was submitted, byte for byte', async () => {
		const response = await get('contact_messages.csv', TOKEN)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		const bytes = new Uint8Array(await response.clone().arrayBuffer())
		// The UTF-8 byte-order mark Excel on Windows needs to read `Müller` (text() drops it, as a UTF-8 decoder does).
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const [header, row] = parseCsv(await response.text())
		// The spec's columns, then the ones the console added for its workflow, then where the visit came from.
		expect(header).toEqual([
			'id',
			'name',
			'email',
			'subject',
			'message',
			'status',
			'created_at',
			'status_version',
			'status_changed_at',
			'status_changed_by',
			'assigned_to',
			'page_path',
			'landing_path',
			'referrer_host',
			'utm_source',
			'utm_medium',
			'utm_campaign',
			'ref',
		])
		expect(row?.slice(1, 6)).toEqual([tricky.name, tricky.email, tricky.subject, tricky.message, 'unread'])
	})

	it('is a 404 for everything without ADMIN_TOKEN and a 401 with a wrong token', async () => {
		expect((await get('contact_messages.csv', TOKEN, null)).status).toBe(404)
		expect((await get('nothing.csv', undefined, null)).status).toBe(404)
		expect((await get('contact_messages.csv')).status).toBe(401)
		expect((await get('contact_messages.csv', `${TOKEN}x`)).status).toBe(401)
		expect((await get('blog_posts.csv', TOKEN)).status).toBe(404)
		expect((await get('contact_messages.json', TOKEN)).status).toBe(404)
	})
})

describe('CSV cells', () => {
	it('neutralise spreadsheet formulas and quote only when needed', () => {
		expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
		expect(csvCell('+1')).toBe("'+1")
		expect(csvCell('-2')).toBe("'-2")
		expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
		expect(csvCell('plain')).toBe('plain')
		expect(csvCell('a;=1+1')).toBe('"a;=1+1"')
		expect(csvCell(null)).toBe('')
		expect(csvCell(-3)).toBe('-3')
		expect(csvCell(new Date('2025-09-01T00:00:00Z'))).toBe('2025-09-01T00:00:00.000Z')
	})
})

describe('npm run leads:export', () => {
	const run = (args: string[], env: Record<string, string>) =>
		// Node 24 runs the TypeScript source itself: the code is erasable syntax only (tsconfig), so no tsx start.
		spawnSync(process.execPath, ['scripts/leads-export.ts', ...args], {
			cwd: root,
			env: { ...process.env, DATABASE_URL: '', ...env },
			encoding: 'utf8',
		})

	it('prints the table as CSV and says clearly when a running server owns the data folder', async () => {
		const database = await databaseDrivers()[0]?.create()
		if (!database || !('dataDir' in database.location)) throw new Error('expected the embedded database')
		await sendContactMessage(formPost('/contact', tricky), submissionContext(database))
		const dataDir = database.location.dataDir
		await database.close()

		const ok = run(['contact_messages'], { DATA_DIR: dataDir })
		expect(ok.status).toBe(0)
		expect(parseCsv(ok.stdout)[1]?.slice(1, 5)).toEqual([tricky.name, tricky.email, tricky.subject, tricky.message])

		expect(run(['blog_posts'], { DATA_DIR: dataDir }).stderr).toContain('beta_applications, community_waitlist')

		const lock = acquireDataDirLock(dataDir)
		try {
			// Pretend a server owns it: this test process holds the lock, the CLI runs in a child.
			const busy = run(['contact_messages'], { DATA_DIR: dataDir })
			expect(busy.status).toBe(1)
			expect(busy.stderr).toMatch(/already in use by process \d+/)
			expect(busy.stderr).toContain('/admin/export/TABLE.csv')
		} finally {
			lock.release()
			await database.dispose()
		}
	})
})
