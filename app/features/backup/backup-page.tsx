import { Form, Link } from 'react-router'
import { backupCopy } from '#app/content/console.ts'
import { CsrfField } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { useConsole } from '#app/features/console/use-console.ts'
import { FormStatus } from '#app/forms/form.tsx'
import { buttonClass } from '#app/ui/button.ts'

/**
 * The confirmation before a backup: what the file holds and one button, which posts the session's token. The browser
 * itself submits it (reloadDocument) so that the answer is a download, with or without JavaScript.
 */
export function BackupPage({ problem, embedded }: { problem: string | null; embedded: boolean }) {
	const { csrfToken } = useConsole()
	const copy = backupCopy
	return (
		<>
			<ConsolePageHeader heading={copy.heading} intro={copy.intro} />
			<FormStatus result={problem ? { ok: false, tone: 'error', message: problem } : undefined} />
			<p className="mt-4 text-slate-800">{copy.contents}</p>
			<p className="mt-3 text-slate-800">{copy.care}</p>
			{embedded ? <p className="mt-3 text-sm text-slate-600">{copy.embeddedWait}</p> : null}
			<Form
				method="post"
				action={consolePaths.backupDownload}
				reloadDocument
				className="mt-6 flex flex-wrap items-center gap-4"
			>
				<CsrfField token={csrfToken} />
				<button type="submit" className={buttonClass('primary', 'md')}>
					{copy.confirm}
				</button>
				<Link to={consolePaths.insights} className="font-semibold text-brand-700 underline">
					{copy.cancel}
				</Link>
			</Form>
		</>
	)
}
