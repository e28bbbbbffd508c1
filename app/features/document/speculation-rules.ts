/**
 * The speculation rules of pages that ship no React (decision 015): a same-site page link the pointer rests on (or
 * presses) is prerendered, so following it is as quick as a client navigation. Console, analytics, media, feeds and
 * one-time links are left alone, as are links that open elsewhere or ask not to be followed.
 */
export const speculationRules = {
	prerender: [
		{
			where: {
				and: [
					{ href_matches: '/*' },
					{
						not: {
							href_matches: [
								'/admin',
								'/admin/*',
								'/_insights/*',
								'/media/*',
								'/newsletter/unsubscribe',
								'/*.xml',
								'/*.txt',
							],
						},
					},
					{ not: { selector_matches: '[target], [download], [rel~="nofollow"]' } },
				],
			},
			eagerness: 'moderate',
		},
	],
} as const
