#!/usr/bin/env bash
# Writes the README's key tables from the keymap (between its `keys` markers), as the help and the man page are made.
set -euo pipefail
cd "$(dirname "$0")/.."
ARTMAP_WRITE_README=1 swift test --filter theReadmeKeyTablesAreTheKeymaps >/dev/null
git --no-pager diff --stat README.md
