#!/usr/bin/env bash
# Scores layerplay's Lottie renders in the iOS reading (`--ios`: lottie-ios's Core Animation
# engine) against Apple's Core Animation snapshots of lottie-ios's
# samples (../shared/lottie next to the repository: its compare.py, manifest and snapshots)
# and fails below the floor: the number of matching cases this branch reached. The floor
# only goes up. Without the corpus the script says so and succeeds (the repository ships no
# third-party animations), and likewise without numpy and pillow for compare.py.
#   scripts/test/lottie-score.sh [--features] [--diff-dir DIR]   (extra arguments go to compare.py)
set -euo pipefail
cd "$(dirname "$0")/../.."
FLOOR=${LOTTIE_SCORE_FLOOR:-274}
corpus=../shared/lottie
if [ ! -f "$corpus/compare.py" ]; then
    echo "lottie-score.sh: no corpus at $corpus; skipped"
    exit 0
fi
if ! python3 -c 'import numpy, PIL' 2>/dev/null; then
    echo "lottie-score.sh: compare.py needs numpy and pillow (python3 -m pip install numpy pillow); skipped"
    exit 0
fi
bin=${LAYERPLAY:-.build/release/layerplay}
[ -n "${LAYERPLAY:-}" ] || swift build -c release --product layerplay
python3 "$corpus/compare.py" "$bin" --extra-args=--ios --min "$FLOOR" "$@"
