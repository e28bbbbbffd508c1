/** The dashboard's preset periods, in days ending today (UTC). */
export const PRESET_PERIODS = [7, 30, 90] as const
export const DEFAULT_PERIOD_DAYS = 30
/** A custom range may reach this far back: the daily rollups outlive the raw events, which are kept 90 days. */
export const ROLLUP_RETENTION_DAYS = 2 * 366
export const MAX_CUSTOM_DAYS = 366

/** Why the dashboard did not take a custom range; the default period is shown instead. */
export const insightsPeriodProblems = {
	dates: `Enter both dates as YYYY-MM-DD. Showing the last ${DEFAULT_PERIOD_DAYS} days instead.`,
	order: `The start date must be on or before the end date. Showing the last ${DEFAULT_PERIOD_DAYS} days instead.`,
	future: `The end date cannot be after today (UTC). Showing the last ${DEFAULT_PERIOD_DAYS} days instead.`,
	length: `A range can be at most ${MAX_CUSTOM_DAYS} days. Showing the last ${DEFAULT_PERIOD_DAYS} days instead.`,
	retention: `Figures are kept for ${ROLLUP_RETENTION_DAYS} days. Showing the last ${DEFAULT_PERIOD_DAYS} days instead.`,
}

/** The beta funnel's steps, in order: the events that mark them and their labels. */
export const BETA_FUNNEL = [
	{ event: 'page_view', label: 'page view' },
	{ event: 'beta_dialog_opened', label: 'dialog opened' },
	{ event: 'beta_application_submitted', label: 'application submitted' },
] as const

/** The source of visits that came from no other site and no campaign. */
export const DIRECT_SOURCE = '(direct)'
