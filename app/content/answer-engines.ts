/** The AI crawlers `AI_CRAWLERS` speaks to in robots.txt: those that train models or answer from the web. */
export const aiCrawlers = [
	'GPTBot',
	'OAI-SearchBot',
	'ChatGPT-User',
	'ClaudeBot',
	'Claude-SearchBot',
	'Claude-User',
	'PerplexityBot',
	'Perplexity-User',
	'Google-Extended',
	'Applebot-Extended',
	'CCBot',
	'Meta-ExternalAgent',
	'Amazonbot',
	'Bytespider',
	'cohere-ai',
] as const

/** The headings of /llms.txt (the llms.txt format: the brand, a summary, then sections of links). */
export const llmsCopy = {
	pagesHeading: 'Pages',
	postsHeading: 'Newest posts',
	feedsHeading: 'Feeds',
	rssTitle: 'Blog RSS feed',
	rssDescription: 'The 20 newest posts, with their excerpts.',
	sitemapTitle: 'Sitemap',
	sitemapDescription: 'Every public page and post.',
	fullTitle: 'Everything in one file',
	fullDescription: 'The text of every public page and of the newest 50 posts.',
	fullPosts: 50,
} as const
