import type { SubmissionResult } from '#app/forms/submission.ts'

/** What a console post without JavaScript did, carried to the page it redirects to (Post/Redirect/Get). */
export type ConsoleFlash = Pick<SubmissionResult, 'tone' | 'message' | 'shownOnce'>
