import { type BrowserContext, test as base, type Page } from '@playwright/test'
import {
	type ConsoleServer,
	createFirstOperator,
	type Person,
	type RawAnswer,
	shareSession,
	startConsoleServer,
} from './console-server.ts'
import { type RunningServer, startServer } from './server.ts'

export { expect } from '@playwright/test'

/** The operator the signed-in fixtures sign in as: the console's first operator, its owner. */
export const fixtureOperator: Person = {
	displayName: 'Olive Owner',
	email: 'olive@example.com',
	password: 'amber-lantern-drift-84',
}

export type SignedInConsole = ConsoleServer & {
	/** `name=value` of the operator's session, for raw requests. */
	cookie: string
	session: RawAnswer['session']
}

type WorkerFixtures = {
	/** The production server with the test configuration, one per worker, shared by the specs needing no data of their own. */
	site: RunningServer
	/** A console server per worker whose first operator (`fixtureOperator`) is signed in. */
	signedInConsole: SignedInConsole
}

type TestFixtures = {
	/** A fresh profile signed in to `signedInConsole` as its operator. */
	operatorContext: BrowserContext
	/** A page of `operatorContext`. */
	operatorPage: Page
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
	site: [
		// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
		async ({}, use) => {
			// Every spec of the worker sends forms from the same address: a spec must not find the limit spent by another.
			const server = await startServer({ env: { RATE_LIMIT_MAX: '1000' } })
			await use(server)
			await server.stop()
		},
		{ scope: 'worker', timeout: 120_000 },
	],
	signedInConsole: [
		// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
		async ({}, use) => {
			const site = await startConsoleServer()
			const first = await createFirstOperator(site, fixtureOperator)
			await use({ ...site, cookie: first.cookie, session: first.session })
			await site.server.stop()
		},
		{ scope: 'worker', timeout: 120_000 },
	],
	operatorContext: async ({ browser, signedInConsole }, use) => {
		const context = await browser.newContext()
		await shareSession(signedInConsole, context)
		await use(context)
		await context.close()
	},
	operatorPage: async ({ operatorContext }, use) => {
		await use(await operatorContext.newPage())
	},
})
