import type { SubmissionResult } from '#app/forms/submission.ts'

/** What a console post without JavaScript did, carried to the page it redirects to (Post/Redirect/Get). */
export type ConsoleFlash = Pick<SubmissionResult, 'tone' | 'message' | 'shownOnce'> & {
	/** An image an upload stored: its address and Markdown, ready to copy. */
	image?: { url: string; markdown: string }
}
