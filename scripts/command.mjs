// `npm run <command>`: an operators' command from its TypeScript source while developing, from the current
// release in production (NODE_ENV=production, or no development tools installed).
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
	buildRootOf,
	currentRelease,
	exitOnUnsupportedNode,
	hasDevelopmentTools,
	noBuildMessage,
	operatorCommands,
} from '../server/release.mjs'

exitOnUnsupportedNode()
const [name] = process.argv.splice(2, 1)
if (!name || !operatorCommands.includes(name)) {
	console.error(`Usage: node scripts/command.mjs ${operatorCommands.join('|')} [arguments]`)
	process.exit(2)
}
if (process.env.NODE_ENV !== 'production' && (await hasDevelopmentTools())) {
	const { register } = await import('tsx/esm/api')
	register()
	await import(pathToFileURL(path.join(import.meta.dirname, `${name}.ts`)).href)
} else {
	const buildRoot = buildRootOf(process.env)
	const release = currentRelease(buildRoot)
	if (!release) {
		console.error(noBuildMessage(buildRoot))
		process.exit(1)
	}
	await import(pathToFileURL(path.join(release, 'runtime', `${name}.js`)).href)
}
