import { mediaUploadEndpoint } from '../../features/media/media-page.server.ts'
import type { Route } from './+types/media-upload'

export const action = ({ request, context }: Route.ActionArgs) => mediaUploadEndpoint(request, context)
