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

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many)

/** Copy of the console's insights page (/admin/insights). */
export const insightsCopy = {
	title: 'Insights',
	heading: 'Insights',
	intro: 'Visits, leads and where they came from, counted without cookies. Days run midnight to midnight UTC.',
	months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
	period: {
		legend: 'Period',
		preset: (days: number) => `Last ${days} days`,
		custom: 'Custom range',
		from: 'From (UTC)',
		to: 'To (UTC)',
		rangeHint: `Used with a custom range: up to ${MAX_CUSTOM_DAYS} days, ending today at the latest.`,
		compare: 'Compare with the previous period',
		apply: 'Show',
		showing: (from: string, to: string, days: number) =>
			`${from} to ${to} (${days} ${plural(days, 'day', 'days')}, UTC)`,
		comparedWith: (from: string, to: string) => `compared with ${from} to ${to}`,
	},
	empty: 'Nothing was counted in this period: no visits and no leads. Pick a longer period or check back later.',
	totals: {
		heading: 'Totals',
		visitors: 'Visitors',
		pageViews: 'Page views',
		leads: 'Leads',
		conversion: 'Visitors who became leads',
		previous: 'Previous period',
		newFigure: 'new',
		noChange: 'no change',
		points: 'pts',
	},
	notCounted: '—',
	traffic: {
		heading: 'Visitors and page views',
		intro: 'A visitor counts once a day, so the period’s visitors are the sum of its days.',
		chart: 'Visitors and page views per day',
		table: 'Visitors and page views per day, as a table',
		columns: { day: 'Day (UTC)', visitors: 'Visitors', pageViews: 'Page views' },
		previousColumns: { day: 'Previous day', visitors: 'Previous visitors', pageViews: 'Previous page views' },
		empty: 'No visits in this period.',
	},
	leads: {
		heading: 'Leads',
		intro: 'Every lead stored, by form, whether or not its visit was counted.',
		chart: 'Leads per day by form',
		table: 'Leads per day by form, as a table',
		forms: { beta: 'Beta applications', waitlist: 'Waitlist', contact: 'Contact', newsletter: 'Newsletter' },
		total: 'All leads',
		previousTotal: 'All leads, previous period',
		day: 'Day (UTC)',
		empty: 'No leads in this period.',
	},
	chart: {
		figures: 'Show the figures as a table',
		keyboard: 'Use the arrow keys to read each day.',
		summary: (what: string, from: string, to: string, totals: string) =>
			`${what} from ${from} to ${to}: ${totals}. The table under the chart has every day's figures.`,
		previous: 'previous period',
		previousDay: (day: string) => `Previous period, ${day}`,
		dashed: '(dashed)',
	},
	pages: {
		heading: 'Top pages',
		columns: { path: 'Page', views: 'Views', visitors: 'Visitors' },
		empty: 'No page views in this period.',
	},
	referrers: {
		heading: 'Top referring sites',
		columns: { host: 'Site', visitors: 'Visitors', leads: 'Became leads', rate: 'Conversion' },
		empty: 'No visits came from another site in this period.',
	},
	campaigns: {
		heading: 'Top campaigns',
		intro: 'From the utm_campaign, utm_source and utm_medium of the address a visit arrived at.',
		columns: {
			campaign: 'Campaign',
			source: 'Source',
			medium: 'Medium',
			visitors: 'Visitors',
			leads: 'Became leads',
			rate: 'Conversion',
		},
		none: '—',
		empty: 'No visits came from a campaign in this period.',
	},
	sources: {
		heading: 'Conversion by source',
		intro: `A visit's source is its utm_source, else its ref, else the referring site, else ${DIRECT_SOURCE}.`,
		columns: { source: 'Source', visitors: 'Visitors', leads: 'Became leads', rate: 'Conversion' },
		empty: 'No visits in this period, so no sources to compare.',
	},
	funnel: {
		heading: 'Beta funnel',
		intro: 'Visitors who viewed a page, opened the beta dialog and sent an application, overall and by source.',
		overall: 'All visitors',
		chart: (source: string) => `Beta funnel: ${source}`,
		summary: (steps: string) => `${steps}.`,
		table: 'Beta funnel by source',
		source: 'Source',
		conversion: 'Applied',
		share: (rate: string) => `${rate} of page views`,
		empty: 'No visitors in this period, so no funnel yet.',
	},
	posts: {
		heading: 'Blog posts',
		byViews: 'Top posts by views',
		bySignUps: 'Top posts by newsletter sign-ups',
		columns: { post: 'Post', views: 'Views', visitors: 'Visitors', signUps: 'Sign-ups' },
		emptyViews: 'No post was read in this period.',
		emptySignUps: 'No newsletter sign-up came from a post in this period.',
	},
	downloads: {
		heading: 'Downloads',
		intro: 'Every lead of each form as CSV, as stored. Each download is in the audit log.',
		backup: 'A backup of the whole site…',
	},
} as const
