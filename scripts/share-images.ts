import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { pages } from '#app/content/pages.ts'
import { rasterOfSvg } from '#app/features/blog/share-image.ts'
import { DEFAULT_SHARE_IMAGE, pageSharePath } from '#app/features/seo/seo.ts'
import { renderTitleCard } from '#app/features/seo/title-card.server.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'

/** Every SVG the site serves from its public folder, as a path under `clientDir` (the hashed assets aside). */
function siteSvgs(clientDir: string, dir = ''): string[] {
	return fs.readdirSync(path.join(clientDir, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.posix.join(dir, entry.name)
		if (entry.isDirectory()) return relative === 'assets' ? [] : siteSvgs(clientDir, relative)
		return entry.name.toLowerCase().endsWith('.svg') ? [relative] : []
	})
}

/** A share card for each static page, its title on the brand's image, where `pageSharePath` says. */
export async function renderPageShareCards(clientDir: string, site: Pick<PublicConfig, 'siteUrl' | 'brandName'>) {
	const footer = new URL(site.siteUrl).host
	for (const [key, page] of Object.entries(pages)) {
		const target = path.join(clientDir, pageSharePath(key).slice(1))
		fs.mkdirSync(path.dirname(target), { recursive: true })
		fs.writeFileSync(target, await renderTitleCard({ brandName: site.brandName, title: page.title, footer }))
	}
}

/** A 1200x630 PNG beside each of the site's SVGs, for posts that share one (networks do not show SVG). */
export async function rasterizeShareImages(clientDir: string) {
	const { width, height } = DEFAULT_SHARE_IMAGE
	for (const svg of siteSvgs(clientDir)) {
		const source = path.join(clientDir, svg)
		const target = path.join(clientDir, rasterOfSvg(`/${svg}`).slice(1))
		await sharp(source, { density: 144 })
			.resize(width, height, { fit: 'contain', background: '#ffffff' })
			.flatten({ background: '#ffffff' })
			.png({ compressionLevel: 9 })
			.toFile(target)
	}
}
