import { newsletterSendsCopy } from '#app/content/newsletter-sends.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { listSends } from '#app/features/newsletter/sends.server.ts'
import { NewsletterSendsPage, sendView } from '#app/features/newsletter/sends-pages.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/newsletter-sends'

const PAGE_SIZE = 20

export const meta: Route.MetaFunction = () => consoleMeta(newsletterSendsCopy.title)

export async function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const before = rowIdParam(url.searchParams.get('before'))
	const page = await listSends(site.db, { before, limit: PAGE_SIZE })
	const last = page.sends.at(-1)
	return {
		sends: page.sends.map(sendView),
		olderHref: page.more && last ? `${consolePaths.newsletterSends}?before=${last.id}` : null,
		newestHref: before === undefined ? null : consolePaths.newsletterSends,
	}
}

export default function NewsletterSends({ loaderData }: Route.ComponentProps) {
	return <NewsletterSendsPage {...loaderData} />
}
