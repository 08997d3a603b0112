#!/usr/bin/env bash
# The README's test command: the unit tests, then the real-window tests under Xvfb
# (the player's test pattern, then the gallery clicked into the worm demo).
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
# Serial: LayerKit's clock, transaction stack and animation engine are process-wide,
# main-thread state (as in Core Animation), and several suites drive them.
swift test --no-parallel 2>&1 | tee "$log"
unit=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .* passed.*/\1/p' "$log" | tail -n 1)
[ -n "$unit" ] || { echo "test.sh: could not read the unit test count" >&2; exit 1; }
scripts/window-test.sh
scripts/gallery-window-test.sh
echo "tests: $((unit + 2)) passed, 0 failed"
