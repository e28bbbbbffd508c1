import { bodyPreviewAction } from '#app/features/publishing/body-preview.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/post-render'

export const action = ({ request, context }: Route.ActionArgs) => bodyPreviewAction(request, context.get(siteContext))
