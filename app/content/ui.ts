/** Toast settings from spec section 9. */
export const toastSettings = {
	position: 'bottom-right',
	durationMs: 4000,
	hotkey: ['altKey', 'KeyT'],
	label: 'Notifications',
	visibleToasts: 3,
} as const
