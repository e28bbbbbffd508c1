/** Copy and constants of the console's redirects page (/admin/redirects). */

export const redirectLimits = {
	/** The longest address, typed or stored. */
	path: 500,
	pageSize: 50,
} as const

/** The answers a redirect may give: permanent (301, 308) or temporary (302, 307). */
export const redirectStatuses = [301, 302, 307, 308] as const

export type RedirectStatus = (typeof redirectStatuses)[number]

/** Why an address cannot be a redirect's: each has its message below. */
export type PathProblem =
	| 'empty'
	| 'tooLong'
	| 'notSitePath'
	| 'query'
	| 'characters'
	| 'doubleSlash'
	| 'dotSegment'
	| 'encoding'

export const redirectsCopy = {
	title: 'Redirects',
	heading: 'Redirects',
	intro:
		'Old addresses that moved. A visitor who opens one of them where the site has no page is sent on to its new address. Changing the address of a published post adds one here by itself.',
	columns: {
		from: 'From',
		to: 'To',
		status: 'Answer',
		hits: 'Hits',
		lastHit: 'Last hit',
		created: 'Created',
		actions: 'Actions',
	},
	statuses: {
		301: '301 Moved permanently',
		302: '302 Found (temporary)',
		307: '307 Temporary redirect',
		308: '308 Permanent redirect',
	} satisfies Record<RedirectStatus, string>,
	none: 'No redirects yet.',
	byNobody: 'By a post change or an import',
	by: (name: string) => `By ${name}`,
	older: 'Older redirects',
	newest: 'Newest redirects',
	edit: 'Edit',
	delete: 'Delete',
	deleteQuestion: 'Delete this redirect? Its old address answers 404 again.',
	addHeading: 'Add a redirect',
	addIntro:
		'Both addresses are on this site and start with /; addresses of other sites are not accepted. If the new address itself redirects, the redirect goes straight to where that one ends.',
	editHeading: 'Edit a redirect',
	cancelEdit: 'Stop editing',
	fields: {
		from: 'Old address',
		fromHint:
			'Where visitors arrive, such as /old-page. Without ?query or #section: the query a visitor brings is passed on.',
		to: 'New address',
		toHint: 'Where they are sent, such as /blog/new-name; it may end with ?query or #section.',
		statusCode: 'Answer',
	},
	add: 'Add redirect',
	adding: 'Adding…',
	save: 'Save redirect',
	saving: 'Saving…',
	problems: {
		empty: 'Enter an address on this site, starting with /.',
		tooLong: `Use at most ${redirectLimits.path} characters.`,
		notSitePath: 'Use an address on this site: it starts with a single / (no https:// and no host).',
		query: 'The old address is matched without ?query or #section; leave them out.',
		characters:
			'An address cannot hold spaces, control characters, invisible marks, a backslash, or an encoded ? or #.',
		doubleSlash: 'An address cannot hold // (an empty part).',
		dotSegment: 'An address cannot hold /./ or /../ parts.',
		encoding: 'This address has a % that is not followed by a valid encoded character.',
	} satisfies Record<PathProblem, string>,
	statusRequired: 'Choose one of the answers.',
	invalid: 'Check the highlighted fields.',
	created: (from: string, to: string) => `Visitors to ${from} now go to ${to}.`,
	updated: (from: string, to: string) => `Saved: visitors to ${from} now go to ${to}.`,
	collapsed: (count: number) =>
		` ${count} redirect${count === 1 ? '' : 's'} that led to the old address now go${count === 1 ? 'es' : ''} there directly.`,
	removed: (path: string) => ` The redirect from ${path} was removed, since that address is a page again.`,
	deleted: (from: string) => `The redirect from ${from} is deleted; that address answers 404 again.`,
	same: 'The new address is the old address: a redirect to itself would never end.',
	loop: (to: string, from: string) =>
		`That would make a loop: ${to} already leads back to ${from}. Change or delete that redirect first.`,
	livePage: 'The site has a page at this address, so a redirect from it would never be used.',
	taken: 'Another redirect already starts at this address; edit that one instead.',
	unknown: 'That redirect does not exist (any more).',
} as const
