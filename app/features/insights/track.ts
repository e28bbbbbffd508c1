import type { EventProps } from './events.ts'

type InsightsWindow = Window & { insights?: { track: (name: string, props?: EventProps) => void } }

/** Sends a funnel event through the analytics script; when the script is not loaded the event is skipped with a warning. */
export function track(name: string, props?: EventProps) {
	const insights = (window as InsightsWindow).insights
	if (insights) insights.track(name, props)
	else console.warn(`Analytics script not loaded: event "${name}" skipped.`)
}
