import { mediaUploadEndpoint } from '#app/features/media/media-page.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/media-upload'

export const action = ({ request, context }: Route.ActionArgs) => mediaUploadEndpoint(request, context.get(siteContext))
