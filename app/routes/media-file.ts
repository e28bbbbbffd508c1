import { mediaResponse } from '../features/media/serve.server.ts'
import type { Route } from './+types/media-file'

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
	mediaResponse(context.db, request, params.file)
