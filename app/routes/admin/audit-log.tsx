import { auditCopy, consoleLimits } from '#app/content/console.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { listOperators } from '#app/features/operators/accounts.server.ts'
import { listAudit } from '#app/features/operators/audit.server.ts'
import { AuditLogPage } from '#app/features/operators/audit-log-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/audit-log'

export const meta: Route.MetaFunction = () => consoleMeta(auditCopy.title)

export async function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const params = url.searchParams
	const filter = { operator: params.get('operator') ?? '', action: (params.get('action') ?? '').slice(0, 60) }
	const [page, operators] = await Promise.all([
		listAudit(site.db, {
			operatorId: rowIdParam(filter.operator),
			action: filter.action || undefined,
			before: rowIdParam(params.get('before')),
			limit: consoleLimits.auditPageSize,
		}),
		listOperators(site.db),
	])
	const last = page.entries.at(-1)
	const filtered = new URLSearchParams({
		...(filter.operator && { operator: filter.operator }),
		...(filter.action && { action: filter.action }),
	})
	const older = new URLSearchParams(filtered)
	if (last) older.set('before', String(last.id))
	return {
		filter,
		operators: operators.map(({ id, displayName, email }) => ({ id, displayName, email })),
		entries: page.entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
		olderHref: page.more ? `?${older}` : null,
		newestHref: url.searchParams.has('before') ? `${consolePaths.auditLog}?${filtered}` : null,
	}
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
	return (
		<AuditLogPage
			entries={loaderData.entries}
			operators={loaderData.operators}
			filter={loaderData.filter}
			olderHref={loaderData.olderHref}
			newestHref={loaderData.newestHref}
		/>
	)
}
