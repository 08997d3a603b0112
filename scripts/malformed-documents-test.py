#!/usr/bin/env python3
"""Malformed documents through `render` and `inspect`: a seeded generator makes a few hundred
documents that break the format in the ways users and fuzzers do (truncation, flipped and
invalid UTF-8 bytes, control and escape characters in keys and values, huge and non-finite
numbers, wrong types, a root that is not an object, long strings, big arrays, deep nesting)
and runs each through both commands. Every run must either succeed silently (a mutation
that happens to stay valid) or exit 1 with exactly one line on stderr, free of control
characters and at most 500 characters; a crash, a hang (10 s) or any other output fails.

Usage: scripts/malformed-documents-test.py [LAYERPLAY] [--count N] [--seed S]"""
import json, os, random, subprocess, sys, tempfile

args = sys.argv[1:]
count, seed, binary = 300, 16, None
while args:
    a = args.pop(0)
    if a == "--count": count = int(args.pop(0))
    elif a == "--seed": seed = int(args.pop(0))
    else: binary = a
if binary is None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run(["swift", "build", "--product", "layerplay"], cwd=root, check=True, capture_output=True)
    bindir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True, capture_output=True, text=True).stdout.strip()
    binary = os.path.join(bindir, "layerplay")

rng = random.Random(seed)
BASE = {
    "width": 120, "height": 80, "background": "#102030",
    "layers": [
        {"name": "box", "bounds": [0, 0, 40, 30], "position": [30, 20], "backgroundColor": "#ff8800",
         "cornerRadius": 4, "transform": [{"rotate": 0.3}],
         "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1},
                        {"type": "keyframe", "keyPath": "position", "values": [[0, 0], [50, 40]], "keyTimes": [0, 1]}]},
        {"type": "shape", "path": "M 0 0 L 20 0 L 20 20 Z", "fillColor": "#00ff00", "lineDashPattern": [2, 1],
         "sublayers": [{"type": "text", "string": "hi", "fontSize": 12}]},
    ],
}
NASTY = ["\n", "\r\n", "\u0000", "\u001b[31m", "\u001b]0;title\u0007", "\u0085", "\u2028", "\t", "\u007f", "é\u0301", "\"", "\\"]
NUMBERS = [1e19, -1e19, 100000, 65536, 16385, -5, 0, 1e308, 3.5e38, 2**63, -2**63]

def walk(v, path=()):
    yield path, v
    if isinstance(v, dict):
        for k, x in v.items(): yield from walk(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v): yield from walk(x, path + (i,))

def set_at(doc, path, value):
    if not path: return value
    cur = doc
    for p in path[:-1]: cur = cur[p]
    cur[path[-1]] = value
    return doc

def mutate_tree():
    doc = json.loads(json.dumps(BASE))
    places = list(walk(doc))
    path, v = rng.choice(places)
    kind = rng.randrange(9)
    if kind == 0: value = rng.choice(NUMBERS)
    elif kind == 1: value = rng.choice(["x", True, None, [], {}, [1], {"a": 1}])
    elif kind == 2: value = "".join(rng.choice(NASTY + ["a", "b"]) for _ in range(rng.randrange(1, 12)))
    elif kind == 3: value = "v" * rng.choice([100, 5000, 200000])
    elif kind == 4: value = [rng.random()] * rng.choice([2000, 20000])
    elif kind == 5:
        # A nasty key on an object.
        obj = rng.choice([x for _, x in places if isinstance(x, dict)])
        obj["".join(rng.choice(NASTY + ["k"]) for _ in range(rng.randrange(1, 8)))] = 1
        return json.dumps(doc)
    elif kind == 6:
        value = v
        for _ in range(rng.randrange(100, 700)): value = [value]
    elif kind == 7: return json.dumps(rng.choice([[1, 2], 3, "doc", None, True]))
    else: value = "M 0 0" + " L 1 1" * rng.choice([10, 200000])
    return json.dumps(set_at(doc, path, value), ensure_ascii=rng.random() < 0.5)

def mutate_bytes():
    data = bytearray(json.dumps(BASE).encode())
    kind = rng.randrange(4)
    if kind == 0: return bytes(data[:rng.randrange(len(data))])
    if kind == 1:
        for _ in range(rng.randrange(1, 6)): data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 2:
        i = rng.randrange(len(data))
        return bytes(data[:i] + bytes([rng.choice([0, 0x1b, 0x0a, 0xff, 0xc3, 0x85])]) + data[i:])
    i = rng.randrange(len(data))
    return bytes(data[:i] + data[i:i + rng.randrange(1, 40)] * 2 + data[i:])

failures, refused, accepted = [], 0, 0
with tempfile.TemporaryDirectory() as tmp:
    for n in range(count):
        text = mutate_tree() if rng.random() < 0.6 else mutate_bytes()
        path = os.path.join(tmp, f"doc{n}.json")
        with open(path, "wb") as f: f.write(text if isinstance(text, bytes) else text.encode())
        for cmd in (["render", path, "--time", "0.5", "--out", os.path.join(tmp, "o.png")], ["inspect", path, "--time", "0.5"]):
            try:
                r = subprocess.run([binary] + cmd, capture_output=True, timeout=10)
            except subprocess.TimeoutExpired:
                failures.append(f"doc{n} {cmd[0]}: hang over 10 s"); continue
            err = r.stderr.decode("utf-8", "replace")
            lines = err.split("\n")
            if r.returncode == 0 and not err: accepted += 1; continue
            ok = (r.returncode == 1 and len(lines) == 2 and lines[1] == "" and len(lines[0]) <= 500
                  and not any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f for c in lines[0]))
            if ok: refused += 1
            else:
                keep = os.path.join(tempfile.gettempdir(), f"malformed-{seed}-{n}.json")
                with open(keep, "wb") as f: f.write(text if isinstance(text, bytes) else text.encode())
                failures.append(f"doc{n} {cmd[0]}: exit {r.returncode}, stderr {err[:300]!r} (kept as {keep})")

print(f"malformed-documents-test: {2 * count} runs: {refused} refused in one line, {accepted} accepted, {len(failures)} broken")
for f in failures[:20]: print("  " + f, file=sys.stderr)
sys.exit(1 if failures else 0)
