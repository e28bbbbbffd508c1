import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { Logger } from 'pino'
import { writeBackup } from '#app/db/backup.server.ts'
import type { Database } from '#app/db/client.server.ts'

/** Longer socket paths do not fit everywhere: the address holds 104 bytes on macOS and 108 on Linux. */
export const MAX_SOCKET_PATH_BYTES = 100

/** Where a server that owns an embedded database takes requests from commands run beside it. */
export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'control.sock')

export const socketPathFits = (socketPath: string) => Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES

/**
 * A local HTTP server on `DATA_DIR/control.sock`, usable by the user the server runs as only: `GET /backup` streams
 * a backup of the embedded database (`npm run db:backup` asks here while the server owns DATA_DIR); anything else
 * is 404. `close()` ends backups still being sent, so the database can close after it.
 */
export async function startControlSocket({
	dataDir,
	db,
	logger,
}: {
	dataDir: string
	db: Database
	logger: Logger
}): Promise<{ close(): Promise<void> }> {
	const socketPath = controlSocketPath(dataDir)
	const idle = { close: async () => {} }
	if (!socketPathFits(socketPath)) {
		logger.warn(
			{ socketPath },
			`control socket not started: its path is longer than ${MAX_SOCKET_PATH_BYTES} bytes, so npm run db:backup cannot reach this server (use a shorter DATA_DIR, or PostgreSQL)`,
		)
		return idle
	}
	const backups = new Set<Promise<void>>()
	const server = http.createServer((req, res) => {
		if (req.method !== 'GET' || req.url !== '/backup') {
			res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n')
			return
		}
		res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' })
		const backup = writeBackup(db, res).then(
			(summary) => {
				logger.info({ tables: summary.tables }, 'backup sent over the control socket')
				res.end()
			},
			(error: unknown) => {
				// The reader sees the stream end without its end line and keeps no file.
				logger.error({ err: error }, 'backup over the control socket failed')
				res.destroy()
			},
		)
		backups.add(backup)
		void backup.finally(() => backups.delete(backup))
	})
	// Bound under another name and renamed once only the owner may connect, so nobody else ever can. Both names fit.
	const binding = path.join(path.dirname(socketPath), 'control.new')
	try {
		// Only the owner of DATA_DIR gets here: sockets left by a process that died are stale.
		fs.rmSync(socketPath, { force: true })
		fs.rmSync(binding, { force: true })
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject)
			server.listen(binding, () => {
				server.off('error', reject)
				resolve()
			})
		})
		fs.chmodSync(binding, 0o600)
		fs.renameSync(binding, socketPath)
	} catch (error) {
		server.close()
		fs.rmSync(binding, { force: true })
		logger.warn({ err: error, socketPath }, 'control socket not started: npm run db:backup cannot reach this server')
		return idle
	}
	return {
		close: async () => {
			const closed = new Promise<void>((resolve) => server.close(() => resolve()))
			server.closeAllConnections()
			await Promise.allSettled([...backups])
			await closed
			fs.rmSync(socketPath, { force: true })
		},
	}
}
