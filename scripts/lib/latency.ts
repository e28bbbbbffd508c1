/** p50 and p99 in ms of `run` after a few warm-ups; `run` gets the call's number, warm-ups included. */
export async function measureLatency(
	run: (call: number) => Promise<unknown>,
	{ warmUps, iterations }: { warmUps: number; iterations: number },
) {
	for (let call = 0; call < warmUps; call++) await run(call)
	const times: number[] = []
	for (let call = warmUps; call < warmUps + iterations; call++) {
		const start = performance.now()
		await run(call)
		times.push(performance.now() - start)
	}
	times.sort((a, b) => a - b)
	const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0
	return { p50: at(0.5), p99: at(0.99) }
}
