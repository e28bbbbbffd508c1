import { dataDirFromTemplate } from './database-template.ts'
import * as production from './production-server.ts'
import { testSiteEnv } from './site-env.ts'

export type { RunningServer } from './production-server.ts'

export type StartOptions = {
	env?: Record<string, string | undefined>
	dataDir?: string
	/** A build of its own (see site-build.ts); the shared end-to-end build otherwise. */
	buildDir?: string
}

function fromGlobalSetup(name: 'E2E_BUILD_DIR' | 'E2E_PGLITE_TEMPLATE') {
	const value = process.env[name]
	if (!value) throw new Error(`${name} is not set: run the end-to-end specs with \`npx playwright test\``)
	return value
}

/** The production build every end-to-end spec shares, made once per run by the global setup. */
export const testBuildDir = () => fromGlobalSetup('E2E_BUILD_DIR')

const withTestBuild = (options: StartOptions): production.ServerOptions => ({
	...options,
	// A copy of the migrated PGlite: a first start would spend seconds creating and migrating it.
	dataDir:
		options.dataDir ??
		(options.env?.DATABASE_URL ? undefined : dataDirFromTemplate(fromGlobalSetup('E2E_PGLITE_TEMPLATE'))),
	buildDir: options.buildDir ?? testBuildDir(),
	env: { ...testSiteEnv, ...options.env },
})

/** Spawns the production server of the end-to-end build, as `npm start` runs it. */
export const spawnServer = (options: StartOptions = {}) => production.spawnServer(withTestBuild(options))

/** Starts the production server of the end-to-end build on a free port and waits until it listens. */
export const startServer = (options: StartOptions = {}) => production.startServer(withTestBuild(options))
