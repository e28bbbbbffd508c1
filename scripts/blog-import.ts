import fs from 'node:fs'
import { importPosts } from '#app/features/blog/import.server.ts'
import { pingForImportedPosts } from '#app/features/publishing/index-now.server.ts'
import { loadConfig } from '#app/features/site/config.server.ts'
import { openConfiguredDatabase, runDatabaseCommand } from './lib/database-command.ts'

/** `npm run blog:import -- DIR|FILE.json`: upserts posts by seo_slug; exit 1 when any entry was rejected. */
async function main() {
	const source = process.argv[2]
	if (!source || !fs.existsSync(source)) {
		console.error('Usage: npm run blog:import -- FOLDER (Markdown/HTML files with front matter) or FILE.json')
		return 2
	}
	const database = await openConfiguredDatabase()
	try {
		const report = await importPosts(database.db, source)
		await pingForImportedPosts(database.db, loadConfig(), report.changed)
		for (const error of report.errors) console.error(error)
		console.log(`Imported ${report.imported.length} posts, rejected ${report.errors.length}.`)
		return report.errors.length > 0 ? 1 : 0
	} finally {
		await database.close()
	}
}

await runDatabaseCommand(
	main,
	'The server imports BLOG_CONTENT_DIR at start: add the files there and restart it, ' +
		'or point DATABASE_URL at a PostgreSQL both can share.',
)
