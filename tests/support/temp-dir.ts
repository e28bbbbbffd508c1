import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export { tempDir } from './production-server.ts'

/**
 * Points the temporary directory of this process, and of every process it starts (workers, servers, browsers,
 * scripts), at a folder of the run's own, and returns what deletes it: a run otherwise left each server's copy of the
 * database behind, gigabytes a run.
 */
export function enterRunTempDir(prefix: string) {
	const previous = process.env.TMPDIR
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
	process.env.TMPDIR = folder
	return () => {
		if (previous === undefined) delete process.env.TMPDIR
		else process.env.TMPDIR = previous
		fs.rmSync(folder, { recursive: true, force: true })
	}
}
