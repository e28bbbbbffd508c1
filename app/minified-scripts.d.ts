/** A browser file minified as a classic script, as its text (the `minified-inline-scripts` plugin in vite.config.ts). */
declare module '*?minified' {
	const code: string
	export default code
}
