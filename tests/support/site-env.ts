/** Public configuration the end-to-end build is made with; prerendered pages bake it in. */
export const testSiteEnv = {
	SITE_URL: 'https://www.example.com',
	APP_URL: 'https://app.example.com',
	BOOKING_URL: 'https://booking.example.com/strategy-call',
} as const
