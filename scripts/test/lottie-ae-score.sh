#!/usr/bin/env bash
# Scores layerplay's Lottie renders in the default reading (After Effects') against After
# Effects' own renders of LottieFiles' single-feature test files (../shared/lottie-ae next to
# the repository: its compare.py, manifest and references) and fails below the floor: the
# number of matching cases this branch reached. The floor only goes up. Without the corpus,
# or without numpy and pillow, the script says so and succeeds (the repository ships no
# third-party animations).
#   scripts/test/lottie-ae-score.sh [--only TEXT] [--diff-dir DIR]   (extra arguments go to compare.py)
set -euo pipefail
cd "$(dirname "$0")/../.."
FLOOR=${LOTTIE_AE_SCORE_FLOOR:-85}
corpus=../shared/lottie-ae
if [ ! -f "$corpus/compare.py" ]; then
    echo "lottie-ae-score.sh: no corpus at $corpus; skipped"
    exit 0
fi
if ! python3 -c 'import numpy, PIL' 2>/dev/null; then
    echo "lottie-ae-score.sh: compare.py needs numpy and pillow (python3 -m pip install numpy pillow); skipped"
    exit 0
fi
bin=${LAYERPLAY:-.build/release/layerplay}
[ -n "${LAYERPLAY:-}" ] || swift build -c release --product layerplay
python3 "$corpus/compare.py" "$bin" --min "$FLOOR" "$@"
