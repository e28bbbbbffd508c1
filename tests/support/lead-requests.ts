import { pino } from 'pino'
import { loadConfig } from '#app/features/site/config.server.ts'
import type { SubmissionContext } from '#app/forms/request.server.ts'
import type { SubmissionResult } from '#app/forms/submission.ts'
import type { TestDatabase } from './databases.ts'
import { tempDir } from './temp-dir.ts'

export const SITE = 'http://127.0.0.1:3000'

/** A form post as a browser on the site sends it. */
export function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
	return new Request(`${SITE}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, ...headers },
		body: new URLSearchParams(fields),
	})
}

/** What an action gets from the server: the database, the configuration, a silent logger, an address. */
export function submissionContext(
	database: TestDatabase,
	env: Record<string, string> = {},
	clientAddress = '203.0.113.7',
): SubmissionContext {
	return {
		db: database.db,
		config: loadConfig({ SITE_URL: SITE, DATA_DIR: tempDir('site-test-secrets-'), RATE_LIMIT_MAX: '100', ...env }),
		logger: pino({ level: 'silent' }),
		clientAddress,
	}
}

/** The status and body of what an action returned through react-router's data(). */
export function answerOf(returned: unknown) {
	const value = returned as {
		data: SubmissionResult
		init: { status?: number; headers?: Record<string, string> } | null
	}
	return { status: value.init?.status ?? 200, body: value.data, headers: value.init?.headers ?? {} }
}
