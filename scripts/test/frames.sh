#!/usr/bin/env bash
# Renders a fixed set of frames with one layerplay binary, so two builds can be compared
# pixel for pixel: every demo (and the gallery grid) at 0.5 s steps over 6 s, without input
# and with three scripted clicks, plus every scene and example document drawn at t = 0.
#   scripts/test/frames.sh BIN OUTDIR        then   cmp -s or compare.py over the two folders
set -euo pipefail
bin=$1 out=$2
cd "$(dirname "$0")/../.."
mkdir -p "$out"
clicks=(--click 0.3:400,300 --click 2.2:200,150 --click 3.7:600,450)
for demo in gallery $("$bin" demos); do
  for t in 0 0.5 1 1.5 2 2.5 3 3.5 4 4.5 5 5.5 6; do
    "$bin" render --demo "$demo" --time "$t" --out "$out/$demo-$t.png"
    "$bin" render --demo "$demo" --time "$t" "${clicks[@]}" --out "$out/$demo-$t-clicks.png"
  done
done
for scene in ../shared/scenes/*.json; do
  name=$(basename "$scene" .json)
  # (scene-*: what `rasterize` drew before it went; the same frame as doc-*, kept for old folders)
  "$bin" render "$scene" --time 0 --out "$out/scene-$name.png"
  "$bin" render "$scene" --time 0 --out "$out/doc-$name.png"
done
