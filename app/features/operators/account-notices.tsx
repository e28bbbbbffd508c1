import { useState } from 'react'
import { accountCopy } from '#app/content/console.ts'
import { Moment } from '#app/features/console/moment.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { useHydrated } from '#app/ui/use-hydrated.ts'

type AccountNotice = { id: number; text: string; createdAt: string }

/**
 * What other operators did to this account since the operator was last in the console. The server hands each notice
 * out once; in the browser it stays through the console's refreshes and navigations until dismissed.
 */
export function AccountNotices({ notices }: { notices: AccountNotice[] }) {
	const hydrated = useHydrated()
	const [handedOut, setHandedOut] = useState(notices)
	const [shown, setShown] = useState(notices)
	if (notices !== handedOut) {
		setHandedOut(notices)
		setShown((current) => [...current, ...notices.filter((notice) => !current.some((kept) => kept.id === notice.id))])
	}
	if (shown.length === 0) return null
	return (
		<section
			role="status"
			aria-label={accountCopy.noticesHeading}
			className="mb-6 rounded-md border border-amber-600 bg-amber-50 p-4 text-amber-950"
		>
			<h2 className="font-semibold">{accountCopy.noticesHeading}</h2>
			<ul className="mt-2 space-y-1">
				{shown.map((notice) => (
					<li key={notice.id}>
						{notice.text} <Moment value={notice.createdAt} />
					</li>
				))}
			</ul>
			{hydrated ? (
				<button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => setShown([])}>
					{accountCopy.noticesDismiss}
				</button>
			) : null}
		</section>
	)
}
