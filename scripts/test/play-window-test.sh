#!/usr/bin/env bash
# `play`'s controls in a real X window (Xvfb, SDL's x11 driver, xdotool, xwd):
#  1. a 1334×1600 Lottie opens in a window that fits the 1024×768 screen (aspect kept);
#  2. the control bar appears after pointer motion (and is gone after two idle seconds);
#  3. Space pauses: two grabs a second apart are equal (and differ while playing);
#  4. a click on the scrubber shows the frame `layerplay render` draws for the time it
#     logged (the content area above the bar, compared pixel by pixel), for a document and
#     a Lottie file; a drag along it seeks as it goes;
#  5. the scripted `drop` step opens another file (title and pixels), and a file that cannot
#     be read puts its one-line refusal on the banner while the last good one keeps playing;
#     PageDown goes to the next file given on the command line.
set -euo pipefail
cd "$(dirname "$0")/../.."
name=play-window-test
source scripts/lib/xvfb-window.sh "$0" "$@"

# A 480×360 document, white behind a square that crosses the window and changes colour over 4 s.
doc="$out/moving.json"
cat > "$doc" <<'JSON'
{"width": 480, "height": 360, "background": "#ffffff", "layers": [
  {"type": "layer", "name": "square", "position": [60, 150], "bounds": [0, 0, 80, 80], "backgroundColor": "#2060e0",
   "animations": [
     {"type": "basic", "keyPath": "position.x", "fromValue": 60, "toValue": 420, "duration": 4, "fillMode": "both"},
     {"type": "basic", "keyPath": "backgroundColor", "fromValue": "#2060e0", "toValue": "#e04020", "duration": 4, "fillMode": "both"}]},
  {"type": "layer", "name": "bar", "position": [240, 280], "bounds": [0, 0, 40, 40], "backgroundColor": "#30a050",
   "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 6.2832, "duration": 4}]}]}
JSON
# A second document (one green square) and a file that is not one.
other="$out/other.json"
printf '{"width":480,"height":360,"background":"#ffffff","layers":[{"type":"layer","position":[240,150],"bounds":[0,0,200,200],"backgroundColor":"#00c000"}]}\n' > "$other"
bad="$out/bad.json"
printf '{"width":480,"height":360,"layers":[{"type":"nonsense"}]}\n' > "$bad"
# A 1334×1600 Lottie (Boat_Loader's size): a rectangle sliding down, 60 frames at 30 fps.
big="$out/big.json"
small="$out/small.json"
python3 - "$big" "$small" <<'PY'
import json, sys
rect = {"ty": "gr", "it": [
    {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [600, 400]}, "r": {"a": 0, "k": 40}},
    {"ty": "fl", "c": {"a": 0, "k": [0.9, 0.3, 0.2, 1]}, "o": {"a": 0, "k": 100}},
    {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
     "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
layer = {"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "shapes": [rect],
         "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [667, 300], "o": {"x": [0.5], "y": [0.5]}, "i": {"x": [0.5], "y": [0.5]}},
                                     {"t": 59, "s": [667, 1300]}]},
                "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}}
json.dump({"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 1334, "h": 1600, "layers": [layer]}, open(sys.argv[1], "w"))
# The same motion on a 480×360 canvas (transparent behind it), a smaller rectangle.
rect["it"][0]["s"]["k"] = [160, 100]
layer["ks"]["p"]["k"] = [{"t": 0, "s": [100, 80], "o": {"x": [0.5], "y": [0.5]}, "i": {"x": [0.5], "y": [0.5]}},
                         {"t": 59, "s": [380, 260]}]
json.dump({"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 480, "h": 360, "layers": [layer]}, open(sys.argv[2], "w"))
PY

grab() { xwd -silent -id "$win" | convert xwd:- "$out/$1.png"; }
# Mean brightness (0…1) of a region WxH+X+Y of a grab.
mean() { convert "$out/$1.png" -crop "$2" +repage -colorspace gray -format '%[fx:mean]' info:; }
# Pixels of region WxH+X+Y that differ by more than 2 % (of 255, any channel) between two
# images, compared on opaque RGB (a transparent PNG is composited over white first).
differing() {
    python3 - "$out/$1.png" "$out/$2.png" "$3" <<'PY'
import re, sys
import numpy as np
from PIL import Image
w, h, x, y = map(int, re.fullmatch(r"(\d+)x(\d+)\+(\d+)\+(\d+)", sys.argv[3]).groups())
def load(path):
    im = Image.open(path).convert("RGBA")
    white = Image.new("RGBA", im.size, (255, 255, 255, 255))
    return np.asarray(Image.alpha_composite(white, im).convert("RGB"), dtype=np.int16)[y:y + h, x:x + w]
a, b = load(sys.argv[1]), load(sys.argv[2])
if a.shape != b.shape: print(w * h); sys.exit()
print(int((np.abs(a - b).max(axis=2) > 5).sum()))
PY
}
# Escape closes the window on its press: no release is sent (the window may be gone by then).
close_window() { xdotool keydown --window "$win" Escape 2>/dev/null || true; }
finish() {
    local status=0
    wait "$pid" || status=$?
    [ "$status" -eq 0 ] || fail "layerplay exited with status $status"
}

# 1. The big Lottie fits the screen.
"$LAYERPLAY_BIN" play "$big" --duration 60 --verbose 2>"$out/log.txt" &
pid=$!
wait_for_named_window "big.json"
geometry=$(xdotool getwindowgeometry "$win" | sed -n 's/.*Geometry: //p')
close_window
finish
w=${geometry%x*}; h=${geometry#*x}
{ [ "$w" -le 1024 ] && [ "$h" -le 768 ]; } || fail "the 1334x1600 Lottie opened a ${geometry} window on a 1024x768 screen"
awk -v w="$w" -v h="$h" 'BEGIN { r = (w / h) / (1334 / 1600); exit !(r > 0.99 && r < 1.01 && h >= 760) }' \
    || fail "window ${geometry} does not keep 1334:1600 at the screen's height"
echo "$name: 1334x1600 Lottie opened at ${geometry}"

# 2–4. Controls on the document.
"$LAYERPLAY_BIN" play "$doc" --duration 60 --verbose 2>"$out/log.txt" &
pid=$!
wait_for_named_window "moving.json"
xdotool mousemove 0 0        # off the window: the bar hides after two idle seconds
sleep 2.6
grab idle
xdotool mousemove --window "$win" 240 100
sleep 0.4
grab moved
bar_region="480x40+0+320"
idle=$(mean idle "$bar_region"); moved=$(mean moved "$bar_region")
awk -v a="$idle" -v b="$moved" 'BEGIN { exit !(a > 0.9 && b < 0.45) }' \
    || fail "the bar did not appear after pointer motion (bottom strip brightness idle $idle, after motion $moved)"
grep -q 'play: control bar shown' "$out/log.txt" || fail "no 'control bar shown' in the log"
xdotool mousemove 0 0
sleep 2.4
grab playing1; sleep 1; grab playing2
content="480x320+0+0"
moving=$(differing playing1 playing2 "$content")
[ "$moving" -gt 500 ] || fail "the document does not move while playing ($moving pixels differ a second apart)"
xdotool windowfocus --sync "$win" 2>/dev/null || true
xdotool key --window "$win" space
sleep 2.4                    # the bar shown by nothing: keys do not show it, but wait it out
grab paused1; sleep 1; grab paused2
still=$(differing paused1 paused2 "480x360+0+0")
[ "$still" -eq 0 ] || fail "Space did not pause: $still pixels differ a second apart"
grep -Eq '^event t=[0-9.]+ key Space' "$out/log.txt" || fail "no Space in the log"
# The scrubber: a click at 30 % of the track, while paused.
x=$(awk 'BEGIN { x0 = 48; x1 = 480 - 6 - 66 - 6 - 50 - 6 - 50 - 6 - 84 - 10; printf "%d", x0 + 0.3 * (x1 - x0) }')
xdotool mousemove --window "$win" "$x" 340 click 1
sleep 0.6
grab seeked
# A drag along the scrubber from there to 70 % seeks as it goes (logged after the click's seek).
x2=$(awk 'BEGIN { x0 = 48; x1 = 480 - 6 - 66 - 6 - 50 - 6 - 50 - 6 - 84 - 10; printf "%d", x0 + 0.7 * (x1 - x0) }')
xdotool mousedown --window "$win" 1
for step in 1 2 3 4; do xdotool mousemove --window "$win" $(( x + (x2 - x) * step / 4 )) 340; sleep 0.1; done
xdotool mouseup --window "$win" 1
sleep 0.3
close_window
finish
seek=$(grep -Eo 'play: seek: time [0-9.]+ s, frame [0-9]+' "$out/log.txt" | head -n 1)
[ -n "$seek" ] || fail "the scrubber click logged no seek"
drags=$(grep -Ec '^event t=[0-9.]+ drag ' "$out/log.txt" || true)
last=$(grep -Eo 'play: seek: time [0-9.]+ s' "$out/log.txt" | tail -n 1 | sed -E 's/.*time ([0-9.]+) s/\1/')
[ "$drags" -ge 1 ] || fail "the drag along the scrubber reached the scene as no drag event"
awk -v t="$last" 'BEGIN { exit !(t > 2.5 && t < 3.0) }' || fail "a drag to 70 % of a 4 s document ended at $last s"
t=$(echo "$seek" | sed -E 's/.*time ([0-9.]+) s.*/\1/')
"$LAYERPLAY_BIN" render "$doc" --time "$t" --out "$out/render.png"
# Only the content above the bar counts; the window shows the document at its own size.
diff_pixels=$(differing seeked render "$content")
[ "$diff_pixels" -le 20 ] || fail "after the scrubber click at $t s the window differs from render's frame in $diff_pixels pixels"
awk -v t="$t" 'BEGIN { exit !(t > 0.5 && t < 2.0) }' || fail "a click at 30 % of a 4 s document sought to $t s"
echo "$name: bar after motion (bottom strip $idle → $moved), Space paused (0 pixels changed in 1 s, $moving while playing), scrubber → $t s matches render ($diff_pixels pixels differ), drag → $last s"

# 4b. The scrubber on a Lottie file, on a white background (B): render's frame over white.
"$LAYERPLAY_BIN" play "$small" --duration 60 --verbose 2>"$out/log.txt" &
pid=$!
wait_for_named_window "small.json"
xdotool windowfocus --sync "$win" 2>/dev/null || true
xdotool key --window "$win" space
xdotool key --window "$win" b
xdotool mousemove --window "$win" "$x" 340 click 1
sleep 0.6
grab lottie-seeked
close_window
finish
seek=$(grep -Eo 'play: seek: time [0-9.]+ s, frame [0-9]+' "$out/log.txt" | tail -n 1)
[ -n "$seek" ] || fail "the scrubber click on the Lottie file logged no seek"
t=$(echo "$seek" | sed -E 's/.*time ([0-9.]+) s.*/\1/')
"$LAYERPLAY_BIN" render "$small" --time "$t" --out "$out/lottie-render.png"
diff_pixels=$(differing lottie-seeked lottie-render "$content")
[ "$diff_pixels" -le 20 ] || fail "Lottie: after the scrubber click at $t s the window differs from render's frame in $diff_pixels pixels"
echo "$name: Lottie scrubber → $t s matches render over white ($diff_pixels pixels differ)"

# 5. Files: the drop step, a refused drop, PageDown.
rm -f "$out/dropped.png" "$out/refused.png"
cat > "$out/script.txt" <<SCRIPT
drop 1.5:$other
screenshot 2.5:$out/dropped.png
drop 3:$bad
screenshot 4:$out/refused.png
SCRIPT
"$LAYERPLAY_BIN" play "$doc" "$big" --duration 60 --verbose --script "$out/script.txt" 2>"$out/log.txt" &
pid=$!
wait_for_named_window "moving.json"
# The script's steps count from the first frame: wait for its last screenshot.
for _ in $(seq 100); do [ -f "$out/refused.png" ] && break; sleep 0.1; done
title=$(xdotool getwindowname "$win")
[ "$title" = "LayerKit — other.json (2/3)" ] || fail "after the drop the title is '$title'"
xdotool windowfocus --sync "$win" 2>/dev/null || true
xdotool key --window "$win" Next
sleep 0.5
title=$(xdotool getwindowname "$win")
[ "$title" = "LayerKit — big.json (3/3)" ] || fail "after PageDown the title is '$title'"
close_window
finish
pixel() { convert "$out/$1.png" -format "%[fx:int(255*p{$2,$3}.r)],%[fx:int(255*p{$2,$3}.g)],%[fx:int(255*p{$2,$3}.b)]" info:; }
[ "$(pixel dropped 240 150)" = "0,192,0" ] || fail "the dropped file is not shown: centre is $(pixel dropped 240 150)"
[ "$(pixel refused 240 150)" = "0,192,0" ] || fail "the refused drop replaced the last good file: centre is $(pixel refused 240 150)"
[ "$(pixel refused 400 10)" != "255,255,255" ] || fail "no refusal banner at the top of the window"
refusals=$(grep -c '^layerplay: bad.json: ' "$out/log.txt" || true)
[ "$refusals" -eq 1 ] || fail "expected one refusal line for bad.json on stderr, found $refusals"
grep '^layerplay: bad.json: ' "$out/log.txt" | grep -q 'nonsense' || fail "the refusal does not name the bad type"
echo "$name: drop opened other.json, bad.json refused on the banner (other.json kept), PageDown → big.json"
echo "$name: ok ($out)"
