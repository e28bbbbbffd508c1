/** The 404 page's copy (spec "404 page"), apart from the page list so the 404 route carries only its own copy. */
export const notFoundPage = {
	title: 'Page Not Found (404)',
	description: "The page you're looking for doesn't exist or has been moved.",
	heading: 'Page Not Found',
	returnHome: 'Return Home',
	contactSupport: 'Contact Support',
	/** Logged to the browser's console with the bad path. */
	consoleMessage: '404 Error: User attempted to access non-existent route:',
} as const
