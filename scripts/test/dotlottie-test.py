#!/usr/bin/env python3
"""dotLottie archives and markers on the command line: `.lottie` files made here with zipfile
in version 1 (`animations/`, `images/`) and version 2 (`a/`, `i/`, `t/`, `s/`, fonts and audio)
layouts, then

- `inspect` lists the manifest's animations, themes and state machines, the animation shown
  (the initial one by default, `--animation ID` another) and the markers;
- `render --animation` draws the animation asked for; an unknown id is refused in one line
  with exit 1 and no output file;
- `--marker NAME`: `render --time 0` and `--progress 0.5` are the frames at the marker's start
  and middle (the same pixels as `--frame` of those frames without it), `export` writes the
  marker's frames only, an unknown marker is refused in one line;
- `--theme ID` recolours through the slot its rule names; an unknown theme is refused;
- `play --once --marker first` in Xvfb (when there) holds the marker's last frame, not the
  animation's;
- `play --from/--to` that hold no frame, and `--marker` on a layer document, are refused in
  one line before any window opens.

    scripts/test/dotlottie-test.py [BIN]     (default: the debug build, built if needed)
"""
import json
import os
import subprocess
import sys
import tempfile
import zipfile

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from layerplay_test import binary, fail, failures  # noqa: E402


BIN = binary()
TMP = tempfile.mkdtemp(prefix="dotlottie-test-")


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True)


def animation(width, colour):
    """A `width`×100 animation at 30 fps, frames 0…60: a square of `colour` moving from x 0 to
    x 60, linearly, with markers "first" (0, 30 frames) and "second" (30, 30 frames); its fill
    colour is slot "fill" (the file has no slot of that id: themes give it)."""
    return {
        "v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": width, "h": 100,
        "markers": [{"cm": "first", "tm": 0, "dr": 30}, {"cm": "second", "tm": 30, "dr": 30}],
        "layers": [{
            "ty": 4, "nm": "Square", "ip": 0, "op": 60, "st": 0,
            "ks": {"p": {"a": 1, "k": [
                {"t": 0, "s": [20, 50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                {"t": 60, "s": [80, 50]}]}},
            "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                       {"ty": "fl", "c": {"a": 0, "k": colour + [1], "sid": "fill"}, "o": {"a": 0, "k": 100}}],
        }],
    }


def archive(name, entries):
    path = os.path.join(TMP, name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for p, data in entries.items():
            z.writestr(p, data if isinstance(data, (bytes, str)) else json.dumps(data))
    return path


v2 = archive("v2.lottie", {
    "manifest.json": {"version": "2", "generator": "dotlottie-test", "animations": [{"id": "red"}, {"id": "blue"}],
                      "themes": [{"id": "dark"}], "stateMachines": [{"id": "toggle"}], "initial": {"animation": "blue"}},
    "a/red.json": animation(120, [1, 0, 0]),
    "a/blue.json": animation(140, [0, 0, 1]),
    "t/dark.json": {"rules": [{"id": "fill", "type": "Color", "value": [1, 1, 0]}]},
    "s/toggle.json": {"initial": "a", "states": []},
    "f/font.ttf": b"\0\1\0\0",
    "u/click.mp3": b"\xff\xfb",
})
v1 = archive("v1.lottie", {
    "manifest.json": {"version": "1", "animations": [{"id": "only"}]},
    "animations/only.json": animation(160, [0, 1, 0]),
})


def inspect(path, *extra):
    p = run("inspect", path, *extra)
    if p.returncode != 0:
        fail(f"inspect {os.path.basename(path)} {' '.join(extra)}: exit {p.returncode}: {p.stderr.strip()}")
        return None
    return json.loads(p.stdout)


# inspect: the catalogue and the animation shown.
doc = inspect(v2)
if doc:
    d = doc.get("dotLottie", {})
    want = {"version": 2, "animation": "blue", "animations": ["red", "blue"], "themes": ["dark"], "stateMachines": ["toggle"]}
    if {k: d.get(k) for k in want} != want:
        fail(f"inspect v2: dotLottie {d}, expected {want}")
    if doc["width"] != 140:
        fail(f"inspect v2: width {doc['width']}, expected the initial animation's 140")
    if [m["name"] for m in doc.get("markers", [])] != ["first", "second"] or doc["markers"][1]["frame"] != 30:
        fail(f"inspect v2: markers {doc.get('markers')}")
doc = inspect(v2, "--animation", "red")
if doc and (doc["width"] != 120 or doc["dotLottie"]["animation"] != "red"):
    fail(f"inspect --animation red: width {doc['width']}, animation {doc['dotLottie']['animation']}")
doc = inspect(v1)
if doc and (doc["width"] != 160 or doc["dotLottie"]["version"] != 1):
    fail(f"inspect v1: width {doc['width']}, version {doc['dotLottie']['version']}")


def render(path, *extra):
    out = os.path.join(TMP, "r.png")
    if os.path.exists(out):
        os.remove(out)
    p = run("render", path, "--out", out, *extra)
    if p.returncode != 0:
        fail(f"render {' '.join(extra)}: exit {p.returncode}: {p.stderr.strip()}")
        return None
    return np.asarray(Image.open(out).convert("RGBA")).astype(int)


# --animation draws the one asked for.
img = render(v2, "--animation", "red", "--frame", "0")
if img is not None and (img.shape[1] != 120 or img[50, 20][0] < 200 or img[50, 20][2] > 50):
    fail(f"render --animation red: {img.shape[1]} wide, pixel {img[50, 20]}, expected red at 120 wide")

# --theme: the square turns yellow through its fill slot.
img = render(v2, "--theme", "dark", "--frame", "0")
if img is not None and not (img[50, 20][0] > 200 and img[50, 20][1] > 200 and img[50, 20][2] < 50):
    fail(f"render --theme dark: pixel {img[50, 20]}, expected yellow")
img = render(v2, "--frame", "0")
if img is not None and not (img[50, 20][2] > 200 and img[50, 20][0] < 50):
    fail(f"render without a theme: pixel {img[50, 20]}, expected blue")

# Refusals: one line, exit 1, no output.
for args, needle in [(["render", v2, "--animation", "green"], 'no animation "green"'),
                     (["render", v2, "--theme", "light"], 'no theme "light"'),
                     (["render", v2, "--marker", "third"], 'no marker "third"'),
                     (["render", "scripts/test/export-sample.json", "--marker", "first"], "are for Lottie files")]:
    out = os.path.join(TMP, "refused.png")
    p = run(*args, "--out", out)
    lines = p.stderr.strip().splitlines()
    if p.returncode != 1 or len(lines) != 1 or needle not in lines[0] or os.path.exists(out):
        fail(f"{' '.join(args[2:])}: exit {p.returncode}, stderr {lines}, expected one line with {needle!r}")

for args, needle in [(["play", v2, "--from", "50", "--to", "20"], "hold no frame"),
                     (["play", v2, "--from", "50%", "--marker", "first"], "not both"),
                     (["play", v2, "--to", "abc"], "expected a frame"),
                     (["play", "scripts/test/export-sample.json", "--marker", "first"], "are for Lottie files")]:
    p = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=60, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    lines = p.stderr.strip().splitlines()
    if p.returncode not in (1, 2) or len(lines) != 1 or needle not in lines[0]:
        fail(f"{' '.join(args[2:])}: exit {p.returncode}, stderr {lines}, expected one line with {needle!r}")

# --marker: time 0 is the marker's first frame, progress its middle.
for extra, frame in [(["--time", "0"], 30), (["--progress", "0.5"], 45), (["--frame", "40"], 40)]:
    a = render(v2, "--marker", "second", *extra)
    b = render(v2, "--frame", str(frame))
    if a is not None and b is not None and np.abs(a - b).max() > 0:
        fail(f"--marker second {' '.join(extra)} differs from --frame {frame} by {np.abs(a - b).max()}")
a, b = render(v2, "--marker", "second", "--time", "0"), render(v2, "--frame", "0")
if a is not None and b is not None and np.abs(a - b).max() == 0:
    fail("--marker second --time 0 draws frame 0: the marker's start was not applied")

# export --marker: the marker's 30 frames only.
folder = os.path.join(TMP, "frames")
p = run("export", v2, "--marker", "first", "--out", folder)
n = len([f for f in os.listdir(folder) if f.startswith("frame_")]) if os.path.isdir(folder) else 0
if p.returncode != 0 or n != 30:
    fail(f"export --marker first: exit {p.returncode}, {n} frames, expected 30 ({p.stderr.strip()})")


def play_grab(*extra):
    """The x of the square's centre in content points, once `play --once` has held its last
    frame (the content found as the checkerboard's box on the black screen), or None."""
    grab = os.path.join(TMP, "grab.png")
    script = f'SDL_VIDEODRIVER=x11 "$0" play "$1" --once {" ".join(extra)} & pid=$!; sleep 4; xwd -root -silent | convert xwd:- "$2"; kill $pid; wait $pid'
    subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 640x480x24", "sh", "-c", script, BIN, v2, grab],
                   capture_output=True, timeout=60)
    if not os.path.exists(grab):
        return None
    img = np.asarray(Image.open(grab).convert("RGB")).astype(int)
    os.remove(grab)
    content = np.argwhere(img.sum(axis=2) > 150)
    blue = np.argwhere((img[:, :, 2] > 200) & (img[:, :, 0] < 60) & (img[:, :, 1] < 60))
    if len(content) == 0 or len(blue) == 0:
        return None
    left, right = content[:, 1].min(), content[:, 1].max() + 1
    return (blue[:, 1].mean() - left) * 140 / (right - left)


if subprocess.run(["sh", "-c", "command -v xvfb-run && command -v xwd && command -v convert"], capture_output=True).returncode == 0:
    # The "first" marker (frames 0…30) ends near x 50; the whole animation at x 80.
    for extra, want in [(["--marker", "first"], 50), (["--from", "30", "--to", "45"], 65), ([], 80)]:
        x = play_grab(*extra)
        print(f"dotlottie-test: play --once {' '.join(extra)}: square held at x {x:.1f}" if x is not None else "dotlottie-test: play: no grab")
        if x is None or abs(x - want) > 5:
            fail(f"play --once {' '.join(extra)}: the square held at x {x}, expected about {want}")
else:
    print("dotlottie-test: play segments skipped (no xvfb-run, xwd or convert)")

if failures:
    sys.exit(1)
print("dotlottie-test: ok: version 1 and 2 archives, --animation, --theme, markers in inspect, render and export, refusals in one line")
