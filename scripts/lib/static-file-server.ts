import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { tempDir } from '#tests/support/production-server.ts'

const NGINX = '/usr/sbin/nginx'

/** Installs Debian's nginx when it is missing and we may (as root, like the test script does for Chromium). */
export function ensureNginx() {
	if (fs.existsSync(NGINX)) return
	if (process.getuid?.() !== 0)
		throw new Error('The benchmark compares with nginx: install Debian\'s "nginx-light" package.')
	console.log('Installing nginx for the reference measurement...')
	execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], {
		stdio: 'inherit',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
	})
}

async function freePort() {
	const server = net.createServer().listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const { port } = server.address() as net.AddressInfo
	await new Promise((resolve) => server.close(resolve))
	return port
}

export type StaticServer = { url: string; stop: () => Promise<void> }

/** nginx with one worker serving `files` (URL path → file on disk), as a static host would. */
export async function startNginx(files: Record<string, string>): Promise<StaticServer> {
	ensureNginx()
	const dir = tempDir('site-nginx-')
	// nginx's workers drop root and must still read the files.
	fs.chmodSync(dir, 0o755)
	for (const [urlPath, source] of Object.entries(files)) {
		const target = path.join(dir, 'root', urlPath)
		fs.mkdirSync(path.dirname(target), { recursive: true })
		fs.copyFileSync(source, target)
	}
	const port = await freePort()
	fs.writeFileSync(
		path.join(dir, 'nginx.conf'),
		`worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
	access_log off;
	sendfile on;
	tcp_nopush on;
	client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
	uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
	types { text/html html; }
	server { listen 127.0.0.1:${port}; root ${dir}/root; }
}
`,
	)
	const child: ChildProcess = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' })
	const url = `http://127.0.0.1:${port}`
	for (let attempt = 0; ; attempt++) {
		try {
			await fetch(url)
			break
		} catch (error) {
			if (attempt > 50) throw error
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
	}
	return {
		url,
		stop: async () => {
			child.kill('SIGQUIT')
			await new Promise((resolve) => child.once('exit', resolve))
			fs.rmSync(dir, { recursive: true, force: true })
		},
	}
}
