import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter()],
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
