import type { FieldErrors } from './schema.ts'

/** The name of the field people never see; a bot that fills it gets a normal answer and nothing is stored. */
export const HONEYPOT_FIELD = 'website'

/** What every form action answers; the form shows `message` and each field's error next to the field. */
export type SubmissionResult = {
	ok: boolean
	tone: 'success' | 'info' | 'error'
	message: string
	fieldErrors?: FieldErrors
	/** The schema refused the input: its field messages are the answer, as when the browser's check refuses it. */
	invalidInput?: boolean
	/** What the visitor typed, so a page rendered without JavaScript can show it again. */
	values?: Record<string, string>
	/** Newsletter only: the email had unsubscribed before and is active again. */
	resubscribed?: boolean
	/** Console only: a single-use link (an invitation, a password reset) the operator sees this once. */
	shownOnce?: string
}

/** A clientAction body: a network failure or an unreadable answer becomes the form's exception message. */
export async function submitOrExplain(serverAction: () => Promise<SubmissionResult>, exceptionMessage: string) {
	try {
		return await serverAction()
	} catch {
		return { ok: false, tone: 'error', message: exceptionMessage } satisfies SubmissionResult
	}
}
