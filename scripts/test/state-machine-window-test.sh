#!/usr/bin/env bash
# A dotLottie state machine driven by the real mouse in `play` (Xvfb, SDL's x11 driver,
# xdotool, xwd), on toggle.lottie (scripts/lib/state_machine_fixture.py):
#  1. `play --state-machine switch` opens with the state in the title ("state: off") and the
#     button red (the "off" segment);
#  2. a real click on the button moves the machine to "on": the title says so and the button
#     turns green (the "on" segment);
#  3. a click on the backdrop changes nothing; a second click on the button goes back to "off"
#     (red again);
#  4. on switching.lottie, whose "on" state names the archive's second animation, a click on
#     the button shows that animation: "animation: second" in the title, its blue square at
#     the centre and the button gone;
#  5. on drag.lottie (a DragAndDrop on the button's position slot), the real mouse pressed on
#     the button, moved with the button held and released over the backdrop docks the button
#     at the zone's snap point: state "docked" in the title, the backdrop yellow (its state
#     slot) and the button where it docked.
set -euo pipefail
cd "$(dirname "$0")/../.."
name=state-machine-window-test
source scripts/lib/xvfb-window.sh "$0" "$@"

archive="$out/toggle.lottie"
python3 scripts/lib/state_machine_fixture.py "$archive"

# Plays archive $1 with its machine "switch"; waits for its window and reads its size (W, H).
launch() {
  "$LAYERPLAY_BIN" play "$1" --state-machine switch --duration 60 --verbose 2>"$out/log.txt" &
  pid=$!
  wait_for_named_window "$(basename "$1")"
  read -r W H < <(xdotool getwindowgeometry "$win" | sed -n 's/.*Geometry: \([0-9]*\)x\([0-9]*\).*/\1 \2/p')
}
# Presses Escape and checks that layerplay exits with status 0.
quit() {
  xdotool keydown --window "$win" Escape 2>/dev/null || true
  status=0
  wait "$pid" || status=$?
  [ "$status" -eq 0 ] || fail "layerplay exited with status $status"
}
launch "$archive"
grab() { xwd -silent -id "$win" | convert xwd:- "$out/$1.png"; }
pixel() { convert "$out/$1.png" -format "%[fx:int(255*p{$2,$3}.r)],%[fx:int(255*p{$2,$3}.g)],%[fx:int(255*p{$2,$3}.b)]" info:; }
# The content (200 × 200 points) is fitted into the window, centred.
at() { awk -v W="$W" -v H="$H" -v x="$1" -v y="$2" 'BEGIN { s = (W / 200 < H / 200) ? W / 200 : H / 200;
    printf "%d %d\n", (W - 200 * s) / 2 + x * s, (H - 200 * s) / 2 + y * s }'; }
wait_title() {
    for _ in $(seq 50); do
        title=$(xdotool getwindowname "$win")
        case "$title" in *"$1"*) return 0 ;; esac
        sleep 0.1
    done
    fail "the title is '$title', expected it to contain '$1'"
}
colour_at() { grab "$1"; read -r px py < <(at 60 40); pixel "$1" "$px" "$py"; }

wait_title "state: off"
sleep 0.6
[ "$(colour_at off)" = "255,0,0" ] || fail "in state off the button is $(colour_at off), expected red"
read -r bx by < <(at 60 60)
xdotool mousemove --window "$win" "$bx" "$by" click 1
wait_title "state: on"
sleep 0.6
[ "$(colour_at on)" = "0,204,0" ] || fail "after the click (state on) the button is $(colour_at on), expected green"
read -r dx dy < <(at 150 150)
xdotool mousemove --window "$win" "$dx" "$dy" click 1
sleep 0.4
title=$(xdotool getwindowname "$win")
case "$title" in *"state: on"*) ;; *) fail "a click on the backdrop changed the state: '$title'" ;; esac
xdotool mousemove --window "$win" "$bx" "$by" click 1
wait_title "state: off"
sleep 0.6
[ "$(colour_at back)" = "255,0,0" ] || fail "after the second click (state off) the button is $(colour_at back), expected red"
quit

switching="$out/switching.lottie"
python3 -c 'import sys; sys.path.insert(0, "scripts/lib"); import state_machine_fixture as f; f.write(sys.argv[1], machine=f.SWITCHING, second=True)' "$switching"
launch "$switching"
wait_title "state: off"
sleep 0.6
[ "$(colour_at first)" = "255,0,0" ] || fail "switching.lottie in state off: the button is $(colour_at first), expected red"
read -r bx by < <(at 60 60)
xdotool mousemove --window "$win" "$bx" "$by" click 1
wait_title "animation: second"
sleep 0.6
grab second
read -r cx cy < <(at 100 100)
[ "$(pixel second "$cx" "$cy")" = "0,0,255" ] || fail "in the second animation the centre is $(pixel second "$cx" "$cy"), expected its blue square"
read -r px py < <(at 40 40)
case "$(pixel second "$px" "$py")" in 255,0,0|0,204,0) fail "the first animation's button still shows in the second animation" ;; esac
quit

dragging="$out/drag.lottie"
python3 -c 'import sys; sys.path.insert(0, "scripts/lib"); import state_machine_fixture as f; f.write(sys.argv[1], machine=f.DRAG, animation=f.DRAGGABLE)' "$dragging"
launch "$dragging"
wait_title "state: free"
sleep 0.4
read -r bx by < <(at 60 60)
read -r mx my < <(at 100 100)
read -r zx zy < <(at 150 150)
xdotool mousemove --window "$win" "$bx" "$by" mousedown 1
sleep 0.2
xdotool mousemove --window "$win" "$mx" "$my"
sleep 0.2
xdotool mousemove --window "$win" "$zx" "$zy"
sleep 0.2
xdotool mouseup 1
wait_title "state: docked"
sleep 0.4
grab docked
read -r yx yy < <(at 135 130)
[ "$(pixel docked "$yx" "$yy")" = "255,255,0" ] || fail "after the drop the backdrop is $(pixel docked "$yx" "$yy"), expected yellow (the docked state's slot)"
read -r kx ky < <(at 125 25)
[ "$(pixel docked "$kx" "$ky")" = "255,0,0" ] || fail "after the drop the button is not at the zone's snap point: $(pixel docked "$kx" "$ky") at 125, 25"
quit
echo "$name: off (red) → click → on (green) → backdrop click, still on → click → off (red); title followed; a state naming the second animation shows it; a real drag docks the button and the docked state recolours the backdrop"
