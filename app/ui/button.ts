const base =
	'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70'

const variants = {
	primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
	secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
	inverted: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50',
	outlineInverted: 'border border-white/70 text-white hover:bg-white/10',
} as const

// `form`: the submit button of a form, in the body text's size.
const sizes = { md: 'px-4 py-2 text-sm', lg: 'px-6 py-3 text-base', form: 'px-5 py-2.5' } as const

/** Class names of a link or button styled as a button. */
export function buttonClass(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'lg') {
	return `${base} ${variants[variant]} ${sizes[size]}`
}
