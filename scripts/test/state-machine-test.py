#!/usr/bin/env python3
"""dotLottie state machines and dynamic properties on the command line, on toggle.lottie
(scripts/lib/state_machine_fixture.py: a red button that turns green in its "on" segment):

- `render --state-machine` shows the initial state's segment ("off", held at its frame 10 after
  a second: the button red) and prints the state on stderr;
- `--click T:X,Y` on the button toggles to "on" (frame 40 a second later at speed 2: green);
  a click on the backdrop changes nothing; `--input on=true` does what the click does;
  `inspect --state-machine` prints the tree at the state's frame;
- a state naming another animation of the archive ("second", in switching.lottie) shows it
  after the click, at its own frames (124 half a second in at 60 fps), the first one hidden;
  a slot of that animation declared by the state takes its value there (the disc yellow);
- refusals, one line each and no output file: an unknown input, a value of the wrong type,
  an unknown state machine, `--input` without `--state-machine`, `--click` on a Lottie file
  without one, a state machine with a marker, a malformed state machine in the archive;
- `--press`, `--drag`, `--release` drag the button of drag.lottie (a DragAndDrop on its
  position slot) and dock it on the backdrop, whose colour a state slot then changes;
- `--value` recolours what its key path names (the backdrop red), `--text` on a file without
  text warns, `inspect --keypaths` lists the layers and properties, a key path that matches
  nothing warns in one line, a malformed key path or value is refused in one line.

    scripts/test/state-machine-test.py [BIN]     (default: the debug build, built if needed)
"""
import os
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from layerplay_test import binary, fail, failures  # noqa: E402
import state_machine_fixture  # noqa: E402

BIN = binary()
TMP = tempfile.mkdtemp(prefix="state-machine-test-")
ARCHIVE = os.path.join(TMP, "toggle.lottie")
state_machine_fixture.write(ARCHIVE)
RED, GREEN, BLUE = (255, 0, 0, 255), (0, 204, 0, 255), (0, 0, 255, 255)


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=120)


def render(*args, expect_state=None, button=None, backdrop=None):
    out = os.path.join(TMP, "out.png")
    if os.path.exists(out):
        os.remove(out)
    p = run("render", ARCHIVE, "--out", out, *args)
    what = " ".join(args)
    if p.returncode != 0:
        fail(f"render {what}: exit {p.returncode}: {p.stderr.strip()}")
        return
    if expect_state and expect_state not in p.stderr:
        fail(f"render {what}: expected {expect_state!r} on stderr, got {p.stderr.strip()!r}")
    im = Image.open(out).convert("RGBA")
    if button and im.getpixel((60, 60)) != button:
        fail(f"render {what}: button {im.getpixel((60, 60))}, expected {button}")
    if backdrop and im.getpixel((150, 150)) != backdrop:
        fail(f"render {what}: backdrop {im.getpixel((150, 150))}, expected {backdrop}")


def refused(args, code, words, archive=ARCHIVE):
    out = os.path.join(TMP, "refused.png")
    if os.path.exists(out):
        os.remove(out)
    p = run("render", archive, "--out", out, *args)
    lines = p.stderr.strip().splitlines()
    if p.returncode != code or len(lines) != 1 or words not in lines[0] or os.path.exists(out):
        fail(f"render {' '.join(args)}: expected exit {code} and one line with {words!r}; got {p.returncode}: {p.stderr.strip()!r}")


# Playback states, clicks and inputs.
render("--state-machine", "switch", "--time", "1", expect_state='state "off" at frame 10', button=RED, backdrop=BLUE)
render("--state-machine", "", "--time", "1", "--click", "0.5:60,60", expect_state='state "on" at frame 40', button=GREEN)
render("--state-machine", "switch", "--time", "1", "--click", "0:150,150", expect_state='state "off" at frame 10', button=RED)
render("--state-machine", "switch", "--time", "2", "--click", "0.2:60,60", "--click", "1:60,60",
       expect_state='state "off" at frame 10', button=RED)
render("--state-machine", "switch", "--input", "on=true", "--time", "0.1", expect_state='state "on" at frame 36', button=GREEN)
p = run("inspect", ARCHIVE, "--state-machine", "", "--input", "on=true", "--time", "0")
if p.returncode != 0 or 'state "on" at frame 30' not in p.stderr or '"layers"' not in p.stdout:
    fail(f"inspect --state-machine: exit {p.returncode}, stderr {p.stderr.strip()!r}")

# Refusals.
refused(["--state-machine", "switch", "--input", "nope=1"], 1, 'input "nope": the state machine has no such input')
refused(["--state-machine", "switch", "--input", "on=maybe"], 1, "expected true or false")
refused(["--state-machine", "other"], 1, 'no state machine "other"')
refused(["--input", "on=true"], 2, "give --state-machine")
refused(["--click", "0:1,1"], 2, "--click is for --demo")
refused(["--state-machine", "switch", "--marker", "on"], 1, "not both")
broken = os.path.join(TMP, "broken.lottie")
state_machine_fixture.write(broken, machine={"initial": "nowhere", "states": [{"name": "a", "type": "PlaybackState"}]})
refused(["--state-machine", "switch"], 1, 's/switch.json: initial: no state "nowhere"', archive=broken)

# A state naming another animation of the archive switches to it: a click on the button
# enters "on", which shows "second" (its blue square at the centre, the button gone).
switching = os.path.join(TMP, "switching.lottie")
state_machine_fixture.write(switching, machine=state_machine_fixture.SWITCHING, second=True)
out = os.path.join(TMP, "switching.png")
p = run("render", switching, "--out", out, "--state-machine", "switch", "--click", "0.1:60,60", "--time", "0.5")
if p.returncode != 0 or 'state "on" at frame 124 of animation "second"' not in p.stderr:
    fail(f"a state naming another animation: expected state \"on\" at frame 124 of \"second\", got {p.returncode}: {p.stderr.strip()!r}")
else:
    im = Image.open(out).convert("RGBA")
    if im.getpixel((100, 100)) != BLUE or im.getpixel((40, 40))[3] != 0:
        fail(f"a state naming another animation: centre {im.getpixel((100, 100))}, button {im.getpixel((40, 40))}; expected the second animation only")
# Its state's slots apply to it (a slot of the second animation): the disc turns yellow.
state_machine_fixture.write(switching, machine=state_machine_fixture.SWITCHING_SLOTS, second=state_machine_fixture.SECOND_SLOTTED)
p = run("render", switching, "--out", out, "--state-machine", "switch", "--click", "0.1:60,60", "--time", "0.5")
if p.returncode != 0 or Image.open(out).convert("RGBA").getpixel((100, 100)) != (255, 255, 0, 255):
    fail(f"a state's slots on another animation: expected the disc yellow, got {p.returncode}: {p.stderr.strip()!r}")

# Dragging: --press on the button, --drag with the button held moves it (its slot), --release
# over the backdrop docks it at the zone's snap point (100, 0) and the state entered turns
# the backdrop yellow (a state slot); a release elsewhere leaves it where it was let go.
dragging = os.path.join(TMP, "drag.lottie")
state_machine_fixture.write(dragging, machine=state_machine_fixture.DRAG, animation=state_machine_fixture.DRAGGABLE)
for steps, state, at, gone, backdrop in [
        (["--press", "0:60,60", "--drag", "0.1:40,140"], "free", (20, 120), (60, 60), BLUE),
        (["--press", "0:60,60", "--drag", "0.1:150,150", "--release", "0.2:150,150"], "docked", (120, 20), (30, 30), (255, 255, 0, 255))]:
    out = os.path.join(TMP, "drag.png")
    p = run("render", dragging, "--out", out, "--state-machine", "switch", "--time", "0.5", *steps)
    if p.returncode != 0 or f'state "{state}"' not in p.stderr:
        fail(f"drag {' '.join(steps)}: expected state {state!r}, got {p.returncode}: {p.stderr.strip()!r}")
        continue
    im = Image.open(out).convert("RGBA")
    # The button's top-left corner moved by the drag: (20, 20) + (x, y) - (60, 60).
    if im.getpixel((at[0] + 5, at[1] + 5)) != RED or im.getpixel(gone)[3] != 0 or im.getpixel((175, 175)) != backdrop:
        fail(f"drag {' '.join(steps)}: button {im.getpixel((at[0] + 5, at[1] + 5))} at {at}, {im.getpixel(gone)} at {gone}, backdrop {im.getpixel((175, 175))}")
refused(["--state-machine", "switch", "--drag", "0.1:1"], 2, "--drag 0.1:1: expected T:X,Y", archive=dragging)

# Dynamic properties.
render("--value", "Backdrop.Fill.Color=#FF0000", backdrop=RED, button=RED)
render("--value", "**.Fill.Color=#0000FF", "--time", "1", backdrop=BLUE, button=BLUE)
p = run("inspect", ARCHIVE, "--keypaths")
paths = p.stdout.splitlines()
for want in ["Button", "Button.Transform.Position", "Button.Rect.Size", "Button.Fill.Color", "Backdrop.Fill.Opacity"]:
    if want not in paths:
        fail(f"inspect --keypaths: no {want!r} in {paths[:12]}")
p = run("render", ARCHIVE, "--out", os.path.join(TMP, "w.png"), "--value", "Nothing.Color=#FF0000", "--text", "**=Hi")
warnings = [l for l in p.stderr.splitlines() if "matches no" in l]
if p.returncode != 0 or len(warnings) != 2:
    fail(f"a key path matching nothing: expected exit 0 and two warnings, got {p.returncode}: {p.stderr.strip()!r}")
refused(["--value", "Button..Color=#FF0000"], 2, "an empty component")
refused(["--value", "Button.Fill.Color=#FF00"], 2, "expected a colour")
refused(["--value", "Button.Fill.Color"], 2, "expected KEYPATH=VALUE")

if failures:
    sys.exit(1)
print(f"state-machine-test: states, clicks, inputs, inspect, refusals, a state switching the animation, drags with state slots and dynamic properties as expected")
