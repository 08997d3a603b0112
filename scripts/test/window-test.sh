#!/usr/bin/env bash
# The real-window test: under Xvfb with SDL's x11 driver, run `layerplay` for 6 s while
# recording timings, click it with xdotool, grab the window with xwd, then check the timings
# file (~360 rows), the logged click and that the screenshot is not blank.
set -euo pipefail
cd "$(dirname "$0")/../.."

name=window-test
source scripts/lib/xvfb-window.sh "$0" "$@"

"$LAYERPLAY_BIN" --duration 6 --record-timings "$out/t.csv" --verbose 2>"$out/log.txt" &
pid=$!

wait_for_window

sleep 1.5
xdotool mousemove --window "$win" 100 100 click 1
sleep 1
xwd -silent -id "$win" | convert xwd:- "$out/shot.png"

status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || fail "layerplay exited with status $status"

# Timings: a header and ~360 rows (6 s at 60 Hz, ±10 %).
head -n 1 "$out/t.csv" | grep -q '^index,timestamp,targetTimestamp,interval_ms,' || fail "t.csv has no header"
rows=$(( $(wc -l < "$out/t.csv") - 1 ))
{ [ "$rows" -ge 324 ] && [ "$rows" -le 396 ]; } || fail "t.csv has $rows rows, expected 360 ± 36"

# The xdotool click reached the scene through SDL and was logged.
grep -Eq '^event t=[0-9.]+ click \(100\.0, 100\.0\)' "$out/log.txt" || fail "no 'click (100.0, 100.0)' in the verbose log"

# The screenshot is not blank: its pixels vary.
sd=$(identify -format '%[fx:standard_deviation]' "$out/shot.png")
awk -v sd="$sd" 'BEGIN { exit !(sd > 0.02) }' || fail "screenshot looks blank (standard deviation $sd)"

echo "window-test: ok: $rows rows, click logged, screenshot sd $sd ($out)"
grep -A4 '^frames ' "$out/log.txt" || true
