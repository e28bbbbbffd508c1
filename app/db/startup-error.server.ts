import fs from 'node:fs'
import path from 'node:path'

export type StartupErrorKind =
	| 'database-unreachable'
	| 'database-login-refused'
	| 'database-missing'
	| 'database-read-only'
	| 'database-refused'
	| 'data-dir-full'
	| 'data-dir-read-only'
	| 'data-dir-locked'
	| 'migration-failed'
	| 'database-open-failed'

/** A failure to open the database, told in one line that says what to do: start-up prints `message` and exits 1. */
export class StartupError extends Error {
	readonly kind: StartupErrorKind

	constructor(kind: StartupErrorKind, message: string, options?: { cause?: unknown }) {
		super(message, options)
		this.name = 'StartupError'
		this.kind = kind
	}
}

/** PGlite's file system throws Emscripten errors: no message, no stack, only these errno numbers. */
const EMSCRIPTEN_ERRNO: Record<number, string> = { 2: 'EACCES', 19: 'EDQUOT', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' }

const ERRNO_TEXT: Record<string, string> = {
	EACCES: 'permission denied',
	EDQUOT: 'disk quota exceeded',
	ENOSPC: 'no space left on device',
	EPERM: 'operation not permitted',
	EROFS: 'read-only file system',
}

/** The error and its causes, outermost first. */
export function errorChain(error: unknown): unknown[] {
	const chain: unknown[] = []
	for (let current = error; current !== undefined && chain.length < 10; ) {
		chain.push(current)
		current = current instanceof Error ? current.cause : undefined
	}
	return chain
}

/** The file-system error code (ENOSPC, EROFS…) of a Node error or of PGlite's, anywhere in the chain. */
export function errnoCode(error: unknown): string | undefined {
	for (const item of errorChain(error)) {
		if (typeof item !== 'object' || item === null) continue
		const { code, errno, name } = item as { code?: unknown; errno?: unknown; name?: unknown }
		if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code
		if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`
	}
	return undefined
}

/** The SQLSTATE of a database error anywhere in the chain (drizzle wraps them); only those carry a severity. */
export function sqlState(error: unknown): string | undefined {
	for (const item of errorChain(error)) {
		const { code, severity } = (item ?? {}) as { code?: unknown; severity?: unknown }
		if (typeof code === 'string' && typeof severity === 'string') return code
	}
	return undefined
}

/** The innermost cause's first line, at most 300 characters: never a stack, a whole query or a source line. */
export function reasonOf(error: unknown): string {
	const innermost = errorChain(error).at(-1)
	if (innermost instanceof AggregateError && innermost.errors.length > 0 && !innermost.message) {
		return [...new Set(innermost.errors.map(reasonOf))].join(', ')
	}
	const code = errnoCode(innermost)
	const message = innermost instanceof Error ? innermost.message : ''
	const text = message || (code ? `${code}: ${ERRNO_TEXT[code] ?? 'file system error'}` : '') || String(innermost)
	const line = text.split('\n', 1)[0]?.trim() ?? ''
	return line.length > 300 ? `${line.slice(0, 299)}…` : line
}

/**
 * The data folder's own failures (full, read-only, not ours to write), named with what to do; undefined for others.
 * `folder` is the folder the failing write went to.
 */
export function dataDirError(error: unknown, folder: string): StartupError | undefined {
	const code = errnoCode(error)
	const reason = reasonOf(error)
	if (code === 'ENOSPC' || code === 'EDQUOT' || sqlState(error) === '53100') {
		return new StartupError(
			'data-dir-full',
			`The disk holding the embedded database in ${folder} is full (${reason}). Free space on it or move DATA_DIR to a larger disk, then start again.`,
			{ cause: error },
		)
	}
	if (code === 'EROFS') {
		return new StartupError(
			'data-dir-read-only',
			`The embedded database folder ${folder} is on a read-only file system (${reason}). Mount it read-write or set DATA_DIR to a writable folder.`,
			{ cause: error },
		)
	}
	if (code === 'EACCES' || code === 'EPERM') {
		const user = process.getuid ? ` (uid ${process.getuid()})` : ''
		return new StartupError(
			'data-dir-read-only',
			`The embedded database folder ${folder} is not writable by this process${user} (${reason}). Give that user write access to it or set DATA_DIR to a writable folder.`,
			{ cause: error },
		)
	}
	return undefined
}

/** Writes, flushes and removes a small file in folder: fails at once when the disk is full or read-only. */
export async function probeFolder(folder: string): Promise<void> {
	const file = path.join(folder, `.write-check-${process.pid}`)
	const handle = await fs.promises.open(file, 'w')
	try {
		await handle.writeFile('write check\n')
		await handle.sync()
	} finally {
		await handle.close()
		await fs.promises.rm(file, { force: true })
	}
}
