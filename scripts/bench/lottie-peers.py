#!/usr/bin/env python3
"""Frame cost of Lottie animations: layerplay against rlottie and ThorVG, on the public
samples of ../shared/lottie (their manifest's canvas sizes, scale 2) and on any Lottie files
or folders of them named on the command line (their own canvas size, scale 2), single
thread, in one run. A frame is the animation evaluated at one time and drawn into a buffer that
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

Each file is timed both ways: as played (`bench`) and redrawn whole (`bench --full-redraw`,
layerplay_full); the peers draw whole frames either way. Per file it prints the ratios
ours ÷ peer of both (full_thorvg, full_rlottie, played_thorvg, played_rlottie; below 1 is
faster), and at the end the medians over the files every renderer timed, the median of each
ratio and the five files with the worst full-redraw ratio to ThorVG.

  pip install rlottie-python thorvg-python
  python3 scripts/bench/lottie-peers.py [--frames 30] [--only TEXT] [--bin .build/release/layerplay]
                                  [--baseline OLD_LAYERPLAY] [--no-samples] [FILE_OR_FOLDER …]

With --baseline, an older layerplay is timed too, right after the current one on each
sample, both ways (baseline, baseline_full), so a before/after comparison comes from the same
run (an older build without `--full-redraw` redraws whole frames in both). `--full-redraw` is
accepted for older command lines (both ways are always timed). With --cpu-time every frame is
timed by the process's CPU clock (`bench --cpu-time`; the peers by time.process_time, the
few ctypes calls included): on a machine other work keeps busy, wall-clock frames count the
waits for a core, CPU time does not (a baseline build must have `--cpu-time` too).
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


# The clock the peers' frames are timed by: wall (perf_counter), or with --cpu-time the
# process's CPU time (process_time: CLOCK_PROCESS_CPUTIME_ID, as `bench --cpu-time` times
# ours), which a busy machine does not inflate with the time spent waiting for a core.
CLOCK = [time.perf_counter]


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
        t0 = CLOCK[0](); frame(i); out.append(CLOCK[0]() - t0)
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
        t0 = CLOCK[0](); frame(i); out.append(CLOCK[0]() - t0)
    return median_us(out)


def time_ours(binary, path, size_arg, frames, full_redraw=False, scale=2):
    r = subprocess.run([binary, "bench", path, "--frames", str(frames), "--size", size_arg, "--scale", str(scale)]
                       + (["--full-redraw"] if full_redraw else []) + (["--cpu-time"] if CLOCK[0] is time.process_time else []),
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "exit %d" % r.returncode)
    return json.loads(r.stdout)["median_us"]


MAX_FILES = 10_000   # files taken from the folders named on the command line


def lottie_files(paths):
    """(name, path, size_arg, pixel_width, pixel_height) of each Lottie file named or inside a
    named folder (*.json, *.lot; recursively, sorted): its own canvas size at scale 2."""
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in sorted(os.walk(p)):
                found += [os.path.join(root, n) for n in sorted(names) if n.endswith((".json", ".lot"))]
        else:
            found.append(p)
        if len(found) > MAX_FILES:
            raise SystemExit("lottie-peers.py: more than %d files under %s" % (MAX_FILES, p))
    out = []
    for f in found:
        try:
            with open(f, "rb") as fh:
                doc = json.loads(fh.read())
            w, h = float(doc["w"]), float(doc["h"])
            if not (0 < w <= 16384 and 0 < h <= 16384):
                raise ValueError("canvas %gx%g" % (w, h))
        except Exception as e:  # not a Lottie file: said, not timed
            print(json.dumps({"sample": f, "error": "not a Lottie file: %s" % str(e)[:80]}), flush=True)
            continue
        out.append((os.path.basename(f), f, "%gx%g" % (w, h), int(round(w * 2)), int(round(h * 2))))
    return out


def ratio(line, ours, peer):
    a, b = line.get(ours + "_us"), line.get(peer + "_us")
    return round(a / b, 3) if a and b else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", help="Lottie files or folders of them, timed after the samples")
    ap.add_argument("--frames", type=int, default=30)
    ap.add_argument("--only", default="")
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", ".build", "release", "layerplay"))
    ap.add_argument("--baseline", default="", help="an older layerplay to time in the same run")
    ap.add_argument("--full-redraw", action="store_true", help="accepted for older command lines: both ways are always timed")
    ap.add_argument("--no-samples", action="store_true", help="only the files named, not the public samples")
    ap.add_argument("--cpu-time", action="store_true",
                    help="time every renderer by the process's CPU clock (a busy machine's waits left out)")
    a = ap.parse_args()
    if a.cpu_time:
        CLOCK[0] = time.process_time
    if not 1 <= a.frames <= 10_000:
        raise SystemExit("lottie-peers.py: --frames must be within 1…10000")
    items = []
    manifest = os.path.join(CORPUS, "manifest.json")
    if not a.no_samples:
        if os.path.exists(manifest):
            for s in json.load(open(manifest))["samples"]:
                items.append((s["name"], os.path.join(CORPUS, s["json"]), s["size_arg"], s["pixel_width"], s["pixel_height"]))
        else:
            print("lottie-peers.py: no corpus at %s" % CORPUS)
    items += lottie_files(a.paths)
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    names = (["layerplay", "layerplay_full"] + (["baseline", "baseline_full"] if a.baseline else [])
             + ["rlottie", "thorvg"])
    timed = []
    for name, path, size_arg, w, h in items:
        if a.only not in name:
            continue
        line = {"sample": name, "pixels": "%dx%d" % (w, h)}
        runs = {"layerplay": lambda: time_ours(a.bin, path, size_arg, a.frames),
                "layerplay_full": lambda: time_ours(a.bin, path, size_arg, a.frames, full_redraw=True),
                "baseline": lambda: time_ours(a.baseline, path, size_arg, a.frames),
                "baseline_full": lambda: time_ours_or_whole(a.baseline, path, size_arg, a.frames),
                "rlottie": lambda: time_rlottie(path, w, h, a.frames),
                "thorvg": lambda: time_thorvg(path, w, h, a.frames, engine)}
        for n in names:
            try:
                line[n + "_us"] = round(runs[n](), 1)
            except Exception as e:  # a renderer that cannot play the file: said, not timed
                line[n + "_error"] = str(e)[:120]
        for key, ours, peer in RATIOS:
            r = ratio(line, ours, peer)
            if r is not None:
                line[key] = r
        if all(n + "_us" in line for n in names):
            timed.append(line)
        print(json.dumps(line), flush=True)
    # Medians over the files every renderer timed, so that each median covers the same set.
    if not timed:
        print(json.dumps({"samples": 0}))
        return 0
    summary = {"samples": len(timed)}
    summary.update({n + "_median_us": round(statistics.median(l[n + "_us"] for l in timed), 1) for n in names})
    for key, ours, peer in RATIOS:
        summary["median_of_medians_" + key] = round(summary[ours + "_median_us"] / summary[peer + "_median_us"], 3)
        summary["median_ratio_" + key] = round(statistics.median(l[key] for l in timed), 3)
    summary["below_thorvg_full"] = sum(1 for l in timed if l["full_thorvg"] < 1)
    summary["below_both_played"] = sum(1 for l in timed if l["played_thorvg"] < 1 and l["played_rlottie"] < 1)
    print(json.dumps(summary))
    worst = sorted(timed, key=lambda l: -l["full_thorvg"])[:5]
    print(json.dumps({"worst_full_thorvg": [{"sample": l["sample"], "full_thorvg": l["full_thorvg"],
                                             "layerplay_full_us": l["layerplay_full_us"], "thorvg_us": l["thorvg_us"]}
                                            for l in worst]}))
    return 0


RATIOS = [("full_thorvg", "layerplay_full", "thorvg"), ("full_rlottie", "layerplay_full", "rlottie"),
          ("played_thorvg", "layerplay", "thorvg"), ("played_rlottie", "layerplay", "rlottie")]


def time_ours_or_whole(binary, path, size_arg, frames):
    """An older build's full redraw: `--full-redraw` if it has it, else its `bench` (whole frames)."""
    try:
        return time_ours(binary, path, size_arg, frames, full_redraw=True)
    except RuntimeError as e:
        if "full-redraw" not in str(e):
            raise
        return time_ours(binary, path, size_arg, frames)


if __name__ == "__main__":
    sys.exit(main())
