import zlib from 'node:zlib'

/** The files of a ZIP archive by name, read through its central directory as a spreadsheet program reads them. */
export function unzip(archive: Buffer): Map<string, Buffer> {
	const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
	if (end < 0) throw new Error('no end of central directory')
	const count = archive.readUInt16LE(end + 10)
	let at = archive.readUInt32LE(end + 16)
	const files = new Map<string, Buffer>()
	for (let n = 0; n < count; n++) {
		if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`no central directory header at ${at}`)
		const method = archive.readUInt16LE(at + 10)
		const crc = archive.readUInt32LE(at + 16)
		const compressed = archive.readUInt32LE(at + 20)
		const size = archive.readUInt32LE(at + 24)
		const nameLength = archive.readUInt16LE(at + 28)
		const extra = archive.readUInt16LE(at + 30)
		const comment = archive.readUInt16LE(at + 32)
		const local = archive.readUInt32LE(at + 42)
		const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8')
		if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error(`no local header for ${name}`)
		const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28)
		const data = archive.subarray(start, start + compressed)
		const bytes = method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data)
		if (bytes.length !== size || zlib.crc32(bytes) >>> 0 !== crc)
			throw new Error(`${name} does not match its CRC or size`)
		files.set(name, bytes)
		at += 46 + nameLength + extra + comment
	}
	return files
}

/** The text of each row of a sheet of inline strings, cell by cell (empty cells as ''). */
export function sheetRows(sheet: string): string[][] {
	const fromXml = (text: string) =>
		text
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&quot;/g, '"')
			.replace(/&amp;/g, '&')
	return [...sheet.matchAll(/<row>(.*?)<\/row>/gs)].map(([, row = '']) =>
		[...row.matchAll(/<c\/>|<c t="inlineStr"><is><t xml:space="preserve">(.*?)<\/t><\/is><\/c>/gs)].map(([, text]) =>
			fromXml(text ?? ''),
		),
	)
}
