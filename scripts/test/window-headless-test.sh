#!/usr/bin/env bash
# A window and a headless run show the same frames: under Xvfb with SDL's x11 driver, open
# the gallery, click the worm tile (push into the demo) and then the demo (show the HUD),
# take screenshots; then draw the same frames with `layerplay render --demo gallery` and the
# same clicks, and require every screenshot to equal its headless frame pixel for pixel.
#
# A loaded machine may deliver the window's frames late; the frame loop then skips to the
# next slot of the refresh grid, so a scripted click or screenshot lands on a later slot than
# asked. The comparison therefore uses the slots the window really used: each click's slot
# from the verbose log, each screenshot's from the timings file. The scene is deterministic
# given those slots (the worm demo runs on animations only), so equality is exact.
set -euo pipefail
cd "$(dirname "$0")/../.."

name=window-headless-test
source scripts/lib/xvfb-window.sh "$0" "$@"

click1=0.5:130,110      # the worm tile (top left of the grid)
click2=1.5:400,300      # the demo: show the HUD
shots=(1.2 1.7 2.1 2.6)
args=(--click "$click1" --click "$click2")
for t in "${shots[@]}"; do args+=(--screenshot "$t:$out/window-$t.png"); done

"$LAYERPLAY_BIN" gallery --duration 3 "${args[@]}" --record-timings "$out/t.csv" --verbose 2>"$out/log.txt" \
    || fail "layerplay gallery exited with status $?"

# The refresh period and the slot of each row (timestamps are seconds from the first frame).
period=$(awk -F, 'NR == 2 { printf "%.9f", $3 - $2 }' "$out/t.csv")
awk -v p="$period" 'BEGIN { exit !(p > 0.001 && p < 0.1) }' || fail "no refresh period in t.csv ($period)"
slot() { awk -v t="$1" -v p="$period" 'BEGIN { printf "%d", t / p + 0.5 }'; }
# A time that the headless runner's grid puts on slot n: half a period early, so the
# first slot at or after it (scripted input) and the last slot at or before it plus half a
# period (the rendered frame) are both n.
at_slot() { awk -v n="$1" -v p="$period" 'BEGIN { printf "%.6f", (n - 0.5) * p }'; }
frame_at_slot() { awk -v n="$1" -v p="$period" 'BEGIN { printf "%.6f", (n + 0.5) * p }'; }

# The clicks as the window delivered them.
mapfile -t logged < <(sed -n 's/^event t=\([0-9.]*\) click (\([0-9.]*\), \([0-9.]*\))$/\1 \2 \3/p' "$out/log.txt")
[ "${#logged[@]}" -eq 2 ] || fail "expected the two scripted clicks in the verbose log, found ${#logged[@]}"
hclicks=()
for c in "${logged[@]}"; do
    read -r t x y <<<"$c"
    hclicks+=(--click "$(at_slot "$(slot "$t")"):${x%.0},${y%.0}")
done

compared=0
for t in "${shots[@]}"; do
    [ -f "$out/window-$t.png" ] || fail "no window screenshot at $t"
    # The row of the frame the screenshot was taken in: the first at or after t.
    ts=$(awk -F, -v t="$t" 'NR > 1 && $2 >= t - 1e-6 { print $2; exit }' "$out/t.csv")
    [ -n "$ts" ] || fail "no frame at or after $t in t.csv"
    n=$(slot "$ts")
    "$LAYERPLAY_BIN" render --demo gallery --time "$(frame_at_slot "$n")" "${hclicks[@]}" --out "$out/headless-$t.png"
    diff=$(compare -metric AE "$out/window-$t.png" "$out/headless-$t.png" null: 2>&1 || true)
    [ "$diff" = 0 ] || fail "screenshot at $t (slot $n): $diff pixels differ from the headless frame ($out)"
    compared=$((compared + 1))
done
echo "window-headless-test: ok: $compared window screenshots equal their headless frames (clicks at slots ${hclicks[*]}; $out)"
