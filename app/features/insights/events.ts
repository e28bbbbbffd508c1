import type { RoutePath } from '#app/content/page-paths.ts'

/** Where the analytics script is served and where it posts events; robots.txt keeps crawlers out of the folder. */
export const INSIGHTS_SCRIPT_PATH = '/_insights/script.js' satisfies RoutePath
export const INSIGHTS_EVENTS_PATH = '/_insights/events' satisfies RoutePath

/** Events the browser sends. */
export const CLIENT_EVENTS = ['page_view', 'beta_dialog_opened'] as const
/** Funnel events the server records when a submission is stored, so they count with JavaScript off too. */
export const SERVER_EVENTS = [
	'beta_application_submitted',
	'waitlist_joined',
	'contact_sent',
	'newsletter_subscribed',
] as const

export type ServerEventName = (typeof SERVER_EVENTS)[number]
export type EventProps = Record<string, string | number | boolean | null>
