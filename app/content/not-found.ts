/** The 404 page's copy (spec "404 page"), apart from the page list so the 404 route carries only its own copy. */
export const notFoundPage = {
	status: 404,
	title: 'Page Not Found (404)',
	description: "The page you're looking for doesn't exist or has been moved.",
	heading: 'Page Not Found',
	returnHome: 'Return Home',
	contactSupport: 'Contact Support',
	/** Logged to the browser's console with the bad path. */
	consoleMessage: '404 Error: User attempted to access non-existent route:',
} as const

/** The answer to an address whose percent-encoding is malformed (such as /%ZZ): it cannot name any page. */
export const badAddressPage = {
	status: 400,
	title: 'Bad Request (400)',
	description:
		"This address contains a malformed character code (a % sign not followed by a valid code), so it can't lead to any page. Check the link, or start again from the home page.",
	heading: 'Malformed Address',
	returnHome: notFoundPage.returnHome,
	contactSupport: notFoundPage.contactSupport,
} as const
