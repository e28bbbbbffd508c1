import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin, type UserConfig } from 'vite'

/**
 * React Router 7 starts its child compiler with Vite's deprecated `envFile: false` (fixed upstream only in React
 * Router 8, which needs Node 22): this passes the same setting under its current name, so builds print no warning.
 */
const envDirInsteadOfEnvFile: Plugin = {
	name: 'env-dir-instead-of-env-file',
	config(config) {
		// The option is gone from Vite's types, not from what it reads.
		const passed = config as UserConfig & { envFile?: false }
		if (passed.envFile !== false) return
		delete passed.envFile
		config.envDir = false
	},
}

export default defineConfig({
	plugins: [envDirInsteadOfEnvFile, tailwindcss(), reactRouter()],
	build: {
		rolldownOptions: {
			output: {
				// React, its DOM renderer and the router in one file: one request, and gzip shares one dictionary.
				codeSplitting: {
					groups: [
						{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
						{
							name: 'shell',
							test: /preload-helper|rolldown[\\/]runtime|app[\\/](ui[\\/](icons|use-hydrated|deferred)|features[\\/](site[\\/]meta|layout[\\/]brand-mark)|content[\\/](page-paths|number-format))\./,
						},
					],
				},
			},
		},
	},
})
