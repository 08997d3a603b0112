#!/usr/bin/env python3
"""Full-window 4K Lottie frames: every public sample of ../shared/lottie (and any Lottie files
or folders named) drawn aspect-fit into a 3840 × 2160 pixel window (`bench --size 3840x2160
--scale 1 --full-redraw`: every frame cleared and drawn whole), single thread and in bands
over two threads (`--threads 2`, BandedRasterizer.swift), one after the other per file.
Prints one line per file (median µs of each), then the medians, the slowest five single-thread
frames and how many files keep a frame within the 60 Hz budget (16.7 ms).

With --cpu-time the single-thread frames are timed again by the process's CPU clock
(`bench --cpu-time`, cpu_us): what a frame costs a core, whatever else the machine runs; and
the two-thread frames too: their CPU summed over the threads (cpu2_us) and the calling
thread's own (thread2_us: the frame's serial work and its band). On an idle machine a
two-thread frame takes about the larger of thread2_us and cpu2_us − thread2_us; their ratio to
cpu_us is printed as split_ratio (a model for a busy machine, where the wall clock cannot say).
--size draws at another window size (1920x1080, 2560x1440 …).

  python3 scripts/bench/lottie-4k.py [--frames 10] [--bin .build/release/layerplay] [--only TEXT]
                                     [--cpu-time] [--size WxH] [--no-samples] [FILE_OR_FOLDER …]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from importlib import import_module
peers = import_module("lottie-peers")

BUDGET_US = 1e6 / 60


def bench(binary, path, frames, threads, cpu=False, size="3840x2160", whole=False):
    r = subprocess.run([binary, "bench", path, "--frames", str(frames), "--size", size, "--scale", "1",
                        "--full-redraw", "--threads", str(threads)] + (["--cpu-time"] if cpu else []),
                       capture_output=True, text=True, timeout=900)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "exit %d" % r.returncode)
    line = json.loads(r.stdout)
    return line if whole else line["median_us"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--frames", type=int, default=10)
    ap.add_argument("--only", default="")
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", ".build", "release", "layerplay"))
    ap.add_argument("--no-samples", action="store_true")
    ap.add_argument("--size", default="3840x2160", help="the window in pixels (default 3840x2160)")
    ap.add_argument("--cpu-time", action="store_true",
                    help="also time the single-thread frames by the process's CPU clock (cpu_us): a busy machine's waits left out")
    a = ap.parse_args()
    if not 1 <= a.frames <= 10_000:
        raise SystemExit("lottie-4k.py: --frames must be within 1…10000")
    items = []
    manifest = os.path.join(peers.CORPUS, "manifest.json")
    if not a.no_samples and os.path.exists(manifest):
        items += [(s["name"], os.path.join(peers.CORPUS, s["json"])) for s in json.load(open(manifest))["samples"]]
    items += [(n, p) for n, p, _, _, _ in peers.lottie_files(a.paths)]
    lines = []
    for name, path in items:
        if a.only not in name:
            continue
        line = {"sample": name}
        for t in (1, 2):
            try:
                line["threads%d_us" % t] = round(bench(a.bin, path, a.frames, t, size=a.size), 1)
            except Exception as e:
                line["threads%d_error" % t] = str(e)[:120]
        if a.cpu_time:
            try:
                line["cpu_us"] = round(bench(a.bin, path, a.frames, 1, cpu=True, size=a.size), 1)
                two = bench(a.bin, path, a.frames, 2, cpu=True, size=a.size, whole=True)
                line["cpu2_us"] = round(two["median_us"], 1)
                line["thread2_us"] = round(two["thread_cpu_median_us"], 1)
                line["split_ratio"] = round(max(line["thread2_us"], line["cpu2_us"] - line["thread2_us"]) / line["cpu_us"], 3)
            except Exception as e:
                line["cpu_error"] = str(e)[:120]
        if "threads1_us" in line and "threads2_us" in line:
            line["two_threads_ratio"] = round(line["threads2_us"] / line["threads1_us"], 3)
            lines.append(line)
        print(json.dumps(line), flush=True)
    if not lines:
        return 0
    one = [l["threads1_us"] for l in lines]
    print(json.dumps({"samples": len(lines), "threads1_median_us": round(statistics.median(one), 1),
                      "threads2_median_us": round(statistics.median(l["threads2_us"] for l in lines), 1),
                      "median_two_threads_ratio": round(statistics.median(l["two_threads_ratio"] for l in lines), 3),
                      "within_16_7ms_single_thread": sum(1 for v in one if v <= BUDGET_US),
                      **({"cpu_median_us": round(statistics.median(l["cpu_us"] for l in lines if "cpu_us" in l), 1),
                          "median_split_ratio": round(statistics.median(l["split_ratio"] for l in lines if "split_ratio" in l), 3),
                          "within_16_7ms_cpu": sum(1 for l in lines if l.get("cpu_us", 1e99) <= BUDGET_US),
                          "slowest_cpu": [(l["sample"], l["cpu_us"]) for l in
                                          sorted((l for l in lines if "cpu_us" in l), key=lambda l: -l["cpu_us"])[:5]]}
                         if a.cpu_time else {}),
                      "slowest_single_thread": [(l["sample"], l["threads1_us"], l["threads2_us"])
                                                for l in sorted(lines, key=lambda l: -l["threads1_us"])[:5]]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
