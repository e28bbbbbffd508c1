/** Sample network of the home page's graph (spec section 3: graph node and link); not real data. */
export type GraphNodeType = 'primary' | 'domain' | 'social'
export type SocialPlatform = 'twitter' | 'linkedin' | 'facebook'

export type GraphNode = {
	id: string
	name: string
	type: GraphNodeType
	/** Estimated value as display text, such as a dollar figure. */
	value: string
	followers: number
	platform?: SocialPlatform
}

export type GraphLink = {
	source: string
	target: string
	/** 0 to 1: how strongly the two nodes pull together. */
	strength: number
	type: 'backlink' | 'social'
}

export const GRAPH_WIDTH = 600
export const GRAPH_HEIGHT = 400
/** Canvas labels longer than this are cut and end with an ellipsis. */
export const GRAPH_LABEL_MAX = 12
/** Node labels' size as shown, in CSS pixels, however narrow the canvas is drawn (down to GRAPH_LABEL_MAX_SCALE). */
export const GRAPH_LABEL_PX = 11
/** How much a label may grow in canvas units to keep its size on a narrow screen: a phone shows the canvas at ~0.6. */
export const GRAPH_LABEL_MAX_SCALE = 1.8

export const graphNodes: GraphNode[] = [
	{ id: 'hub', name: 'ideaforge.com', type: 'primary', value: '$48,500', followers: 12400 },
	{ id: 'solar', name: 'sustainableenergyhub.com', type: 'domain', value: '$12,800', followers: 3100 },
	{ id: 'pets', name: 'petpal.io', type: 'domain', value: '$6,200', followers: 1850 },
	{ id: 'fintech', name: 'microlend.co', type: 'domain', value: '$9,400', followers: 2200 },
	{ id: 'travel', name: 'nomadnest.com', type: 'domain', value: '$7,900', followers: 1400 },
	{ id: 'health', name: 'fitfuel.app', type: 'domain', value: '$5,300', followers: 960 },
	{ id: 'x', name: '@ideaforge', type: 'social', platform: 'twitter', value: '$2,100', followers: 8700 },
	{ id: 'li', name: 'IdeaForge on LinkedIn', type: 'social', platform: 'linkedin', value: '$1,800', followers: 4300 },
	{ id: 'fb', name: 'IdeaForge Community', type: 'social', platform: 'facebook', value: '$1,200', followers: 5600 },
	{ id: 'solar-x', name: '@energyhub', type: 'social', platform: 'twitter', value: '$900', followers: 2400 },
]

export const graphLinks: GraphLink[] = [
	{ source: 'hub', target: 'solar', strength: 0.8, type: 'backlink' },
	{ source: 'hub', target: 'pets', strength: 0.6, type: 'backlink' },
	{ source: 'hub', target: 'fintech', strength: 0.7, type: 'backlink' },
	{ source: 'hub', target: 'travel', strength: 0.5, type: 'backlink' },
	{ source: 'hub', target: 'health', strength: 0.4, type: 'backlink' },
	{ source: 'solar', target: 'health', strength: 0.3, type: 'backlink' },
	{ source: 'fintech', target: 'travel', strength: 0.3, type: 'backlink' },
	{ source: 'hub', target: 'x', strength: 0.9, type: 'social' },
	{ source: 'hub', target: 'li', strength: 0.8, type: 'social' },
	{ source: 'hub', target: 'fb', strength: 0.7, type: 'social' },
	{ source: 'solar', target: 'solar-x', strength: 0.6, type: 'social' },
]

export const graphCopy = {
	canvasLabel: 'Interactive network graph of a sample portfolio. The list that follows shows the same nodes.',
	listLabel: 'Sample network: domains, social profiles and their connections',
	columns: { name: 'Name', type: 'Type', value: 'Estimated value', followers: 'Followers', links: 'Connected to' },
	typeLabels: { primary: 'Primary domain', domain: 'Domain', social: 'Social profile' },
	platformLabels: { twitter: 'Twitter/X', linkedin: 'LinkedIn', facebook: 'Facebook' },
	tooltip: { value: 'Estimated value', followers: 'Followers' },
	loading: 'Loading the interactive graph…',
	/** Shown with the canvas only: without JavaScript the list below stands in for it. */
	instructions: 'Point at or tap a node to see its estimated value and followers, or drag it to explore the network.',
	sampleNote: 'Sample data for illustration.',
} as const
