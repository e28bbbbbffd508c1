import { metaFromLoader } from '#app/features/seo/meta.ts'
import { staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/reviews'

const ReviewsPage = deferred(() =>
	import('#app/features/marketing/reviews-page.tsx').then((module) => module.ReviewsPage),
)

export const loader = () => ({ seo: staticPageSeo('reviews') })

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), ReviewsPage)

export const meta: Route.MetaFunction = metaFromLoader

export default function Reviews() {
	return <ReviewsPage />
}
