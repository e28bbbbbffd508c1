/** The four lead forms as the inbox names them; each is also a part of a lead's console address. */
export const leadKinds = ['contact', 'beta', 'waitlist', 'newsletter'] as const

export type LeadKind = (typeof leadKinds)[number]

/** Each form's statuses, first the one a new lead gets. No two forms share a status name. */
export const leadStatuses = {
	contact: ['unread', 'read', 'replied', 'archived'],
	beta: ['new', 'reviewing', 'accepted', 'declined'],
	waitlist: ['pending', 'invited', 'joined', 'removed'],
	newsletter: ['active', 'unsubscribed', 'bounced'],
} as const satisfies Record<LeadKind, readonly string[]>

export type LeadStatus = (typeof leadStatuses)[LeadKind][number]

/** The only moves a status can make, each with the button that makes it. */
export const leadTransitions: Record<LeadStatus, Partial<Record<LeadStatus, string>>> = {
	unread: { read: 'Mark read' },
	read: { replied: 'Mark replied', unread: 'Mark unread' },
	replied: { archived: 'Archive', unread: 'Mark unread' },
	archived: { unread: 'Mark unread' },
	new: { reviewing: 'Start review' },
	reviewing: { accepted: 'Accept', declined: 'Decline' },
	accepted: {},
	declined: {},
	pending: { invited: 'Mark invited' },
	invited: { joined: 'Mark joined', removed: 'Remove' },
	joined: {},
	removed: {},
	active: { unsubscribed: 'Unsubscribe' },
	unsubscribed: { active: 'Resubscribe' },
	// The mail server refused the address for good; an operator who knows it works again may take it back.
	bounced: { active: 'Resubscribe' },
}

/** What needs an operator: contact messages nobody has read and beta applications nobody has looked at. */
export const attentionStatuses = ['unread', 'new'] as const satisfies readonly LeadStatus[]

export const inboxLimits = {
	pageSize: 50,
	/** The longest search an operator types; longer ones are cut. */
	search: 200,
	note: 5_000,
	/** How many leads one bulk action may change. */
	bulk: 200,
	/** How often, in seconds, an open inbox asks for new leads with JavaScript on. */
	refreshSeconds: 5,
	/** The longest preview of a lead in the inbox list, in characters. */
	preview: 140,
} as const

export const inboxCopy = {
	title: 'Inbox',
	heading: 'Inbox',
	intro: 'Every lead from the four forms, newest first.',
	/** A newsletter sign-up whose address has not opened its confirmation link. */
	unconfirmed: 'Unconfirmed',
	kinds: {
		contact: 'Contact message',
		beta: 'Beta application',
		waitlist: 'Waitlist entry',
		newsletter: 'Newsletter subscriber',
	} satisfies Record<LeadKind, string>,
	kindsPlural: {
		contact: 'Contact messages',
		beta: 'Beta applications',
		waitlist: 'Waitlist entries',
		newsletter: 'Newsletter subscribers',
	} satisfies Record<LeadKind, string>,
	statuses: {
		unread: 'Unread',
		read: 'Read',
		replied: 'Replied',
		archived: 'Archived',
		new: 'New',
		reviewing: 'Reviewing',
		accepted: 'Accepted',
		declined: 'Declined',
		pending: 'Pending',
		invited: 'Invited',
		joined: 'Joined',
		removed: 'Removed',
		active: 'Active',
		unsubscribed: 'Unsubscribed',
		bounced: 'Bounced',
	} satisfies Record<LeadStatus, string>,
	filters: {
		legend: 'Filter the inbox',
		search: 'Search',
		searchHint: 'Words from a name, email, company, subject or message',
		form: 'Form',
		anyForm: 'All forms',
		status: 'Status',
		anyStatus: 'Any status',
		attention: 'Needs attention',
		from: 'From',
		to: 'To',
		assigned: 'Assigned to',
		anyone: 'Anyone or nobody',
		mine: 'Me',
		nobody: 'Nobody',
		apply: 'Apply filters',
		clear: 'Clear filters',
		invalidDate: 'Dates are written YYYY-MM-DD; that one was left out.',
	},
	assignedTo: (name: string) => `Assigned to ${name}`,
	/** The name of the exported workbook's one sheet. */
	exportSheet: 'Leads',
	attentionLabel: (count: number) => `${count} need${count === 1 ? 's' : ''} attention`,
	columns: {
		select: 'Select',
		lead: 'Lead',
		form: 'Form',
		status: 'Status',
		received: 'Received',
	},
	selectLead: (name: string) => `Select ${name}`,
	noName: '(no name)',
	empty: 'No lead matches these filters.',
	emptyInbox: 'No leads yet. They appear here as soon as a visitor sends a form.',
	older: 'Older leads',
	newest: 'Newest leads',
	export: 'Export these leads as CSV',
	exportWorkbook: 'Export as Excel (XLSX)',
	invalidExportFilter:
		'Nothing was exported: the filter in this address is not one the inbox offers (a form, a status or a date that does not exist). Go back to the inbox and choose the filter there.',
	live: 'New leads appear here on their own.',
	newLeads: (count: number) => `${count} new lead${count === 1 ? '' : 's'}`,
	bulk: {
		legend: 'With the selected leads',
		action: 'Action',
		markRead: 'Mark read',
		archive: 'Archive',
		setStatus: (status: string) => `Set status: ${status}`,
		apply: 'Apply to selected',
		selectAll: 'Select all on this page',
		noneSelected: 'Select at least one lead first.',
		tooMany: `Select at most ${inboxLimits.bulk} leads at a time.`,
		result: (changed: number, refused: number, stale: number) =>
			[
				`${changed} lead${changed === 1 ? '' : 's'} changed.`,
				refused
					? `${refused} left as ${refused === 1 ? 'it was' : 'they were'}: that move is not open from ${refused === 1 ? 'its' : 'their'} status.`
					: '',
				stale ? `${stale} changed by someone else meanwhile; reload to see ${stale === 1 ? 'it' : 'them'}.` : '',
			]
				.filter(Boolean)
				.join(' '),
		/** The leads a bulk move left as they were, by name (the first few). */
		notMoved: (names: string[], more: number) => `Not moved: ${names.join(', ')}${more ? ` and ${more} more` : ''}.`,
	},
	lead: {
		back: 'Back to the inbox',
		neighbours: 'Other leads',
		newer: 'Newer lead',
		older: 'Older lead',
		received: 'Received',
		from: 'Sent from',
		source: 'Source',
		visit: {
			heading: 'Where they came from',
			unknown:
				'Not known: the visitor arrived without a campaign or another site to name, or their browser did not say.',
			fromPost: 'Signed up on the post',
			labels: {
				landing_path: 'Landing page',
				referrer_host: 'Referring site',
				utm_source: 'Campaign source',
				utm_medium: 'Campaign medium',
				utm_campaign: 'Campaign',
				ref: 'Ref',
			} as Record<string, string>,
		},
		status: 'Status',
		/** Followed by the moment. */
		changed: (who: string) => `Last changed by ${who}, `,
		fields: 'What they sent',
		empty: '(empty)',
		reply: 'Reply by email',
		replySubject: (subject: string) => `Re: ${subject}`,
		workflow: 'Move it on',
		noMoves: 'This status is final.',
		notifications: 'Notifications',
		noNotifications: 'No notification was written for this lead.',
		notification: {
			/** Followed by the moment. */
			delivered: 'Delivered ',
			pending: 'Pending, next attempt ',
			failed: 'Failed',
			skipped: 'Skipped',
			bounced: 'Bounced: the address was refused',
			waiting: 'Waiting (the send is paused)',
			attempts: (count: number) => `${count} attempt${count === 1 ? '' : 's'}`,
		},
		channels: {
			chat: 'Chat',
			newsletter: 'Newsletter service',
			email: 'Email',
			newsletter_issue: 'Newsletter email',
		} as Record<string, string>,
		assignment: 'Assigned to',
		assignmentHint: 'The operator working this lead; the inbox’s “Assigned to: Me” filter shows your own.',
		nobody: 'Nobody',
		assign: 'Assign',
		assignToMe: 'Assign to me',
		assigned: 'Lead assigned.',
		assignedToYou: 'Lead assigned to you.',
		unassigned: 'The lead is assigned to nobody now.',
		assignRefused: 'That operator cannot work leads, or no longer exists.',
		sameEmail: 'Other leads with this email',
		noSameEmail: 'No other lead has this email.',
		notes: 'Notes',
		noNotes: 'No notes yet.',
		noteLabel: 'Add a note',
		noteHint: 'Only operators see notes.',
		addNote: 'Add note',
		noteRequired: 'Write the note first.',
		noteTooLong: `A note has at most ${inboxLimits.note.toLocaleString('en-US')} characters.`,
		noteAdded: 'Note added.',
		editNote: 'Edit note',
		editNoteLabel: 'Your note',
		saveNote: 'Save note',
		deleteNote: 'Delete note',
		deleteNoteQuestion: 'Delete this note? The audit log keeps that it was deleted, not its text.',
		noteSaved: 'Note saved.',
		noteDeleted: 'Note deleted.',
		noteGone: 'That note is no longer there.',
		notYourNote: 'Only the operator who wrote a note can change or delete it.',
		edited: 'edited',
		erase: 'Erase this person',
		eraseIntro: 'Deletes everything the site holds about this email address, for a request to be forgotten.',
	},
	fieldLabels: {
		full_name: 'Name',
		name: 'Name',
		email: 'Email',
		company_name: 'Company',
		domain_count: 'Domains',
		current_solution: 'Current solution',
		why_interested: 'Why interested',
		subject: 'Subject',
		message: 'Message',
		source: 'Source',
	} as Record<string, string>,
	visitor: 'the visitor',
	changedTo: (status: string) => `Status is now ${status}.`,
	stale: (who: string, when: string, status: string) =>
		`${who} changed this lead ${when} (it is now ${status}). Reload the page to see it, then try again.`,
	notAllowed: (from: string, to: string) => `A lead cannot move from ${from} to ${to}.`,
	notFound: { heading: 'No such lead', text: 'There is no lead at this address. It may have been erased.' },
	erase: {
		title: 'Erase a person',
		heading: 'Erase everything about this person?',
		intro: (email: string) => `Everything the site holds about ${email} will be deleted for good:`,
		leads: (count: number) => `${count} lead${count === 1 ? '' : 's'}`,
		notes: (count: number) => `${count} note${count === 1 ? '' : 's'}`,
		notifications: (count: number) => `${count} notification${count === 1 ? '' : 's'}`,
		events: (count: number) => `${count} analytics event${count === 1 ? '' : 's'}`,
		audit: 'The audit log will record that an erasure happened and how many rows went, never the email.',
		confirm: 'Erase for good',
		cancel: 'Cancel',
		done: (count: number) => `Erased ${count} row${count === 1 ? '' : 's'}. Nothing of that person is left.`,
		changed: 'What this person has on record changed while you looked. Check the list again, then confirm.',
	},
} as const
