// Records every optional platform binary in package-lock.json, even those the registry
// we install from does not carry, so that `npm ci` accepts the lock file; each entry is
// tagged with its os/cpu/libc so npm skips it on every other platform. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs'

type LockEntry = {
	version?: string
	dev?: boolean
	optional?: boolean
	os?: string[]
	cpu?: string[]
	libc?: string[]
	optionalDependencies?: Record<string, string>
}
type Lock = { packages: Record<string, LockEntry> }

const operatingSystems = ['android', 'darwin', 'freebsd', 'openbsd', 'openharmony', 'linux', 'win32', 'sunos', 'aix']
const cpus = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el']

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
	const parts = name.split('/').pop()?.split('-') ?? []
	const os = parts.find((part) => operatingSystems.includes(part))
	const cpu = parts.find((part) => cpus.includes(part))
	const libc = parts.some((part) => part.startsWith('musl'))
		? 'musl'
		: parts.some((part) => part.startsWith('gnu'))
			? 'glibc'
			: undefined
	return {
		...(os ? { os: [os] } : {}),
		...(cpu ? { cpu: [cpu] } : {}),
		...(libc ? { libc: [libc] } : {}),
	}
}

function resolves(lock: Lock, from: string, name: string): boolean {
	let base = from
	while (true) {
		if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true
		if (!base) return false
		const cut = base.lastIndexOf('/node_modules/')
		base = cut === -1 ? '' : base.slice(0, cut)
	}
}

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(path, 'utf8')) as Lock
const added: string[] = []
for (const [location, entry] of Object.entries(lock.packages)) {
	for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
		const platform = platformOf(name)
		if (!platform.os && !platform.cpu) continue
		if (resolves(lock, location, name)) continue
		lock.packages[`node_modules/${name}`] = {
			version: spec,
			...(entry.dev ? { dev: true } : {}),
			optional: true,
			...platform,
		}
		added.push(`${name}@${spec}`)
	}
}
writeFileSync(path, `${JSON.stringify(lock, null, '\t')}\n`)
console.log(added.length ? `Recorded ${added.length} platform packages:\n${added.join('\n')}` : 'Lock file complete.')
