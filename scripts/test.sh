#!/usr/bin/env bash
# The whole test suite: what CI runs. Installs Debian's Chromium and its headless shell first when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# The specs run in Chromium's headless shell; the audit and size scripts use the full browser.
if [ ! -x /usr/bin/chromium-headless-shell ] || [ ! -x /usr/bin/chromium ]; then
	if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
		echo "Installing Chromium and its headless shell for the end-to-end tests..."
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
	else
		echo "The end-to-end tests need Debian's 'chromium' and 'chromium-headless-shell' packages (sudo apt-get install chromium chromium-headless-shell)." >&2
		exit 1
	fi
fi

npm run typecheck
npm run lint
npx vitest run --project unit
npx playwright test
