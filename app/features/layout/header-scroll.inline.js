// The header's scrolled state where CSS cannot follow the scroll position (decision 015), rendered minified into every
// document with the site header (document-scripts.tsx). Browsers with scroll-driven animations get it from app.css alone.
if (!CSS.supports("animation-timeline: scroll()")) {
	const header = document.querySelector("[data-site-header]")
	// The spec's threshold: more than 50 px of scroll.
	const update = () => header?.setAttribute("data-scrolled", String(scrollY > 50))
	addEventListener("scroll", update, { passive: true })
	update()
}
