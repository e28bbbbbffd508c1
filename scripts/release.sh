#!/usr/bin/env bash
# `npm run release -- OUT_DIR`: the container image's two stages as a script, for machines without Docker.
# Stage one builds from a clean copy of the sources with every dependency; stage two is OUT_DIR: the release, the
# launchers and production dependencies only, started with `NODE_ENV=production node scripts/start.mjs`.
# Keep it in step with the Dockerfile: same files, same commands.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:?usage: scripts/release.sh OUT_DIR}"
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
	echo "$out is not empty: give a new or empty folder." >&2
	exit 2
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

# Stage one ("build" in the Dockerfile): the sources without what git ignores, as .dockerignore leaves them.
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
	if [ -e "$file" ]; then printf '%s\0' "$file"; fi
done | xargs -0 cp --parents -t "$stage"
(cd "$stage" && npm ci --no-audit --no-fund && npm run build)

# Stage two ("runtime"): production dependencies, the built release and the launchers.
cp "$stage/package.json" "$stage/package-lock.json" "$stage/.npmrc" "$out/"
(cd "$out" && npm ci --omit=dev --no-audit --no-fund)
mkdir -p "$out/scripts" "$out/server" "$out/build/releases"
cp "$stage/scripts/start.mjs" "$stage/scripts/command.mjs" "$out/scripts/"
cp "$stage/server/release.mjs" "$out/server/"
cp -R "$stage/content" "$out/content"
release="$(basename "$(readlink -f "$stage/build/current")")"
cp -R "$stage/build/releases/$release" "$out/build/releases/$release"
ln -s "releases/$release" "$out/build/current"
echo "Release $release ready in $out: cd there and run NODE_ENV=production node scripts/start.mjs"
