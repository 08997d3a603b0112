#!/usr/bin/env bash
# The window people expect, under Xvfb: the gallery resized by the window manager's request
# (xdotool windowsize) draws at the new size with its root filling the exposed area and its
# grid laid out again for the new size; a drag
# (press, move, release) and the mouse wheel reach the scene as events; the debugging aids'
# keys toggle them (F1, F4 in the verbose log).
set -euo pipefail
cd "$(dirname "$0")/../.."

name=window-resize-test
source scripts/lib/xvfb-window.sh "$0" "$@"

"$LAYERPLAY_BIN" gallery --duration 5 --verbose --screenshot 3.5:"$out/resized.png" 2>"$out/log.txt" &
pid=$!

wait_for_window
sleep 1
xdotool windowsize "$win" 1000 700
sleep 0.5
# Over the heading, between the page controls: the re-laid-out grid has a tile under most of
# the window, and a click there would open its demo.
xdotool mousemove --window "$win" 500 20 mousedown 1 mousemove --window "$win" 540 26 mousemove --window "$win" 560 30 mouseup 1
xdotool mousemove --window "$win" 520 20 click 4
xdotool key --window "$win" F1 F1 F4

status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || fail "layerplay exited with status $status"

size=$(identify -format '%wx%h' "$out/resized.png")
[ "$size" = "1000x700" ] || fail "screenshot after the resize is $size, expected 1000x700"
# The root follows the window: the exposed corner is the gallery's background, not black.
corner=$(convert "$out/resized.png" -format '%[fx:int(255*p{990,690}.r)],%[fx:int(255*p{990,690}.g)],%[fx:int(255*p{990,690}.b)]' info:)
[ "$corner" = "31,33,41" ] || fail "exposed corner is $corner, expected the gallery background 31,33,41"
# The grid follows the window: at 1000 × 700 the third column's tiles reach x = 952 and the
# "Next page ›" control sits in the new top-right corner; at the old 800 × 600 layout both
# places were the background.
pixel() { convert "$out/resized.png" -format "%[fx:int(255*p{$1,$2}.r)],%[fx:int(255*p{$1,$2}.g)],%[fx:int(255*p{$1,$2}.b)]" info:; }
[ "$(pixel 940 600)" != "31,33,41" ] || fail "no tile at (940, 600) after the resize: the grid kept its old layout"
[ "$(pixel 985 20)" != "31,33,41" ] || fail "no page control at (985, 20) after the resize: the heading kept its old layout"
grep -Eq '^event t=[0-9.]+ drag \(5[0-9][0-9]\.0, [0-9]+\.0\)' "$out/log.txt" || fail "no drag event logged"
grep -Eq '^event t=[0-9.]+ release ' "$out/log.txt" || fail "no release event logged"
grep -Eq '^event t=[0-9.]+ wheel \(0\.0, 1\.0\)' "$out/log.txt" || fail "no wheel event logged"
grep -q 'player: Color Blended Layers on' "$out/log.txt" || fail "F1 did not turn Color Blended Layers on"
grep -q 'player: Slow Animations on' "$out/log.txt" || fail "F4 did not turn Slow Animations on"

echo "window-resize-test: ok: 1000x700 after resize, exposed area drawn, grid laid out again, drag, wheel and aid keys ($out)"
