/** Blog copy and constants (spec sections 2 and 9). */
export const blogConstants = {
	postsPerPage: 12,
	recentPosts: 5,
	popularTags: 10,
	cardCategories: 2,
	skeletonCards: 6,
	feedItems: 20,
	relatedPosts: 3,
	/** What a shared category and a shared tag add to a post's relatedness: categories weigh more. */
	relatedWeights: { category: 2, tag: 1 },
	/** The longest search query taken, in characters; a longer one answers 400. */
	searchMaxLength: 200,
	/** The most words (after stop words go) and the most alternatives (OR) or phrases a search takes; more answer 400. */
	searchMaxWords: 8,
	searchMaxAlternatives: 3,
	/** The last page of search results shown: further pages answer 404. */
	searchMaxPages: 50,
	/** The longest category or tag slug, in characters. */
	termSlugMaxLength: 200,
} as const

export const blogCopy = {
	heading: 'Blog',
	lead: 'Practical guides for domain investors: from parked pages to developed, verified, growing assets.',
	readMore: 'Read more',
	previous: 'Previous',
	next: 'Next',
	pageLabel: (page: number) => `Page ${page}`,
	emptyHeading: 'No posts yet',
	emptyText: 'We are writing our first articles. Subscribe to the newsletter to hear when they are out.',
	// Offered when a page's data could not be loaded; it asks again for the same address.
	retry: 'Try again',
	noSuchPage: {
		heading: 'Page Not Found',
		// `page` is the number asked for, or the quoted text when it is not a number.
		text: (page: string) => `There is no page ${page} of the blog.`,
		first: 'Go to the first page',
	},
	sidebar: {
		recent: 'Recent Posts',
		categories: 'Categories',
		tags: 'Popular Tags',
		newsletter: 'Newsletter',
		newsletterText: 'Practical domain investing tips, twice a month.',
	},
	feedTitle: (brand: string) => `${brand} Blog`,
	archive: {
		category: {
			heading: (name: string) => `Category: ${name}`,
			title: (name: string) => `${name}: articles in this category`,
			description: (name: string, count: string) =>
				`${count} on ${name} from our blog for domain investors, newest first.`,
			feedTitle: (brand: string, name: string) => `${brand} Blog: ${name}`,
		},
		tag: {
			heading: (name: string) => `Tag: #${name}`,
			title: (name: string) => `#${name}: articles with this tag`,
			description: (name: string, count: string) =>
				`${count} tagged ${name} from our blog for domain investors, newest first.`,
		},
		count: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'post' : 'posts'}`,
		notFound: {
			category: 'There is no category with this address on the blog.',
			tag: 'There is no tag with this address on the blog.',
		},
		noSuchPage: (page: string, name: string) => `There is no page ${page} of ${name}.`,
		backToAll: 'See all posts',
		categoriesLabel: 'Categories',
		tagsLabel: 'Tags',
	},
	related: {
		heading: 'Related posts',
	},
	search: {
		title: 'Search the blog',
		description: 'Search every article of the blog by word or phrase.',
		label: 'Search the blog',
		placeholder: 'Search articles',
		submit: 'Search',
		heading: 'Search',
		resultsFor: (query: string) => `Results for “${query}”`,
		pageTitle: (query: string) => `Search results for “${query}”`,
		emptyHeading: 'What are you looking for?',
		emptyText: 'Type a word or a phrase, such as “parked pages” or “expiry”, and press Search.',
		noResultsHeading: 'No posts match your search',
		noResultsText:
			'Try fewer or different words, check the spelling, or browse the categories and popular tags in the sidebar.',
		tooLongHeading: 'That search is too long',
		tooLongText: (max: number) => `Search for ${max} characters at most.`,
		tooComplexHeading: 'That search asks for too much',
		tooComplexText: (words: number, alternatives: number) =>
			`Search for ${words} words at most, with at most ${alternatives} phrases or alternatives (OR).`,
		slowHeading: 'That search took too long',
		slowText: 'Try again in a moment, or search for fewer or more specific words.',
		noSuchPage: (page: string) => `There is no page ${page} of these results.`,
		tips: 'Use quotes for a phrase (“parked pages”), a minus to leave a word out (domains -expired), or OR between alternatives.',
		resultsLabel: 'Search results',
		pagesLabel: 'Search result pages',
	},
	article: {
		back: 'Back to Blog',
		by: 'By',
		minRead: (minutes: number) => `${minutes} min read`,
		share: 'Share this article',
		shareOn: { x: 'Share on X', linkedin: 'Share on LinkedIn', facebook: 'Share on Facebook' },
		cta: {
			heading: 'Ready to Transform Your Domain Portfolio?',
			text: 'Turn parked domains into visible, verified, growing digital assets.',
			startTrial: 'Start Free Trial',
			learnMore: 'Learn More',
			// Read by screen readers and search engines after "Learn More", which alone says nothing of where it leads.
			learnMoreContext: ' about how it works',
		},
	},
	notFound: {
		title: 'Post Not Found',
		text: "The blog post you're looking for doesn't exist.",
		back: 'Back to Blog',
	},
	loading: 'Loading',
} as const

/** The author name shown when a post names none. */
export const teamAuthor = (brand: string) => `${brand} Team`
