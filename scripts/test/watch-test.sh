#!/usr/bin/env bash
# `play --watch` in a real window under Xvfb: a document shows a blue square; 2.3 s in, its
# file is rewritten with a red square (the window must show red); 4.3 s in, with a refused
# document (a layer of unknown type): red must keep playing, a banner appears at the top, and
# stderr carries exactly one one-line refusal. Screenshots come from the player itself.
set -euo pipefail
cd "$(dirname "$0")/../.."

name=watch-test
source scripts/lib/xvfb-window.sh "$0" "$@"

doc="$out/live.json"
square() { printf '{"width":320,"height":240,"background":"#ffffff","layers":[{"type":"layer","name":"square","position":[160,140],"bounds":[0,0,120,120],"backgroundColor":"%s"}]}\n' "$1"; }
square "#0000ff" > "$doc.tmp" && mv "$doc.tmp" "$doc"

"$LAYERPLAY_BIN" play "$doc" --watch --duration 6.5 \
    --screenshot 1.5:"$out/blue.png" --screenshot 3.8:"$out/red.png" --screenshot 5.8:"$out/refused.png" \
    2>"$out/log.txt" &
pid=$!
sleep 2.3
square "#ff0000" > "$doc"
sleep 2.0
printf '{"width":320,"height":240,"layers":[{"type":"nonsense"}]}\n' > "$doc"

status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || fail "layerplay exited with status $status"

# The colour (R,G,B in 0…255) at a point of a screenshot.
pixel() { convert "$out/$1.png" -format "%[fx:int(255*p{$2,$3}.r)],%[fx:int(255*p{$2,$3}.g)],%[fx:int(255*p{$2,$3}.b)]" info:; }
for shot in blue red refused; do [ -f "$out/$shot.png" ] || fail "no screenshot $shot.png"; done
[ "$(pixel blue 160 140)" = "0,0,255" ] || fail "first version: centre is $(pixel blue 160 140), expected blue"
[ "$(pixel red 160 140)" = "255,0,0" ] || fail "rewritten file not shown: centre is $(pixel red 160 140), expected red"
[ "$(pixel refused 160 140)" = "255,0,0" ] || fail "the last good version stopped playing: centre is $(pixel refused 160 140)"
banner=$(pixel refused 300 10)
[ "$banner" != "255,255,255" ] || fail "no refusal banner at the top of the window"
refusals=$(grep -c 'reload refused' "$out/log.txt" || true)
[ "$refusals" -eq 1 ] || fail "expected one refusal line on stderr, found $refusals"
grep 'reload refused' "$out/log.txt" | grep -q 'nonsense' || fail "the refusal does not name the bad type"

echo "watch-test: ok: reloaded, refusal shown once, previous version kept ($out)"
