#!/usr/bin/env bash
# What the project needs outside npm, checked before anything is built: `npm run setup` and
# `npm test` source this file and call `prerequisites`. Each missing piece is named with the exact
# command that brings it on this system; on Debian or Ubuntu, as root or with password-less sudo,
# the packages are installed here and now (CI runs as root, so CI proves this path). This is the
# one list of system packages: `.ci/run` has none of its own.
#
# Found pieces are exported for the tests: CHROMIUM_PATH (tests/e2e) and POSTGRES_BIN
# (tests/support/postgres.ts), so neither needs Debian's paths.

# Debian and Ubuntu package names. chromium: end-to-end tests; gnome-keyring, dbus-x11: a Secret
# Service for keytar's tests; libsecret-1-dev, python3, make, g++, pkg-config: keytar's native
# build; postgresql: the backend's PostgreSQL tests (any version from 15); ca-certificates: npm.
APT_PACKAGES=(chromium gnome-keyring dbus-x11 libsecret-1-dev pkg-config postgresql python3 make g++ ca-certificates)
DNF_PACKAGES=(chromium gnome-keyring dbus-x11 libsecret-devel pkgconf-pkg-config postgresql-server python3 make gcc-c++)
BREW_COMMAND='brew install postgresql@15 && brew install --cask chromium && xcode-select --install'

# Wanted, not needed: installed where the packages above may be, never a reason to stop. wrk: the
# throughput bench's load generator (bench/load-generator.ts; without it the bench loads the server
# from Node, which shares the cores it measures, and says so).
OPTIONAL_APT_PACKAGES=(wrk)
OPTIONAL_DNF_PACKAGES=(wrk)
OPTIONAL_BREW_PACKAGES=(wrk)

# The Node.js this project needs, and the one line that brings it.
NODE_FIX='nvm install   (reads .nvmrc)   or, without nvm:   . scripts/use-node.sh   (Node 24 from the npm registry, this shell only)'

_say() { printf '%s\n' "$*" >&2; }

_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

_os_family() {
  case "$(uname -s)" in
    Darwin) echo brew; return ;;
  esac
  local id="" like=""
  if [ -r /etc/os-release ]; then
    id=$(. /etc/os-release && echo "${ID:-}")
    like=$(. /etc/os-release && echo "${ID_LIKE:-}")
  fi
  case " $id $like " in
    *" debian "* | *" ubuntu "*) echo apt ;;
    *" fedora "* | *" rhel "* | *" centos "*) echo dnf ;;
    *) echo other ;;
  esac
}

_is_ubuntu() { [ -r /etc/os-release ] && [ "$(. /etc/os-release && echo "${ID:-}")" = ubuntu ]; }

_apt_packages() {
  local p out=()
  for p in "${APT_PACKAGES[@]}"; do
    # Ubuntu names Debian's chromium package chromium-browser.
    if [ "$p" = chromium ] && _is_ubuntu; then p=chromium-browser; fi
    out+=("$p")
  done
  echo "${out[*]}"
}

_find_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then echo "$CHROMIUM_PATH"; return 0; fi
  local c
  for c in chromium chromium-browser google-chrome-stable google-chrome; do
    if command -v "$c" >/dev/null 2>&1; then command -v "$c"; return 0; fi
  done
  for c in /usr/bin/chromium /usr/lib/chromium/chromium /snap/bin/chromium \
    "/Applications/Chromium.app/Contents/MacOS/Chromium" \
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; do
    if [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

# A folder that holds initdb and pg_ctl: $POSTGRES_BIN, then PATH, then pg_config, then the
# distributions' versioned folders (newest first).
_find_postgres_bin() {
  local d
  if [ -n "${POSTGRES_BIN:-}" ] && [ -x "$POSTGRES_BIN/initdb" ]; then echo "$POSTGRES_BIN"; return 0; fi
  if command -v initdb >/dev/null 2>&1; then
    d=$(dirname "$(readlink -f "$(command -v initdb)")")
    if [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
  fi
  if command -v pg_config >/dev/null 2>&1; then
    d=$(pg_config --bindir 2>/dev/null || true)
    if [ -n "$d" ] && [ -x "$d/initdb" ]; then echo "$d"; return 0; fi
  fi
  for d in $(ls -d /usr/lib/postgresql/*/bin /usr/pgsql-*/bin /opt/homebrew/opt/postgresql@*/bin \
    /usr/local/opt/postgresql@*/bin 2>/dev/null | sort -rV); do
    if [ -x "$d/initdb" ]; then echo "$d"; return 0; fi
  done
  return 1
}

_is_root() { [ "$(id -u)" = 0 ]; }

# Fills MISSING with one line per missing piece (what, and why it is needed).
_check_system() {
  MISSING=()
  local family=$1
  if [ "$family" != brew ]; then
    command -v python3 >/dev/null 2>&1 || MISSING+=("python3 (keytar's native build)")
    command -v make >/dev/null 2>&1 || MISSING+=("make (keytar's native build)")
    command -v g++ >/dev/null 2>&1 || command -v c++ >/dev/null 2>&1 || MISSING+=("a C++ compiler, g++ (keytar's native build)")
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libsecret-1 2>/dev/null; then
      MISSING+=("libsecret's headers, libsecret-1-dev (keytar's native build)")
    fi
    if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
      command -v dbus-run-session >/dev/null 2>&1 || MISSING+=("dbus-run-session, dbus-x11 (a Secret Service for the keychain tests)")
      command -v gnome-keyring-daemon >/dev/null 2>&1 || MISSING+=("gnome-keyring (a Secret Service for the keychain tests)")
    fi
  fi
  if ! CHROMIUM_PATH=$(_find_chromium); then
    MISSING+=("Chromium (the end-to-end tests; or set CHROMIUM_PATH)")
  else
    export CHROMIUM_PATH
  fi
  if ! POSTGRES_BIN=$(_find_postgres_bin); then
    MISSING+=("PostgreSQL's server programs, initdb and pg_ctl (the PostgreSQL tests; or set POSTGRES_BIN)")
  else
    export POSTGRES_BIN
    # As root the tests run PostgreSQL as its own system user, which its package creates.
    if _is_root && ! id postgres >/dev/null 2>&1; then
      MISSING+=("the 'postgres' system user (PostgreSQL refuses to run as root; the postgresql package creates it)")
    fi
  fi
}

# Fills OPTIONAL_MISSING with the wanted pieces that are not there.
_check_optional() {
  OPTIONAL_MISSING=()
  command -v wrk >/dev/null 2>&1 || OPTIONAL_MISSING+=(wrk)
}

_optional_command() {
  case "$1" in
    apt) echo "sudo apt-get install -y --no-install-recommends ${OPTIONAL_APT_PACKAGES[*]}" ;;
    dnf) echo "sudo dnf install -y ${OPTIONAL_DNF_PACKAGES[*]}" ;;
    brew) echo "brew install ${OPTIONAL_BREW_PACKAGES[*]}" ;;
    *) echo "install wrk with your system's package manager" ;;
  esac
}

_install_command() {
  case "$1" in
    apt) echo "sudo apt-get update && sudo apt-get install -y --no-install-recommends $(_apt_packages)" ;;
    dnf) echo "sudo dnf install -y ${DNF_PACKAGES[*]}" ;;
    brew) echo "$BREW_COMMAND" ;;
    *) echo "install Chromium, PostgreSQL (15 or later), gnome-keyring with dbus-run-session, libsecret's headers, pkg-config, python3, make and a C++ compiler with your system's package manager" ;;
  esac
}

_can_install() {
  [ "$1" = apt ] || return 1
  _is_root && return 0
  command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null
}

_sudo() { if _is_root; then "$@"; else sudo -n "$@"; fi; }

# prerequisites: returns 0 when everything needed is there (installing it first where it may, with
# what is wanted), else prints what is missing with the command to run, and returns 1. A wanted
# piece that is missing is named with its command, and never fails the check.
prerequisites() {
  # As root the tests run PostgreSQL through runuser, which lives in /usr/sbin: a shell whose PATH
  # lacks the sbin folders (CI's) must still find it.
  case ":$PATH:" in *:/usr/sbin:*) ;; *) export PATH="$PATH:/usr/sbin:/sbin" ;; esac
  if ! _node_ok; then
    _say ""
    _say "GameOps Console needs Node.js 24 (at least 22.12); this shell has $(node --version 2>/dev/null || echo 'no node')."
    _say "Fix:  $NODE_FIX"
    _say ""
    return 1
  fi
  local family
  family=$(_os_family)
  _check_system "$family"
  _check_optional
  if [ $((${#MISSING[@]} + ${#OPTIONAL_MISSING[@]})) -gt 0 ] && _can_install "$family"; then
    _sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    if [ ${#MISSING[@]} -gt 0 ]; then
      _say "== Installing what the project needs from Debian's packages: $(_apt_packages)"
      _sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(_apt_packages) >/dev/null
      _check_system "$family"
    fi
    if [ ${#OPTIONAL_MISSING[@]} -gt 0 ]; then
      # Apart from the needed packages, so that a system without them still gets the rest.
      _say "== Installing what the benches want from Debian's packages: ${OPTIONAL_APT_PACKAGES[*]}"
      _sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${OPTIONAL_APT_PACKAGES[@]}" >/dev/null || true
      _check_optional
    fi
  fi
  if [ ${#OPTIONAL_MISSING[@]} -gt 0 ]; then
    _say "Not installed (the throughput bench then loads the server from Node): ${OPTIONAL_MISSING[*]}."
    _say "To add it:  $(_optional_command "$family")"
  fi
  if [ ${#MISSING[@]} -gt 0 ]; then
    _say ""
    _say "GameOps Console needs these before it can be built and tested:"
    local m
    for m in "${MISSING[@]}"; do _say "  - $m"; done
    _say "Fix:  $(_install_command "$family")"
    _say ""
    return 1
  fi
  return 0
}
