import { backupCopy } from '#app/content/console.ts'
import { backupProblem } from '#app/features/backup/backup-download.server.ts'
import { BackupPage } from '#app/features/backup/backup-page.tsx'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/backup'

export const meta: Route.MetaFunction = () => consoleMeta(backupCopy.title)

export function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	return {
		problem: backupProblem(url.searchParams.get('problem')),
		embedded: !site.config.DATABASE_URL,
	}
}

export default function Backup({ loaderData }: Route.ComponentProps) {
	return <BackupPage {...loaderData} />
}
