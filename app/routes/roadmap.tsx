import { RoadmapPage } from '../features/marketing/roadmap-page.tsx'
import { metaFromLoader } from '../features/site/meta.ts'
import { staticPageSeo } from '../features/site/page-seo.server.ts'
import type { RouteHandle } from '../features/site/route-handle.ts'
import type { Route } from './+types/roadmap'

export const loader = () => ({ seo: staticPageSeo('roadmap') })

export const meta: Route.MetaFunction = metaFromLoader

// The board is a frame and every other part a link: nothing on the page needs JavaScript.
export const handle: RouteHandle = { hydrate: false }

export default function Roadmap() {
	return <RoadmapPage />
}
