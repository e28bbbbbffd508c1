import { mediaCopy } from '#app/content/media.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import {
	deleteImageAction,
	describeImageAction,
	mediaPageAction,
	mediaPageData,
} from '#app/features/media/media-page.server.ts'
import { MediaPage } from '#app/features/media/media-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/media'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(mediaCopy.title)

export const loader = ({ url, context }: Route.LoaderArgs) => mediaPageData(url, context.get(siteContext))

export function action({ request, context, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	const intent = url.searchParams.get('intent')
	if (intent === 'describe') return describeImageAction(request, site)
	if (intent === 'delete') return deleteImageAction(request, site)
	return mediaPageAction(request, site)
}

export default function Media({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<MediaPage
			images={loaderData.images}
			words={loaderData.words}
			olderHref={loaderData.olderHref}
			newestHref={loaderData.newestHref}
			// Without JavaScript the page that answers an upload shows its outcome; with it, the form shows its own.
			answered={actionData}
		/>
	)
}
