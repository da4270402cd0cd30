#!/usr/bin/env bash
# `npm run setup`: the README's first command. Checks (and on Debian or Ubuntu as root, installs)
# what the project needs outside npm, then installs the npm dependencies from the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/prerequisites.sh
prerequisites || exit 1
if [ "${CI:-}" = true ] || [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi
echo "Set up. Start the console with: npm start    Run every test with: npm test"
