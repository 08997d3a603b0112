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
. scripts/lib/lottie-score.sh
score_corpus lottie-ae-score.sh ../shared/lottie-ae "${LOTTIE_AE_SCORE_FLOOR:-85}" "$@"
