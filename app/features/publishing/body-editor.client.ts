import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { html } from '@codemirror/lang-html'
import { markdown, markdownLanguage } from '@codemirror/lang-markdown'
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { Compartment, EditorSelection, EditorState } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { type BodyText, imageFilesOf } from './editor-images.ts'

export type BodyFormat = 'markdown' | 'html'

/** What you type is what the form posts: no tags closed or completed behind your back. */
const plainHtml = () => html({ matchClosingTags: false, autoCloseTags: false })
const languageOf = (format: BodyFormat) =>
	format === 'html'
		? plainHtml()
		: markdown({ base: markdownLanguage, htmlTagLanguage: plainHtml(), completeHTMLTags: false })

// 'oblique' slants the same; the usual word is a Tailwind class that scanning this file would add to every page's CSS.
const slanted = 'oblique'
/** The site's palette, each colour at least 4.5:1 on white (WCAG AA); CodeMirror's default style has lighter ones. */
const highlightStyle = HighlightStyle.define([
	{ tag: tags.heading, fontWeight: '700', color: '#0f172a' },
	{ tag: tags.strong, fontWeight: '700' },
	{ tag: tags.emphasis, fontStyle: slanted },
	{ tag: [tags.link, tags.url], color: '#1a45a8', textDecoration: 'underline' },
	{ tag: tags.monospace, color: '#9d174d' },
	{ tag: [tags.processingInstruction, tags.contentSeparator, tags.angleBracket, tags.quote], color: '#475569' },
	{ tag: [tags.comment, tags.meta], color: '#475569', fontStyle: slanted },
	{ tag: [tags.tagName, tags.keyword], color: '#7e22ce' },
	{ tag: tags.attributeName, color: '#92400e' },
	{ tag: [tags.attributeValue, tags.string], color: '#166534' },
	{ tag: tags.character, color: '#1a45a8' },
	{ tag: tags.invalid, color: '#b91c1c' },
])

/** Looks like the console's other fields (slate border, brand focus outline), in a monospace font. */
const theme = EditorView.theme({
	'&': {
		marginTop: '0.25rem',
		border: '1px solid #94a3b8',
		borderRadius: '0.375rem',
		backgroundColor: '#ffffff',
		color: '#0f172a',
	},
	'&.cm-focused': { outline: '2px solid #1f56d1', borderColor: '#1f56d1' },
	'&:has([aria-invalid="true"])': { borderColor: '#b91c1c' },
	'.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.6' },
	'.cm-content': { minHeight: '20rem', padding: '0.5rem 0', caretColor: '#0f172a' },
	'.cm-line': { padding: '0 0.75rem' },
})

/** The field's name and description for assistive technology, as the textarea had them. */
const contentAttributes = (labelId: string, describedBy: string | undefined) =>
	EditorView.contentAttributes.of({
		'aria-labelledby': labelId,
		...(describedBy ? { 'aria-describedby': describedBy, 'aria-invalid': 'true' } : {}),
	})

export type BodyEditor = BodyText & {
	setFormat: (format: BodyFormat) => void
	/** The id of the field's error message, or undefined when it has none. */
	describe: (errorId: string | undefined) => void
	destroy: () => void
}

/** Puts the editor's text in the form's textarea and says so as typing would: the unsaved-changes warning listens. */
function syncTextarea(textarea: HTMLTextAreaElement, text: string) {
	// React tracks `value` through the element's own setter and would swallow the event: use the prototype's.
	Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(textarea, text)
	textarea.dispatchEvent(new Event('input', { bubbles: true }))
}

/** An editor over the body's textarea, which stays in the form with its text; Tab moves on as from the textarea. */
export function createBodyEditor(options: {
	parent: HTMLElement
	textarea: HTMLTextAreaElement
	format: BodyFormat
	labelId: string
	maxLength: number
	/** Images dropped or pasted into the editor; the cursor is where a drop landed. */
	onImageFiles: (files: File[]) => void
}): BodyEditor {
	const { textarea } = options
	const language = new Compartment()
	const attributes = new Compartment()
	const startLength = textarea.value.length
	const view = new EditorView({
		parent: options.parent,
		state: EditorState.create({
			doc: textarea.value,
			selection: EditorSelection.cursor(Math.min(textarea.selectionStart, startLength)),
			extensions: [
				history(),
				keymap.of([...defaultKeymap, ...historyKeymap]),
				EditorView.lineWrapping,
				language.of(languageOf(options.format)),
				syntaxHighlighting(highlightStyle),
				theme,
				attributes.of(contentAttributes(options.labelId, undefined)),
				// The textarea's maxlength refuses typing past it; a longer body already stored stays editable.
				EditorState.changeFilter.of(
					(transaction) => transaction.newDoc.length <= Math.max(options.maxLength, startLength),
				),
				EditorView.updateListener.of((update) => {
					if (update.docChanged) syncTextarea(textarea, update.state.doc.toString())
				}),
				EditorView.domEventHandlers({
					drop: (event, view) => {
						const files = imageFilesOf(event.dataTransfer)
						if (files.length === 0) return false
						event.preventDefault()
						const at = view.posAtCoords({ x: event.clientX, y: event.clientY })
						if (at !== null) view.dispatch({ selection: { anchor: at } })
						options.onImageFiles(files)
						return true
					},
					paste: (event) => {
						const files = imageFilesOf(event.clipboardData)
						if (files.length === 0) return false
						event.preventDefault()
						options.onImageFiles(files)
						return true
					},
				}),
			],
		}),
	})
	// Someone already typing in the textarea carries on in the editor.
	if (document.activeElement === textarea) view.focus()
	return {
		insert: (text) => {
			view.dispatch(view.state.replaceSelection(text))
			view.focus()
		},
		replace: (search, replacement, selected) => {
			const from = view.state.doc.toString().indexOf(search)
			if (from < 0) return false
			const within = selected ? replacement.indexOf(selected) : -1
			view.dispatch({
				changes: { from, to: from + search.length, insert: replacement },
				selection: within < 0 ? undefined : { anchor: from + within, head: from + within + (selected?.length ?? 0) },
			})
			return true
		},
		setFormat: (format) => view.dispatch({ effects: language.reconfigure(languageOf(format)) }),
		describe: (errorId) =>
			view.dispatch({ effects: attributes.reconfigure(contentAttributes(options.labelId, errorId)) }),
		destroy: () => view.destroy(),
	}
}
