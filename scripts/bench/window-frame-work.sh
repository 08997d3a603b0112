#!/usr/bin/env bash
# The window's frame work under Xvfb, as docs/benchmarks.md's "Window frame work" table gives it:
# the gallery and the worm demo (clicked: the HUD shows and hides) at 800×600 and 1600×1200
# points, each run RUNS times for
# SECONDS with --record-timings, interleaved with a second binary when OLD=path is given
# (old and new then share the machine's state), and the median over runs of each run's
# work p50 / p90 / p99, upload and present p50, and dropped frames.
# Usage: scripts/bench/window-frame-work.sh [SECONDS=10] [RUNS=3]   (OLD=/path/to/layerplay)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
runs=${2:-3}
swift build -c release --product layerplay >/dev/null
new="$(swift build -c release --show-bin-path)/layerplay"
out=$(mktemp -d)
bins=(new)
[ -n "${OLD:-}" ] && bins=(old new)
for i in $(seq "$runs"); do
    for which in "${bins[@]}"; do
        bin=$new; [ "$which" = old ] && bin=$OLD
        for run in "gallery 800x600" "gallery 1600x1200" "worm 800x600" "worm 1600x1200"; do
            set -- $run
            # The worm demo with its HUD shown and hidden by clicks (the worm itself is still).
            args=(gallery); [ "$1" = worm ] && args=(gallery --demo worm --click 0.5:400,300 --click 4:400,300 --click 7:400,300)
            SDL_VIDEODRIVER=x11 xvfb-run -a -s "-screen 0 1920x1280x24" "$bin" "${args[@]}" --size "$2" \
                --duration "$seconds" --record-timings "$out/$which-$1-$2-$i.csv" 2>/dev/null
        done
    done
done
python3 - "$out" <<'PY'
import csv, glob, os, statistics, sys
runs = {}
for f in glob.glob(os.path.join(sys.argv[1], '*.csv')):
    which, scene, size, _ = os.path.basename(f)[:-4].split('-')
    rows = list(csv.DictReader(open(f)))
    def q(key, p):
        v = sorted(float(r[key]) for r in rows)
        return v[min(len(v) - 1, int(p * len(v)))]
    runs.setdefault((scene, size, which), []).append(
        (q('work_ms', .5), q('work_ms', .9), q('work_ms', .99), q('upload_ms', .5), q('present_ms', .5),
         sum(int(r['dropped']) for r in rows), len(rows)))
print('| scene | size | binary | work p50 | p90 | p99 | upload p50 | present p50 | dropped |')
print('|---|---|---|---:|---:|---:|---:|---:|---:|')
for (scene, size, which), v in sorted(runs.items()):
    m = lambda i: statistics.median(x[i] for x in v)
    print(f'| {scene} | {size} | {which} | {m(0):.2f} | {m(1):.2f} | {m(2):.2f} | {m(3):.2f} | {m(4):.2f} | '
          f'{sum(x[5] for x in v)}/{sum(x[6] for x in v)} |')
PY
