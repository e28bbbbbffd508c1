import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { firstInteraction } from '#app/features/document/first-interaction.ts'

/**
 * Hydrates once the server's HTML has painted (decision 007) and, on pages the root marks `data-hydrate="on-interaction"`,
 * once the visitor has first interacted (decision 015): hydration is the page's longest task, and run before the first
 * frame it held back the paint of content that was already there.
 */
async function hydrateAfterFirstPaint() {
	// Listening from the start: an interaction before the first paint counts too.
	const interaction = document.documentElement.dataset.hydrate === 'on-interaction' ? firstInteraction() : undefined
	// `firstPaint` is defined by the document's head (first-paint.inline.js).
	await firstPaint()
	await interaction
	startTransition(() => {
		hydrateRoot(
			document,
			<StrictMode>
				<HydratedRouter />
			</StrictMode>,
		)
	})
}

void hydrateAfterFirstPaint()
