#!/usr/bin/env bash
# Builds every example package under Examples/ (each depends on this package by path, as an
# app would) in its own build folder, and runs it: DrawLayers renders an animated layer tree
# headlessly at three instants and checks the frames. Needs no SDL and no display.
set -euo pipefail
cd "$(dirname "$0")/../../Examples/DrawLayers"
swift build -c "${CONFIGURATION:-debug}"
bin=$(swift build -c "${CONFIGURATION:-debug}" --show-bin-path)/draw-layers
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for t in 0 1 2.5; do
    "$bin" --time "$t" --out "$out/frame-$t.ppm"
    [ -s "$out/frame-$t.ppm" ] || { echo "build-examples: no frame written at $t s" >&2; exit 1; }
done
echo "examples: DrawLayers built and checked"
