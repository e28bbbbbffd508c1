/**
 * Packages both server builds compile in instead of loading from node_modules. Node parses drizzle-orm's 179 KB
 * package.json again for each of the ~200 files it loads from it: 0.4 s of processor time at every server start.
 * Each build then holds a copy of its own; drizzle tells its objects apart by registered symbols, not by class.
 */
export const bundledPackages = ['drizzle-orm']

/** Whether an import specifier names one of `bundledPackages` or a path inside it. */
export const isBundledPackage = (specifier: string) =>
	bundledPackages.some((name) => specifier === name || specifier.startsWith(`${name}/`))
