/** Toast settings from spec section 9. */
export const toastSettings = {
	position: 'bottom-right',
	durationMs: 4000,
	hotkey: ['altKey', 'KeyT'],
	label: 'Notifications',
	visibleToasts: 3,
} as const

/**
 * A text field's character count: the limit is stated under long fields, and near it (with JavaScript) what is left
 * or how many are over; the browser's `maxlength` is twice the limit, so a paste over it is refused, never cut to fit.
 */
export const characterCount = {
	/** From this share of the limit the count shows. */
	showFrom: 0.8,
	limit: (max: string) => `Up to ${max} characters.`,
	left: (count: string) => `${count} ${count === '1' ? 'character' : 'characters'} left`,
	over: (count: string) => `${count} ${count === '1' ? 'character' : 'characters'} too many`,
} as const
