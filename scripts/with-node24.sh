#!/usr/bin/env bash
# Runs a command with a Node that can run the server's TypeScript (see .ci/node-env.sh), so that
# `npm start` and `npm test` work on a machine whose own node is too old.
set -euo pipefail
source "$(dirname "$0")/../.ci/node-env.sh"
exec "$@"
