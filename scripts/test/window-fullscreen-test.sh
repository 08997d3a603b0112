#!/usr/bin/env bash
# Fullscreen under Xvfb, where no window manager honours SDL's fullscreen request: F11 must
# still give a window covering the 1024 × 768 screen, drawn whole (the X server's own geometry
# and pixels are checked, not the player's idea of them), and F11 again the 800 × 600 window
# where it was.
set -euo pipefail
cd "$(dirname "$0")/../.."

name=window-fullscreen-test
source scripts/lib/xvfb-window.sh "$0" "$@"

"$LAYERPLAY_BIN" gallery --duration 6 --verbose --key 1.5:F11 --key 4:F11 2>"$out/log.txt" &
pid=$!

wait_for_window
sleep 1
before=$(xwininfo -id "$win" | sed -n 's/^ *-geometry *//p')
sleep 1.5
full=$(xwininfo -id "$win" | sed -n 's/^ *Width: *//p;s/^ *Height: *//p' | paste -sd x)
import -window root "$out/full.png"
sleep 2
after=$(xwininfo -id "$win" | sed -n 's/^ *-geometry *//p')

status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || fail "layerplay exited with status $status"

[ "$full" = "1024x768" ] || fail "the X window is $full in fullscreen, expected 1024x768"
pixel() { convert "$out/full.png" -format "%[fx:int(255*p{$1,$2}.r)],%[fx:int(255*p{$1,$2}.g)],%[fx:int(255*p{$1,$2}.b)]" info:; }
# The bottom-right corner of the screen is the gallery's background, and the grid reaches
# the right edge (the third column's tiles end near x = 990): the frame fills the screen.
[ "$(pixel 1020 764)" = "31,33,41" ] || fail "screen corner is $(pixel 1020 764) in fullscreen, expected the gallery background"
[ "$(pixel 980 600)" != "31,33,41" ] || fail "no tile at (980, 600) in fullscreen: the frame was not laid out for the screen"
[ "$after" = "$before" ] || fail "after leaving fullscreen the window is $after, it was $before"

echo "window-fullscreen-test: ok: 1024x768 covering the screen, drawn whole, back to $after ($out)"
