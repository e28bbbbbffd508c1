import fs from 'node:fs'
import { tempDir } from './production-server.ts'

export { tempDir }

/**
 * Points the temporary directory of this process, and of every process it starts (workers, servers, browsers,
 * scripts), at a folder of the run's own, and returns what deletes it: a run otherwise left each server's copy of the
 * database behind, gigabytes a run.
 */
export function enterRunTempDir(prefix: string) {
	const previous = process.env.TMPDIR
	const folder = tempDir(prefix)
	process.env.TMPDIR = folder
	return () => {
		if (previous === undefined) delete process.env.TMPDIR
		else process.env.TMPDIR = previous
		fs.rmSync(folder, { recursive: true, force: true })
	}
}
