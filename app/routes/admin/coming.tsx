import { Link } from 'react-router'
import { consoleCopy, consoleNavigation } from '../../content/console.ts'
import { ConsolePageHeader } from '../../features/console/console-shell.tsx'
import { consoleMeta } from '../../features/console/use-console.ts'
import { exportTables } from '../../features/leads/export.server.ts'
import { requireOperator } from '../../features/operators/console.server.ts'
import { consolePaths } from '../../features/operators/console-paths.ts'
import type { Route } from './+types/coming'

/** The sections later releases fill (inbox, posts, insights): what they will hold, and the exports meanwhile. */
export function loader({ request, context }: Route.LoaderArgs) {
	requireOperator(context)
	const path = new URL(request.url).pathname
	const section = consoleNavigation.find((item) => item.path === path)?.label ?? consoleCopy.coming
	return { section, exports: Object.keys(exportTables) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData?.section ?? consoleCopy.coming)

export default function Coming({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<ConsolePageHeader heading={loaderData.section} intro={consoleCopy.coming} />
			<p className="text-slate-700">{consoleCopy.comingText}</p>
			<ul className="mt-4 list-disc space-y-1 pl-6">
				{loaderData.exports.map((table) => (
					<li key={table}>
						<Link reloadDocument to={consolePaths.exportFile(table)} className="text-brand-700 underline">
							{table}.csv
						</Link>
					</li>
				))}
			</ul>
		</>
	)
}
