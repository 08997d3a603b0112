#!/usr/bin/env python3
"""Playback frame cost of Lottie animations: layerplay against rlottie and ThorVG, on the
public samples of ../shared/lottie (their manifest's canvas sizes, scale 2), single thread,
in one run. A frame is the animation evaluated at one time and drawn into a cleared buffer;
each renderer draws the same N frames spread evenly over the animation after two warm-up
frames. Prints one line per sample (medians in microseconds) and the median over the set.

  pip install rlottie-python thorvg-python
  python3 scripts/lottie-peers.py [--frames 30] [--only TEXT] [--bin .build/release/layerplay]
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "shared", "lottie")


def median_us(times):
    return statistics.median(times) * 1e6


def time_rlottie(path, w, h, frames):
    import rlottie_python as rl
    anim = rl.LottieAnimation.from_file(path)
    total = anim.lottie_animation_get_totalframe()
    def frame(i):
        anim.lottie_animation_render(frame_num=int(total * (i % frames) / frames), width=w, height=h)
    frame(0); frame(frames // 2)
    out = []
    for i in range(frames):
        t0 = time.perf_counter(); frame(i); out.append(time.perf_counter() - t0)
    return median_us(out)


def time_thorvg(path, w, h, frames, engine):
    import thorvg_python as tvg
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h)
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    pic.load(path)
    pic.set_size(w, h)
    canvas.add(pic)
    total = anim.get_total_frame()
    if isinstance(total, tuple):   # (result, value) from the binding
        total = total[-1]
    def frame(i):
        anim.set_frame(total * (i % frames) / frames)
        canvas.update(); canvas.draw(True); canvas.sync()
    frame(0); frame(frames // 2)
    out = []
    for i in range(frames):
        t0 = time.perf_counter(); frame(i); out.append(time.perf_counter() - t0)
    return median_us(out)


def time_ours(binary, path, size_arg, frames):
    r = subprocess.run([binary, "bench", path, "--frames", str(frames), "--size", size_arg, "--scale", "2"],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "exit %d" % r.returncode)
    return json.loads(r.stdout)["median_us"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=30)
    ap.add_argument("--only", default="")
    ap.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release", "layerplay"))
    a = ap.parse_args()
    manifest = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(manifest):
        print("lottie-peers.py: no corpus at %s" % CORPUS)
        return 0
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    rows = {"layerplay": [], "rlottie": [], "thorvg": []}
    for s in json.load(open(manifest))["samples"]:
        if a.only not in s["name"]:
            continue
        path = os.path.join(CORPUS, s["json"])
        w, h = s["pixel_width"], s["pixel_height"]
        line = {"sample": s["name"], "pixels": "%dx%d" % (w, h)}
        for name, fn in (("layerplay", lambda: time_ours(a.bin, path, s["size_arg"], a.frames)),
                         ("rlottie", lambda: time_rlottie(path, w, h, a.frames)),
                         ("thorvg", lambda: time_thorvg(path, w, h, a.frames, engine))):
            try:
                v = fn()
                rows[name].append(v)
                line[name + "_us"] = round(v, 1)
            except Exception as e:  # a renderer that cannot play the file: said, not timed
                line[name + "_error"] = str(e)[:120]
        print(json.dumps(line), flush=True)
    summary = {k + "_median_us": round(statistics.median(v), 1) for k, v in rows.items() if v}
    print(json.dumps({"samples": len(rows["layerplay"]), **summary}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
