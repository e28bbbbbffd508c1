/** The field a console form carries its session's CSRF token in. */
export const CSRF_FIELD = 'csrf'

/** The header the console's scripts send the same token in, where a form would send its field. */
export const CSRF_HEADER = 'X-CSRF-Token'
