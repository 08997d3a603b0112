#!/usr/bin/env bash
# `layerplay inspect` of Lottie files shows what Core Animation objects they became, masks
# included: a gradient stroke is a CAGradientLayer masked by a CAShapeLayer holding the stroked
# path, and a track matte's layer carries the matte as its mask. The output must be one JSON
# document, and its size is bounded (a refusal in one line past the limit). Builds in debug (LAYERPLAY_CONFIG=release to change).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/build-layerplay.sh
out=$(mktemp -d)
"$bin" inspect Fuzz/lottie/hand-stars-gradient-stroke.json --progress 0.5 > "$out/gradient.json" 2>/dev/null
"$bin" inspect Fuzz/lottie/hand-shapes-precomp-matte.json > "$out/matte.json" 2>/dev/null
# A 70 KB file that generates a large tree (four layers of 1,000 repeater copies of a
# 200-vertex path: 800,000 vertices, under the file's vertex and sampling budgets, print
# more than 32 MiB): inspect refuses it in one line naming the output limit, printing nothing.
python3 - "$out/big.json" <<'PY'
import json, math, sys
n = 200
v = [[50 + 40 * math.cos(2 * math.pi * i / n) + 0.123456, 50 + 40 * math.sin(2 * math.pi * i / n) + 0.654321] for i in range(n)]
t = [[1.234567, 2.345678]] * n
path = {"ty": "sh", "ks": {"a": 0, "k": {"c": True, "v": v, "i": t, "o": t}}}
fill = {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}
rp = {"ty": "rp", "c": {"a": 0, "k": 1000}, "o": {"a": 0, "k": 0}, "tr": {"p": {"a": 0, "k": [0.1, 0]}}}
layers = [{"ty": 4, "nm": "l%d" % k, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [path, fill, rp]} for k in range(4)]
json.dump({"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": layers}, open(sys.argv[1], "w"))
PY
status=0
"$bin" inspect "$out/big.json" > "$out/big.out" 2> "$out/big.err" || status=$?
lines=$(wc -l < "$out/big.err")
if [ "$status" -ne 1 ] || [ "$lines" -ne 1 ] || ! grep -q '^layerplay: big.json: inspect: .*maximumInspectionBytes' "$out/big.err" || [ -s "$out/big.out" ]; then
    echo "lottie-inspect-test: FAIL: a file generating a huge tree: exit $status, $lines stderr lines, $(wc -c < "$out/big.out") bytes printed: $(head -c 300 "$out/big.err")" >&2
    exit 1
fi
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
