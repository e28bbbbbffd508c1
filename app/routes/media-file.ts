import { mediaResponse } from '#app/features/media/serve.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/media-file'

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
	mediaResponse(context.get(siteContext).db, request, params.file)
