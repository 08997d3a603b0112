#!/usr/bin/env bash
# OWNER: player helper.
# The README's test command: the unit tests, then the real-window test under Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."
swift test
scripts/window-test.sh
