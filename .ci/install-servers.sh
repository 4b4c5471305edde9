#!/usr/bin/env bash
# Installs the real MCP servers the integration tests talk to, into .servers/ (kept out of our
# own environment: some servers on PyPI still pin mcp<2). Idempotent; safe to re-run.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SERVERS="${SEER_SERVERS_DIR:-$ROOT/.servers}"
mkdir -p "$SERVERS"

# mcp-server-git (PyPI), in a virtual environment of its own
if [ ! -x "$SERVERS/git-venv/bin/mcp-server-git" ]; then
  python3 -m venv "$SERVERS/git-venv"
  "$SERVERS/git-venv/bin/pip" install -q mcp-server-git
fi

# filesystem and memory reference servers (npm)
if [ ! -x "$SERVERS/node/node_modules/.bin/mcp-server-filesystem" ] || [ ! -x "$SERVERS/node/node_modules/.bin/mcp-server-memory" ]; then
  mkdir -p "$SERVERS/node"
  (cd "$SERVERS/node" && npm install --silent --no-audit --no-fund \
     @modelcontextprotocol/server-filesystem @modelcontextprotocol/server-memory >/dev/null)
fi
echo "servers installed in $SERVERS"
