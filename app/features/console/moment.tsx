import { operatorsCopy } from '#app/content/console.ts'

/** A moment of the console's records, in UTC: the same text on the server and in the browser, so hydration agrees. */
export function Moment({ value }: { value: string | null }) {
	if (!value) return <>{operatorsCopy.never}</>
	const date = new Date(value)
	return <time dateTime={date.toISOString()}>{date.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>
}
