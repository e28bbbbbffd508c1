import type { Config } from '@react-router/dev/config'
import { prerenderedPaths } from '#app/content/pages.ts'

export default {
	ssr: true,
	buildDirectory: process.env.BUILD_DIR || 'build',
	prerender: prerenderedPaths,
} satisfies Config
