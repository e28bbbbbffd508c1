import { useRouteLoaderData } from 'react-router'
import type { PublicConfig } from './config.server.ts'

/** The public site configuration the root loader provides to every page. */
export function useSite(): PublicConfig {
	const data = useRouteLoaderData('root') as { site?: PublicConfig } | undefined
	if (!data?.site) throw new Error('The root loader did not provide the site configuration')
	return data.site
}
