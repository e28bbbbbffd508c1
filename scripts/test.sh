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

# Node keeps the modules it compiled for the next process that loads them: the suite starts hundreds of them.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/node_modules/.cache/node-compile-cache}"

# The four parts run side by side, each line tagged with its part: each alone leaves a core idle for a third of its time
# (waiting on servers, databases and the browser), so together they take little more than their processor time.
parts=(typecheck lint unit e2e)
declare -A pids
run_part() {
	local name=$1
	shift
	("$@" 2>&1 | sed -u "s/^/[$name] /") &
	pids[$name]=$!
}
run_part typecheck npm run --silent typecheck
run_part lint npm run --silent lint
run_part unit npx vitest run --project unit
run_part e2e npx playwright test

failed=()
for name in "${parts[@]}"; do
	wait "${pids[$name]}" || failed+=("$name")
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "Failed: ${failed[*]}" >&2
	exit 1
fi
echo "Passed: ${parts[*]}"
