import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { tempDir } from '#tests/support/temp-dir.ts'
import { openDatabase } from './client.server.ts'
import { dataDirError, reasonOf, StartupError } from './startup-error.server.ts'

function fsFailure(action: () => void) {
	try {
		action()
	} catch (error) {
		return error
	}
	throw new Error('expected the file-system call to fail')
}

/** Root may mount file systems in a mount namespace of its own: full and read-only disks become real. */
function canMountPrivately() {
	if (process.getuid?.() !== 0) return false
	const dir = tempDir('site-test-mount-')
	const probe = spawnSync('unshare', ['--mount', '--propagation', 'private', 'mount', '-t', 'tmpfs', 'tmpfs', dir])
	fs.rmSync(dir, { recursive: true })
	return probe.status === 0
}

describe('start-up errors of the data folder', () => {
	it('names a full disk from a real ENOSPC', () => {
		const error = dataDirError(
			fsFailure(() => fs.writeFileSync('/dev/full', 'x')),
			'/srv/site/data',
		)
		expect(error?.kind).toBe('data-dir-full')
		expect(error?.message).toBe(
			'The disk holding the embedded database in /srv/site/data is full (ENOSPC: no space left on device, write). Free space on it or move DATA_DIR to a larger disk, then start again.',
		)
	})

	it('names a folder this process may not write and what to do', async () => {
		const error = await openDatabase({ dataDir: '/sys/site-data' }).then(
			() => undefined,
			(reason: unknown) => reason,
		)
		expect(error).toBeInstanceOf(StartupError)
		expect((error as StartupError).kind).toBe('data-dir-read-only')
		// Writes under /sys are refused even to root: EACCES or EPERM, or EROFS where /sys is mounted read-only.
		expect((error as StartupError).message).toMatch(
			/^The embedded database folder \/sys\/site-data is (not writable by this process \(uid \d+\)|on a read-only file system) \(E[A-Z]+: [a-z -]+, mkdir '\/sys\/site-data'\)\. .* set DATA_DIR to a writable folder\.$/,
		)
	})

	it("reads PGlite's own file-system errors, which carry only an errno", () => {
		const errnoError = Object.assign(Object.create({ name: 'ErrnoError' }), { errno: 69 })
		expect(dataDirError(errnoError, '/data')?.message).toBe(
			'The embedded database folder /data is on a read-only file system (EROFS: read-only file system). Mount it read-write or set DATA_DIR to a writable folder.',
		)
	})

	it('tells every address a refused connection tried when the message is empty', () => {
		const refused = (address: string) =>
			Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: 'ECONNREFUSED' })
		const error = Object.assign(new AggregateError([refused('::1'), refused('127.0.0.1')]), { code: 'ECONNREFUSED' })
		expect(reasonOf(error)).toBe('connect ECONNREFUSED ::1:5432, connect ECONNREFUSED 127.0.0.1:5432')
	})

	it.runIf(canMountPrivately())(
		'names full and read-only disks at start and in the readiness check (tmpfs in a private mount namespace)',
		async () => {
			const root = tempDir('site-test-disks-')
			onTestFinished(() => fs.rmSync(root, { recursive: true }))
			const child = spawn(
				'unshare',
				[
					'--mount',
					'--propagation',
					'private',
					process.execPath,
					'--import',
					'tsx',
					path.join(import.meta.dirname, 'disk-failures.fixture.ts'),
					root,
				],
				{ cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
			)
			onTestFinished(() => {
				child.kill()
			})
			let stdout = ''
			let stderr = ''
			child.stdout.on('data', (chunk) => {
				stdout += chunk
			})
			child.stderr.on('data', (chunk) => {
				stderr += chunk
			})
			const code = await new Promise((resolve) => child.on('exit', resolve))
			expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
			const results = JSON.parse(stdout)
			const kinds = Object.fromEntries(
				Object.entries(results as Record<string, { kind?: string; reason?: string; ok?: boolean }>).map(
					([name, result]) => [name, result.kind ?? result.reason ?? result.ok],
				),
			)
			expect(kinds).toEqual({
				tooSmall: 'data-dir-full',
				writableBefore: true,
				writableWhenFull: 'disk full',
				openWhenFull: 'data-dir-full',
				openWhenReadOnly: 'data-dir-read-only',
				openWhenDatabaseFolderReadOnly: 'data-dir-read-only',
			})
			expect(results.tooSmall.message).toBe(
				`The disk holding the embedded database in ${root}/tiny is full (ENOSPC: no space left on device). Free space on it or move DATA_DIR to a larger disk, then start again.`,
			)
			expect(results.openWhenDatabaseFolderReadOnly.message).toMatch(
				new RegExp(`^The embedded database folder ${root}/partly/pglite is on a read-only file system \\(EROFS: `),
			)
			for (const result of Object.values(results as Record<string, { message?: string }>)) {
				expect(result.message ?? '').not.toContain('\n')
			}
		},
		60_000,
	)
})
