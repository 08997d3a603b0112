#!/usr/bin/env python3
"""Each crash, hang and memory class of issue 34 at the size the issue measured, run through
any layerplay build: the evidence that a build is safe against them (or, run on a build from
before the fixes, that each class was real).

    scripts/fuzz/issue34-classes.py [--layerplay PATH] [--cpu SECONDS] [--memory-mb MB] [--keep DIR]

The cases are written to a temporary folder (or DIR): the small reproducers kept in
Fuzz/lottie/ (which the tests replay) and, for the classes whose reproducer is small on
purpose, a full-size case generated here as the issue describes it:

  1 archive over-read        Fuzz/lottie/crash-stored-block-past-its-bytes.lottie (129 bytes)
  2 mask levels              Fuzz/lottie/crash-mask-levels-1200.json
  3 inspect output           Fuzz/lottie/timeout-inspect-*.json
  4 sampled paths per file   Fuzz/lottie/oom-repeater-of-sampled-paths.json
  5 time remapping           Fuzz/lottie/oom-time-remap-across-layers.json
  6 vertices in all          20 masks of 99,999 vertices (generated)
  7 one fill's flattening    100 paths of 20,000 curved vertices under one fill (generated)
  8 the JSON reader          a 62 MB file: one layer's shapes copied into unreferenced
                             precompositions (generated)

Each runs `render --progress 0.5` and `inspect` under RLIMIT_CPU (default 10 s) and
RLIMIT_AS (default 2 GB), set in the child. Outcomes: ok, refused (exit 1, one
`layerplay:` line, no PNG), bad-refusal, crash (a signal), timeout (the CPU limit), oom.
A line per run: class, case, command, outcome, CPU seconds, peak RSS, output bytes.
Exits 1 when any run crashed, timed out, ran out of memory or refused badly.
Only the Python standard library is used.
"""
import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SEEDS = os.path.join(ROOT, "Fuzz", "lottie")


def animation(layers, assets=(), op=60):
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": op, "w": 100, "h": 100,
            "assets": list(assets), "layers": layers}


def shape_layer(shapes, masks=None, name="s", op=60):
    layer = {"ty": 4, "nm": name, "ip": 0, "op": op, "st": 0, "ks": {}, "shapes": shapes}
    if masks:
        layer["hasMask"] = True
        layer["masksProperties"] = masks
    return layer


def path(vertices, curved=False):
    n = len(vertices)
    tangent = [[3, -3]] * n if curved else [[0, 0]] * n
    return {"c": True, "v": vertices, "i": tangent, "o": tangent}


def fill():
    return {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}


def vertices_in_all():
    """Class 6: 20 add masks of 99,999 vertices, each under the per-path limit."""
    ring = [[50 + 40 * ((i * 7919) % 1000) / 1000, 50 + 40 * ((i * 104729) % 1000) / 1000]
            for i in range(99_999)]
    masks = [{"mode": "a", "pt": {"a": 0, "k": path(ring)}, "o": {"a": 0, "k": 100}}
             for _ in range(20)]
    rect = {"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [80, 80]}, "r": {"a": 0, "k": 0}}
    return animation([shape_layer([rect, fill()], masks)])


def one_fill_flattening():
    """Class 7: 100 paths of 20,000 vertices with tangents, all under one fill."""
    shapes = []
    for p in range(100):
        vs = [[(i * 37 + p) % 100, (i * 53 + 3 * p) % 100] for i in range(20_000)]
        shapes.append({"ty": "sh", "ks": {"a": 0, "k": path(vs, curved=True)}})
    return animation([shape_layer(shapes + [fill()])])


def big_json():
    """Class 8: about 62 MB of JSON, a shape layer copied into unreferenced precompositions."""
    star = {"ty": "sh", "ks": {"a": 1, "k": [
        {"t": 0, "s": [path([[i % 97, (i * 31) % 89] for i in range(200)], curved=True)],
         "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}},
        {"t": 30, "s": [path([[(i * 3) % 97, (i * 7) % 89] for i in range(200)], curved=True)]}]}}
    layer = shape_layer([star, fill()])
    one = len(json.dumps(layer, separators=(",", ":")))
    copies = max(1, 62_000_000 // one)
    assets = [{"id": f"unused{k}", "layers": [layer] * 10} for k in range(copies // 10)]
    return animation([shape_layer([star, fill()])], assets)


GENERATED = [
    (6, "vertices-in-all-20x99999.json", vertices_in_all),
    (7, "one-fill-100x20000-curves.json", one_fill_flattening),
    (8, "json-reader-62MB.json", big_json),
]
KEPT = [
    (1, "crash-stored-block-past-its-bytes.lottie"),
    (2, "crash-mask-levels-1200.json"),
    (3, "timeout-inspect-repeater-of-sampled-paths.json"),
    (3, "timeout-inspect-sampled-copies-bezier-ease.json"),
    (3, "timeout-inspect-sampled-copies-glyphs.json"),
    (4, "oom-repeater-of-sampled-paths.json"),
    (5, "oom-time-remap-across-layers.json"),
]


def run(layerplay, args, png, cpu, memory):
    def limits():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))  # SIGXCPU at cpu, SIGKILL after
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    if os.path.exists(png):
        os.unlink(png)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen([layerplay] + args, stdout=out, stderr=err, preexec_fn=limits)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out_bytes = out.tell()
        err.seek(0)
        stderr = err.read()
    seconds = usage.ru_utime + usage.ru_stime
    rss_mb = usage.ru_maxrss / 1024
    p = subprocess.CompletedProcess(args, child.returncode, b"", stderr)
    lines = p.stderr.decode(errors="replace").strip().splitlines()
    if p.returncode < 0:
        sig = -p.returncode
        outcome = "timeout" if sig == signal.SIGXCPU else ("oom" if sig == signal.SIGKILL else
                                                           f"crash {signal.Signals(sig).name}")
        if sig == signal.SIGABRT and any("alloc" in l.lower() for l in lines):
            outcome = "oom"
    elif p.returncode == 0:
        outcome = "ok"
    else:
        errors = [l for l in lines if not l.startswith("layerplay: warning")]
        one_line = len(errors) == 1 and errors[0].startswith("layerplay: ") and not os.path.exists(png)
        if any("alloc" in l.lower() or "out of memory" in l.lower() for l in lines):
            outcome = "oom"
        else:
            outcome = "refused" if one_line else "bad-refusal"
    return outcome, seconds, rss_mb, out_bytes, (lines[-1][:90] if lines else "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layerplay", default=os.path.join(ROOT, ".build", "release", "layerplay"))
    ap.add_argument("--cpu", type=int, default=10)
    ap.add_argument("--memory-mb", type=int, default=2048)
    ap.add_argument("--keep", default="")
    a = ap.parse_args()
    folder = a.keep or tempfile.mkdtemp(prefix="issue34-")
    os.makedirs(folder, exist_ok=True)
    cases = [(c, os.path.join(SEEDS, name)) for c, name in KEPT]
    for c, name, make in GENERATED:
        file = os.path.join(folder, name)
        if not os.path.exists(file):
            with open(file, "w") as f:
                json.dump(make(), f, separators=(",", ":"))
        cases.append((c, file))
    cases.sort()
    png = os.path.join(folder, "frame.png")
    bad = 0
    print("class\tcase\tcommand\toutcome\tcpu_s\tpeak_rss_mb\tstdout_bytes\tlast stderr line")
    for c, file in cases:
        for command in (["render", file, "--progress", "0.5", "--out", png], ["inspect", file]):
            outcome, seconds, rss, out_bytes, last = run(a.layerplay, command, png, a.cpu, a.memory_mb << 20)
            bad += outcome not in ("ok", "refused")
            print(f"{c}\t{os.path.basename(file)}\t{command[0]}\t{outcome}\t{seconds:.2f}\t{rss:.0f}\t{out_bytes}\t{last}",
                  flush=True)
    if not a.keep:
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        os.rmdir(folder)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
