import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string[]; raw: string }

/**
 * A real SMTP server on a free port that keeps every message it accepts; `refuses` names addresses it answers with
 * 550 (no such mailbox), as a receiving server does for an address that no longer exists.
 */
export async function startSmtpServer(
	options: { refuses?: (address: string) => boolean; refusesMessageTo?: (address: string) => boolean } = {},
) {
	const mails: ReceivedMail[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		onRcptTo(address, _session, callback) {
			if (!options.refuses?.(address.address)) return callback()
			callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }))
		},
		onData(stream, session, callback) {
			let raw = ''
			stream.on('data', (chunk: Buffer) => {
				raw += chunk.toString('utf8')
			})
			stream.on('end', () => {
				const to = session.envelope.rcptTo.map((r) => r.address)
				// A message refused for what it is (spam filters, size), not for its address.
				if (to.some((address) => options.refusesMessageTo?.(address))) {
					return callback(Object.assign(new Error('5.7.1 Message refused'), { responseCode: 554 }))
				}
				mails.push({ to, raw })
				callback()
			})
		},
	})
	// A client that dies mid-session (a site killed with -9) resets its connection: a mail server carries on.
	server.on('error', () => {})
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
		/** The value of a header of a mail, with folded lines joined; undefined when it has none. */
		header: (mail: ReceivedMail, name: string) =>
			new RegExp(`^${name}: (.*)$`, 'im').exec(mail.raw.split('\r\n\r\n')[0]?.replace(/\r\n[ \t]+/g, ' ') ?? '')?.[1],
		/** The latest mail to `to` as text, its quoted-printable parts decoded and the rest as sent. */
		textTo: (to: string) => decodedMessage(mails.findLast((m) => m.to.includes(to))?.raw ?? ''),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

/** A raw message with each quoted-printable part (or body) decoded as UTF-8: only there is `=XX` an encoded byte. */
function decodedMessage(raw: string) {
	return raw.replace(
		/(Content-Transfer-Encoding: quoted-printable\r\n(?:[^\r\n]+\r\n)*\r\n)([\s\S]*?)(?=\r\n--|$)/gi,
		(_, head: string, body: string) =>
			head +
			body
				.replace(/=\r\n/g, '')
				.replace(/(?:=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replaceAll('=', ''), 'hex').toString('utf8')),
	)
}
