import { Link } from 'react-router'
import { pagePaths } from '#app/content/page-paths.ts'
import { roadmapCopy } from '#app/content/roadmap.ts'
import { buttonClass } from '#app/ui/button.ts'
import { ExternalLink } from '#app/ui/external-link.tsx'

export const ROADMAP_FRAME_HEIGHT = 1200

const sectionClass = 'mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8'

/** The provider's roadmap board in a lazy frame or, when no board is configured, an invitation to send us ideas. */
export function RoadmapBoard({ roadmapUrl }: { roadmapUrl: string | null }) {
	if (!roadmapUrl) {
		return (
			<section aria-labelledby="ideas-heading" className={sectionClass}>
				<div className="rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
					<h2 id="ideas-heading" className="text-2xl font-bold text-slate-900">
						{roadmapCopy.withoutBoard.heading}
					</h2>
					<p className="mt-2 text-slate-700">{roadmapCopy.withoutBoard.text}</p>
					<p className="mt-6">
						<Link to={pagePaths.contact} className={buttonClass('primary')}>
							{roadmapCopy.contactUs}
						</Link>
					</p>
				</div>
			</section>
		)
	}
	return (
		<section aria-labelledby="board-heading" className={sectionClass}>
			<h2 id="board-heading" className="sr-only">
				{roadmapCopy.boardHeading}
			</h2>
			<iframe
				src={roadmapUrl}
				title={roadmapCopy.frameTitle}
				loading="lazy"
				height={ROADMAP_FRAME_HEIGHT}
				className="block w-full rounded-xl border border-slate-200"
				style={{ height: ROADMAP_FRAME_HEIGHT }}
			/>
			<p className="mt-6 text-center">
				<ExternalLink href={roadmapUrl} className={buttonClass('secondary')}>
					{roadmapCopy.fullRoadmap}
				</ExternalLink>
			</p>
		</section>
	)
}
