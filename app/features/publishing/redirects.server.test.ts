import { asc, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { operators, redirects } from '#app/db/schema.ts'
import { listAudit } from '#app/features/operators/audit.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import {
	addRedirect,
	deleteRedirect,
	getRedirect,
	listRedirects,
	recordSlugChange,
	resolveRedirect,
	updateRedirect,
} from './redirects.server.ts'

describe.each(databaseDrivers())('redirects on $name', (driver) => {
	const database = withTestDatabase(driver)
	let by: number
	const who = () => ({ by, clientAddress: '203.0.113.7' })

	beforeAll(async () => {
		const [operator] = await database.db
			.insert(operators)
			.values({ email: 'ada@example.com', display_name: 'Ada', password_hash: 'not-a-hash' })
			.returning({ id: operators.id })
		by = operator?.id ?? 0
	})
	beforeEach(async () => {
		await database.db.delete(redirects)
	})

	/** Every stored redirect as `from → to`, in the order they were added. */
	const table = async () =>
		(await database.db.select().from(redirects).orderBy(asc(redirects.id))).map(
			(row) => `${row.from_path} → ${row.to_path}`,
		)

	const add = (from: string, to: string, statusCode?: 301 | 302 | 307 | 308) =>
		addRedirect(database.db, { from, to, statusCode, ...who() })

	it('adds a redirect (stored decoded, 301 unless told) and audits it', async () => {
		const added = await add('/caf%C3%A9', '/menu')
		expect(added).toMatchObject({ outcome: 'created', from: '/café', to: '/menu', statusCode: 301, collapsed: 0 })
		if (added.outcome !== 'created') throw new Error('not created')
		const row = await getRedirect(database.db, added.id)
		expect(row).toMatchObject({
			from: '/café',
			to: '/menu',
			statusCode: 301,
			hits: 0,
			lastHitAt: null,
			createdBy: 'Ada',
		})
		const audit = await listAudit(database.db, { action: 'redirect.created', limit: 10 })
		expect(audit.entries.find((entry) => entry.target === `redirect:${added.id}`)?.detail).toEqual({
			from: '/café',
			to: '/menu',
			status: 301,
			collapsed: 0,
		})
	})

	it('changes the redirect that already starts at the same address instead of adding a second', async () => {
		await add('/old', '/first')
		const again = await add('/old', '/second', 308)
		expect(again).toMatchObject({ outcome: 'updated', to: '/second', statusCode: 308 })
		expect(await table()).toEqual(['/old → /second'])
	})

	it('collapses chains both ways: a target that redirects is followed, and redirects to the old address move on', async () => {
		await add('/c', '/d?from=c')
		expect(await add('/b', '/c?x=1#part')).toMatchObject({ outcome: 'created', to: '/d?from=c&x=1#part' })
		await add('/x', '/a?keep=1')
		await add('/y', '/a')
		const added = await add('/a', '/b')
		expect(added).toMatchObject({ outcome: 'created', to: '/d?from=c&x=1#part', collapsed: 2 })
		expect(await table()).toEqual([
			'/c → /d?from=c',
			'/b → /d?from=c&x=1#part',
			'/x → /d?from=c&x=1&keep=1#part',
			'/y → /d?from=c&x=1#part',
			'/a → /d?from=c&x=1#part',
		])
	})

	it('leaves no chain behind when two links of one are added at the same moment', async () => {
		for (let round = 0; round < 5; round++) {
			await database.db.delete(redirects)
			await Promise.all([add('/a', '/b'), add('/b', '/c')])
			expect((await table()).sort()).toEqual(['/a → /c', '/b → /c'])
		}
	})

	it('refuses a loop and a redirect to itself, and leaves the table as it was', async () => {
		await add('/a', '/b')
		await add('/b', '/c')
		expect(await table()).toEqual(['/a → /c', '/b → /c'])
		expect(await add('/c', '/a')).toEqual({ outcome: 'loop', from: '/c', to: '/a' })
		expect(await add('/c', '/b?x=1')).toEqual({ outcome: 'loop', from: '/c', to: '/b?x=1' })
		expect(await add('/a', '/a')).toEqual({ outcome: 'same' })
		expect(await add('/a', '/a?x=1')).toEqual({ outcome: 'same' })
		expect(await add('/caf%C3%A9', '/café#top')).toEqual({ outcome: 'same' })
		expect(await table()).toEqual(['/a → /c', '/b → /c'])
	})

	it('refuses addresses that are not site paths, naming the field', async () => {
		expect(await add('https://example.com/old', '/new')).toEqual({
			outcome: 'invalid',
			field: 'from',
			problem: 'notSitePath',
		})
		expect(await add('/old', '//evil.example')).toEqual({ outcome: 'invalid', field: 'to', problem: 'notSitePath' })
		expect(await add('/old', '/%2F%2Fevil.example')).toEqual({
			outcome: 'invalid',
			field: 'to',
			problem: 'doubleSlash',
		})
		expect(await add('/old?x=1', '/new')).toEqual({ outcome: 'invalid', field: 'from', problem: 'query' })
		expect(await add('/old%00', '/new')).toEqual({ outcome: 'invalid', field: 'from', problem: 'characters' })
		expect(await table()).toEqual([])
	})

	it('on a slug change: a 301 from the old article, earlier renames follow, and a redirect from the live new path goes', async () => {
		const first = await recordSlugChange(database.db, { oldPath: '/blog/one', newPath: '/blog/two', ...who() })
		expect(first).toMatchObject({ outcome: 'created', from: '/blog/one', to: '/blog/two', statusCode: 301 })
		const second = await recordSlugChange(database.db, { oldPath: '/blog/two', newPath: '/blog/three', ...who() })
		expect(second).toMatchObject({ outcome: 'created', collapsed: 1, removed: null })
		expect(await table()).toEqual(['/blog/one → /blog/three', '/blog/two → /blog/three'])
		// Back to an earlier slug: that address is the post again, so its redirect is removed rather than refused as a loop.
		const back = await recordSlugChange(database.db, { oldPath: '/blog/three', newPath: '/blog/two', ...who() })
		expect(back).toMatchObject({ outcome: 'created', from: '/blog/three', to: '/blog/two', removed: '/blog/two' })
		expect(await table()).toEqual(['/blog/one → /blog/two', '/blog/three → /blog/two'])
		// An import runs without an operator.
		const imported = await recordSlugChange(database.db, {
			oldPath: '/blog/two',
			newPath: '/blog/four',
			by: null,
			clientAddress: 'cli',
		})
		expect(imported).toMatchObject({ outcome: 'created', removed: null })
		if (imported.outcome !== 'created') throw new Error('not created')
		expect((await getRedirect(database.db, imported.id))?.createdBy).toBeNull()
		const audit = await listAudit(database.db, { action: 'redirect.created', limit: 50 })
		expect(audit.entries.find((entry) => entry.target === `redirect:${imported.id}`)?.detail).toMatchObject({
			cause: 'slug_change',
			collapsed: 2,
		})
	})

	it('updates a redirect by id (collapsing chains too), refusing an address another starts at and unknown ids', async () => {
		const a = await add('/a', '/target')
		await add('/b', '/elsewhere')
		await add('/x', '/moved')
		if (a.outcome !== 'created') throw new Error('not created')
		const edit = (from: string, to: string, id = a.id) =>
			updateRedirect(database.db, { id, from, to, statusCode: 302, ...who() })
		expect(await edit('/b', '/target')).toEqual({ outcome: 'taken' })
		expect(await edit('/a', '/target', 999_999)).toEqual({ outcome: 'unknown' })
		expect(await edit('/moved', '/b')).toMatchObject({
			outcome: 'updated',
			id: a.id,
			from: '/moved',
			to: '/elsewhere',
			statusCode: 302,
			collapsed: 1,
		})
		expect(await table()).toEqual(['/moved → /elsewhere', '/b → /elsewhere', '/x → /elsewhere'])
		expect(await edit('/elsewhere', '/b')).toEqual({ outcome: 'loop', from: '/elsewhere', to: '/b' })
		const audit = await listAudit(database.db, { action: 'redirect.updated', limit: 50 })
		expect(audit.entries.find((entry) => entry.target === `redirect:${a.id}`)?.detail).toMatchObject({
			from: '/moved',
			status: 302,
		})
	})

	it('deletes a redirect (audited); an unknown id is said so', async () => {
		const added = await add('/gone', '/here')
		if (added.outcome !== 'created') throw new Error('not created')
		expect(await deleteRedirect(database.db, { id: added.id, ...who() })).toEqual({
			outcome: 'deleted',
			from: '/gone',
			to: '/here',
		})
		expect(await deleteRedirect(database.db, { id: added.id, ...who() })).toEqual({ outcome: 'unknown' })
		const audit = await listAudit(database.db, { action: 'redirect.deleted', limit: 10 })
		expect(audit.entries.find((entry) => entry.target === `redirect:${added.id}`)?.detail).toEqual({
			from: '/gone',
			to: '/here',
		})
		expect(await resolveRedirect(database.db, '/gone')).toBeNull()
	})

	it('resolves a request on its decoded path, carries its query, and counts every hit', async () => {
		const added = await add('/café', '/menü?lang=de', 307)
		if (added.outcome !== 'created') throw new Error('not created')
		expect(await resolveRedirect(database.db, '/caf%C3%A9?utm_source=mail')).toEqual({
			location: '/men%C3%BC?lang=de&utm_source=mail',
			statusCode: 307,
		})
		await Promise.all(Array.from({ length: 20 }, () => resolveRedirect(database.db, '/caf%c3%a9')))
		await vi.waitFor(
			async () => {
				const row = await getRedirect(database.db, added.id)
				expect(row?.hits).toBe(21)
				expect(row?.lastHitAt).toBeInstanceOf(Date)
			},
			{ timeout: 10_000 },
		)
		for (const path of ['/cafe', '/café/', '/%E0%A4%A', '/%00', '/..%2f', '///café', `/${'%C3%A9'.repeat(400)}`])
			expect([path, await resolveRedirect(database.db, path)]).toEqual([path, null])
	})

	it('answers 301 for a row whose status was set by hand to one it does not allow, and nothing for a target off the site', async () => {
		await database.db.insert(redirects).values([
			{ from_path: '/odd', to_path: '/fine', status_code: 303 },
			{ from_path: '/evil', to_path: '//evil.example' },
		])
		expect(await resolveRedirect(database.db, '/odd')).toEqual({ location: '/fine', statusCode: 301 })
		expect(await resolveRedirect(database.db, '/evil')).toBeNull()
		const [evil] = await database.db.select().from(redirects).where(eq(redirects.from_path, '/evil'))
		expect(evil?.hits).toBe(0)
	})

	it('lists redirects newest first, a page at a time', async () => {
		for (const n of [1, 2, 3, 4, 5]) await add(`/old-${n}`, `/new-${n}`)
		const first = await listRedirects(database.db, { limit: 2 })
		expect([first.entries.map((entry) => entry.from), first.more]).toEqual([['/old-5', '/old-4'], true])
		const last = await listRedirects(database.db, { limit: 2, before: first.entries.at(-1)?.id ?? 0 })
		const rest = await listRedirects(database.db, { limit: 2, before: last.entries.at(-1)?.id ?? 0 })
		expect([rest.entries.map((entry) => entry.from), rest.more]).toEqual([['/old-1'], false])
	})
})
