#!/usr/bin/env bash
# `npm test`: static checks, then every test (unit, server on PGlite and PostgreSQL, main, keychain,
# end-to-end in Chromium). The keychain tests need a Secret Service: when none is running we start
# a private D-Bus session with an unlocked gnome-keyring, so the same command works on a laptop
# and in CI.
set -euo pipefail
cd "$(dirname "$0")/.."

# Before anything is built: Node, Chromium, PostgreSQL, a Secret Service (scripts/prerequisites.sh
# names what is missing and the command that brings it, or installs it where it may).
. scripts/prerequisites.sh
prerequisites || exit 1

npx tsc -p tsconfig.json --noEmit
npx eslint .
npx prettier --check . >/dev/null || { npx prettier --check .; exit 1; }
npx vite build --mode web --logLevel warn

run_tests() { npx vitest run "$@"; }

if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  export -f run_tests
  exec dbus-run-session -- bash -c '
    set -euo pipefail
    # A throwaway keyring for this run, in its own folder so an existing login keyring with
    # another password cannot leave the collection locked; its password is not a secret.
    export XDG_DATA_HOME="$(mktemp -d)"
    eval "$(echo -n gameops-test | gnome-keyring-daemon --unlock --components=secrets)"
    export GNOME_KEYRING_CONTROL SSH_AUTH_SOCK 2>/dev/null || true
    run_tests "$@"' bash "$@"
fi
run_tests "$@"
