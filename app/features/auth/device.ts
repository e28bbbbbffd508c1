/** A readable name for a browser from its user agent ("Chrome on macOS"); good enough to tell sessions apart. */
export function deviceName(userAgent: string) {
	const browser = /Edg\//.test(userAgent)
		? 'Edge'
		: /Firefox\//.test(userAgent)
			? 'Firefox'
			: /Chrom(e|ium)\//.test(userAgent)
				? 'Chrome'
				: /Safari\//.test(userAgent)
					? 'Safari'
					: 'A browser'
	const system = /iPhone|iPad/.test(userAgent)
		? 'iOS'
		: /Android/.test(userAgent)
			? 'Android'
			: /Mac OS X/.test(userAgent)
				? 'macOS'
				: /Windows/.test(userAgent)
					? 'Windows'
					: /Linux/.test(userAgent)
						? 'Linux'
						: 'an unknown system'
	return `${browser} on ${system}`
}
