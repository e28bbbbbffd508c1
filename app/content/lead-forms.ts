/** What every lead form shares: field limits and the spec's messages (section 8). */
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

export const validationMessages = {
	fullName: 'Please enter your full name',
	name: 'Please enter your name',
	email: 'Please enter a valid email address',
	newsletterEmail: 'Please enter your email address',
	domainCount: 'Please enter how many domains you own (a whole number of at least 1)',
	domainCountMax: `Please enter a number of domains up to ${fieldLimits.domainCountMax.toLocaleString('en-US')}`,
	whyInterested: 'Please tell us why you are interested',
	subject: 'Please enter a subject',
	message: 'Please enter your message',
	source: 'Unknown signup source',
	nulCharacter: 'Please remove the invisible NUL character from this field',
	tooLong: (max: number) => `Please keep this under ${max.toLocaleString('en-US')} characters`,
} as const

export const submissionMessages = {
	tooManyRequests: 'Too many submissions from your network. Please wait a few minutes and try again.',
	tooLarge: 'Your submission is too large. Please shorten it and try again.',
	crossOrigin: 'This form can only be submitted from our own website.',
	unsupportedType: 'This form only accepts form submissions (URL-encoded or multipart, UTF-8).',
} as const
