import { INSIGHTS_EVENTS_PATH, INSIGHTS_SCRIPT_PATH } from './events.ts'

export const MISSING_SCRIPT_WARNING = `Analytics script ${INSIGHTS_SCRIPT_PATH} did not load: client navigations and funnel events are not recorded.`
/** The check for the script runs this long after the page's load event. */
export const SCRIPT_CHECK_DELAY_MS = 2_000

/** The analytics loader's parameters: every document's analytics loader (`loader.inline.js`) gets them as JSON. */
export const insightsLoaderParameters = {
	src: INSIGHTS_SCRIPT_PATH,
	events: INSIGHTS_EVENTS_PATH,
	warning: MISSING_SCRIPT_WARNING,
	delay: SCRIPT_CHECK_DELAY_MS,
}
