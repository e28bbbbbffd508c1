/** Copy and constants of the operators' console (/admin). */
import { consoleErrorCopy } from './console-errors.ts'

/** What a run of failed sign-ins pauses: one address, or one account from one address. */
export type SignInPause = 'address' | 'pair'

export const consoleLimits = {
	passwordMin: 12,
	passwordMax: 256,
	displayName: 80,
	passkeyName: 60,
	/** Failed sign-ins to one account from one address before that pair is paused, counted in the window below. */
	pairFailures: 5,
	/** Failed sign-ins from one address, to any account, before the address is paused. */
	addressFailures: 20,
	/**
	 * Failed sign-ins to one account from anywhere before each further password check for it is slowed down (never
	 * paused: an attacker elsewhere must not lock the owner out).
	 */
	accountSlowdownAfter: 20,
	accountSlowdownMs: 2_000,
	/** How long signing in or typing the password again counts for the changes that ask for it. */
	confirmationMinutes: 5,
	failureWindowMinutes: 15,
	/** The first lock-out lasts this long; each further one doubles it, up to a day. */
	firstLockoutMinutes: 15,
	sessionIdleHours: 12,
	sessionAbsoluteDays: 7,
	setupLinkHours: 24,
	invitationHours: 72,
	resetLinkHours: 24,
	auditPageSize: 50,
	outboxPageSize: 50,
	/** How much of a chat or newsletter message's text the outbox shows. */
	outboxSummary: 120,
} as const

export const auditActions = {
	sign_in: 'Signed in',
	'sign_in.failed': 'Failed sign-in',
	'sign_in.locked_out': 'Locked out',
	'sign_in.refused': 'Sign-in refused while locked',
	sign_out: 'Signed out',
	'session.ended': 'Ended a session',
	'operator.created': 'Created the first operator',
	'invitation.created': 'Invited an operator',
	'invitation.accepted': 'Accepted an invitation',
	'invitation.revoked': 'Revoked an invitation',
	'operator.disabled': 'Disabled an operator',
	'operator.enabled': 'Enabled an operator',
	'operator.role_changed': "Changed an operator's role",
	'operator.confirmed': 'Confirmed it was them',
	'ownership.offered': 'Offered ownership of the console',
	'ownership.withdrawn': 'Withdrew the offer of ownership',
	'ownership.transferred': 'Took over ownership of the console',
	'password_reset.issued': 'Issued a password-reset link',
	'password_reset.completed': 'Reset a password',
	'password.changed': 'Changed their password',
	'passkey.added': 'Added a passkey',
	'passkey.removed': 'Removed a passkey',
	'export.downloaded': 'Downloaded an export',
	'notification.retried': 'Retried a notification',
	'notification.retried_all': 'Retried all failed notifications',
	'lead.status_changed': "Changed a lead's status",
	'lead.note_added': 'Added a note to a lead',
	'lead.note_edited': 'Edited a note on a lead',
	'lead.note_deleted': 'Deleted a note from a lead',
	'lead.assigned': 'Assigned a lead',
	'inbox.exported': 'Exported leads from the inbox',
	'backup.downloaded': 'Downloaded a backup of the site',
	'person.erased': 'Erased a person',
	'redirect.created': 'Added a redirect',
	'redirect.updated': 'Changed a redirect',
	'redirect.deleted': 'Deleted a redirect',
	'post.created': 'Created a post',
	'post.saved': 'Saved a post',
	'post.published': 'Published a post',
	'post.scheduled': 'Scheduled a post',
	'post.unpublished': 'Unpublished a post',
	'post.deleted': 'Deleted a post',
	'post.restored': 'Restored a revision of a post',
	'post.preview_shared': 'Shared a preview link',
	'post.preview_revoked': 'Revoked a preview link',
	'media.uploaded': 'Uploaded an image',
	'media.described': 'Described an image',
	'media.deleted': 'Deleted an image',
	'newsletter.sent': 'Emailed a post to subscribers',
	'newsletter.test_sent': 'Sent a test newsletter',
	'newsletter.paused': 'Paused a newsletter send',
	'newsletter.resumed': 'Resumed a newsletter send',
} as const

export type AuditAction = keyof typeof auditActions

export const consoleNavigation = [
	{ label: 'Inbox', path: '/admin/inbox' },
	{ label: 'Posts', path: '/admin/posts' },
	{ label: 'Media', path: '/admin/media' },
	{ label: 'Redirects', path: '/admin/redirects' },
	{ label: 'Newsletter', path: '/admin/newsletter' },
	{ label: 'Insights', path: '/admin/insights' },
	{ label: 'Outbox', path: '/admin/outbox' },
	{ label: 'Operators', path: '/admin/operators' },
	{ label: 'Audit log', path: '/admin/audit-log' },
] as const

export const consoleCopy = {
	...consoleErrorCopy,
	skipLink: 'Skip to content',
	account: 'Your account',
	signOut: 'Sign out',
	signingOut: 'Signing out…',
	viewSite: 'View the site',
	/** The fold a list's filters sit in on a phone, with how many are set. */
	filters: (set: number) => (set > 0 ? `Filters (${set} set)` : 'Filters'),
	notFound: { heading: 'Not in the console', text: 'There is no console page at this address.' },
	sessionEnded: {
		heading: 'Your session has ended',
		text: 'Sign in again to go on; nothing you had saved is lost.',
		link: 'Sign in',
	},
} as const

/** Why passkeys cannot work at the address the console is open at (WebAuthn ties them to the site's host name). */
export const passkeyHostCopy = {
	'ip-address': (host: string) =>
		`Browsers do not allow passkeys at an IP address. Open the console at ${host} to use one.`,
	'other-host': (host: string) =>
		`This console's passkeys belong to ${host}, and browsers refuse them at any other address. Open the console at ${host} to use one.`,
} as const

export type PasskeyHostProblem = keyof typeof passkeyHostCopy

export const signInCopy = {
	title: 'Sign in',
	heading: 'Sign in to the console',
	intro: 'For the people who run the site. Visitors do not need an account.',
	email: 'Email',
	password: 'Password',
	submit: 'Sign in',
	submitting: 'Signing in…',
	orPasskey: 'Or use a passkey saved on this device or your phone.',
	passkey: 'Sign in with a passkey',
	passkeyWorking: 'Waiting for your passkey…',
	passkeyFailed: 'That passkey did not sign you in. Try again, or use your password.',
	/** One answer for an unknown email, a wrong password and a disabled account. */
	wrong: 'That email and password do not match an operator.',
	locked: (minutes: number, scope: SignInPause) =>
		`Too many failed sign-ins. ${
			scope === 'address'
				? 'Sign-in from your network address is paused'
				: 'Sign-in to this account from your network address is paused'
		}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}. A passkey still works.`,
	required: { email: 'Enter your email.', password: 'Enter your password.' },
	forgot: 'Forgot your password? Ask another operator for a reset link.',
} as const

export const passwordCopy = {
	hint: `At least ${consoleLimits.passwordMin} characters. A few unrelated words make a strong, memorable password.`,
	tooShort: `Use at least ${consoleLimits.passwordMin} characters.`,
	tooLong: `Use at most ${consoleLimits.passwordMax} characters.`,
	weak: 'This password is too easy to guess.',
} as const

export const setupCopy = {
	title: 'Create the first operator',
	heading: 'Create the first operator',
	intro: 'This link works once. The account you create here can invite everyone else.',
	displayName: 'Your name',
	email: 'Email',
	password: 'Password',
	submit: 'Create account',
	submitting: 'Creating…',
	nameRequired: 'Enter your name.',
	used: 'This link has already been used or has expired.',
	taken: 'An operator with this email already exists.',
} as const

export const invitationCopy = {
	title: 'Join the console',
	heading: 'Join the console',
	intro: (email: string) => `You were invited as ${email}. Choose your name and a password.`,
	expired: 'This invitation has been used, revoked or has expired. Ask an operator for a new one.',
	submit: 'Create account',
	submitting: 'Creating…',
} as const

export const resetCopy = {
	title: 'Choose a new password',
	heading: 'Choose a new password',
	intro: (email: string) =>
		`For ${email}. Your other sessions end and your passkeys are removed; add them again after signing in.`,
	newPassword: 'New password',
	submit: 'Save password and sign in',
	submitting: 'Saving…',
	expired: 'This reset link has been used or has expired. Ask an operator for a new one.',
} as const

export const operatorsCopy = {
	title: 'Operators',
	heading: 'Operators',
	intro: 'Everyone who can sign in to the console. Disabled operators cannot sign in; their history stays.',
	columns: { name: 'Name', email: 'Email', status: 'Status', lastSignIn: 'Last sign-in', actions: 'Actions' },
	active: 'Active',
	disabled: 'Disabled',
	you: '(you)',
	never: 'Never',
	disable: 'Disable',
	enable: 'Enable',
	resetLink: 'Create reset link',
	inviteHeading: 'Invite an operator',
	inviteIntro: `The link works once and expires after ${consoleLimits.invitationHours} hours.`,
	inviteEmail: 'Email of the person to invite',
	invite: 'Create invitation',
	inviting: 'Creating…',
	invitationMailed: (email: string) => `Invitation created and emailed to ${email}. The link, shown only now:`,
	invitationShown: (email: string) =>
		`Invitation created for ${email}. Email is not set up, so send them this link yourself; it is shown only now:`,
	resetShown: (email: string) =>
		`Password-reset link for ${email}, valid ${consoleLimits.resetLinkHours} hours and shown only now:`,
	pendingHeading: 'Pending invitations',
	pendingNone: 'No pending invitations.',
	expires: 'Expires',
	revoke: 'Revoke',
	revokeQuestion: 'Revoke this invitation? Its link stops working at once.',
	alreadyOperator: 'This person is already an operator.',
	columnsRole: 'Role',
	inviteRole: 'Role',
	roleLabels: { owner: 'Owner', admin: 'Admin', editor: 'Editor', lead_manager: 'Lead manager' },
	roleHelp:
		'Admin: everything but the owner’s account. Editor: posts, media and redirects. Lead manager: the inbox and exports.',
	changeRole: 'Change role',
	roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
	notYours: 'Only the owner can change an admin’s account, and nobody can change the owner’s.',
	roleNotYours: 'You cannot give that role.',
	offerOwnership: 'Offer ownership',
	ownershipOffered: (name: string) =>
		`Ownership offered to ${name}. It moves when they accept it; you then become an admin.`,
	withdrawOffer: 'Withdraw the offer',
	offerWithdrawn: 'The offer of ownership is withdrawn.',
	offerPending: 'Offered ownership',
	confirmDisable: (name: string) =>
		`Disable ${name}? They are signed out everywhere at once and cannot sign in until an operator enables them.`,
	confirmOffer: (name: string) =>
		`Offer ownership to ${name}? Once they accept, they own the console and you become an admin.`,
	confirmRole: (name: string) => `Change ${name}’s role? What they can open changes at their next page.`,
	noticeReset: (by: string) =>
		`${by} created a password-reset link for your account. If you did not ask for it, tell the site’s owner.`,
	noticeDisabled: (by: string) => `${by} disabled your account.`,
	noticeEnabled: (by: string) => `${by} enabled your account again.`,
	noticeRole: (by: string, role: string) => `${by} changed your role to ${role}.`,
	noticeOwnershipOffered: (by: string) => `${by} offered you ownership of the console. Accept it on your account page.`,
	noticeOwnershipTaken: (by: string) => `${by} accepted ownership of the console; you are now an admin.`,
	noticeSubject: (brand: string) => `A change to your ${brand} console account`,
	disabledMessage: (name: string) => `${name} is disabled and signed out everywhere.`,
	enabledMessage: (name: string) => `${name} can sign in again.`,
	revokedMessage: 'Invitation revoked.',
	lastActive: 'The last active operator cannot be disabled.',
	notYourself: 'You cannot change your own account here; ask another operator.',
	unknown: 'That operator no longer exists.',
	invitationSubject: (brand: string) => `You are invited to the ${brand} console`,
	invitationText: (inviter: string, brand: string, link: string) =>
		`${inviter} invited you to the ${brand} console, where the site's leads and posts are worked.\n\nCreate your account here (the link works once and expires in ${consoleLimits.invitationHours} hours):\n${link}\n\nIf you did not expect this, ignore this email.`,
} as const

export const confirmCopy = {
	title: 'Confirm it’s you',
	heading: 'Confirm it’s you',
	intro: `Changes to other operators’ accounts, ownership, backups and lead exports need your password or one of your passkeys again. It counts for ${consoleLimits.confirmationMinutes} minutes.`,
	password: 'Your password',
	orPasskey: 'Or confirm with one of your passkeys.',
	passkey: 'Confirm with a passkey',
	passkeyWorking: 'Waiting for your passkey…',
	passkeyFailed: 'That passkey did not confirm it’s you. Try again, or use your password.',
	noPasskey: 'You have no passkey yet; confirm with your password.',
	submit: 'Confirm',
	submitting: 'Checking…',
	wrong: 'That is not your password.',
	confirmed: 'Confirmed. Go on with what you were doing.',
} as const

export const ownershipCopy = {
	heading: 'Ownership of the console',
	offered:
		'The owner offered you ownership of the console. Accepting makes you the owner and the current owner an admin.',
	accept: 'Accept ownership',
	accepted: 'You are now the owner of the console.',
	gone: 'The offer of ownership is no longer open.',
} as const

export const accountCopy = {
	noticesHeading: 'Changes to your account',
	noticesDismiss: 'Dismiss',
	title: 'Your account',
	heading: 'Your account',
	sessionsHeading: 'Where you are signed in',
	sessionsIntro: `A session ends after ${consoleLimits.sessionIdleHours} hours without use and ${consoleLimits.sessionAbsoluteDays} days after signing in.`,
	thisDevice: 'This browser',
	lastSeen: 'Last seen',
	signedIn: 'Signed in',
	endSession: 'End session',
	endOthers: 'End all other sessions',
	endAll: 'Sign out everywhere',
	sessionEnded: 'Session ended.',
	othersEnded: 'Every other session has ended.',
	passkeysHeading: 'Passkeys',
	passkeysIntro: 'Sign in with your device’s screen lock or a security key instead of your password.',
	passkeysNone: 'No passkeys yet.',
	passkeyName: 'Name for this passkey',
	passkeyNameHint: 'For example the device it is on.',
	passkeyPasswordHint: 'Your password, to confirm it is you adding the passkey.',
	addPasskey: 'Add a passkey',
	addingPasskey: 'Follow your browser’s prompt…',
	passkeyAdded: 'Passkey added. You can sign in with it now.',
	passkeyFailed: 'The passkey was not added. Try again.',
	passkeyNeedsScript: 'Adding a passkey needs JavaScript in this browser.',
	passkeyUnsupported: 'This browser cannot create passkeys.',
	removePasskey: 'Remove',
	removePasskeyQuestion: 'Remove this passkey? It will no longer sign you in.',
	passkeyRemoved: 'Passkey removed.',
	passkeyGone: 'That passkey was already removed.',
	passkeyDefaultName: 'Passkey',
	added: 'Added',
	lastUsed: 'Last used',
	neverUsed: 'Never used',
	passwordHeading: 'Change your password',
	currentPassword: 'Current password',
	currentPasswordRequired: 'Enter your current password.',
	newPassword: 'New password',
	changePassword: 'Change password',
	changingPassword: 'Saving…',
	passwordChanged: 'Password changed. Your other sessions have ended.',
	wrongPassword: 'Your current password is not right.',
} as const

export const auditCopy = {
	title: 'Audit log',
	heading: 'Audit log',
	intro: 'Every sign-in, failed attempt and change made in the console, newest first. Entries cannot be changed.',
	operator: 'Operator',
	action: 'Action',
	anyOperator: 'Any operator',
	anyAction: 'Any action',
	filter: 'Filter',
	columns: { time: 'Time', operator: 'Operator', action: 'Action', target: 'Target', address: 'Address (hashed)' },
	none: 'No entries match.',
	nobody: '—',
	older: 'Older entries',
	newest: 'Newest entries',
} as const

export const outboxCopy = {
	title: 'Outbox',
	heading: 'Outbox',
	intro:
		'Messages to the chat, the newsletter service and by email that have not been delivered, newest first. Pending ones are retried on their own; failed and skipped ones wait for you.',
	columns: {
		message: 'Message',
		channel: 'Channel',
		status: 'Status',
		attempts: 'Attempts',
		created: 'Created',
		lastError: 'Last error',
		actions: 'Actions',
	},
	channels: { chat: 'Chat', newsletter: 'Newsletter', email: 'Email', indexnow: 'IndexNow' },
	statuses: { pending: 'Pending', failed: 'Failed', skipped: 'Skipped' },
	nextAttempt: 'Next attempt',
	openLead: 'Open the lead',
	emailSummary: (subject: string, to: string) => `${subject} (to ${to})`,
	noSummary: '—',
	noError: '—',
	none: 'Nothing is waiting: every message has been delivered.',
	retry: 'Retry now',
	retryAll: 'Retry all failed',
	retryAllIntro: 'Sends every failed message again, once the reason it failed is fixed (a webhook address, SMTP).',
	retried: (id: number) => `Message ${id} is due now and goes out within a few seconds.`,
	retriedAll: (count: number) =>
		`${count} failed message${count === 1 ? ' is' : 's are'} due now and go${count === 1 ? 'es' : ''} out within a few seconds.`,
	noneFailed: 'No message has failed; nothing to retry.',
	delivered: 'That message has already been delivered; it is not sent again.',
	unknown: 'That message does not exist (any more).',
	older: 'Older messages',
	newest: 'Newest messages',
} as const

export const backupCopy = {
	title: 'Backup',
	heading: 'Download a backup',
	intro: 'Every table worth keeping, in one file that npm run db:restore loads into an empty database.',
	contents:
		'It holds every lead and its notes, newsletter subscribers, posts with their revisions, images, redirects, queued notifications, analytics events and the insights totals, operators with their password hashes and passkeys, and the audit log. Sessions, sign-in links and rate-limit counters are left out.',
	care: 'Anyone with the file can read all of this: keep it where only the site’s owners can, and delete copies you no longer need. The download is recorded in the audit log.',
	embeddedWait:
		'On the embedded database the site answers nothing else while the backup is read, usually a few seconds.',
	confirm: 'Download the backup',
	cancel: 'Cancel',
	stale: 'This page was open too long or in another session. Try again.',
	busy: 'Too many requests. Wait a minute and try again.',
	failed: 'The backup could not be made just now. Try again in a moment.',
} as const

export const consoleFormMessages = {
	failure: 'That did not work. Try again.',
	staleForm: 'This page was open too long or in another session. Reload it and try again.',
	tooMany: 'Too many requests. Wait a minute and try again.',
} as const

/** Times in the console: the operator's time zone, and moments relative to now. */
export const timeCopy = {
	justNow: 'just now',
	heading: 'Time zone',
	intro:
		'The console shows times in this zone, and a post’s publish date is read in it. Without a choice, your browser’s zone is used.',
	label: 'Time zone',
	browser: 'Your browser’s time zone',
	save: 'Save time zone',
	saving: 'Saving…',
	saved: 'Time zone saved.',
	invalid: 'Choose a time zone from the list.',
	inUtc: (moment: string) => `That is ${moment}.`,
}

/** Said in the console while the site has no way to send email (no SMTP_URL). */
export const sendingOffCopy = {
	heading: 'Email sending is off',
	text: 'SMTP_URL is not set, so the site sends no email: newsletter sign-ups are stored without a confirmation email, and no issue reaches subscribers. Set SMTP_URL and restart the site to turn it on.',
}
