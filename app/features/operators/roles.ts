/** What an operator may do in the console (issue: roles). Exactly one owner; the first operator is it. */
export const operatorRoles = ['owner', 'admin', 'editor', 'lead_manager'] as const
export type OperatorRole = (typeof operatorRoles)[number]

/**
 * The parts of the console a role opens; the account, sign-out and passkeys are every operator's own. Backups are the
 * owner's: one holds every operator's password hash and passkeys, the owner's account in all but name.
 */
type ConsoleArea = 'leads' | 'publishing' | 'site' | 'backups'

const areasOf: Record<OperatorRole, readonly ConsoleArea[]> = {
	owner: ['leads', 'publishing', 'site', 'backups'],
	admin: ['leads', 'publishing', 'site'],
	editor: ['publishing'],
	lead_manager: ['leads'],
}

/** The console's sections by the first segment after `/admin`; a segment not listed is open to every operator. */
const areaOfSection: Record<string, ConsoleArea> = {
	inbox: 'leads',
	export: 'leads',
	posts: 'publishing',
	media: 'publishing',
	redirects: 'publishing',
	newsletter: 'publishing',
	insights: 'site',
	outbox: 'site',
	operators: 'site',
	'audit-log': 'site',
	backup: 'backups',
}

/**
 * Whether a role opens a console path or route pattern (`/admin/inbox/:kind/:id`; the router's patterns have no
 * leading slash), in any letter case.
 */
export function mayOpen(role: OperatorRole, path: string) {
	const section = /^\/?admin\/([^/]+)/i.exec(path)?.[1]?.toLowerCase()
	const area = section ? areaOfSection[section] : undefined
	return !area || areasOf[role].includes(area)
}

/** Where a role's console starts: the inbox for those who work leads, the posts for editors. */
export function homeFor(role: OperatorRole) {
	return role === 'editor' ? '/admin/posts' : '/admin/inbox'
}

/**
 * Whether an operator may act on another's account (a reset link, disabling, a role) or give a role: the owner on
 * anyone but themselves as owner, an admin only on editors and lead managers; nobody else on anyone.
 */
export function mayManage(actor: OperatorRole, target: OperatorRole) {
	if (target === 'owner') return false
	if (actor === 'owner') return true
	return actor === 'admin' && (target === 'editor' || target === 'lead_manager')
}

/** The roles an operator may give (invite with or change to). */
export const grantableRoles = (actor: OperatorRole) => operatorRoles.filter((role) => mayManage(actor, role))

export const isOperatorRole = (value: unknown): value is OperatorRole => operatorRoles.includes(value as OperatorRole)

/** The role an invitation gives: those made before roles existed give what every operator was then. */
export const invitedRole = (role: OperatorRole | null): OperatorRole => role ?? 'admin'
