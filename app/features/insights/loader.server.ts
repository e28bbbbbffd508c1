import { INSIGHTS_SCRIPT_PATH } from './events.ts'

export const MISSING_SCRIPT_WARNING = `Analytics script ${INSIGHTS_SCRIPT_PATH} did not load: page views and funnel events are not recorded.`
/** The check for the script runs this long after the page's load event. */
export const SCRIPT_CHECK_DELAY_MS = 2_000

// Fetched after the load event so it never competes with the page's own paint and hydration.
const loader = `addEventListener("load",()=>{document.head.append(Object.assign(document.createElement("script"),{src:${JSON.stringify(INSIGHTS_SCRIPT_PATH)}}));setTimeout(()=>{window.insights||console.warn(${JSON.stringify(MISSING_SCRIPT_WARNING)})},${SCRIPT_CHECK_DELAY_MS})})`

/**
 * Adds the analytics loader to a rendered document as a small inline script at the end of the body. It is added
 * here rather than rendered by React so it costs the pages' JavaScript bundles nothing; prerendered pages allow
 * it by its hash like their other inline scripts, server renders by the response's nonce.
 */
export function withInsightsLoader(html: string, nonce: string) {
	const end = html.lastIndexOf('</body>')
	if (end === -1) return html
	return `${html.slice(0, end)}<script nonce="${nonce}">${loader}</script>${html.slice(end)}`
}
