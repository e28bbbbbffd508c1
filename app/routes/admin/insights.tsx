import { insightsCopy } from '#app/content/insights.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { insightsDashboard } from '#app/features/insights/dashboard.server.ts'
import { periodFromSearch } from '#app/features/insights/dashboard.ts'
import { InsightsPage } from '#app/features/insights/dashboard-page.tsx'
import { exportTables } from '#app/features/leads/export.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/insights'

export const meta: Route.MetaFunction = () => consoleMeta(insightsCopy.title)

export async function loader({ url, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const params = url.searchParams
	const choice = periodFromSearch(params)
	return {
		choice,
		typed: { from: (params.get('from') ?? '').slice(0, 32), to: (params.get('to') ?? '').slice(0, 32) },
		dashboard: await insightsDashboard(site.db, choice.period, choice.compare),
		exports: Object.keys(exportTables),
	}
}

export default function Insights({ loaderData }: Route.ComponentProps) {
	return <InsightsPage {...loaderData} />
}
