import { useLocation } from 'react-router'
import { redirectLimits, redirectsCopy } from '#app/content/redirects.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import {
	addRedirectAction,
	deleteRedirectAction,
	updateRedirectAction,
} from '#app/features/publishing/redirect-actions.server.ts'
import { redirectsPagePath } from '#app/features/publishing/redirect-paths.ts'
import { getRedirect, listRedirects, type RedirectEntry } from '#app/features/publishing/redirects.server.ts'
import { RedirectsPage } from '#app/features/publishing/redirects-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/redirects'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(redirectsCopy.title)

const row = (entry: RedirectEntry) => ({
	...entry,
	lastHitAt: entry.lastHitAt?.toISOString() ?? null,
	createdAt: entry.createdAt.toISOString(),
})

export async function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const params = url.searchParams
	const before = rowIdParam(params.get('before'))
	const edit = rowIdParam(params.get('edit'))
	const [page, editing] = await Promise.all([
		listRedirects(site.db, { before, limit: redirectLimits.pageSize }),
		edit === undefined ? null : getRedirect(site.db, edit),
	])
	const last = page.entries.at(-1)
	return {
		rows: page.entries.map(row),
		olderHref: page.more && last ? `${redirectsPagePath}?before=${last.id}` : null,
		newestHref: before === undefined ? null : redirectsPagePath,
		editing: editing ? row(editing) : null,
		editMissing: edit !== undefined && !editing,
	}
}

export function action({ request, context, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	const intent = url.searchParams.get('intent')
	if (intent === 'update') return updateRedirectAction(request, site)
	if (intent === 'delete') return deleteRedirectAction(request, site)
	return addRedirectAction(request, site)
}

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
	// Without JavaScript the page that answers a post has the form's intent in its address.
	const intent = new URLSearchParams(useLocation().search).get('intent')
	return (
		<RedirectsPage
			rows={loaderData.rows}
			olderHref={loaderData.olderHref}
			newestHref={loaderData.newestHref}
			editing={loaderData.editing}
			editMissing={loaderData.editMissing}
			addResult={intent === 'add' ? actionData : undefined}
			editResult={intent === 'update' && loaderData.editing ? actionData : undefined}
			// A delete's answer, or an edit's whose form is not on the page (its redirect is gone).
			rowResult={intent === 'delete' || (intent === 'update' && !loaderData.editing) ? actionData : undefined}
		/>
	)
}
