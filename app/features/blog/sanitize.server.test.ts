import { describe, expect, it } from 'vitest'
import { countWords, renderPostBody, sanitizeBody } from './sanitize.server.ts'

const options = { embedHosts: ['www.youtube.com', 'player.vimeo.com', 'www.loom.com'] }
const clean = (html: string) => sanitizeBody(html, options)

describe('sanitizeBody', () => {
	it('drops script and style elements with their content', () => {
		expect(clean('<p>a</p><script>alert(1)</script><style>body{display:none}</style><p>b</p>')).toBe('<p>a</p><p>b</p>')
		expect(clean('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i)
	})

	it('drops event-handler attributes and unknown tags but keeps their text', () => {
		const out = clean(
			'<img src="/x.png" onerror="alert(1)" alt="x"><svg onload="alert(1)"><text>t</text></svg><p onclick="x()">p</p>',
		)
		expect(out).not.toMatch(/on(error|load|click)/i)
		expect(out).not.toContain('<svg')
		expect(out).toContain('<img src="/x.png" alt="x" />')
		expect(out).toContain('<p>p</p>')
	})

	it('allows only http, https, mailto and relative URLs', () => {
		const out = clean(
			[
				'<a href="javascript:alert(1)">j</a>',
				'<a href="JaVaScRiPt&colon;alert(1)">k</a>',
				'<a href="  javascript:alert(1)">l</a>',
				'<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>',
				'<a href="vbscript:msgbox(1)">v</a>',
				'<img src="data:image/svg+xml;base64,PHN2Zz4=">',
				'<a href="https://example.com/a">ok1</a>',
				'<a href="mailto:hi@example.com">ok2</a>',
				'<a href="/blog/x">ok3</a>',
			].join(''),
		)
		expect(out).not.toMatch(/javascript|vbscript|data:/i)
		expect(out).toContain('<a href="https://example.com/a">ok1</a>')
		expect(out).toContain('<a href="mailto:hi@example.com">ok2</a>')
		expect(out).toContain('<a href="/blog/x">ok3</a>')
	})

	it('keeps iframes only from the embed hosts', () => {
		const youtube =
			'<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" frameborder="0" allow="autoplay" allowfullscreen></iframe>'
		expect(clean(youtube)).toBe(
			'<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" frameborder="0" allow="autoplay" allowfullscreen></iframe>',
		)
		expect(clean('<iframe src="https://evil.example/embed"></iframe>')).toBe('')
		expect(clean('<iframe src="https://www.youtube.com.evil.example/x"></iframe>')).toBe('')
		expect(clean('<iframe src="javascript:alert(1)"></iframe>')).toBe('')
		expect(clean('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('')
		expect(clean('<iframe src="//www.youtube.com/embed/abc"></iframe>')).toBe('')
	})

	it('removes style-based tricks and keeps harmless styles', () => {
		const out = clean(
			'<div style="position:fixed;top:0;left:0;width:100%;background:url(javascript:alert(1))">o</div><p style="color: red; behavior: url(x.htc)">c</p><span style="width: expression(alert(1))">e</span><span style="color: rgb(1, 2, 3)">r</span>',
		)
		expect(out).not.toMatch(/position|url\(|expression|behavior/i)
		expect(out).toContain('<p style="color:red">c</p>')
		expect(out).toContain('<span style="color:rgb(1, 2, 3)">r</span>')
	})

	it('adds rel="noopener noreferrer" to links opening a new tab', () => {
		expect(clean('<a href="https://example.com" target="_blank">x</a>')).toBe(
			'<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
		)
		expect(clean('<a href="https://example.com" target="_blank" rel="nofollow">x</a>')).toBe(
			'<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">x</a>',
		)
	})

	it('keeps the allowed markup and data attributes intact', () => {
		const html =
			'<h2 id="intro" class="lead">Intro</h2><figure data-kind="photo"><img src="https://cdn.example.com/a.jpg" alt="A" width="600" height="400" title="t" /><figcaption>Cap</figcaption></figure><table><thead><tr><th>a</th></tr></thead><tbody><tr><td><code>x</code></td></tr></tbody></table><pre><code>y</code></pre><blockquote><em>q</em> <strong>s</strong></blockquote><ul><li>1</li></ul><ol><li>2</li></ol><hr /><p>a<br />b</p>'
		expect(clean(html)).toBe(html)
	})

	it('survives malformed markup without leaking executable code', () => {
		const out = clean(
			'<p>open <a href="x" <img src=x onerror=alert(1)//>b</p></div><<script>alert(1)//<</script><!--<script>x</script>-->',
		)
		expect(out).not.toMatch(/<script|onerror|<img[^>]*onerror/i)
	})
})

describe('renderPostBody', () => {
	it('prefers bodyhtml, renders Markdown content otherwise, and renders nothing when empty', () => {
		expect(renderPostBody({ bodyhtml: '<p>html</p>', content: '# md' }, options)).toBe('<p>html</p>')
		expect(renderPostBody({ bodyhtml: null, content: '## Title\n\n[x](javascript:alert(1)) *em*' }, options)).toBe(
			'<h2>Title</h2>\n<p><a>x</a> <em>em</em></p>',
		)
		expect(renderPostBody({ bodyhtml: '  ', content: '' }, options)).toBe('')
		expect(renderPostBody({ bodyhtml: null, content: null }, options)).toBe('')
	})
})

describe('countWords', () => {
	it('counts the words of the text, not the markup', () => {
		expect(countWords('<p>one two</p><p>three</p><img src="/a.png" alt="not counted" />')).toBe(3)
	})
})
