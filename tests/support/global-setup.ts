import type { TestProject } from 'vitest/node'
import { buildTestSite } from './site-build.ts'

/** Builds the production bundle once for every end-to-end spec, in a folder of its own. */
export default async function setup(project: TestProject) {
	const { buildDir, remove } = await buildTestSite()
	project.provide('buildDir', buildDir)
	return remove
}

declare module 'vitest' {
	export interface ProvidedContext {
		buildDir: string
	}
}
