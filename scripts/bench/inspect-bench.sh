#!/usr/bin/env bash
# `inspect`'s cost on a large document: a generated 100,000-layer document (1,000 groups of
# 99 rounded squares, every tenth with an opacity animation) inspected at three times by the
# release build, RUNS times (default 5); prints the median wall time, the output size and the
# rate. The issue's bar: within 10 s, at least 50 MB/s of output.
#
#   scripts/bench/inspect-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
swift build -c release --product layerplay >&2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir/big.json" <<'PY'
import json, random, sys
random.seed(33)
groups = []
for g in range(1000):
    kids = []
    for k in range(99):
        l = {"name": f"g{g}k{k}", "bounds": [0, 0, 10, 10], "position": [random.random() * 300, random.random() * 200],
             "backgroundColor": "#%06x" % random.randrange(1 << 24), "cornerRadius": 2}
        if k % 10 == 0:
            l["animations"] = [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2}]
        kids.append(l)
    groups.append({"name": f"g{g}", "bounds": [0, 0, 320, 240], "position": [160, 120], "sublayers": kids})
json.dump({"width": 320, "height": 240, "layers": groups}, open(sys.argv[1], "w"))
PY
times=()
for _ in $(seq 1 "$runs"); do
    s=$(date +%s.%N)
    .build/release/layerplay inspect "$dir/big.json" --time 0 --time 0.5 --time 1 > "$dir/out.json"
    e=$(date +%s.%N)
    times+=("$(echo "$e - $s" | bc)")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
bytes=$(stat -c %s "$dir/out.json")
echo "inspect 100,000 layers x 3 times: median $median s of $runs (${times[*]}), output $bytes bytes, $(echo "$bytes / $median / 1000000" | bc) MB/s"
