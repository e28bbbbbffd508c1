/** What every lead form shares: field limits and the answers to a refused request (section 8). */
export const fieldLimits = {
	name: 200,
	email: 254,
	subject: 200,
	message: 5000,
	whyInterested: 5000,
	currentSolution: 500,
	source: 60,
	domainCountMax: 1_000_000,
} as const

export const submissionMessages = {
	// Shown when the answer never arrives or cannot be read; kept here so a route's clientAction needs no page copy.
	unexpected: 'Something went wrong. Please try again.',
	tooManyRequests: 'Too many submissions from your network. Please wait a few minutes and try again.',
	tooLarge: 'Your submission is too large. Please shorten it and try again.',
	crossOrigin: 'This form can only be submitted from our own website.',
	unsupportedType: 'This form only accepts form submissions (URL-encoded or multipart, UTF-8).',
} as const
