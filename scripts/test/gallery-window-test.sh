#!/usr/bin/env bash
# The gallery's real-window test: under Xvfb with SDL's x11 driver, open the gallery, click
# the worm tile (push into the demo), click to show the HUD, screenshot, click to hide it,
# screenshot; then check the screenshots (the dark HUD in the middle, then gone), the logged
# clicks, and the recorded timings (row count, p99 of the gallery's own frame work < the
# period; dropped frames reported, < 1 % required with GALLERY_STRICT_TIMINGS=1).
set -euo pipefail
cd "$(dirname "$0")/../.."

name=gallery-window-test
source scripts/lib/xvfb-window.sh "$0" "$@"

"$LAYERPLAY_BIN" gallery --duration 9 --record-timings "$out/t.csv" --verbose 2>"$out/log.txt" &
pid=$!

wait_for_window

shot() { xwd -silent -id "$win" | convert xwd:- "$out/$1.png"; }
# The mean grey level (0…1) of a 40 × 40 square at the window's centre.
centre() { convert "$out/$1.png" -crop 40x40+380+280 +repage -colorspace Gray -format '%[fx:mean]' info:; }

sleep 1.5
shot grid
# The worm tile is the first of the 3 × 3 grid (top left).
xdotool mousemove --window "$win" 130 110 click 1
sleep 1.2
shot demo
xdotool mousemove --window "$win" 400 300 click 1      # show the HUD
sleep 1.2
shot hud
xdotool mousemove --window "$win" 400 300 click 1      # hide it
sleep 1.2
shot hidden

status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || fail "layerplay exited with status $status"

# Screenshots: the grid varies; the demo page is light in the middle; the HUD is dark
# there; after the hide it is light again.
sd=$(identify -format '%[fx:standard_deviation]' "$out/grid.png")
awk -v v="$sd" 'BEGIN { exit !(v > 0.05) }' || fail "grid screenshot looks blank (sd $sd)"
d=$(centre demo); h=$(centre hud); g=$(centre hidden)
awk -v v="$d" 'BEGIN { exit !(v > 0.8) }' || fail "demo page not light at the centre ($d): not in the worm demo?"
awk -v v="$h" 'BEGIN { exit !(v < 0.35) }' || fail "no dark HUD at the centre after the show click ($h)"
awk -v v="$g" 'BEGIN { exit !(v > 0.8) }' || fail "HUD still there after the hide click ($g)"

# The three clicks were delivered and logged.
clicks=$(grep -Ec '^event t=[0-9.]+ click \(' "$out/log.txt" || true)
[ "$clicks" -ge 3 ] || fail "expected 3 logged clicks, found $clicks"

# Timings: 378…594 rows (9 s at 60 Hz; a loaded machine skips late frames); the gallery's own share of each frame (events,
# update, render, raster) has a p99 under the period. Dropped frames and the whole frame work
# (upload and present included, which a loaded machine's X server inflates) are reported;
# GALLERY_STRICT_TIMINGS=1 (an idle machine) also requires < 1 % dropped.
head -n 1 "$out/t.csv" | grep -q '^index,timestamp,targetTimestamp,interval_ms,' || fail "t.csv has no header"
rows=$(( $(wc -l < "$out/t.csv") - 1 ))
{ [ "$rows" -ge 378 ] && [ "$rows" -le 594 ]; } || fail "t.csv has $rows rows, expected 378…594 (9 s at 60 Hz, late frames skip)"
p99() { sort -g | awk '{ a[NR] = $1 } END { i = int(NR * 0.99); if (i < 1) i = 1; print a[i] }'; }
own=$(awk -F, 'NR > 1 { print $5 + $6 + $7 + $8 }' "$out/t.csv" | p99)
work=$(awk -F, 'NR > 1 { print $11 }' "$out/t.csv" | p99)
dropped=$(awk -F, 'NR > 1 { d += $13 } END { print d + 0 }' "$out/t.csv")
awk -v p="$own" 'BEGIN { exit !(p < 16.7) }' || fail "p99 of the gallery's frame work (events+update+render+raster) $own ms exceeds the 16.7 ms period"
if [ "${GALLERY_STRICT_TIMINGS:-0}" = 1 ]; then
    awk -v d="$dropped" -v n="$rows" 'BEGIN { exit !(d < 0.01 * n) }' || fail "$dropped of $rows frames dropped (≥ 1 %)"
fi

echo "gallery-window-test: ok: centre grey demo $d, HUD $h, hidden $g; $rows rows, p99 own work $own ms, p99 frame work $work ms, $dropped dropped ($out)"
