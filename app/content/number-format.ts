// Not Intl.NumberFormat: its first use in a page costs 15–30 ms of main thread (a long task on a phone).
/** A whole number with en-US thousands separators: 960, 12,400, 1,548. */
export function formatWholeNumber(value: number) {
	const rounded = Math.round(value)
	const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
	return rounded < 0 ? `-${digits}` : digits
}
