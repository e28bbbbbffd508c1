import type { SVGProps } from 'react'

// Outline icons drawn from Lucide's path data (ISC licence, lucide.dev): the data alone, without its runtime. Icons one
// page alone uses sit beside that page, so the shell every route loads carries only the shared ones.
export type IconNode = readonly (readonly [
	tag: 'path' | 'circle' | 'rect' | 'line' | 'polyline' | 'polygon' | 'ellipse',
	attributes: Record<string, string | number>,
])[]

export const chevronDownIcon: IconNode = [['path', { d: 'm6 9 6 6 6-6' }]]
export const menuIcon: IconNode = [
	['path', { d: 'M4 5h16' }],
	['path', { d: 'M4 12h16' }],
	['path', { d: 'M4 19h16' }],
]
export const xIcon: IconNode = [
	['path', { d: 'M18 6 6 18' }],
	['path', { d: 'm6 6 12 12' }],
]
export const clockIcon: IconNode = [
	['circle', { cx: '12', cy: '12', r: '10' }],
	['path', { d: 'M12 6v6l4 2' }],
]
export const badgeCheckIcon: IconNode = [
	[
		'path',
		{
			d: 'M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z',
		},
	],
	['path', { d: 'm16 9-5.5 5.5L8 12' }],
]
export const usersIcon: IconNode = [
	['path', { d: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2' }],
	['path', { d: 'M16 3.128a4 4 0 0 1 0 7.744' }],
	['path', { d: 'M22 21v-2a4 4 0 0 0-3-3.87' }],
	['circle', { cx: '9', cy: '7', r: '4' }],
]

/** A 24x24 outline icon; decorative unless given an accessible name by its parent. */
export function Icon({ node, ...props }: { node: IconNode } & SVGProps<SVGSVGElement>) {
	return (
		<svg
			xmlns="http://www.w3.org/2000/svg"
			width={24}
			height={24}
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={2}
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			{...props}
		>
			{node.map(([Tag, attributes]) => (
				<Tag key={JSON.stringify(attributes)} {...attributes} />
			))}
		</svg>
	)
}
