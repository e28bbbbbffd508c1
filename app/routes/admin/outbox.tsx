import { consoleLimits, outboxCopy } from '#app/content/console.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { OutboxPage } from '#app/features/notifications/outbox-page.tsx'
import {
	anyFailed,
	listUndelivered,
	retryAction,
	retryAllAction,
} from '#app/features/notifications/outbox-panel.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/outbox'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(outboxCopy.title)

export async function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const before = rowIdParam(url.searchParams.get('before'))
	const [page, failed] = await Promise.all([
		listUndelivered(site.db, { before, limit: consoleLimits.outboxPageSize }),
		anyFailed(site.db),
	])
	const last = page.entries.at(-1)
	const iso = (value: Date | null) => value?.toISOString() ?? null
	return {
		rows: page.entries.map((entry) => ({
			...entry,
			createdAt: entry.createdAt.toISOString(),
			nextAttemptAt: iso(entry.nextAttemptAt),
		})),
		anyFailed: failed,
		olderHref: page.more && last ? `?before=${last.id}` : null,
		newestHref: before === undefined ? null : consolePaths.outbox,
	}
}

export function action({ request, context, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	const intent = url.searchParams.get('intent')
	return intent === 'retry-all' ? retryAllAction(request, site) : retryAction(request, site)
}

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<OutboxPage
			rows={loaderData.rows}
			anyFailed={loaderData.anyFailed}
			olderHref={loaderData.olderHref}
			newestHref={loaderData.newestHref}
			// Without JavaScript the page that answers a post shows its answer; with it, each button toasts its own.
			result={actionData}
		/>
	)
}
