#!/usr/bin/env bash
# Node 24 LTS, the project's runtime (Lighthouse 13 in `npm run bench:web` needs ≥ 22.19). A machine with an older
# Node gets it from the npm registry's `node` package (the only source such a machine reaches), kept outside the clone
# so a later run on the same machine reuses it.
#   source scripts/node24.sh          puts it first on PATH (.ci/run)
#   bash scripts/node24.sh CMD ARGS   runs the command on it (npm run bench:web)
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 24 ]; then
  node24_started=$(date +%s)
  node24="${XDG_CACHE_HOME:-$HOME/.cache}/kvarta-node24"
  if [ "$("$node24/node_modules/.bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt 24 ]; then
    npm install --prefix "$node24" --no-audit --no-fund --no-save node@24 >/dev/null
  fi
  export PATH="$node24/node_modules/.bin:$PATH"
  echo "node24: Node $(node --version) from the registry's node package in $(($(date +%s) - node24_started)) s" >&2
fi
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ $# -gt 0 ]; then exec "$@"; fi
