#!/usr/bin/env python3
"""Playback frame cost of Lottie animations: layerplay against rlottie and ThorVG, on the
public samples of ../shared/lottie (their manifest's canvas sizes, scale 2), single thread,
in one run. A frame is the animation evaluated at one time and drawn into a buffer that
lives across frames; each renderer draws the same N frames spread evenly over the animation,
in sequence, after two warm-up frames. Prints one line per sample (medians in microseconds)
and the median over the samples every renderer timed.

Playback cost, as each player plays: layerplay times itself inside `bench`, which draws what
`play` draws — the render tree updated, its display list compared with the last frame's, and
only the damage cleared and redrawn over the previous frame (`LayerRenderer.renderFrame`).
With --full-redraw, layerplay is also timed clearing and redrawing the whole frame
(`bench --full-redraw`, the measure of builds before incremental `bench`), as
layerplay_full. The peers are timed as their C APIs play a frame (below).

Like for like: every renderer draws into one buffer of the canvas's pixel size that lives
across frames, and the timed span is the frame's own work. rlottie clears its surface itself before it draws
(a buffer prefilled with 0x00 or 0x7f comes back byte-identical), so its frame is one call
of the C API's lottie_animation_render on a reused buffer: the Python wrapper's method would
add a fresh zeroed buffer and a copy of it per frame. ThorVG (Engine(threads=0): no worker
threads) is set_frame, update, draw(clear) and sync through the C API with argument types
set once. What remains on the peers' side is a few ctypes calls per frame (about a
microsecond each). rlottie renders whole frames only (its API takes a frame number).

  pip install rlottie-python thorvg-python
  python3 scripts/bench/lottie-peers.py [--frames 30] [--only TEXT] [--bin .build/release/layerplay]
                                  [--baseline OLD_LAYERPLAY] [--full-redraw]

With --baseline, an older layerplay is timed too, right after the current one on each
sample, so a before/after comparison comes from the same run (with its own `bench`: an
older build's `bench` redraws whole frames).
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
CORPUS = os.path.join(HERE, "..", "..", "..", "shared", "lottie")


def median_us(times):
    return statistics.median(times) * 1e6


def time_rlottie(path, w, h, frames):
    import ctypes
    import rlottie_python as rl
    anim = rl.LottieAnimation.from_file(path)
    total = anim.lottie_animation_get_totalframe()
    lib = anim.rlottie_lib
    render = lib.lottie_animation_render
    render.argtypes = [type(anim.animation_p), ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
    render.restype = None
    buffer = (ctypes.c_uint32 * (w * h))()
    def frame(i):
        render(anim.animation_p, int(total * (i % frames) / frames), buffer, w, h, w * 4)
    frame(0); frame(frames // 2)
    out = []
    for i in range(frames):
        t0 = time.perf_counter(); frame(i); out.append(time.perf_counter() - t0)
    return median_us(out)


def time_thorvg(path, w, h, frames, engine):
    import ctypes
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
    # The wrapper's calls once each, which set the C functions' argument types; then the C API.
    anim.set_frame(0); canvas.update(); canvas.draw(True); canvas.sync()
    lib = canvas.thorvg_lib
    set_frame, update, draw, sync = lib.tvg_animation_set_frame, lib.tvg_canvas_update, lib.tvg_canvas_draw, lib.tvg_canvas_sync
    a, c = anim._animation, canvas._canvas
    def frame(i):
        set_frame(a, ctypes.c_float(total * (i % frames) / frames))
        update(c); draw(c, True); sync(c)
    frame(0); frame(frames // 2)
    out = []
    for i in range(frames):
        t0 = time.perf_counter(); frame(i); out.append(time.perf_counter() - t0)
    return median_us(out)


def time_ours(binary, path, size_arg, frames, full_redraw=False):
    r = subprocess.run([binary, "bench", path, "--frames", str(frames), "--size", size_arg, "--scale", "2"]
                       + (["--full-redraw"] if full_redraw else []),
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "exit %d" % r.returncode)
    return json.loads(r.stdout)["median_us"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=30)
    ap.add_argument("--only", default="")
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", ".build", "release", "layerplay"))
    ap.add_argument("--baseline", default="", help="an older layerplay to time in the same run")
    ap.add_argument("--full-redraw", action="store_true",
                    help="also time layerplay clearing and redrawing whole frames (layerplay_full)")
    a = ap.parse_args()
    manifest = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(manifest):
        print("lottie-peers.py: no corpus at %s" % CORPUS)
        return 0
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    names = (["layerplay"] + (["layerplay_full"] if a.full_redraw else []) + (["baseline"] if a.baseline else [])
             + ["rlottie", "thorvg"])
    timed = []
    for s in json.load(open(manifest))["samples"]:
        if a.only not in s["name"]:
            continue
        path = os.path.join(CORPUS, s["json"])
        w, h = s["pixel_width"], s["pixel_height"]
        line = {"sample": s["name"], "pixels": "%dx%d" % (w, h)}
        runs = {"layerplay": lambda: time_ours(a.bin, path, s["size_arg"], a.frames),
                "layerplay_full": lambda: time_ours(a.bin, path, s["size_arg"], a.frames, full_redraw=True),
                "baseline": lambda: time_ours(a.baseline, path, s["size_arg"], a.frames),
                "rlottie": lambda: time_rlottie(path, w, h, a.frames),
                "thorvg": lambda: time_thorvg(path, w, h, a.frames, engine)}
        for name in names:
            try:
                line[name + "_us"] = round(runs[name](), 1)
            except Exception as e:  # a renderer that cannot play the file: said, not timed
                line[name + "_error"] = str(e)[:120]
        if all(n + "_us" in line for n in names):
            timed.append(line)
        print(json.dumps(line), flush=True)
    # Medians over the samples every renderer timed, so that each median covers the same set.
    summary = {n + "_median_us": round(statistics.median(l[n + "_us"] for l in timed), 1) for n in names} if timed else {}
    print(json.dumps({"samples": len(timed), **summary}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
