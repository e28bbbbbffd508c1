import { Link } from 'react-router'
import { pagePaths } from '../../content/page-paths.ts'
import { roadmapCopy } from '../../content/roadmap.ts'
import { buttonClass } from '../../ui/button.ts'
import { ExternalLink } from '../../ui/external-link.tsx'

export const ROADMAP_FRAME_HEIGHT = 1200

/** The provider's roadmap board in a lazy frame, or a way to reach us when no board is configured. */
export function RoadmapBoard({ roadmapUrl }: { roadmapUrl: string | null }) {
	if (!roadmapUrl) {
		return (
			<div className="rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
				<p className="text-slate-700">{roadmapCopy.boardUnavailable}</p>
				<p className="mt-6">
					<Link to={pagePaths.contact} className={buttonClass('primary')}>
						{roadmapCopy.contactUs}
					</Link>
				</p>
			</div>
		)
	}
	return (
		<div>
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
		</div>
	)
}
