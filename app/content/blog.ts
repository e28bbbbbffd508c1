/** Blog copy and constants (spec sections 2 and 9). */
export const blogConstants = {
	postsPerPage: 12,
	recentPosts: 5,
	popularTags: 10,
	cardCategories: 2,
	skeletonCards: 6,
	feedItems: 20,
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
