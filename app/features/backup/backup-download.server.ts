import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { redirect } from 'react-router'
import { backupCopy } from '#app/content/console.ts'
import { writeBackup } from '#app/db/backup.server.ts'
import { requireRecentConfirmation } from '#app/features/auth/console-guard.server.ts'
import { confirmSchema } from '#app/features/auth/schemas.ts'
import { handleConsoleSubmission } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { downloadHeaders } from '#app/features/leads/export.server.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import type { SiteContext } from '#app/load-context.ts'

/** What the backup page says after a refused download, by the status it was refused with. */
export function backupProblem(status: string | null) {
	if (status === null) return null
	return status === '403' ? backupCopy.stale : status === '429' ? backupCopy.busy : backupCopy.failed
}

/**
 * The backup as a response body. PostgreSQL's is streamed from its snapshot. The embedded database's is written to a
 * file in DATA_DIR first: its transaction holds the one connection, which a slow download must not keep for its length.
 */
async function backupBody(context: SiteContext): Promise<ReadableStream<Uint8Array>> {
	if (context.config.DATABASE_URL) {
		const pipe = new PassThrough()
		writeBackup(context.db, pipe).then(
			() => pipe.end(),
			(error: unknown) => {
				// The headers are gone: the download ends short (without its end line), and the log says why.
				context.logger.error({ err: error }, 'backup download failed')
				pipe.destroy(error instanceof Error ? error : new Error(String(error)))
			},
		)
		return Readable.toWeb(pipe) as ReadableStream<Uint8Array>
	}
	const file = path.join(path.resolve(context.config.DATA_DIR), `backup-${crypto.randomUUID()}.partial`)
	try {
		const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 })
		const written = finished(out)
		written.catch(() => {})
		try {
			await writeBackup(context.db, out)
		} finally {
			out.end()
		}
		await written
		const handle = await fs.promises.open(file, 'r')
		return Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>
	} finally {
		// The open file stays readable until the download ends; nothing is left behind if it never does.
		fs.rmSync(file, { force: true })
	}
}

/**
 * POST /admin/backup/download from the backup page (a signed-in operator, else 401; the session's CSRF token): the
 * whole site as a backup file, recorded in the audit log. A refused post goes back to the page, which says why.
 */
export async function backupDownloadAction(request: Request, context: SiteContext) {
	const answer = await handleConsoleSubmission(request, context, {
		schema: confirmSchema,
		store: async (_input, session) => {
			requireRecentConfirmation(session, consolePaths.backup)
			const body = await backupBody(context)
			await recordAudit(context.db, {
				action: 'backup.downloaded',
				operatorId: session.operator.id,
				clientAddress: context.clientAddress,
				detail: { database: context.config.DATABASE_URL ? 'postgres' : 'embedded' },
			})
			const day = new Date().toISOString().slice(0, 10)
			return new Response(body, {
				headers: {
					...downloadHeaders,
					'Content-Type': 'application/x-ndjson; charset=utf-8',
					'Content-Disposition': `attachment; filename="site-backup-${day}.ndjson"`,
				},
			})
		},
	})
	if (answer instanceof Response) return answer
	return redirect(`${consolePaths.backup}?problem=${answer.init?.status ?? 400}`, 303)
}
