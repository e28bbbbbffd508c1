import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** How a stand-in script behaves: served at once and working, served late, served but failing, or never answered. */
export type StandInMode = 'ok' | 'late' | 'throws' | 'never'

/** The custom element the stand-in knowledge base defines. */
export const STAND_IN_HELP_ELEMENT = 'stand-in-help-center'
/** How long a `late` script is held back. */
export const LATE_SCRIPT_DELAY_MS = 1200

/** Page globals the stand-in scripts record, in performance.now() milliseconds. */
export type StandInLog = {
	reviewsLoadedAt?: number
	reviewsInit: number[]
	helpLoadedAt?: number
	helpCreated: number[]
}

const log = 'const log = (window.__standIn ??= { reviewsInit: [], helpCreated: [] });'

const reviewsScript = (mode: StandInMode) => `(() => {
	${log}
	log.reviewsLoadedAt = performance.now();
	window.ReviewsWidget = {
		init(container, options) {
			log.reviewsInit.push(performance.now());
			${mode === 'throws' ? "throw new Error('stand-in reviews widget failed');" : ''}
			const review = document.createElement('blockquote');
			review.style.height = '200px';
			review.textContent = 'Stand-in review for widget ' + options.widgetId;
			container.append(review);
		},
	};
	${mode === 'throws' ? "throw new Error('stand-in reviews script crashed');" : ''}
})();`

const helpScript = (mode: StandInMode) => `(() => {
	${log}
	log.helpLoadedAt = performance.now();
	customElements.define('${STAND_IN_HELP_ELEMENT}', class extends HTMLElement {
		constructor() {
			super();
			log.helpCreated.push(performance.now());
			${mode === 'throws' ? "throw new Error('stand-in help center failed');" : ''}
			const root = this.attachShadow({ mode: 'open' });
			root.innerHTML = '<div style="height:360px"><a href="#import">Importing your portfolio</a><article></article></div>';
			root.addEventListener('click', (event) => {
				const link = event.target.closest('a');
				if (!link) return;
				event.preventDefault();
				root.querySelector('article').textContent = 'Article: ' + link.textContent;
			});
		}
	});
	${mode === 'throws' ? "throw new Error('stand-in help center script crashed');" : ''}
})();`

/** A real HTTP server serving stand-in widget scripts at /reviews.js and /help-center.js; set each one's mode per test. */
export async function startWidgetServer() {
	const modes = { reviews: 'ok' as StandInMode, help: 'ok' as StandInMode }
	/** When (epoch ms) each script was last asked for: a widget starts its clock as it adds its script. */
	const requestedAt: { reviews?: number; help?: number } = {}
	const held = new Set<http.ServerResponse>()
	const server = http.createServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://stand-in').pathname
		const script = path === '/reviews.js' ? reviewsScript : path === '/help-center.js' ? helpScript : null
		if (!script) {
			res.statusCode = 404
			res.end()
			return
		}
		const widget = path === '/reviews.js' ? 'reviews' : 'help'
		requestedAt[widget] = Date.now()
		const mode = modes[widget]
		if (mode === 'never') {
			held.add(res)
			res.on('close', () => held.delete(res))
			return
		}
		const send = () => {
			res.setHeader('Content-Type', 'text/javascript')
			res.setHeader('Cache-Control', 'no-store')
			res.end(script(mode))
		}
		if (mode === 'late') setTimeout(send, LATE_SCRIPT_DELAY_MS)
		else send()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	const url = `http://127.0.0.1:${port}`
	return {
		url,
		env: {
			REVIEWS_WIDGET_SCRIPT_URL: `${url}/reviews.js`,
			REVIEWS_WIDGET_ID: 'stand-in-42',
			HELP_CENTER_SCRIPT_URL: `${url}/help-center.js`,
			HELP_CENTER_ELEMENT: STAND_IN_HELP_ELEMENT,
		},
		setModes: (next: Partial<typeof modes>) => {
			Object.assign(modes, next)
			delete requestedAt.reviews
			delete requestedAt.help
		},
		/** When the page last asked for a widget's script, in that page's own time (`performance.now()`). */
		requestedAtPageTime: async (
			widget: keyof typeof modes,
			page: { evaluate: (f: () => number) => Promise<number> },
		) => {
			const at = requestedAt[widget]
			if (at === undefined) throw new Error(`the ${widget} script was never requested`)
			return at - (await page.evaluate(() => performance.timeOrigin))
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const res of held) res.destroy()
				server.close(() => resolve())
			}),
	}
}
