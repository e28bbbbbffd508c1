import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export type RunningServer = {
	url: string
	port: number
	dataDir: string
	process: ChildProcess
	/** Everything the server printed so far. */
	output: () => string
	/** Sends a signal and resolves with the exit code. */
	stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export type ServerOptions = {
	/** A finished production build (`BUILD_DIR`). */
	buildDir: string
	env?: Record<string, string | undefined>
	/** A fresh temporary folder when not given. */
	dataDir?: string
	/** Runs `server/index.ts` through tsx instead of the release's compiled server (how it ran before releases). */
	fromSources?: boolean
}

export function tempDir(prefix: string) {
	return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

/** The compiled server of a build's current release: what `NODE_ENV=production npm start` runs with plain node. */
export function releaseServerEntry(buildDir: string) {
	return path.join(buildDir, 'current/runtime/server.js')
}

/** Spawns a command with its standard output and error collected together, and its exit code as a promise. */
export function spawnWithOutput(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
	const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout?.on('data', (chunk) => {
		output += chunk
	})
	child.stderr?.on('data', (chunk) => {
		output += chunk
	})
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	return { child, output: () => output, exited }
}

/** Spawns the production server exactly as `npm start` runs it, without the build step, on a free loopback port. */
export function spawnServer(options: ServerOptions) {
	const dataDir = options.dataDir ?? path.join(tempDir('site-data-'), 'data')
	const entry = options.fromSources ? ['--import', 'tsx', 'server/index.ts'] : [releaseServerEntry(options.buildDir)]
	const { child, output, exited } = spawnWithOutput(process.execPath, entry, {
		cwd: root,
		env: {
			...process.env,
			NODE_ENV: 'production',
			BUILD_DIR: options.buildDir,
			PORT: '0',
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			DATABASE_URL: '',
			...options.env,
		},
	})
	return { child, dataDir, output, exited }
}

/** Starts the server and resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
	const { child, dataDir, output, exited } = spawnServer(options)
	const port = await new Promise<number>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), 60_000)
		const onData = () => {
			const match = /"port":(\d+)/.exec(output())
			if (match) {
				clearTimeout(timer)
				// Searching all output again on every request log line would load the benchmarks' own process.
				child.stdout?.off('data', onData)
				resolve(Number(match[1]))
			}
		}
		child.stdout?.on('data', onData)
		void exited.then((code) => {
			clearTimeout(timer)
			reject(new Error(`server exited with ${code}:\n${output()}`))
		})
	})
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		dataDir,
		process: child,
		output,
		stop: async (signal = 'SIGTERM') => {
			if (child.exitCode === null && child.signalCode === null) child.kill(signal)
			return exited
		},
	}
}
