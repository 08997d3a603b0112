#!/usr/bin/env bash
# The benchmark table of docs/benchmarks.md, re-measured in one run: for every scene document,
# `layerplay bench` (the production path: layer tree → display list → rasterizer) and the peer
# rasterizers Cairo, Skia and Blend2D through their PyPI bindings (scripts/bench/peers.py), timed back
# to back in each of ROUNDS rounds so that the machine's load falls on all of them alike; the
# table reports the median over rounds of each one's median frame, the ratios ours ÷ peer, and
# our render's difference from Cairo's. Single thread throughout. Like for like (compare.py's
# header): every side strokes every stroke every frame (our stroke-outline cache off), frames
# timed by the process CPU clock on both sides, the peers' Python cost timed alongside.
#
#   scripts/bench/bench-peers.sh [SCENE.json ...]        (default: ../shared/scenes/*.json)
#   environment: LAYERPLAY (default .build/release/layerplay, built when missing),
#                ROUNDS (3), FRAMES (60), PEERS (cairo,skia,blend2d),
#                WALL=1 (the monotonic clock instead of CPU time), KEEP_OUTLINES=1 (as played:
#                our stroke outlines kept from frame to frame, which the peers do not do)
set -euo pipefail
cd "$(dirname "$0")/../.."
scenes=("$@")
if [ ${#scenes[@]} -eq 0 ]; then scenes=(../shared/scenes/*.json); fi
bin=${LAYERPLAY:-.build/release/layerplay}
if [ ! -x "$bin" ]; then swift build -c release --product layerplay; fi
if ! python3 -c 'import cairo, skia, blend2d' 2>/dev/null; then
    python3 -m pip install --quiet pycairo skia-python blend2d-python
fi
python3 scripts/bench/compare.py "${scenes[@]}" --ours "$bin" --rounds "${ROUNDS:-3}" --frames "${FRAMES:-60}" \
    --peers "${PEERS:-cairo,skia,blend2d}" $([ "${WALL:-0}" = 1 ] || echo --cpu-time) \
    $([ "${KEEP_OUTLINES:-0}" = 1 ] && echo --keep-outlines)
