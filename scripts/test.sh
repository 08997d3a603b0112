#!/usr/bin/env bash
# The README's test command: the unit tests, the refusal to start without a display,
# malformed documents through render and inspect, out-of-range command-line numbers, the
# Lottie inspection's masks, `export` to every format read back, dotLottie archives, state
# machines and dynamic properties, install.sh into a temporary
# prefix with its thumbnailer run, then
# the real-window tests under Xvfb (the player's test pattern, the gallery clicked into
# the worm demo, `play --watch` with its file rewritten, a state machine's toggle clicked, the
# window resized and dragged),
# the Lottie renders scored against Apple's snapshots (when ../shared/lottie is there) and
# against After Effects' renders (when ../shared/lottie-ae is there), the samples lottie-ios
# renders with value and text providers (those the corpus holds), and every libFuzzer
# target for a fixed number of runs from its seed corpus (scripts/fuzz/ci-fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
# In parallel: every suite that changes layers, animations, transactions or the media clock
# runs each test in its own animation context.
swift test 2>&1 | tee "$log"
unit=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .* passed.*/\1/p' "$log" | tail -n 1)
[ -n "$unit" ] || { echo "test.sh: could not read the unit test count" >&2; exit 1; }
scripts/test/no-display-test.sh
scripts/test/malformed-documents-test.py
scripts/test/command-line-limits-test.sh
scripts/test/lottie-inspect-test.sh
scripts/test/export-test.py
scripts/test/dotlottie-test.py
scripts/test/state-machine-test.py
scripts/test/install-test.sh
scripts/test/window-test.sh
scripts/test/gallery-window-test.sh
scripts/test/window-headless-test.sh
scripts/test/watch-test.sh
scripts/test/play-window-test.sh
scripts/test/state-machine-window-test.sh
scripts/test/window-resize-test.sh
scripts/test/window-fullscreen-test.sh
scripts/test/lottie-score.sh
scripts/test/lottie-ae-score.sh
scripts/test/lottie-provider-score.py
scripts/fuzz/ci-fuzz.sh
echo "tests: $((unit + 20)) passed, 0 failed"
