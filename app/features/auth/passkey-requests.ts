/** A refusal from a passkey endpoint, with the message it sent (when it sent one) and its fields' messages. */
export class PasskeyRequestError extends Error {
	readonly fieldErrors: Record<string, string>

	constructor(message: string, fieldErrors: Record<string, string> = {}) {
		super(message)
		this.fieldErrors = fieldErrors
	}
}

/** Posts JSON to one of the console's passkey endpoints and reads its JSON answer; a refusal throws. */
export async function postPasskeyStep<Answer>(
	path: string,
	body: Record<string, unknown>,
	headers: Record<string, string> = {},
): Promise<Answer> {
	const response = await fetch(path, {
		method: 'POST',
		credentials: 'same-origin',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify(body),
	})
	const answer = (await response.json().catch(() => null)) as
		| (Answer & { message?: string; fieldErrors?: Record<string, string> })
		| null
	if (!response.ok || !answer) throw new PasskeyRequestError(answer?.message ?? '', answer?.fieldErrors)
	return answer
}

/** Whether this browser has the WebAuthn API at all (never in server HTML). */
export function browserHasPasskeys() {
	return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}
