import { inboxCopy } from '#app/content/inbox.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { bulkAction } from '#app/features/inbox/actions.server.ts'
import { readErasureNotice } from '#app/features/inbox/erasure.server.ts'
import { cursorParam, filterQuery, inboxFilter, listInbox } from '#app/features/inbox/inbox.server.ts'
import { InboxPage } from '#app/features/inbox/inbox-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/inbox'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(inboxCopy.title)

export async function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const session = requireOperator(site)
	const params = url.searchParams
	const { invalidDate, ...filter } = inboxFilter(params, session.operator.id, session.timeZone.shown)
	const cursor = cursorParam(params.get('after'))
	const page = await listInbox(site.db, filter, cursor)
	const kept = filterQuery(filter)
	const older = new URLSearchParams(kept)
	if (page.next) older.set('after', page.next)
	const erased = readErasureNotice(session.csrfToken, params.get('erased'))
	return {
		rows: page.rows.map(({ micros: _, ...row }) => row),
		filter: {
			q: filter.search ?? '',
			form: filter.kind ?? '',
			status: filter.status ?? '',
			from: filter.from ?? '',
			to: filter.to ?? '',
			assigned: filter.assigned ?? '',
		},
		invalidDate,
		olderHref: page.next ? `?${older}` : null,
		newestHref: cursor ? `${consolePaths.inbox}${kept}` : null,
		// A lead opened from this list keeps its filter: its newer and older leads are the list's.
		listQuery: kept,
		exportHref: `${consolePaths.inboxExport}${kept}`,
		workbookHref: `${consolePaths.inboxWorkbook}${kept}`,
		live: !cursor,
		notice: erased === null ? null : inboxCopy.erase.done(erased),
	}
}

export function action({ request, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	return bulkAction(request, site)
}

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
	return <InboxPage {...loaderData} result={actionData} />
}
