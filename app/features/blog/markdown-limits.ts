/**
 * Whether Markdown stays within what the parser handles quickly: runs of emphasis marks and nested quotes make its
 * work grow much faster than the text (a body of 100,000 `*a` takes seconds). Real articles are far below these.
 */
export function isRenderableMarkdown(markdown: string) {
	let marks = 0
	for (const character of markdown) if (character === '*' || character === '_') marks++
	return marks <= 5_000 && !/^(?:[ \t]*>){30}/m.test(markdown)
}
