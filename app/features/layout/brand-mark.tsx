/** The brand's square mark; decorative wherever the brand name sits beside it. */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
	return (
		<svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
			<rect width="32" height="32" rx="7" fill="#1f56d1" />
			<path d="M9 23V9h7.5a5 5 0 0 1 0 10H13v4z" fill="#fff" />
			<circle cx="23" cy="22" r="2.5" fill="#7dd3fc" />
		</svg>
	)
}
