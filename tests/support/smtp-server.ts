import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string[]; raw: string }

/** A real SMTP server on a free port that keeps every message it accepts. */
export async function startSmtpServer() {
	const mails: ReceivedMail[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		onData(stream, session, callback) {
			let raw = ''
			stream.on('data', (chunk: Buffer) => {
				raw += chunk.toString('utf8')
			})
			stream.on('end', () => {
				mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${port}`,
		mails,
		/** The List-Unsubscribe address of the latest mail to `to`, with folded header lines joined. */
		unsubscribeLink: (to: string) => {
			const mail = mails.findLast((m) => m.to.includes(to))
			return /List-Unsubscribe: <([^>]+)>/.exec((mail?.raw ?? '').replace(/\r\n[ \t]+/g, ' '))?.[1] ?? null
		},
		/** The latest mail to `to` as text: quoted-printable soft breaks joined and `=3D` read as `=`. */
		textTo: (to: string) =>
			(mails.findLast((m) => m.to.includes(to))?.raw ?? '').replace(/=\r\n/g, '').replaceAll('=3D', '='),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
