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
. scripts/lib/lottie-score.sh
score_corpus lottie-score.sh ../shared/lottie "${LOTTIE_SCORE_FLOOR:-274}" --extra-args=--ios "$@"
