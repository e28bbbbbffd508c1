/** Where everything of the console lives; apart from the other paths so the site's root route can name it cheaply. */
export const CONSOLE_ROOT = '/admin'
