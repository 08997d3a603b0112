#!/usr/bin/env python3
"""How many of the Lottie importer's animations are sampled frame by frame, and how long the
import takes, over a folder of Lottie files (default: ../shared/lottie/samples).

    python3 scripts/bench/lottie-sampled.py BIN [DIR] [--ios] [--runs N]

For every .json / .lottie file under DIR it runs `BIN inspect FILE` and counts, in the tree's
animations, the sampled ones: a value at every frame with linear steps between them
(`LottieKeyframeAnimation.sampled`: no `timingFunctions`, calculation mode linear), beside
all keyframe animations. The import time is the median over RUNS (default 3) of the wall time
of `BIN render FILE --time 0` summed over the files (import plus one frame; the frame is the
same before and after a change of the importer). Prints one line per file whose counts are
not zero, then the totals.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def files(root):
    for d, _, names in sorted(os.walk(root)):
        for n in sorted(names):
            if n.endswith((".json", ".lottie")):
                yield os.path.join(d, n)


def animations(layer):
    out = list(layer.get("animations", []))
    if "mask" in layer:
        stack = [layer["mask"]]
        while stack:
            m = stack.pop()
            out += m.get("animations", [])
            stack += m.get("sublayers", [])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("dir", nargs="?", default=os.path.join(os.path.dirname(__file__), "../../../shared/lottie/samples"))
    ap.add_argument("--ios", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    extra = ["--ios"] if a.ios else []
    total_sampled = total_keyframe = refused = 0
    paths = list(files(a.dir))
    for p in paths:
        r = subprocess.run([a.bin, "inspect", p] + extra, capture_output=True, text=True)
        if r.returncode != 0:
            refused += 1
            continue
        tree = json.loads(r.stdout)
        sampled = keyframe = 0
        for layer in tree["layers"]:
            for an in animations(layer):
                if an.get("class") != "CAKeyframeAnimation":
                    continue
                keyframe += 1
                if "timingFunctions" not in an and an.get("calculationMode") == "linear":
                    sampled += 1
        total_sampled += sampled
        total_keyframe += keyframe
        if sampled or keyframe:
            print(f"{os.path.relpath(p, a.dir)}: {sampled} sampled of {keyframe} keyframe animations")
    times = []
    with open(os.devnull, "w") as null:
        for _ in range(a.runs):
            start = time.monotonic()
            for p in paths:
                subprocess.run([a.bin, "render", p, "--time", "0", "--out", "/tmp/lottie-sampled-frame.png"] + extra,
                               stdout=null, stderr=null)
            times.append(time.monotonic() - start)
    print(f"total: {total_sampled} sampled of {total_keyframe} keyframe animations in {len(paths)} files "
          f"({refused} refused); render --time 0 of all: median {statistics.median(times):.2f} s over {a.runs} runs")


if __name__ == "__main__":
    sys.exit(main())
