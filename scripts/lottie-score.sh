#!/usr/bin/env bash
# Scores layerplay's Lottie renders against Apple's Core Animation snapshots of lottie-ios's
# samples (../shared/lottie next to the repository: its compare.py, manifest and snapshots)
# and fails below the floor: the number of matching cases this branch reached. The floor
# only goes up. Without the corpus the script says so and succeeds (the repository ships no
# third-party animations).
#   scripts/lottie-score.sh [--features] [--diff-dir DIR]   (extra arguments go to compare.py)
set -euo pipefail
cd "$(dirname "$0")/.."
FLOOR=${LOTTIE_SCORE_FLOOR:-246}
corpus=../shared/lottie
if [ ! -f "$corpus/compare.py" ]; then
    echo "lottie-score.sh: no corpus at $corpus; skipped"
    exit 0
fi
bin=${LAYERPLAY:-.build/release/layerplay}
[ -x "$bin" ] || swift build -c release --product layerplay
python3 "$corpus/compare.py" "$bin" --min "$FLOOR" "$@"
