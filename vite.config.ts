import { readFile } from 'node:fs/promises'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, minify, type Plugin } from 'vite'
import { bundledPackages } from './scripts/lib/bundled-packages.ts'

const MINIFIED = '?minified'

/**
 * `import code from './file.inline.js?minified'`: the file's text minified as a classic script (top-level names kept,
 * as the code inlined after it calls them), for the inline scripts the server renders into documents.
 */
function minifiedScripts(): Plugin {
	return {
		name: 'minified-inline-scripts',
		enforce: 'pre',
		async load(id) {
			if (!id.endsWith(MINIFIED)) return null
			const file = id.slice(0, -MINIFIED.length)
			this.addWatchFile(file)
			const { code, errors } = await minify(file, await readFile(file, 'utf8'), { module: false })
			if (errors.length) throw new Error(`${file}: ${errors.map((error) => error.message).join('; ')}`)
			return `export default ${JSON.stringify(code.trim())}`
		},
	}
}

export default defineConfig({
	plugins: [minifiedScripts(), tailwindcss(), reactRouter()],
	ssr: { noExternal: bundledPackages },
	build: {
		// The post editor's CodeMirror (console only, loaded by that page) is 0.5 MB; the public routes' budgets are tests.
		chunkSizeWarningLimit: 600,
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
