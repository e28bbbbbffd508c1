/** Placeholder nonce baked into prerendered HTML and replaced with a fresh nonce on every response. */
export const PRERENDER_NONCE = 'prerender-nonce-placeholder'
