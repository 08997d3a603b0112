#!/usr/bin/env python3
"""The cost of a Lottie file's After Effects expressions: processor time of `layerplay render`
(the import, which evaluates every expression once a frame of its layer, plus one frame) and
of `bench --cpu-time` frames, on a generated file, for one build or two (--baseline), the
builds interleaved run by run; prints medians and the ratio current ÷ baseline.

The file (written with --keep, else to a temporary folder): LAYERS shape layers (default 200,
an ellipse and a fill each) over FRAMES frames at 30 fps, whose position, rotation, scale and
opacity carry expressions written as After Effects users write them and as bodymovin exports
them raw: several statements — vars, a helper function, an if — read for their completion
value, without `$bm_rt`; every fourth layer's anchor point reads the layer before it
(`thisComp.layer(index - 1)`), a property another expression already evaluated. With
--bm-rt the same expressions are written in bodymovin's `var $bm_rt; $bm_rt = …` form instead.
Deterministic: the same file every run.

  python3 scripts/bench/lottie-expressions.py [--bin .build/release/layerplay]
      [--baseline OLD_LAYERPLAY] [--layers 200] [--frames 60] [--runs 5] [--bm-rt] [--keep F.json]

Processor time is the child's user + system time (os.times), which other programs' load
inflates far less than the wall clock; a warning on stderr (an expression given up, a
budget reached) is counted and printed, since a build that gives up expressions does less work.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# Completion-value sources (no $bm_rt): what the importer compiles as eval code.
POSITION = """var amp = 12 + index % 7;
var t = time * 1.5 * Math.PI * 2;
function wobble(phase) { return Math.sin(t + phase) * amp; }
var offset = [wobble(0), wobble(Math.PI / 2) * 0.5];
[value[0] + offset[0], value[1] + offset[1]]"""
ROTATION = """var base = value;
var swing = Math.sin(time * 3 + index) * 15;
if (time > 1) { swing = swing * 0.5; }
base + swing + (wiggle(2, 10) - value) * 0.5"""
SCALE = """var s = 100 + 10 * Math.sin(time * 4 + index);
var k = ease(time % 1, 0, 1, 0.9, 1.1);
[s * k, s * k]"""
OPACITY = """var on = linear(time, 0, 1, 0, 100);
var off = linear(time, 1.5, 2, 100, 30);
Math.min(on, off, value)"""
ANCHOR = """var prev = thisComp.layer(index - 1).transform.rotation;
var d = degreesToRadians(prev) * 2;
[Math.cos(d) * 3, Math.sin(d) * 3]"""


def as_bm_rt(source):
    """The same expression in bodymovin's form: its last line assigned to $bm_rt."""
    lines = source.split("\n")
    return "var $bm_rt;\n" + "\n".join(lines[:-1]) + "\n$bm_rt = " + lines[-1] + ";"


def make(layers, frames, bm_rt):
    x = as_bm_rt if bm_rt else (lambda s: s)
    out = []
    for i in range(layers):
        ks = {
            "p": {"a": 0, "k": [20 + (i * 37) % 360, 20 + (i * 53) % 360], "x": x(POSITION)},
            "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}},
                                {"t": frames, "s": [90 + i % 90]}], "x": x(ROTATION)},
            "s": {"a": 0, "k": [100, 100], "x": x(SCALE)},
            "o": {"a": 0, "k": 100, "x": x(OPACITY)},
            "a": {"a": 0, "k": [0, 0]},
        }
        if i > 0 and i % 4 == 0:
            ks["a"]["x"] = x(ANCHOR)
        shapes = [{"ty": "gr", "nm": "G", "it": [
            {"ty": "el", "nm": "E", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [24, 16]}},
            {"ty": "fl", "nm": "F", "c": {"a": 0, "k": [(i % 5) / 5, 0.4, 1 - (i % 3) / 3, 1]}, "o": {"a": 0, "k": 80}},
            {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
             "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]
        out.append({"ty": 4, "nm": "L%d" % i, "ind": i + 1, "ip": 0, "op": frames, "st": 0, "ks": ks, "shapes": shapes})
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": frames, "w": 400, "h": 400, "nm": "expressions", "assets": [], "layers": out}


def timed(cmd):
    r0 = os.times()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    r1 = os.times()
    if p.returncode != 0:
        sys.exit("%s failed: %s" % (" ".join(cmd), p.stderr.decode(errors="replace")[-400:]))
    seconds = (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)
    warnings = [l for l in p.stderr.decode(errors="replace").splitlines() if l.strip()]
    return seconds, p.stdout.decode(errors="replace"), warnings


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", ".build", "release", "layerplay"))
    ap.add_argument("--baseline")
    ap.add_argument("--layers", type=int, default=200)
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bench-frames", type=int, default=20)
    ap.add_argument("--bm-rt", action="store_true")
    ap.add_argument("--keep")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="lottie-expressions-")
    path = a.keep or os.path.join(tmp, "expressions.json")
    doc = make(a.layers, a.frames, a.bm_rt)
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    count = sum(len([p for p in l["ks"].values() if "x" in p]) for l in doc["layers"])
    print("file: %s (%d layers, %d expressions, %d frames, %s form)" % (
        path, a.layers, count, a.frames, "$bm_rt" if a.bm_rt else "completion-value"))
    builds = [("current", a.bin)] + ([("baseline", a.baseline)] if a.baseline else [])
    render, bench, warned = {n: [] for n, _ in builds}, {n: [] for n, _ in builds}, {}
    png = os.path.join(tmp, "frame.png")
    for _ in range(a.runs):
        for name, b in builds:
            s, _, w = timed([b, "render", path, "--time", "1", "--out", png])
            render[name].append(s)
            warned[name] = len(w)
            _, out, _ = timed([b, "bench", path, "--cpu-time", "--frames", str(a.bench_frames)])
            bench[name].append(json.loads(out.strip().splitlines()[-1])["median_us"])
    for name, _ in builds:
        print("%-8s render (import + 1 frame): median %.3f s CPU of %s; bench frame median %.1f µs CPU; %d warning lines" % (
            name, statistics.median(render[name]), ", ".join("%.3f" % v for v in render[name]),
            statistics.median(bench[name]), warned[name]))
    if a.baseline:
        print("ratio current/baseline: render %.3f, bench frame %.3f" % (
            statistics.median(render["current"]) / statistics.median(render["baseline"]),
            statistics.median(bench["current"]) / statistics.median(bench["baseline"])))


if __name__ == "__main__":
    main()
