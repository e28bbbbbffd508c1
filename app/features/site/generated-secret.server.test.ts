import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { webhookSecret } from '#app/features/notifications/outbox.server.ts'
import { webhookSigningKey } from '#app/features/notifications/webhook-signature.server.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { generatedSecret } from './generated-secret.server.ts'

const options = (dataDir: string) => ({
	dataDir,
	file: 'test-secret',
	variable: 'TEST_SECRET',
	generate: () => `generated-${Math.random()}-${'x'.repeat(32)}`,
	valid: (secret: string) => secret.length >= 32,
})

describe('secrets generated in DATA_DIR', () => {
	it('generates one once, readable by its owner only, and keeps it across restarts', async () => {
		const dataDir = path.join(tempDir('generated-secret-'), 'data')
		const first = generatedSecret(options(dataDir))
		expect(generatedSecret(options(dataDir))).toBe(first)
		const file = path.join(dataDir, 'test-secret')
		expect(fs.readFileSync(file, 'utf8')).toBe(first)
		if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600)
		// A restart: the module starts without its cache and reads the file.
		vi.resetModules()
		const restarted = (await import('./generated-secret.server.ts')) as typeof import('./generated-secret.server.ts')
		expect(restarted.generatedSecret(options(dataDir))).toBe(first)
		expect(generatedSecret(options(tempDir('generated-secret-other-')))).not.toBe(first)
	})

	it('keeps a secret already in the file and refuses a file without a valid one, naming the variable', () => {
		const dataDir = tempDir('generated-secret-kept-')
		fs.writeFileSync(path.join(dataDir, 'test-secret'), `${'k'.repeat(40)}\n`)
		expect(generatedSecret(options(dataDir))).toBe('k'.repeat(40))
		const broken = tempDir('generated-secret-broken-')
		fs.writeFileSync(path.join(broken, 'test-secret'), '')
		expect(() => generatedSecret(options(broken))).toThrow(
			/test-secret does not hold a valid secret: .* set TEST_SECRET$/,
		)
	})

	it('gives the outbox WEBHOOK_SECRET when set, else a whsec_ secret of 32 random bytes in DATA_DIR/webhook-secret', () => {
		const dataDir = tempDir('webhook-secret-')
		expect(webhookSecret({ WEBHOOK_SECRET: 'w'.repeat(32), DATA_DIR: dataDir })).toBe('w'.repeat(32))
		expect(fs.existsSync(path.join(dataDir, 'webhook-secret'))).toBe(false)
		const generated = webhookSecret({ WEBHOOK_SECRET: undefined, DATA_DIR: dataDir })
		expect(generated).toMatch(/^whsec_/)
		expect(webhookSigningKey(generated)).toHaveLength(32)
		expect(fs.readFileSync(path.join(dataDir, 'webhook-secret'), 'utf8')).toBe(generated)
	})
})
