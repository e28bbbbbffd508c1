import { redirect } from 'react-router'
import { backupDownloadAction } from '#app/features/backup/backup-download.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/backup-download'

/** A link, or anything else that is not the page's form, never starts a download: it lands on the confirmation. */
export const loader = () => redirect(consolePaths.backup)

export const action = ({ request, context }: Route.ActionArgs) =>
	backupDownloadAction(request, context.get(siteContext))
