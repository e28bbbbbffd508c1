import fs from 'node:fs'
import path from 'node:path'

const known = new Map<string, string>()

export type GeneratedSecretOptions = {
	dataDir: string
	/** The file in dataDir that keeps the secret. */
	file: string
	/** The variable that, when set, replaces the generated secret; named in errors. */
	variable: string
	generate: () => string
	/** Refuses a file that does not hold a usable secret (an empty one left by a crash, an edited one). */
	valid: (secret: string) => boolean
}

/**
 * A secret generated once and kept in a file of DATA_DIR (readable by its owner only), so what it signs stays valid
 * across restarts. The first process to create the file wins; any other reads what it wrote. Throws, naming the file
 * and the variable, when the file cannot be written or read or does not hold a valid secret.
 */
export function generatedSecret({ dataDir, file, variable, generate, valid }: GeneratedSecretOptions): string {
	const location = path.resolve(dataDir, file)
	const cached = known.get(location)
	if (cached) return cached
	fs.mkdirSync(path.dirname(location), { recursive: true })
	try {
		fs.writeFileSync(location, generate(), { flag: 'wx', mode: 0o600 })
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
	}
	const secret = fs.readFileSync(location, 'utf8').trim()
	if (!valid(secret)) {
		throw new Error(`${location} does not hold a valid secret: delete it to generate a new one, or set ${variable}`)
	}
	known.set(location, secret)
	return secret
}
