import type { SVGProps } from 'react'

// Outline icons drawn from Lucide's path data (ISC licence, lucide.dev): the data alone, without its runtime.
type IconNode = readonly (readonly [
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
export const mailIcon: IconNode = [
	['path', { d: 'm22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7' }],
	['rect', { x: '2', y: '4', width: '20', height: '16', rx: '2' }],
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
export const eyeIcon: IconNode = [
	[
		'path',
		{ d: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0' },
	],
	['circle', { cx: '12', cy: '12', r: '3' }],
]
export const eyeOffIcon: IconNode = [
	['path', { d: 'M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49' }],
	['path', { d: 'M14.084 14.158a3 3 0 0 1-4.242-4.242' }],
	['path', { d: 'M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143' }],
	['path', { d: 'm2 2 20 20' }],
]
export const layersIcon: IconNode = [
	[
		'path',
		{
			d: 'M12.83 2.18a2 2 0 0 0-1.66 0L2.6 6.08a1 1 0 0 0 0 1.83l8.58 3.91a2 2 0 0 0 1.66 0l8.58-3.9a1 1 0 0 0 0-1.83z',
		},
	],
	['path', { d: 'M2 12a1 1 0 0 0 .58.91l8.6 3.91a2 2 0 0 0 1.65 0l8.58-3.9A1 1 0 0 0 22 12' }],
	['path', { d: 'M2 17a1 1 0 0 0 .58.91l8.6 3.91a2 2 0 0 0 1.65 0l8.58-3.9A1 1 0 0 0 22 17' }],
]
export const messageSquareIcon: IconNode = [
	[
		'path',
		{
			d: 'M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z',
		},
	],
]
export const searchIcon: IconNode = [
	['path', { d: 'm21 21-4.34-4.34' }],
	['circle', { cx: '11', cy: '11', r: '8' }],
]
export const trendingDownIcon: IconNode = [
	['path', { d: 'M16 17h6v-6' }],
	['path', { d: 'm22 17-8.5-8.5-5 5L2 7' }],
]
export const usersIcon: IconNode = [
	['path', { d: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2' }],
	['path', { d: 'M16 3.128a4 4 0 0 1 0 7.744' }],
	['path', { d: 'M22 21v-2a4 4 0 0 0-3-3.87' }],
	['circle', { cx: '9', cy: '7', r: '4' }],
]
export const barChart3Icon: IconNode = [
	['path', { d: 'M3 3v16a2 2 0 0 0 2 2h16' }],
	['path', { d: 'M18 17V9' }],
	['path', { d: 'M13 17V5' }],
	['path', { d: 'M8 17v-3' }],
]
export const flameIcon: IconNode = [
	['path', { d: 'M12 3q1 4 4 6.5t3 5.5a1 1 0 0 1-14 0 5 5 0 0 1 1-3 1 1 0 0 0 5 0c0-2-1.5-3-1.5-5q0-2 2.5-4' }],
]
export const rocketIcon: IconNode = [
	['path', { d: 'M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5' }],
	['path', { d: 'M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09' }],
	['path', { d: 'M9 12a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.4 22.4 0 0 1-4 2z' }],
	['path', { d: 'M9 12H4s.55-3.03 2-4c1.62-1.08 5 .05 5 .05' }],
]
export const checkIcon: IconNode = [['path', { d: 'M20 6 9 17l-5-5' }]]
export const calendarCheckIcon: IconNode = [
	['path', { d: 'M8 2v3' }],
	['path', { d: 'M16 2v3' }],
	['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }],
	['path', { d: 'M3 9h18' }],
	['path', { d: 'm9 15 2 2 4-4' }],
]
export const clipboardListIcon: IconNode = [
	['rect', { width: '8', height: '4', x: '8', y: '2', rx: '1', ry: '1' }],
	['path', { d: 'M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2' }],
	['path', { d: 'M12 11h4' }],
	['path', { d: 'M12 16h4' }],
	['path', { d: 'M8 11h.01' }],
	['path', { d: 'M8 16h.01' }],
]
export const lightbulbIcon: IconNode = [
	[
		'path',
		{ d: 'M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5' },
	],
	['path', { d: 'M9 18h6' }],
	['path', { d: 'M10 22h4' }],
]
export const trendingUpIcon: IconNode = [
	['path', { d: 'M16 7h6v6' }],
	['path', { d: 'm22 7-8.5 8.5-5-5L2 17' }],
]
export const userIcon: IconNode = [
	['path', { d: 'M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2' }],
	['circle', { cx: '12', cy: '7', r: '4' }],
]
export const arrowLeftIcon: IconNode = [
	['path', { d: 'm12 19-7-7 7-7' }],
	['path', { d: 'M19 12H5' }],
]
export const calendarIcon: IconNode = [
	['path', { d: 'M8 2v4' }],
	['path', { d: 'M16 2v4' }],
	['rect', { width: '18', height: '18', x: '3', y: '4', rx: '2' }],
	['path', { d: 'M3 10h18' }],
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
