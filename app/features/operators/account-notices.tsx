import { accountCopy } from '#app/content/console.ts'
import { Moment } from '#app/features/console/moment.tsx'

/** What other operators did to this account since the operator was last in the console (once, then gone). */
export function AccountNotices({ notices }: { notices: { id: number; text: string; createdAt: string }[] }) {
	if (notices.length === 0) return null
	return (
		<section
			role="status"
			aria-label={accountCopy.noticesHeading}
			className="mb-6 rounded-md border border-amber-600 bg-amber-50 p-4 text-amber-950"
		>
			<h2 className="font-semibold">{accountCopy.noticesHeading}</h2>
			<ul className="mt-2 space-y-1">
				{notices.map((notice) => (
					<li key={notice.id}>
						{notice.text} <Moment value={notice.createdAt} />
					</li>
				))}
			</ul>
		</section>
	)
}
