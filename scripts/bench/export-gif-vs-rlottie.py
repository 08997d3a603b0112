#!/usr/bin/env python3
"""GIF export speed against rlottie's Python package (issue 30's yardstick): one Lottie sample
to GIF at the same size and the same frames by both, one run each, ours first, timed by the
wall clock and in CPU seconds (on a shared machine the wall clock counts others' work). rlottie's `save_animation` renders every frame with rlottie and hands them to Pillow's
GIF writer; ours is `layerplay export --fps F --size WxH` (frames rendered on every core).

    scripts/bench/export-gif-vs-rlottie.py [BIN] [--sample FILE] [--size WxH] [--fps F]
    (default BIN .build/release/layerplay, Boat_Loader.json at 400x480, 50 fps: GIF's cap
    in both, 740 frames)    needs: pip install rlottie-python
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

from PIL import Image

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
p = argparse.ArgumentParser()
p.add_argument("bin", nargs="?", default=os.path.join(root, ".build/release/layerplay"))
p.add_argument("--sample", default=os.path.join(root, "../shared/lottie/samples/Boat_Loader.json"))
p.add_argument("--size", default="400x480")
p.add_argument("--fps", type=int, default=50)
a = p.parse_args()
w, h = (int(v) for v in a.size.split("x"))
from rlottie_python import LottieAnimation  # noqa: E402

out = tempfile.mkdtemp(prefix="gif-bench-")
ours, theirs = os.path.join(out, "ours.gif"), os.path.join(out, "rlottie.gif")
import resource  # noqa: E402
def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
t0, c0 = time.monotonic(), cpu_children()
subprocess.run([a.bin, "export", a.sample, "--out", ours, "--size", a.size, "--fps", str(a.fps)], check=True,
               stdout=subprocess.DEVNULL)
t_ours, c_ours = time.monotonic() - t0, cpu_children() - c0
t0, c0 = time.monotonic(), time.process_time()
anim = LottieAnimation.from_file(a.sample)
anim.save_animation(theirs, fps=a.fps, width=w, height=h)
t_theirs, c_theirs = time.monotonic() - t0, time.process_time() - c0


def describe(path):
    im = Image.open(path)
    return f"{im.n_frames} frames {im.size[0]}x{im.size[1]}, {os.path.getsize(path)} bytes"


print(f"{os.path.basename(a.sample)} to GIF at {a.size}, {a.fps} fps, {os.cpu_count()} cores")
print(f"  layerplay export       {t_ours:6.2f} s wall {c_ours:6.2f} s CPU   {describe(ours)}")
print(f"  rlottie save_animation {t_theirs:6.2f} s wall {c_theirs:6.2f} s CPU   {describe(theirs)}")
print(f"  ours / rlottie: wall {t_ours / t_theirs:.2f}, CPU {c_ours / c_theirs:.2f}")
