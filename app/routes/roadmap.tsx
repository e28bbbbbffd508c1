import { RoadmapPage } from '#app/features/marketing/roadmap-page.tsx'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import type { RouteHandle } from '#app/features/site/route-handle.ts'
import type { Route } from './+types/roadmap'

export const loader = () => ({ seo: staticPageSeo('roadmap') })

export const meta: Route.MetaFunction = metaFromLoader

// The board is a frame and every other part a link: nothing on the page needs JavaScript.
export const handle: RouteHandle = { hydrate: false }

export default function Roadmap() {
	return <RoadmapPage />
}
