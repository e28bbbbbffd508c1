import zlib from 'node:zlib'
import { escapeXml } from '#app/features/site/xml.server.ts'

/** Excel's limit on the characters of one cell; a longer text is cut there rather than refused by Excel. */
export const XLSX_CELL_MAX = 32_767

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** The parts of a one-sheet workbook besides the sheet itself. */
const packageParts = (sheetName: string): [string, string][] => [
	[
		'[Content_Types].xml',
		`${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
	],
	[
		'_rels/.rels',
		`${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
	],
	[
		'xl/workbook.xml',
		`${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
	],
	[
		'xl/_rels/workbook.xml.rels',
		`${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
	],
]

/**
 * One row of text cells. Inline strings are never formulas, so a visitor's `=HYPERLINK(…)` stays text as typed, with
 * no guard character in front as CSV needs.
 */
export function xlsxRow(values: readonly (string | null)[]) {
	const cells = values.map((value) =>
		value === null || value === ''
			? '<c/>'
			: `<c t="inlineStr"><is><t xml:space="preserve">${escapeXml(Array.from(value).slice(0, XLSX_CELL_MAX).join(''))}</t></is></c>`,
	)
	return `<row>${cells.join('')}</row>`
}

// ZIP's fields (PKWARE APPNOTE): version 2.0, general purpose flags 3 (sizes after the data) and 11 (UTF-8 names).
const VERSION = 20
const FLAGS = 0x0808
const DEFLATED = 8
const DOS_TIME = 0
const DOS_DATE = (1 << 5) | 1

type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number }

/**
 * A workbook of one sheet, written as its rows come: a ZIP whose sheet is deflated batch by batch (each batch ends on a
 * sync flush, so they join into one stream), its sizes after the data. Memory stays one batch, whatever the count.
 */
export function xlsxStream(
	sheetName: string,
	rows: AsyncIterable<string>,
	onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
	const entries: Entry[] = []
	let offset = 0
	const chunks = (async function* () {
		const local = (name: Buffer) => {
			const header = Buffer.alloc(30)
			header.writeUInt32LE(0x04034b50, 0)
			header.writeUInt16LE(VERSION, 4)
			header.writeUInt16LE(FLAGS, 6)
			header.writeUInt16LE(DEFLATED, 8)
			header.writeUInt16LE(DOS_TIME, 10)
			header.writeUInt16LE(DOS_DATE, 12)
			header.writeUInt16LE(name.length, 26)
			return Buffer.concat([header, name])
		}
		const descriptor = (entry: Entry) => {
			const bytes = Buffer.alloc(16)
			bytes.writeUInt32LE(0x08074b50, 0)
			bytes.writeUInt32LE(entry.crc >>> 0, 4)
			bytes.writeUInt32LE(entry.compressed, 8)
			bytes.writeUInt32LE(entry.size, 12)
			return bytes
		}
		async function* file(path: string, text: AsyncIterable<string> | Iterable<string>) {
			const entry: Entry = { name: Buffer.from(path, 'utf8'), crc: 0, compressed: 0, size: 0, offset }
			const header = local(entry.name)
			offset += header.length
			yield header
			for await (const piece of text) {
				const raw = Buffer.from(piece, 'utf8')
				if (raw.length === 0) continue
				entry.crc = zlib.crc32(raw, entry.crc)
				entry.size += raw.length
				const packed = zlib.deflateRawSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH })
				entry.compressed += packed.length
				offset += packed.length
				yield packed
			}
			const end = zlib.deflateRawSync(Buffer.alloc(0))
			entry.compressed += end.length
			offset += end.length
			yield end
			const tail = descriptor(entry)
			offset += tail.length
			yield tail
			entries.push(entry)
		}
		for (const [path, text] of packageParts(sheetName)) yield* file(path, [text])
		yield* file(
			'xl/worksheets/sheet1.xml',
			(async function* () {
				yield `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>`
				yield* rows
				yield '</sheetData></worksheet>'
			})(),
		)
		const directoryStart = offset
		const directory = entries.map((entry) => {
			const header = Buffer.alloc(46)
			header.writeUInt32LE(0x02014b50, 0)
			header.writeUInt16LE(VERSION, 4)
			header.writeUInt16LE(VERSION, 6)
			header.writeUInt16LE(FLAGS, 8)
			header.writeUInt16LE(DEFLATED, 10)
			header.writeUInt16LE(DOS_TIME, 12)
			header.writeUInt16LE(DOS_DATE, 14)
			header.writeUInt32LE(entry.crc >>> 0, 16)
			header.writeUInt32LE(entry.compressed, 20)
			header.writeUInt32LE(entry.size, 24)
			header.writeUInt16LE(entry.name.length, 28)
			header.writeUInt32LE(entry.offset, 42)
			return Buffer.concat([header, entry.name])
		})
		const directoryBytes = Buffer.concat(directory)
		const end = Buffer.alloc(22)
		end.writeUInt32LE(0x06054b50, 0)
		end.writeUInt16LE(entries.length, 8)
		end.writeUInt16LE(entries.length, 10)
		end.writeUInt32LE(directoryBytes.length, 12)
		end.writeUInt32LE(directoryStart, 16)
		yield Buffer.concat([directoryBytes, end])
	})()
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			try {
				const next = await chunks.next()
				if (next.done) controller.close()
				else controller.enqueue(new Uint8Array(next.value))
			} catch (error) {
				// The headers are gone: the download ends short, and the caller logs why.
				onError(error)
				controller.error(error)
			}
		},
	})
}
