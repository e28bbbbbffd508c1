import { ownershipCopy } from '#app/content/console.ts'
import { ConsoleSection, RowActionButton } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { FormStatus } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'

export const ownershipActionPath = `${consolePaths.account}?intent=ownership`

/** The offer of ownership the owner made this operator, with the button that accepts it. */
export function OwnershipOffer({ result }: { result?: SubmissionResult }) {
	const { csrfToken } = useConsole()
	return (
		<ConsoleSection heading={ownershipCopy.heading} intro={ownershipCopy.offered}>
			<FormStatus result={result} />
			<RowActionButton
				action={ownershipActionPath}
				csrfToken={csrfToken}
				fields={{}}
				label={ownershipCopy.accept}
				tone="danger"
			/>
		</ConsoleSection>
	)
}
