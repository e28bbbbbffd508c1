/** The query parameters a visit's campaign is read from, stored in columns of the same names. */
export const CAMPAIGN_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'ref'] as const
export type CampaignParameter = (typeof CAMPAIGN_PARAMETERS)[number]
export type Campaign = Record<CampaignParameter, string | null>

/** Where a visit came from: the referring site's host and the campaign of the address it arrived at. */
export type VisitSource = Campaign & { referrer_host: string | null }
/** A lead's visit: its source and the path it landed on. */
export type VisitAttribution = VisitSource & { landing_path: string | null }

export const MAX_CAMPAIGN_VALUE_LENGTH = 100
export const MAX_LANDING_PATH_LENGTH = 300
const MAX_HOST_LENGTH = 253

// Controls, bidi overrides and isolates, zero-width characters and lone surrogates: none belongs in a campaign name.
const unwanted = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2028\u2029]/gu
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const hostPattern = new RegExp(`^${label}(?:\\.${label})*$`)

/** A campaign value as stored: invisible and control characters removed, spaces collapsed, cut to 100 characters. */
export function campaignValue(value: string | null | undefined): string | null {
	if (typeof value !== 'string') return null
	const cleaned = value.replace(/\s+/gu, ' ').replace(unwanted, '').trim()
	const cut = Array.from(cleaned).slice(0, MAX_CAMPAIGN_VALUE_LENGTH).join('').trim()
	return cut === '' ? null : cut
}

/** The campaign named by an address's query, each value cleaned. */
export function campaignFromQuery(query: URLSearchParams | Partial<Record<CampaignParameter, unknown>>): Campaign {
	const read = (name: CampaignParameter) => {
		const value = query instanceof URLSearchParams ? query.get(name) : query[name]
		return campaignValue(typeof value === 'string' ? value : null)
	}
	return {
		utm_source: read('utm_source'),
		utm_medium: read('utm_medium'),
		utm_campaign: read('utm_campaign'),
		ref: read('ref'),
	}
}

/**
 * A referring site as stored: its host name only, lower case, without a leading "www."; null for anything that is not
 * a host name (or a URL with one) and for the site's own hosts.
 */
export function referrerHost(value: string | null | undefined, ownHosts: readonly string[]): string | null {
	if (typeof value !== 'string' || value.length > 2048) return null
	let host = value.trim().toLowerCase()
	if (host.includes('/')) {
		try {
			host = new URL(host).hostname
		} catch {
			return null
		}
	}
	host = host.replace(/\.$/, '')
	if (host.length > MAX_HOST_LENGTH || !hostPattern.test(host)) return null
	const own = ownHosts.map((candidate) => candidate.toLowerCase().replace(/^www\./, ''))
	const bare = host.replace(/^www\./, '')
	return own.includes(bare) ? null : bare
}

export const hasSource = (source: VisitSource) =>
	source.referrer_host !== null || CAMPAIGN_PARAMETERS.some((name) => source[name] !== null)

/** The source part of a lead's attribution. */
export const visitSource = ({ landing_path: _, ...source }: VisitAttribution): VisitSource => source

export const noSource: VisitSource = {
	referrer_host: null,
	utm_source: null,
	utm_medium: null,
	utm_campaign: null,
	ref: null,
}
