import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './console-server.ts'
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

type CheckerMessage = { type: string; url?: string; lastLine?: number; message: string; extract?: string }

/** The checker's web service, when the end-to-end run started one (`startHtmlCheckerService`). */
const SERVICE_URL_VARIABLE = 'HTML_CHECKER_URL'

// Java's quick compiler alone halves the checker's processor time (it then needs a larger stack).
const JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-Xss8m']

/**
 * Starts the Nu HTML Checker as a web service on loopback for a whole test run: every check then costs a request
 * instead of a Java start (about 3 s of processor time each). Sets the variable `htmlErrors` reads.
 */
export async function startHtmlCheckerService() {
	const port = await freePort()
	const child = spawn(
		'java',
		[
			'-Dnu.validator.servlet.bind-address=127.0.0.1',
			...JAVA_OPTIONS,
			'-cp',
			vnuJar,
			'nu.validator.servlet.Main',
			String(port),
		],
		{ stdio: 'ignore' },
	)
	// A run that ends early (a failed build beside it) must not leave Java serving on.
	const stopWithParent = () => child.kill()
	process.once('exit', stopWithParent)
	const url = `http://127.0.0.1:${port}/`
	const deadline = Date.now() + 60_000
	for (;;) {
		if (child.exitCode !== null) throw new Error(`the Nu HTML Checker service exited with ${child.exitCode}`)
		const answered = await fetch(url).then(
			(response) => response.ok,
			() => false,
		)
		if (answered) break
		if (Date.now() > deadline) {
			child.kill()
			throw new Error('the Nu HTML Checker service did not answer within 60 s')
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	process.env[SERVICE_URL_VARIABLE] = url
	return {
		stop: () => {
			delete process.env[SERVICE_URL_VARIABLE]
			process.off('exit', stopWithParent)
			child.kill()
		},
	}
}

async function messagesFromService(url: string, documents: { name: string; html: string }[]) {
	const reports = await Promise.all(
		documents.map(async (document) => {
			const response = await fetch(`${url}?out=json&level=error`, {
				method: 'POST',
				headers: { 'Content-Type': 'text/html; charset=utf-8' },
				body: document.html,
			})
			if (!response.ok) throw new Error(`the Nu HTML Checker service answered ${response.status}`)
			const report = (await response.json()) as { messages: CheckerMessage[] }
			return report.messages.map((message) => ({ ...message, page: document.name }))
		}),
	)
	return reports.flat()
}

/** One Java start for all the documents. */
async function messagesFromCommand(documents: { name: string; html: string }[]) {
	const dir = tempDir('site-html-')
	const files = documents.map((document, index) => {
		const file = path.join(dir, `${index}.html`)
		fs.writeFileSync(file, document.html)
		return { file, name: document.name }
	})
	const result = await promisify(execFile)(
		'java',
		[
			...JAVA_OPTIONS,
			'-jar',
			vnuJar,
			'--errors-only',
			'--format',
			'json',
			'--exit-zero-always',
			...files.map((f) => f.file),
		],
		{ maxBuffer: 64 * 1024 * 1024 },
	)
	fs.rmSync(dir, { recursive: true, force: true })
	const report = JSON.parse(result.stderr || result.stdout) as { messages: CheckerMessage[] }
	return report.messages.map((message) => ({
		...message,
		page: files.find((f) => message.url?.endsWith(`/${path.basename(f.file)}`))?.name ?? message.url ?? '?',
	}))
}

/** Checks documents with the Nu HTML Checker (the run's service, or one Java start for all of them) and returns its errors. */
export async function htmlErrors(documents: { name: string; html: string }[]): Promise<HtmlError[]> {
	const service = process.env[SERVICE_URL_VARIABLE]
	const messages = service ? await messagesFromService(service, documents) : await messagesFromCommand(documents)
	return messages
		.filter(
			(message) => message.type === 'error' && !OUTDATED_CSS_CHECKS.some((pattern) => pattern.test(message.message)),
		)
		.map((message) => ({
			page: message.page,
			line: message.lastLine,
			message: message.message,
			extract: message.extract,
		}))
}
