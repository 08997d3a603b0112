#!/usr/bin/env bash
# The import of a large Lottie file: seconds (wall and CPU) and peak resident memory of
# `layerplay render` on a generated ~60 MB file (under the 64 MiB file limit), the median of
# RUNS runs (default 3), in the release build.
#
#   scripts/bench/lottie-large-file.sh [SAMPLE.json] [RUNS]
#
# The file is SAMPLE (default: lottie-ios's issue_2209 sample from ../shared/lottie) with its
# layers copied into unreferenced precomposition assets until it is 60 MB: the JSON reader
# and the model's decoding read all of it, the layer tree is the sample's own, so what is
# measured is the reading of the file. Peak memory is /usr/bin/time's maximum resident set.
set -euo pipefail
cd "$(dirname "$0")/../.."
sample=${1:-/work/shared/lottie/samples/Issues/issue_2209.json}
runs=${2:-3}
swift build -c release --product layerplay >/dev/null
bin=.build/release/layerplay
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$sample" "$dir/large.json" <<'PY'
import json, sys
src = json.load(open(sys.argv[1]))
unit = len(json.dumps(src["layers"], separators=(",", ":")))
out = dict(src)
out["assets"] = list(src.get("assets", [])) + [{"id": "unused%d" % k, "layers": src["layers"]} for k in range(60_000_000 // unit)]
open(sys.argv[2], "w").write(json.dumps(out, separators=(",", ":")))
PY
size=$(stat -c %s "$dir/large.json")
for r in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -o "$dir/time.$r" "$bin" render "$dir/large.json" --out "$dir/out.png" 2>/dev/null
done
cat "$dir"/time.* | sort -n | awk -v n="$runs" -v size="$size" '
    { wall[NR] = $1; cpu[NR] = $2 + $3; rss[NR] = $4 }
    END {
        m = int((n + 1) / 2)
        printf "lottie-large-file: %.1f MB file: median %.2f s wall, %.2f s CPU (user+sys), peak RSS %.0f MB (%.1f bytes a byte of input), %d runs\n",
            size / 1e6, wall[m], cpu[m], rss[m] / 1024, rss[m] * 1024 / size, n
    }'
