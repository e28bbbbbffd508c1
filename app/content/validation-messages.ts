import { fieldLimits } from './lead-forms.ts'
import { formatWholeNumber } from './number-format.ts'

/** The spec's field messages (section 8); kept apart from the limits so they load with the schemas, on first use. */
export const validationMessages = {
	fullName: 'Please enter your full name',
	name: 'Please enter your name',
	email: 'Please enter a valid email address',
	newsletterEmail: 'Please enter your email address',
	domainCount: 'Please enter how many domains you own (a whole number of at least 1)',
	domainCountMax: `Please enter a number of domains up to ${formatWholeNumber(fieldLimits.domainCountMax)}`,
	whyInterested: 'Please tell us why you are interested',
	subject: 'Please enter a subject',
	message: 'Please enter your message',
	source: 'Unknown signup source',
	nulCharacter: 'Please remove the invisible NUL character from this field',
	tooLong: (max: number) => `Please keep this under ${formatWholeNumber(max)} characters`,
} as const
