/**
 * Run as root in a private mount namespace (`unshare --mount`) with an empty folder: puts the embedded database on
 * small tmpfs mounts, fills them or mounts them read-only, and prints what openDatabase and checkWritable said as JSON.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from './client.server.ts'

const root = process.argv[2] as string
const results: Record<string, unknown> = {}

const mount = (dir: string, size: string) => {
	fs.mkdirSync(dir, { recursive: true })
	execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir])
}
const fill = (dir: string) => {
	try {
		fs.writeFileSync(path.join(dir, 'filler'), Buffer.alloc(256 * 1024 * 1024))
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
	}
}
const failure = async (open: () => Promise<{ close: () => Promise<void> }>) => {
	try {
		await (await open()).close()
		return 'opened'
	} catch (error) {
		return { name: (error as Error).name, kind: (error as { kind?: string }).kind, message: (error as Error).message }
	}
}

// Too small for a new database: PGlite's own file system runs out while creating it.
const tiny = path.join(root, 'tiny')
mount(tiny, '8m')
results.tooSmall = await failure(() => openDatabase({ dataDir: tiny }))

// Room for the database, then a full disk under a running server and at the next start.
const full = path.join(root, 'full')
mount(full, '64m')
const running = await openDatabase({ dataDir: full })
results.writableBefore = await running.checkWritable()
fill(full)
results.writableWhenFull = await running.checkWritable()
await running.close()
fs.rmSync(path.join(full, 'filler'))
// Full before start: the pid file does not fit.
fill(full)
results.openWhenFull = await failure(() => openDatabase({ dataDir: full }))
fs.rmSync(path.join(full, 'filler'))

// The same database seen through a read-only mount.
const readOnly = path.join(root, 'read-only')
fs.mkdirSync(readOnly)
execFileSync('mount', ['--bind', full, readOnly])
execFileSync('mount', ['-o', 'remount,bind,ro', readOnly])
results.openWhenReadOnly = await failure(() => openDatabase({ dataDir: readOnly }))

// A writable DATA_DIR whose database folder is read-only: the pid file is written, PGlite cannot start.
const partly = path.join(root, 'partly')
fs.mkdirSync(path.join(partly, 'pglite'), { recursive: true })
execFileSync('mount', ['--bind', path.join(full, 'pglite'), path.join(partly, 'pglite')])
execFileSync('mount', ['-o', 'remount,bind,ro', path.join(partly, 'pglite')])
results.openWhenDatabaseFolderReadOnly = await failure(() => openDatabase({ dataDir: partly }))

process.stdout.write(JSON.stringify(results))
