#!/usr/bin/env python3
"""Byte-compare the frames two layerplay builds (or one build with two sets of options) render.

Renders frames at progress 0.13, 0.5 and 0.87 of every Lottie file under the given folders
(default: ../shared/lottie/samples and ../shared/lottie-ae/samples) with `layerplay render
--progress P` through binary A and binary B, and prints, per frame that differs, the number of
pixels that differ and the largest difference in one channel; then the totals. Exit status 1
when a frame differs by more than --tolerance (default 0: byte for byte) or one renders and
the other does not.

  python3 scripts/test/render-compare.py BIN_A BIN_B [--a-args=…] [--b-args=…] [--size WxH]
                                         [--tolerance N] [--only TEXT] [FOLDER_OR_FILE …]

Bands against one thread: `render-compare.py B B --b-args=--threads=2 --size 3840x2160`.
"""
import argparse
import os
import shlex
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared"))
PROGRESS = ("0.13", "0.5", "0.87")


def files(paths):
    out = []
    for p in paths:
        if os.path.isfile(p):
            out.append(p)
            continue
        for root, _, names in os.walk(p):
            out += [os.path.join(root, n) for n in sorted(names) if n.endswith(".json") and n != "manifest.json"]
    return sorted(out)


def render(binary, extra, path, progress, size, out):
    cmd = [binary, "render", path, "--progress", progress, "--out", out] + extra
    if size:
        cmd += ["--size", size, "--scale", "1"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return r.returncode == 0 and os.path.exists(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--a-args", default="")
    ap.add_argument("--b-args", default="")
    ap.add_argument("--size", default="")
    ap.add_argument("--tolerance", type=int, default=0)
    ap.add_argument("--only", default="")
    a = ap.parse_intermixed_args()
    if not 0 <= a.tolerance <= 255:
        raise SystemExit("render-compare.py: --tolerance must be within 0…255")
    paths = a.paths or [os.path.join(SHARED, "lottie", "samples"), os.path.join(SHARED, "lottie-ae", "samples")]
    extra_a, extra_b = shlex.split(a.a_args), shlex.split(a.b_args)
    frames = same = differ = failed = 0
    worst = 0
    with tempfile.TemporaryDirectory() as tmp:
        pa, pb = os.path.join(tmp, "a.png"), os.path.join(tmp, "b.png")
        for path in files(paths):
            if a.only not in path:
                continue
            for p in PROGRESS:
                for f in (pa, pb):
                    if os.path.exists(f):
                        os.remove(f)
                ok_a = render(a.a, extra_a, path, p, a.size, pa)
                ok_b = render(a.b, extra_b, path, p, a.size, pb)
                frames += 1
                if not ok_a and not ok_b:
                    continue
                if ok_a != ok_b:
                    failed += 1
                    print(f"{path} @{p}: rendered by {'A' if ok_a else 'B'} only")
                    continue
                x = np.asarray(Image.open(pa).convert("RGBA"), dtype=np.int16)
                y = np.asarray(Image.open(pb).convert("RGBA"), dtype=np.int16)
                if x.shape != y.shape:
                    failed += 1
                    print(f"{path} @{p}: sizes {x.shape} and {y.shape}")
                    continue
                d = np.abs(x - y)
                m = int(d.max())
                if m == 0:
                    same += 1
                    continue
                differ += 1
                worst = max(worst, m)
                n = int((d.max(axis=2) > 0).sum())
                print(f"{path} @{p}: {n} pixels differ, at most {m} in a channel")
    print(f"{frames} frames: {same} identical, {differ} differ (at most {worst} in a channel), {failed} failed")
    return 1 if failed or worst > a.tolerance else 0


if __name__ == "__main__":
    sys.exit(main())
