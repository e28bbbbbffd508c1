import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { notifications } from '#app/db/schema.ts'
import { importPosts } from '#app/features/blog/import.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { pingForImportedPosts } from './index-now.server.ts'

const config = { INDEXNOW_KEY: 'a1b2c3d4e5f6a7b8', SITE_URL: 'https://www.example.com/' }

const post = (slug: string, fields: string) => `---\ntitle: "${slug}"\nseo_slug: ${slug}\n${fields}---\nWords.\n`

describe.each(databaseDrivers())('IndexNow pings after an import on $name', (driver) => {
	const database = withTestDatabase(driver)
	const folder = tempDir('index-now-import-')
	const later = new Date(Date.now() + 24 * 60 * 60_000)

	beforeAll(async () => {
		fs.writeFileSync(path.join(folder, 'live.md'), post('live', 'published_at: 2026-01-02T00:00:00Z\n'))
		fs.writeFileSync(path.join(folder, 'soon.md'), post('soon', `published_at: ${later.toISOString()}\n`))
	})
	beforeEach(async () => {
		await database.db.delete(notifications)
	})

	const pings = async () =>
		(await database.db.select().from(notifications).orderBy(notifications.id)).map((row) => ({
			channel: row.channel,
			urlList: row.payload.urlList,
			due: row.next_attempt_at.getTime() > Date.now() + 60_000 ? 'later' : 'now',
		}))

	const importAndPing = async () => {
		const report = await importPosts(database.db, folder)
		await pingForImportedPosts(database.db, config, report.changed)
		return report
	}

	it('pings the public posts an import added at once, and a scheduled one at its time', async () => {
		expect((await importAndPing()).changed.sort()).toEqual(['live', 'soon'])
		expect(await pings()).toEqual([
			{ channel: 'indexnow', urlList: ['https://www.example.com/blog/live'], due: 'now' },
			{ channel: 'indexnow', urlList: ['https://www.example.com/blog/soon'], due: 'later' },
		])
	})

	it('pings nothing for an import that changes nothing, and only the post that changed', async () => {
		expect((await importAndPing()).changed).toEqual([])
		expect(await pings()).toEqual([])
		fs.writeFileSync(path.join(folder, 'live.md'), post('live', 'published_at: 2026-01-02T00:00:00Z\nexcerpt: New\n'))
		expect((await importAndPing()).changed).toEqual(['live'])
		expect(await pings()).toEqual([{ channel: 'indexnow', urlList: ['https://www.example.com/blog/live'], due: 'now' }])
	})

	it('writes nothing without INDEXNOW_KEY', async () => {
		await pingForImportedPosts(database.db, { ...config, INDEXNOW_KEY: undefined }, ['live'])
		expect(await pings()).toEqual([])
	})
})
