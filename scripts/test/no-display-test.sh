#!/usr/bin/env bash
# The honest start: with no display and SDL_VIDEODRIVER unset, `layerplay` refuses in one
# line on stderr with exit status 1 in under a second (SDL would otherwise fall back to its
# offscreen driver and run for ever showing nothing); with SDL_VIDEODRIVER=offscreen, chosen
# on purpose, it runs and exits 0. Builds in debug (LAYERPLAY_CONFIG=release to change).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/build-layerplay.sh
out=$(mktemp -d)
fail() { echo "no-display-test: FAIL: $*" >&2; echo "--- stderr:" >&2; cat "$out/err.txt" >&2 || true; exit 1; }

# No display, no driver asked for: the gallery and a demo both refuse.
runs=("" "gallery --demo worm")
for args in "${runs[@]}"; do
    start=$(date +%s.%N)
    status=0
    env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 10 "$bin" $args --duration 30 2>"$out/err.txt" >/dev/null || status=$?
    elapsed=$(echo "$(date +%s.%N) - $start" | bc)
    [ "$status" -eq 1 ] || fail "layerplay $args: exit status $status, expected 1"
    lines=$(wc -l < "$out/err.txt")
    [ "$lines" -eq 1 ] || fail "layerplay $args: $lines lines on stderr, expected 1"
    grep -q 'xvfb-run -a' "$out/err.txt" || fail "layerplay $args: the line does not name xvfb-run -a"
    grep -q 'SDL_VIDEODRIVER=offscreen' "$out/err.txt" || fail "layerplay $args: the line does not name SDL_VIDEODRIVER=offscreen"
    awk -v t="$elapsed" 'BEGIN { exit !(t < 1.0) }' || fail "layerplay $args: took $elapsed s, expected under 1 s"
    echo "no-display-test: refused in ${elapsed}s: $(cat "$out/err.txt")"
done

# The offscreen driver chosen on purpose: runs for its duration and exits 0.
status=0
env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen timeout 20 "$bin" --duration 1 --record-timings "$out/t.csv" 2>"$out/err.txt" >/dev/null || status=$?
[ "$status" -eq 0 ] || fail "SDL_VIDEODRIVER=offscreen --duration 1: exit status $status, expected 0"
rows=$(( $(wc -l < "$out/t.csv") - 1 ))
[ "$rows" -ge 1 ] || fail "SDL_VIDEODRIVER=offscreen --duration 1: no frame recorded"
echo "no-display-test: ok: SDL_VIDEODRIVER=offscreen ran $rows frames and exited 0"
