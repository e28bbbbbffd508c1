import { mediaCopy } from '#app/content/media.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { mediaPageAction, mediaPageData } from '#app/features/media/media-page.server.ts'
import { MediaPage } from '#app/features/media/media-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/media'

export const meta: Route.MetaFunction = () => consoleMeta(mediaCopy.title)

export const loader = ({ url, context }: Route.LoaderArgs) => mediaPageData(url, context.get(siteContext))

export const action = ({ request, context }: Route.ActionArgs) => mediaPageAction(request, context.get(siteContext))

export default function Media({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<MediaPage
			images={loaderData.images}
			olderHref={loaderData.olderHref}
			newestHref={loaderData.newestHref}
			// Without JavaScript the page that answers an upload shows its outcome; with it, the form shows its own.
			answered={actionData}
		/>
	)
}
