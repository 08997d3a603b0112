#!/usr/bin/env bash
# The memory soak: the gallery in a real window (Xvfb, SDL's x11 driver) for MINUTES minutes
# with a click every 100 ms, its resident memory sampled every 10 s.
#
#   scripts/test/soak.sh MINUTES        (LAYERPLAY_BIN=… to use a built binary; SOAK_OUT=DIR)
#
# The clicks go round the whole gallery: open a tile, ten clicks inside the demo (HUDs,
# toggles, ripples…), the back control; every tile of the first page, then "Next page ›", every
# tile of the second, "‹ Previous page" (about 20 s a round). Prints the resident size (VmRSS)
# after the first minute, at the end and at its highest after the first minute, the growth in
# percent, the largest live-object counts of the run (`--stats`) and the timing summary
# (dropped frames); the 10 s samples are in DIR/rss.csv. Exits 1 when the resident size at the
# end, or at any sample after the first minute, is more than 5 % away from its size after the
# first minute. The clicks go to the gallery as a script file (`--script`), read before the
# window opens.
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes=${1:?usage: scripts/test/soak.sh MINUTES}
if [ -z "${LAYERKIT_IN_XVFB:-}" ]; then
    if [ -z "${LAYERPLAY_BIN:-}" ]; then
        swift build -c release --product layerplay >&2
        LAYERPLAY_BIN="$(swift build -c release --show-bin-path)/layerplay"
    fi
    LAYERKIT_IN_XVFB=1 LAYERPLAY_BIN="$LAYERPLAY_BIN" exec xvfb-run -a -s "-screen 0 1024x768x24" "$0" "$@"
fi
export SDL_VIDEODRIVER=x11
out=${SOAK_OUT:-$(mktemp -d)}
mkdir -p "$out"
seconds=$(( minutes * 60 ))

# The gallery's 800 × 600 layout: a 3 × 3 grid of tiles under a 42-point heading.
tiles=("138,118" "400,118" "662,118" "138,304" "400,304" "662,304" "138,490" "400,490" "662,490")
inside=("400,300" "200,150" "600,450" "400,300" "120,500" "680,120" "400,300" "300,400" "500,200" "400,300")
back="50,17"; next="715,21"; previous="85,21"
round=()
for page in 1 2; do
    count=9; [ "$page" = 2 ] && count=7
    for i in $(seq 0 $((count - 1))); do
        round+=("${tiles[$i]}") ; round+=("${inside[@]}"); round+=("$back")
    done
    [ "$page" = 1 ] && round+=("$next") || round+=("$previous")
done
n=$(( seconds * 10 - 10 ))
for k in $(seq 0 "$n"); do
    t=$(( k + 5 ))      # tenths of a second: the first click at 0.5 s
    echo "click $((t / 10)).$((t % 10)):${round[$((k % ${#round[@]}))]}"
done > "$out/clicks.txt"

"$LAYERPLAY_BIN" gallery --duration "$seconds" --stats --record-timings "$out/timings.csv" --script "$out/clicks.txt" 2>"$out/log.txt" &
pid=$!
echo "seconds,rss_kb" > "$out/rss.csv"
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
    rss=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$rss" ] && echo "$(( $(date +%s) - start )),$rss" >> "$out/rss.csv"
    sleep 10
done
status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || { echo "soak: layerplay exited with status $status" >&2; tail -n 5 "$out/log.txt" >&2; exit 1; }

python3 - "$out" <<'PY'
import csv, sys
out = sys.argv[1]
rows = [(int(r["seconds"]), int(r["rss_kb"])) for r in csv.DictReader(open(f"{out}/rss.csv"))]
after = [r for r in rows if r[0] >= 60]
if not after: sys.exit("soak: no sample after the first minute")
first, end = after[0][1], rows[-1][1]
high = max(r[1] for r in after)
growth = (end - first) / first * 100
print(f"soak: {rows[-1][0]} s, {len(rows)} samples: RSS {first / 1024:.1f} MiB after the first minute, "
      f"{end / 1024:.1f} MiB at the end ({growth:+.2f} %), highest {high / 1024:.1f} MiB ({(high - first) / first * 100:+.2f} %)")
curve = [rows[0]] + [r for r in rows if r[0] % 300 < 10][1:] + [rows[-1]]
print("soak: curve (s: MiB) " + "  ".join(f"{s}: {kb / 1024:.1f}" for s, kb in curve))
worst = max(abs(r[1] - first) for r in after) / first * 100
open(f"{out}/growth", "w").write(f"{max(abs(growth), worst)}\n")
PY
grep -E "stats:|frames|dropped" "$out/log.txt" | sed 's/^/soak: /' || true
growth=$(cat "$out/growth")
python3 -c "import sys; sys.exit(0 if float('$growth') <= 5 else 1)" || { echo "soak: resident memory moved more than 5 % from its size after the first minute" >&2; exit 1; }
