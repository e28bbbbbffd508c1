import { describe, expect, it } from 'vitest'
import { sheetRows, unzip } from '#tests/support/zip.ts'
import { XLSX_CELL_MAX, xlsxRow, xlsxStream } from './xlsx.server.ts'

async function workbook(rows: string[]) {
	const stream = xlsxStream(
		'Leads',
		(async function* () {
			yield* rows
		})(),
		(error) => {
			throw error
		},
	)
	return Buffer.from(await new Response(stream).arrayBuffer())
}

describe('the XLSX workbook', () => {
	it('is a ZIP of the parts Excel opens, the sheet holding every cell as text as typed', async () => {
		const hostile = '=HYPERLINK("http://evil.example","Click") & <b>Müller</b>\u0000\u0007 \u{1F600}'
		const files = unzip(
			await workbook([
				xlsxRow(['form', 'name', 'message']),
				xlsxRow(['contact', hostile, null]),
				xlsxRow(['', 'x', '']),
			]),
		)
		expect([...files.keys()]).toEqual([
			'[Content_Types].xml',
			'_rels/.rels',
			'xl/workbook.xml',
			'xl/_rels/workbook.xml.rels',
			'xl/worksheets/sheet1.xml',
		])
		expect(files.get('xl/workbook.xml')?.toString()).toContain('<sheet name="Leads" sheetId="1" r:id="rId1"/>')
		const sheet = files.get('xl/worksheets/sheet1.xml')?.toString() ?? ''
		expect(sheet).not.toContain('<b>')
		expect([sheet.includes('\u0000'), sheet.includes('\u0007')]).toEqual([false, false])
		expect(sheetRows(sheet)).toEqual([
			['form', 'name', 'message'],
			['contact', '=HYPERLINK("http://evil.example","Click") & <b>Müller</b> \u{1F600}', ''],
			['', 'x', ''],
		])
	})

	it('streams many batches into one sheet and cuts a cell at Excel’s limit', async () => {
		const batch = (n: number) => Array.from({ length: 500 }, (_, i) => xlsxRow([`lead ${n * 500 + i}`])).join('')
		const rows = [...Array.from({ length: 40 }, (_, n) => batch(n)), xlsxRow(['y'.repeat(XLSX_CELL_MAX + 10)])]
		const sheet =
			unzip(await workbook(rows))
				.get('xl/worksheets/sheet1.xml')
				?.toString() ?? ''
		const read = sheetRows(sheet)
		expect(read).toHaveLength(20_001)
		expect(read[19_999]).toEqual(['lead 19999'])
		expect(read[20_000]?.[0]).toHaveLength(XLSX_CELL_MAX)
	})
})
