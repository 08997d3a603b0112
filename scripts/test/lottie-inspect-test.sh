#!/usr/bin/env bash
# `layerplay inspect` of Lottie files shows what Core Animation objects they became, masks
# included: a gradient stroke is a CAGradientLayer masked by a CAShapeLayer holding the stroked
# path, and a track matte's layer carries the matte as its mask. The output must be one JSON
# document. Builds in debug (LAYERPLAY_CONFIG=release to change).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/build-layerplay.sh
out=$(mktemp -d)
"$bin" inspect Fuzz/lottie/hand-stars-gradient-stroke.json --progress 0.5 > "$out/gradient.json" 2>/dev/null
"$bin" inspect Fuzz/lottie/hand-shapes-precomp-matte.json > "$out/matte.json" 2>/dev/null
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
def fail(msg):
    print("lottie-inspect-test: FAIL: " + msg, file=sys.stderr); sys.exit(1)
gradient = json.load(open(out + "/gradient.json"))
masked = [l for l in gradient["layers"] if l["class"] == "CAGradientLayer"]
if not masked: fail("no CAGradientLayer in the gradient stroke's tree")
for g in masked:
    m = g.get("mask")
    if not m or m["class"] != "CAShapeLayer" or "path" not in m or "lineWidth" not in m:
        fail("a gradient layer's mask is not a stroked CAShapeLayer: %r" % (m,))
matte = json.load(open(out + "/matte.json"))
if not any("mask" in l for l in matte["layers"]): fail("no layer of the track matte file carries a mask")
print("lottie-inspect-test: ok: %d gradient layers and their stroke masks, the matte's mask shown" % len(masked))
PY
