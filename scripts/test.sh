#!/usr/bin/env bash
# The whole test suite: what CI runs. Installs Debian's Chromium first when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
	if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
		echo "Installing Chromium for the end-to-end tests..."
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	else
		echo "The end-to-end tests need Chromium at /usr/bin/chromium: install Debian's 'chromium' package (sudo apt-get install chromium)." >&2
		exit 1
	fi
fi

npm run typecheck
npm run lint
npx vitest run --project unit
npx playwright test
