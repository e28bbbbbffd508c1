import { metaFromLoader } from '../features/site/meta.ts'
import { staticPageSeo } from '../features/site/page-seo.server.ts'
import { deferred, withDeferred } from '../ui/deferred.tsx'
import type { Route } from './+types/roadmap'

const RoadmapPage = deferred(() =>
	import('../features/marketing/roadmap-page.tsx').then((module) => module.RoadmapPage),
)

export const loader = () => ({ seo: staticPageSeo('roadmap') })

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), RoadmapPage)

export const meta: Route.MetaFunction = metaFromLoader

export default function Roadmap() {
	return <RoadmapPage />
}
