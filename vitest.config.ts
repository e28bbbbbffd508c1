import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		// One file per core: most files wait on a database or a child process part of the time (vitest's default leaves a core idle).
		maxWorkers: '100%',
		projects: [
			{
				test: {
					name: 'unit',
					include: [
						'app/**/*.test.{ts,tsx}',
						'server/**/*.test.ts',
						'scripts/**/*.test.ts',
						'tests/support/**/*.test.ts',
					],
					// The checks among 100,000 rows are `npm run bench:scale`.
					exclude: ['**/*.scale.test.ts', '**/node_modules/**'],
					environment: 'node',
					// Files share their worker's loaded modules: a fresh process per file cost a third of the project's time.
					isolate: false,
					globalSetup: ['tests/support/unit-setup.ts'],
					setupFiles: ['tests/support/password-cost.ts'],
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			{
				test: {
					name: 'scale',
					include: ['app/**/*.scale.test.ts'],
					environment: 'node',
					globalSetup: ['tests/support/unit-setup.ts'],
					setupFiles: ['tests/support/password-cost.ts'],
					testTimeout: 300_000,
					hookTimeout: 60_000,
				},
			},
		],
	},
})
