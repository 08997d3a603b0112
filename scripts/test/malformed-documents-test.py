#!/usr/bin/env python3
"""Malformed inputs through `render`, `inspect` and `play`: a seeded generator makes inputs
that break the formats in the ways users and fuzzers do, and runs each through the commands.

Kinds of input (each case is one of them, in turn):
  document  an animation document: truncation, flipped and invalid UTF-8 bytes, control and
            escape characters in keys and values, huge and non-finite numbers, wrong types, a
            root that is not an object, long strings, big arrays, deep nesting;
  path      a document whose shape path, mask path or shadow path is a broken SVG path;
  png       a document showing an image whose PNG is damaged: truncated, bytes flipped, a
            header claiming a huge or zero size (with and without a valid CRC), an odd depth
            or colour type, a chunk length beyond the file;
  lottie    a Lottie file (JSON or `.lottie` archive) from Fuzz/lottie mutated like documents.

Every run must either succeed (a mutation that happens to stay valid; Lottie warnings are
lines of their own starting "layerplay: ") or exit 1 with exactly one line on stderr, free of
control characters and at most 500 characters. A crash, a hang (over --timeout seconds, 10 by
default: the CI machine is slow; counted in processor time, so that a run waiting for a busy
machine is not a hang, and in clock time up to 12 times that for a run that blocks), a run
that needs more than 1 GiB of address space (the limit is set on each run) or any other
output is counted as broken, and its input is kept. The slowest run is reported in processor
time.

Usage: scripts/test/malformed-documents-test.py [LAYERPLAY] [--count N] [--seed S] [--jobs J]
           [--play-every K] [--timeout S] [--write-only DIR]
  --count N        cases (300 by default: the CI run)
  --jobs J         cases run in J processes at once (1)
  --play-every K   every K-th case also runs through `play` headless (SDL's offscreen driver,
                   0.2 s), 10 by default (1: every case)
  --write-only DIR writes the cases' main files to DIR/<kind>/ instead of running them (for
                   the fuzzer's in-process replay: layerkit-fuzz -runs=0 DIR/<kind>)
Prints the counts by kind, command and outcome."""
import base64, io, json, os, random, resource, signal, subprocess, sys, tempfile, time, zipfile, zlib
from collections import Counter
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
args = sys.argv[1:]
count, seed, binary, jobs, play_every, timeout, write_only = 300, 16, None, 1, 10, 10.0, None
while args:
    a = args.pop(0)
    if a == "--count": count = int(args.pop(0))
    elif a == "--seed": seed = int(args.pop(0))
    elif a == "--jobs": jobs = int(args.pop(0))
    elif a == "--play-every": play_every = int(args.pop(0))
    elif a == "--timeout": timeout = float(args.pop(0))
    elif a == "--write-only": write_only = args.pop(0)
    else: binary = a
if binary is None and write_only is None:
    subprocess.run(["swift", "build", "--product", "layerplay"], cwd=ROOT, check=True, capture_output=True)
    bindir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    binary = os.path.join(bindir, "layerplay")

ADDRESS_SPACE = 1 << 30
BLOCKED_FACTOR = 12
KINDS = ["document", "path", "png", "lottie"]
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

def read_folder(name):
    folder = os.path.join(ROOT, "Fuzz", name)
    return [open(os.path.join(folder, f), "rb").read() for f in sorted(os.listdir(folder)) if not f.startswith(".")]

PNGS = read_folder("png")
LOTTIES = read_folder("lottie")

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

def mutate_tree(rng, base):
    doc = json.loads(json.dumps(base))
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

def mutate_bytes(rng, data):
    data = bytearray(data)
    if not data: return b""
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

PATH_TOKENS = ["M", "m", "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q", "T", "t", "A", "a", "Z", "z",
               "0", "1", "-1", "20", "1e308", "-1e308", "1e-320", "nan", "inf", "1e999", ".5", "-.5e2", "1.2.3",
               "0 0 1 1 1", ",", " ", "  ", "\u0000", "\n", "é", "e", "+", "-", "99999999999999999999"]

def broken_path(rng):
    kind = rng.randrange(4)
    if kind == 0: return "".join(rng.choice(PATH_TOKENS) + rng.choice([" ", ",", ""]) for _ in range(rng.randrange(1, 40)))
    if kind == 1:
        # A valid start, then a command with too few or wrong numbers.
        return "M 10 10 " + rng.choice("LHVCSQTAZ") + " " + " ".join(rng.choice(PATH_TOKENS[20:32]) for _ in range(rng.randrange(0, 8)))
    if kind == 2:
        # Huge, tiny and wrapping coordinates in valid syntax.
        n = lambda: rng.choice(["1e300", "-1e300", "1e-300", "3e38", "-70000", "16385", "0"])
        return f"M {n()} {n()} C {n()} {n()} {n()} {n()} {n()} {n()} A {n()} {n()} {n()} 1 0 {n()} {n()} Z"
    # Many commands.
    return "M 0 0" + rng.choice([" L 1 1", " Q 1 2 3 4", " A 5 5 0 1 1 9 9", " h 1"]) * rng.choice([10, 1000, 100001])

def path_document(rng):
    doc = json.loads(json.dumps(BASE))
    place = rng.randrange(3)
    if place == 0: doc["layers"][1]["path"] = broken_path(rng)
    elif place == 1: doc["layers"][0]["shadowPath"] = broken_path(rng); doc["layers"][0]["shadowOpacity"] = 0.5
    else: doc["layers"][0]["mask"] = {"type": "shape", "path": broken_path(rng), "fillColor": "#000000"}
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode()

def chunk(kind, body, crc=True):
    c = zlib.crc32(kind + body) & 0xffffffff if crc else 0x12345678
    return len(body).to_bytes(4, "big") + kind + body + c.to_bytes(4, "big")

def broken_png(rng):
    data = bytearray(rng.choice(PNGS))
    kind = rng.randrange(6)
    if kind == 0:
        # The header's size: huge, zero or at the limits, the CRC fixed or not.
        w = rng.choice([0, 1, 16384, 16385, 65535, 0x7fffffff, 0xffffffff, 100000])
        h = rng.choice([0, 1, 16384, 4097, 65535, 0x7fffffff, 0xffffffff])
        ihdr = bytes(data[16:29])
        body = w.to_bytes(4, "big") + h.to_bytes(4, "big") + ihdr[8:]
        return bytes(data[:8]) + chunk(b"IHDR", body, rng.random() < 0.7) + bytes(data[33:])
    if kind == 1:
        # Depth and colour type, some of them not allowed together.
        body = bytearray(data[16:29]); body[8] = rng.choice([0, 1, 2, 3, 4, 7, 8, 16, 255]); body[9] = rng.choice([0, 1, 2, 3, 4, 5, 6, 255])
        return bytes(data[:8]) + chunk(b"IHDR", bytes(body)) + bytes(data[33:])
    if kind == 2:
        # A chunk whose length runs past the end of the file.
        i = 33
        return bytes(data[:i]) + (0x7ffffff0).to_bytes(4, "big") + b"IDAT" + bytes(data[i + 8:i + 40])
    if kind == 3:
        # An IDAT that inflates to far more than the image needs (a deflate bomb).
        bomb = zlib.compress(b"\0" * rng.choice([10_000, 5_000_000]), 9)
        end = data.rfind(b"IEND") - 4
        return bytes(data[:end]) + chunk(b"IDAT", bomb) + bytes(data[end:])
    if kind == 4: return bytes(data[:rng.randrange(len(data))])
    return mutate_bytes(rng, data)

def png_document(rng):
    doc = {"width": 80, "height": 60, "layers": [
        {"type": "image", "contents": "image.png", "bounds": [0, 0, 40, 30], "position": [40, 30],
         "contentsGravity": rng.choice(["resize", "resizeAspect", "center"]), "contentsCenter": [0.25, 0.25, 0.5, 0.5]}]}
    return json.dumps(doc).encode(), broken_png(rng)

def broken_lottie(rng):
    data = rng.choice(LOTTIES)
    if data[:2] == b"PK":
        if rng.random() < 0.5: return mutate_bytes(rng, data)
        # A valid archive around a mutated animation (the damaged archives of the seeds stay
        # as they are).
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                entries = {n: z.read(n) for n in z.namelist()}
        except (zipfile.BadZipFile, OSError, EOFError, ValueError):
            return data
        for n in entries:
            if n.startswith("animations/"): entries[n] = mutate_tree(rng, json.loads(entries[n])).encode()
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for n, b in entries.items(): z.writestr(n, b)
        return out.getvalue()
    if rng.random() < 0.6: return mutate_tree(rng, json.loads(data)).encode()
    return mutate_bytes(rng, data)

def make_case(n):
    """The files of case n: {name: bytes}, the main file's name and the kind."""
    rng = random.Random(f"{seed}-{n}")
    kind = KINDS[n % len(KINDS)]
    if kind == "document":
        text = mutate_tree(rng, BASE) if rng.random() < 0.6 else mutate_bytes(rng, json.dumps(BASE).encode())
        return {"doc.json": text if isinstance(text, bytes) else text.encode()}, "doc.json", kind
    if kind == "path": return {"doc.json": path_document(rng)}, "doc.json", kind
    if kind == "png":
        doc, png = png_document(rng)
        return {"doc.json": doc, "image.png": png}, "doc.json", kind
    return {"anim.json": broken_lottie(rng)}, "anim.json", kind

def limit_child():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

def cpu_seconds(pid):
    """The processor time (user + system) process pid has used so far."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("inf")

def run(cmd, folder):
    """Runs one command; returns (outcome, detail, processor seconds). Outcomes: accepted, refused,
    crash, hang, out-of-memory, bad-refusal, noisy."""
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SWIFT_BACKTRACE="enable=no")
    err_path = os.path.join(folder, "stderr")
    start = time.monotonic()
    with open(err_path, "wb") as err:
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, preexec_fn=limit_child, env=env, cwd=folder)
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid: break
            wall = time.monotonic() - start
            if wall > timeout:
                # Over the time on the clock; on a shared (or niced) machine that may be waiting
                # for a processor, so the run is a hang only once it has used the time on one,
                # or sat for BLOCKED_FACTOR times the limit (blocked, not computing).
                cpu = cpu_seconds(p.pid)
                if cpu > timeout or wall > timeout * BLOCKED_FACTOR:
                    p.kill(); os.wait4(p.pid, 0)
                    return "hang", f"over {timeout:g} s ({cpu:.1f} s of processor time in {wall:.1f} s)", wall
            time.sleep(0.002)
    seconds = usage.ru_utime + usage.ru_stime
    text = open(err_path, "rb").read().decode("utf-8", "replace")
    lines = text.split("\n")
    if os.WIFSIGNALED(status):
        return "crash", f"signal {os.WTERMSIG(status)}: {text[-300:]!r}", seconds
    code = os.WEXITSTATUS(status)
    if "allocat" in text.lower() and code not in (0, 1):
        return "out-of-memory", text[-300:], seconds
    if code == 0:
        if not text or all(l.startswith("layerplay: ") and ": warning: " in l and clean(l) for l in lines[:-1]) and lines[-1] == "":
            return "accepted", "", seconds
        return "noisy", repr(text[:300]), seconds
    if code == 1 and len(lines) == 2 and lines[1] == "" and clean(lines[0]):
        return "refused", lines[0], seconds
    if code == 1: return "bad-refusal", repr(text[:300]), seconds
    return "crash", f"exit {code}: {text[-300:]!r}", seconds

def clean(line):
    return 0 < len(line) <= 500 and not any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f for c in line)

def run_case(n):
    files, main, kind = make_case(n)
    results = []
    with tempfile.TemporaryDirectory(prefix="malformed-") as folder:
        for name, data in files.items():
            with open(os.path.join(folder, name), "wb") as f: f.write(data)
        commands = [["render", main, "--time", "0.5", "--out", "o.png"], ["inspect", main, "--time", "0.5"]]
        if play_every > 0 and n % play_every == 0: commands.append(["play", main, "--duration", "0.2"])
        for cmd in commands:
            outcome, detail, seconds = run([binary] + cmd, folder)
            kept = None
            if outcome not in ("accepted", "refused"):
                kept = os.path.join(tempfile.gettempdir(), f"malformed-{seed}-{n}")
                os.makedirs(kept, exist_ok=True)
                for name, data in files.items():
                    with open(os.path.join(kept, name), "wb") as f: f.write(data)
            results.append((kind, cmd[0], outcome, detail, kept, seconds))
    return n, results

if write_only:
    for n in range(count):
        files, main, kind = make_case(n)
        target = {"document": "document", "path": "document", "png": "png", "lottie": "lottie"}[kind]
        folder = os.path.join(write_only, target)
        os.makedirs(folder, exist_ok=True)
        data = files["image.png"] if kind == "png" else files[main]
        with open(os.path.join(folder, f"case-{seed}-{n}"), "wb") as f: f.write(data)
    print(f"malformed-documents-test: wrote {count} cases under {write_only}")
    sys.exit(0)

counts, failures, slowest, begun = Counter(), [], (0.0, ""), time.monotonic()
with Pool(jobs) as pool:
    for n, results in pool.imap_unordered(run_case, range(count), chunksize=4):
        for kind, command, outcome, detail, kept, seconds in results:
            counts[(kind, command, outcome)] += 1
            if seconds > slowest[0]: slowest = (seconds, f"case {n} {kind} {command}")
            if kept: failures.append(f"case {n} {kind} {command}: {outcome}: {detail} (kept in {kept})")

runs = sum(counts.values())
by_outcome = Counter()
for (kind, command, outcome), c in counts.items(): by_outcome[outcome] += c
print(f"malformed-documents-test: {count} cases, {runs} runs in {time.monotonic() - begun:.0f} s: "
      + ", ".join(f"{c} {o}" for o, c in sorted(by_outcome.items())) + f"; slowest run {slowest[0]:.2f} s of processor time ({slowest[1]})")
for kind in KINDS:
    for command in ("render", "inspect", "play"):
        row = {o: c for (k, cm, o), c in counts.items() if k == kind and cm == command}
        if row: print(f"  {kind:8} {command:7} " + ", ".join(f"{c} {o}" for o, c in sorted(row.items())))
for f in failures[:20]: print("  " + f, file=sys.stderr)
sys.exit(1 if failures else 0)
