import fs from 'node:fs'
import path from 'node:path'
import { StartupError } from './startup-error.server.ts'

export class DataDirLockedError extends StartupError {
	readonly dataDir: string
	readonly ownerPid: number

	constructor(dataDir: string, ownerPid: number) {
		super(
			'data-dir-locked',
			`The embedded database in ${dataDir} is already in use by process ${ownerPid}. ` +
				'Stop that process, use another DATA_DIR, or set DATABASE_URL to a PostgreSQL server that several processes can share.',
		)
		this.name = 'DataDirLockedError'
		this.dataDir = dataDir
		this.ownerPid = ownerPid
	}
}

export type DataDirLock = { release: () => void }

function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

/** PGlite does not lock its files and two openers corrupt them, so one process claims the folder with a pid file. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
	const lockPath = path.join(dataDir, 'owner.pid')
	for (let attempt = 0; attempt < 3; attempt++) {
		try {
			fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
			let released = false
			return {
				release: () => {
					if (released) return
					released = true
					if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true })
				},
			}
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
		const owner = readOwner(lockPath)
		if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
			throw new DataDirLockedError(dataDir, owner)
		}
		// The owner died without releasing (kill -9, power loss): the folder is free again.
		fs.rmSync(lockPath, { force: true })
	}
	throw new StartupError(
		'data-dir-locked',
		`Could not claim ${lockPath}; another process keeps creating it. Stop the other servers using DATA_DIR ${dataDir}.`,
	)
}

/** The live process that owns the folder (a running server), if any. */
export function dataDirOwner(dataDir: string): number | undefined {
	const owner = readOwner(path.join(dataDir, 'owner.pid'))
	return owner !== undefined && isAlive(owner) ? owner : undefined
}

function readOwner(lockPath: string): number | undefined {
	try {
		const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10)
		return Number.isInteger(pid) && pid > 0 ? pid : undefined
	} catch {
		return undefined
	}
}
