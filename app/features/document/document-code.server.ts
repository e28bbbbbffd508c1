import insightsLoader from '#app/features/insights/loader.inline.js?minified'
import { insightsLoaderParameters } from '#app/features/insights/loader.server.ts'
import headerScroll from '#app/features/layout/header-scroll.inline.js?minified'
import type { DocumentCode } from './document-scripts.tsx'
import firstPaint from './first-paint.inline.js?minified'
import { speculationRules } from './speculation-rules.ts'

/** JSON that can stand inside a `<script>` element: no `</script>` or `<!--` can end or change it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

/** What entry.server gives the documents' own scripts; the analytics loader's parameters follow its code as JSON. */
export const documentCode: DocumentCode = {
	firstPaint,
	headerScroll,
	insightsLoader: `${insightsLoader}\ninsightsLoader = ${scriptJson(insightsLoaderParameters)}`,
	speculationRules: scriptJson(speculationRules),
}
