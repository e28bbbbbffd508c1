/** The console's words where it fails or refuses, apart: the site's root boundary shows them on every page's bundle. */
export const consoleErrorCopy = {
	brandSuffix: 'Console',
	navigationLabel: 'Console',
	forbidden: {
		heading: 'Not open to your role',
		text: 'Your role in the console does not include this page. The owner or an admin can change your role.',
		link: 'Go to your console',
	},
	failure: {
		heading: 'Something went wrong',
		text: 'The console could not do that just now. Try again in a moment.',
	},
} as const
