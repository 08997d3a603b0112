#!/usr/bin/env bash
# Redraws the demos' images with our Raster (Sources/Gallery/Support/AssetArt.swift) into
# Assets/*.png. Deterministic: a second run writes the same bytes (GalleryTests checks that
# the committed files are what the art draws).
set -euo pipefail
cd "$(dirname "$0")/.."
swift run make-assets Assets
