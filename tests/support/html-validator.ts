import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { tempDir } from './production-server.ts'

const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build/dist/vnu.jar')

/**
 * The checker's CSS grammar predates rules Tailwind 4 relies on and every current browser supports, and the
 * scroll-driven animation and anchor positioning of the header (decision 015), which browsers without them ignore.
 */
const OUTDATED_CSS_CHECKS = [
	/^CSS: Unrecognized at-rule “@property”/,
	/^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value/,
	/^CSS: “margin-trim”: Property “margin-trim” doesn't exist/,
	/^CSS: “(?:animation-timeline|animation-range|anchor-name)”: Property “[\w-]+” doesn't exist/,
	/^CSS: “top”: “anchor\([^”]*\)” is not a “top” value/,
]

export type HtmlError = { page: string; line?: number; message: string; extract?: string }

/** Checks documents with the Nu HTML Checker (one Java start for all of them) and returns its errors. */
export async function htmlErrors(documents: { name: string; html: string }[]): Promise<HtmlError[]> {
	const dir = tempDir('site-html-')
	const files = documents.map((document, index) => {
		const file = path.join(dir, `${index}.html`)
		fs.writeFileSync(file, document.html)
		return { file, name: document.name }
	})
	const result = await promisify(execFile)(
		'java',
		[
			// The checker runs for a second or two: the quick compiler alone halves its processor time (it then needs a larger stack).
			'-XX:TieredStopAtLevel=1',
			'-Xss8m',
			'-jar',
			vnuJar,
			'--errors-only',
			'--format',
			'json',
			'--exit-zero-always',
			...files.map((f) => f.file),
		],
		{
			maxBuffer: 64 * 1024 * 1024,
		},
	)
	fs.rmSync(dir, { recursive: true, force: true })
	const report = JSON.parse(result.stderr || result.stdout) as {
		messages: { type: string; url?: string; lastLine?: number; message: string; extract?: string }[]
	}
	return report.messages
		.filter(
			(message) => message.type === 'error' && !OUTDATED_CSS_CHECKS.some((pattern) => pattern.test(message.message)),
		)
		.map((message) => ({
			page: files.find((f) => message.url?.endsWith(`/${path.basename(f.file)}`))?.name ?? message.url ?? '?',
			line: message.lastLine,
			message: message.message,
			extract: message.extract,
		}))
}
