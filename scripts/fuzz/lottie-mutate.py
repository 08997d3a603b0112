#!/usr/bin/env python3
"""Structure-aware mutation fuzzing of Lottie files and .lottie archives through layerplay.

    scripts/fuzz/lottie-mutate.py [--runs N] [--seed S] [--layerplay PATH] [--out DIR]
                                  [--timeout SECONDS] [--memory-mb MB] [SEED-FILES-OR-FOLDERS…]

Seeds: the JSON files and .lottie archives under the given paths (by default Fuzz/lottie,
/work/shared/lottie/samples and /work/shared/lottie-ae/samples). Each run picks a seed and
applies one to four mutations that know Lottie's structure:

  JSON   type confusion (a value swapped for another kind), extreme numbers (±1e308, NaN-like
         huge exponents, -0, 2^53+1), parent and precomposition cycles, keyframe lists whose
         values disagree (vertex counts, dimensions), huge counts (repeater copies, star
         points, in/out points, frame rates, layer lists and vertex lists multiplied), deep
         nesting (groups, precomps, masks of every mode), deletion of required members;
  text   truncation at a random place, a byte flipped;
  ZIP    (archives, and JSON packed into one) entries stored or deflated, with lying sizes,
         CRCs and offsets, truncated or corrupted deflate streams, stored blocks claiming
         bytes that are not there, deflate bombs.

Each mutated file runs through `layerplay render FILE --progress 0.5 --out OUT.png` and `layerplay inspect FILE`,
each with a wall-clock timeout and an address-space limit (RLIMIT_AS, set in the child
before exec). Outcomes:

  ok                exit 0
  refused-one-line  exit 1 with exactly one stderr line starting "layerplay: " (warnings
                    excepted on render) and no PNG written
  bad-refusal       a non-zero exit whose stderr is not one such line, or a PNG left behind
  crash             killed by a signal (SIGSEGV, SIGILL from a Swift trap, SIGABRT, …)
  timeout           still running after the timeout
  oom               the allocator failed under the memory limit (or the kernel killed it)

A finding's signature is its outcome, the command and the top of the backtrace or the first
stderr line with numbers and names blanked; every input of a finding is saved in OUT/findings
with a .txt beside it (command, exit, stderr). A summary of counts per outcome and of the
distinct signatures is printed at the end and written to OUT/summary.txt; OUT/runs.tsv has a
line per command run (run, command, outcome, seconds, bytes, seed file, mutations). Exits 1 when there
are findings other than ok and refused-one-line.
Only the Python standard library is used.
"""
import argparse
import copy
import json
import os
import random
import re
import resource
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_SEEDS = [os.path.join(ROOT, "Fuzz", "lottie"), "/work/shared/lottie/samples", "/work/shared/lottie-ae/samples"]

# ---------------------------------------------------------------------------------------------
# Seeds


def load_seeds(paths):
    seeds = []
    for p in paths:
        files = []
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                files += [os.path.join(d, n) for n in names if n.endswith((".json", ".lottie"))]
        elif os.path.isfile(p):
            files.append(p)
        for f in sorted(files):
            if os.path.getsize(f) > 4_000_000:
                continue
            data = open(f, "rb").read()
            if data[:4] == b"PK\x03\x04":
                seeds.append(("zip", f, data))
                continue
            try:
                j = json.loads(data)
            except Exception:
                seeds.append(("text", f, data))
                continue
            if isinstance(j, dict) and "layers" in j:
                # Kept as text: json.loads makes each run's fresh copy faster than deepcopy.
                seeds.append(("json", f, data))
    return seeds


# ---------------------------------------------------------------------------------------------
# JSON mutations

EXTREMES = [0, -0.0, 1, -1, 1e308, -1e308, 1e-308, 2 ** 53 + 1, 2 ** 63, -(2 ** 63), 1e9, 4294967296,
            65535, 1e20, 123456789.123, 0.5, -0.5, 999999, 1e6]
KINDS = [None, True, False, 0, 1e308, "x", "", [], {}, [[]], [{}], {"k": []}, {"a": 1, "k": None}, [1e308] * 3]


def walk(node, path=()):
    """Every (container, key) under node."""
    stack = [(node, path)]
    while stack:
        n, p = stack.pop()
        if isinstance(n, dict):
            for k, v in n.items():
                yield n, k, p + (k,)
                if isinstance(v, (dict, list)):
                    stack.append((v, p + (k,)))
        elif isinstance(n, list):
            for i, v in enumerate(n):
                yield n, i, p + (i,)
                if isinstance(v, (dict, list)):
                    stack.append((v, p + (i,)))


def places(j, rng, pred=lambda c, k: True, limit=4000):
    out = []
    for c, k, _ in walk(j):
        if pred(c, k):
            out.append((c, k))
            if len(out) >= limit:
                break
    return out


def all_layer_lists(j):
    lists = [j.get("layers")] if isinstance(j.get("layers"), list) else []
    for a in j.get("assets", []) if isinstance(j.get("assets"), list) else []:
        if isinstance(a, dict) and isinstance(a.get("layers"), list):
            lists.append(a["layers"])
    return lists


def all_layers(j):
    return [l for ls in all_layer_lists(j) for l in ls if isinstance(l, dict)]


def m_type_confusion(j, rng):
    p = places(j, rng)
    if p:
        c, k = rng.choice(p)
        c[k] = copy.deepcopy(rng.choice(KINDS))


def m_extreme_number(j, rng):
    p = places(j, rng, lambda c, k: isinstance(c[k], (int, float)) and not isinstance(c[k], bool))
    for _ in range(rng.randint(1, 5)):
        if p:
            c, k = rng.choice(p)
            c[k] = rng.choice(EXTREMES) * rng.choice([1, -1])


def m_timing(j, rng):
    key = rng.choice(["ip", "op", "fr", "st", "sr", "w", "h"])
    target = rng.choice([j] + all_layers(j) or [j])
    target[key] = rng.choice(EXTREMES + [1e5, 1e7, 0.001])


def m_parent_cycle(j, rng):
    ls = [l for l in rng.choice(all_layer_lists(j) or [[]]) if isinstance(l, dict)]
    if len(ls) >= 1:
        a, b = rng.choice(ls), rng.choice(ls)
        a.setdefault("ind", rng.randint(1, 50)); b.setdefault("ind", rng.randint(1, 50))
        a["parent"], b["parent"] = b["ind"], a["ind"]


def m_precomp_cycle(j, rng):
    assets = j.setdefault("assets", [])
    if not isinstance(assets, list):
        return
    n = rng.randint(1, 3)
    ids = ["cyc%d" % i for i in range(n)]
    for i, aid in enumerate(ids):
        assets.append({"id": aid, "layers": [{"ty": 0, "refId": ids[(i + 1) % n], "ip": 0, "op": 60, "st": 0, "w": 100, "h": 100, "ks": {}}]})
    if isinstance(j.get("layers"), list):
        j["layers"].append({"ty": 0, "refId": ids[0], "ip": 0, "op": 60, "st": 0, "w": 100, "h": 100, "ks": {}})


def bezier(n, rng, scale=100.0):
    v = [[rng.uniform(-scale, scale), rng.uniform(-scale, scale)] for _ in range(n)]
    return {"c": True, "v": v, "i": [[rng.uniform(-scale, scale), 0] for _ in range(n)], "o": [[0, rng.uniform(-scale, scale)] for _ in range(n)]}


def m_mismatched_keyframes(j, rng):
    p = places(j, rng, lambda c, k: k == "k" and isinstance(c[k], list) and c[k] and isinstance(c[k][0], dict) and "t" in c[k][0])
    if not p:
        p = places(j, rng, lambda c, k: k == "ks" and isinstance(c[k], dict))
        if not p:
            return
        c, k = rng.choice(p)
        c[k]["p"] = {"a": 1, "k": [{"t": 0, "s": [0, 0, 0]}, {"t": 10, "s": [1]}, {"t": 5, "s": [1, 2, 3, 4, 5]}]}
        return
    c, k = rng.choice(p)
    kfs = c[k]
    kf = rng.choice(kfs)
    s = kf.get("s")
    if isinstance(s, list) and s and isinstance(s[0], dict) and "v" in s[0]:
        s[0]["v"] = s[0]["v"][: rng.randint(0, max(0, len(s[0]["v"]) - 1))]
    elif isinstance(s, dict) and "v" in s:
        s["i"] = s.get("i", [])[:1]
    else:
        kf["s"] = [rng.uniform(-10, 10) for _ in range(rng.choice([0, 1, 3, 7]))]
    if rng.random() < 0.3:
        kf["t"] = rng.choice([-1e308, 1e308, kfs[0].get("t", 0)])


def m_vertices_mismatch(j, rng):
    p = places(j, rng, lambda c, k: isinstance(c[k], dict) and "v" in c[k] and isinstance(c[k]["v"], list))
    if p:
        c, k = rng.choice(p)
        b = c[k]
        key = rng.choice(["v", "i", "o"])
        arr = b.get(key) if isinstance(b.get(key), list) else []
        b[key] = rng.choice([arr[:1], arr * 3, [[1]], [[1e308, -1e308]], [[0, 0, 0]] * 5, []])


def shape_layer(shapes, ip=0, op=60):
    return {"ty": 4, "nm": "fz", "ip": ip, "op": op, "st": 0, "ks": {}, "shapes": shapes}


def m_huge_counts(j, rng):
    layers = j.get("layers") if isinstance(j.get("layers"), list) else None
    if layers is None:
        return
    choice = rng.randrange(9)
    if choice == 0:  # many repeater copies of an animated path
        n = rng.choice([1000, 5000, 1e308, 1e9])
        path = {"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [bezier(8, rng)]}, {"t": 60, "s": [bezier(8, rng)]}]}}
        rect = {"ty": "rc", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 60, "s": [50, 50]}]}, "s": {"a": 1, "k": [{"t": 0, "s": [10, 10]}, {"t": 30, "s": [50, 90]}]}, "r": {"a": 0, "k": 0}}
        layers.append(shape_layer([path, rect, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
                                   {"ty": "rp", "c": {"a": 0, "k": n}, "o": {"a": 0, "k": 0}, "tr": {"p": {"a": 0, "k": [1, 0]}}}]))
    elif choice == 1:  # a star of many points
        layers.append(shape_layer([{"ty": "sr", "sy": 1, "pt": {"a": 0, "k": rng.choice([1e5, 1e308, 999])}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0},
                                    "or": {"a": 0, "k": 50}, "os": {"a": 0, "k": 0}, "ir": {"a": 0, "k": 20}, "is": {"a": 0, "k": 0}},
                                   {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}]))
    elif choice == 2:  # many layers
        base = copy.deepcopy(rng.choice(layers)) if layers else shape_layer([])
        layers.extend(copy.deepcopy(base) for _ in range(copies_within(base, rng.choice([100, 2000, 6000]))))
    elif choice == 3:  # many vertices in a mask or a path
        n = rng.choice([20000, 99999, 100001])
        layers.append(shape_layer([{"ty": "sh", "ks": {"a": 0, "k": bezier(n, rng, 1e6)}}, {"ty": "fl", "c": {"a": 0, "k": [1, 1, 0, 1]}, "o": {"a": 0, "k": 100}}]))
        if rng.random() < 0.5:
            layers[-1]["hasMask"] = True
            layers[-1]["masksProperties"] = [{"mode": "a", "pt": {"a": 0, "k": bezier(n // 4, rng)}, "o": {"a": 0, "k": 100}}] * rng.randint(2, 12)
    elif choice == 4:  # many mask levels
        modes = ["i", "s", "a"]
        layers.append(dict(shape_layer([{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [50, 50]}, "r": {"a": 0, "k": 0}},
                                        {"ty": "fl", "c": {"a": 0, "k": [1, 0, 1, 1]}, "o": {"a": 0, "k": 100}}]),
                           hasMask=True, masksProperties=[{"mode": rng.choice(modes), "inv": rng.random() < 0.5, "pt": {"a": 0, "k": bezier(4, rng)}, "o": {"a": 0, "k": 100}}
                                                          for _ in range(rng.choice([70, 300, 1500]))]))
    elif choice == 5:  # time remapping over many layers and a long span
        inner = [shape_layer([{"ty": "el", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 100, "s": [90, 90]}]}, "s": {"a": 1, "k": [{"t": 0, "s": [5, 5]}, {"t": 50, "s": [40, 40]}]}},
                              {"ty": "fl", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}], ip=rng.randint(0, 50), op=rng.randint(51, 4000))
                 for _ in range(rng.choice([10, 500, 2500]))]
        j.setdefault("assets", []) if isinstance(j.get("assets"), list) else j.__setitem__("assets", [])
        j["assets"].append({"id": "remap", "layers": inner})
        j["op"] = rng.choice([4000, 1e5, j.get("op", 60)])
        layers.append({"ty": 0, "refId": "remap", "ip": 0, "op": j["op"], "st": 0, "w": 100, "h": 100, "ks": {},
                       "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [100]}]}})
    elif choice == 6:  # many paths of many vertices under one fill
        n = rng.choice([100, 400])
        shapes = [{"ty": "sh", "ks": {"a": 0, "k": bezier(rng.choice([2000, 20000]), rng, 1e7)}} for _ in range(rng.randint(2, 6))]
        shapes = shapes * copies_within(shapes, n // 4)
        layers.append(shape_layer(shapes + [{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]))
    elif choice == 7:  # deep groups / precomps
        g = {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}
        for _ in range(rng.choice([60, 70, 600])):
            g = {"ty": "gr", "it": [g, {"ty": "tr", "p": {"a": 0, "k": [1, 1]}}]}
        layers.append(shape_layer([g]))
    else:  # many keyframes
        n = rng.choice([9999, 10001, 50000])
        layers.append(shape_layer([{"ty": "rc", "p": {"a": 1, "k": [{"t": t, "s": [t % 97, 0]} for t in range(n)]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                                   {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]))


# Mutated files stay under this size (the importer refuses larger ones at once, and writing
# hundreds of megabytes of JSON would make the campaign about Python, not layerplay).
MAX_BYTES = 12_000_000


def copies_within(node, wanted, budget=MAX_BYTES):
    return max(1, min(wanted, budget // max(1, len(json.dumps(node)))))


def m_delete(j, rng):
    p = places(j, rng, lambda c, k: isinstance(c, dict))
    for _ in range(rng.randint(1, 3)):
        if p:
            c, k = rng.choice(p)
            c.pop(k, None)


def m_duplicate_subtree(j, rng):
    p = places(j, rng, lambda c, k: isinstance(c, list) and isinstance(c[k], dict))
    if p:
        c, k = rng.choice(p)
        c.extend(copy.deepcopy(c[k]) for _ in range(copies_within(c[k], rng.choice([2, 10, 100]), MAX_BYTES // 4)))


JSON_MUTATIONS = [m_type_confusion, m_extreme_number, m_timing, m_parent_cycle, m_precomp_cycle, m_mismatched_keyframes,
                  m_vertices_mismatch, m_huge_counts, m_delete, m_duplicate_subtree]


def text_mutate(data, rng):
    data = bytearray(data)
    if rng.random() < 0.5 and data:
        return bytes(data[: rng.randrange(len(data))])
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


# ---------------------------------------------------------------------------------------------
# ZIP archives, written by hand so that every field can lie


def zip_archive(entries, rng, lie=True):
    """entries: [(name, bytes)]; returns a .lottie archive, some fields possibly corrupted."""
    local, central, offset = b"", b"", 0
    for name, data in entries:
        nb = name.encode()
        method = rng.choice([0, 8, 8])
        comp = data
        if method == 8:
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            comp = c.compress(data) + c.flush()
        crc = zlib.crc32(data) & 0xFFFFFFFF
        usize, csize = len(data), len(comp)
        if lie and rng.random() < 0.35:
            what = rng.randrange(8)
            if what == 0: usize = rng.choice([0, 1, 0xFFFFFFFF, usize * 1000 + 1, 70_000_000])
            elif what == 1: csize = rng.choice([0, 1, csize + 100, 0xFFFFFFFF])
            elif what == 2: crc ^= 1
            elif what == 3 and method == 8 and comp: comp = comp[: rng.randrange(len(comp))]
            elif what == 4 and method == 8 and comp:
                b = bytearray(comp); b[rng.randrange(len(b))] ^= 1 << rng.randrange(8); comp = bytes(b)
            elif what == 5:  # a stored deflate block claiming 65,535 bytes that are not there
                method, comp = 8, b"\x01\xff\xff\x00\x00"
            elif what == 6:  # a deflate bomb: megabytes of zeros
                method, data = 8, b"\0" * rng.choice([10_000_000, 80_000_000])
                c = zlib.compressobj(9, zlib.DEFLATED, -15); comp = c.compress(data) + c.flush()
                crc, csize = zlib.crc32(data) & 0xFFFFFFFF, len(comp)
                usize = rng.choice([len(data), 100])
            elif what == 7: method = rng.choice([1, 12, 99])
        lh = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0, crc, csize & 0xFFFFFFFF, usize & 0xFFFFFFFF, len(nb), 0) + nb
        cd_offset = offset
        if lie and rng.random() < 0.05:
            cd_offset = rng.choice([0xFFFFFFFF, offset + 1_000_000, 3])
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0, crc, csize & 0xFFFFFFFF, usize & 0xFFFFFFFF,
                               len(nb), 0, 0, 0, 0, 0, cd_offset) + nb
        local += lh + comp
        offset += len(lh) + len(comp)
    count = len(entries)
    if lie and rng.random() < 0.05:
        count = rng.choice([0, 65535, count + 1])
    eocd = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), len(local), 0)
    out = local + central + eocd
    if lie and rng.random() < 0.1:
        out = out[: rng.randrange(len(out))]
    return out


def archive_entries(data):
    """The entries of a real archive (for archive seeds), through Python's zipfile."""
    import io
    import zipfile
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return [(n, z.read(n)) for n in z.namelist()[:20]]
    except Exception:
        return None


def mutate(seed, rng, applied):
    """The mutated bytes and their extension; the mutations' names are appended to `applied`."""
    kind, name, value = seed
    as_zip = kind == "zip" or rng.random() < 0.2
    if kind == "text":
        applied.append("text")
        return text_mutate(value, rng), ".json"
    if kind == "zip":
        entries = archive_entries(value)
        if entries is None:
            return text_mutate(value, rng), ".lottie"
        anims = [i for i, (n, _) in enumerate(entries) if n.startswith("animations/") and n.endswith(".json")]
        if anims and rng.random() < 0.7:
            i = rng.choice(anims)
            try:
                j = json.loads(entries[i][1])
                for _ in range(rng.randint(1, 3)):
                    m = rng.choice(JSON_MUTATIONS); applied.append(m.__name__); m(j, rng)
                entries[i] = (entries[i][0], json.dumps(j).encode())
            except Exception:
                pass
        if rng.random() < 0.2:
            return text_mutate(zip_archive(entries, rng), rng), ".lottie"
        return zip_archive(entries, rng), ".lottie"
    j = json.loads(value)
    for _ in range(rng.randint(1, 4)):
        m = rng.choice(JSON_MUTATIONS); applied.append(m.__name__); m(j, rng)
    try:
        text = json.dumps(j, allow_nan=False).encode()
    except (ValueError, OverflowError):
        text = json.dumps(j).encode()
    if rng.random() < 0.08:
        text = text_mutate(text, rng)
    if as_zip:
        applied.append("zip")
        entries = [("manifest.json", json.dumps({"animations": [{"id": "a"}]}).encode()), ("animations/a.json", text)]
        return zip_archive(entries, rng, lie=rng.random() < 0.6), ".lottie"
    return text, ".json"


# ---------------------------------------------------------------------------------------------
# Running


def limits(memory_mb):
    def set_limits():
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.setsid()
    return set_limits


OOM_WORDS = re.compile(r"out of memory|Cannot allocate|std::bad_alloc|failed to allocate|mmap|malloc", re.I)


def run_one(layerplay, command, path, workdir, timeout, memory_mb):
    png = os.path.join(workdir, "out.png")
    if os.path.exists(png):
        os.remove(png)
    args = [layerplay, "render", path, "--progress", "0.5", "--out", png] if command == "render" else [layerplay, "inspect", path]
    env = dict(os.environ, SWIFT_BACKTRACE="enable=yes,interactive=no,color=no,preset=friendly,threads=crashed",
               SDL_VIDEODRIVER="dummy")
    start = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limits(memory_mb), env=env, cwd=workdir)
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return "timeout", "cpu %.1f s" % cpu_seconds(before), time.monotonic() - start, None
    elapsed = time.monotonic() - start
    err = err.decode("utf-8", "replace")
    rc = p.returncode
    wrote = os.path.exists(png)
    if rc < 0 or rc >= 128:
        sig = -rc if rc < 0 else rc - 128
        outcome = "oom" if OOM_WORDS.search(err) or sig == signal.SIGKILL else "crash"
        return outcome, err, elapsed, sig
    if rc == 0:
        return "ok", err, elapsed, None
    lines = [l for l in err.splitlines() if l.strip()]
    if command == "render":
        lines = [l for l in lines if ": warning: " not in l]
    if OOM_WORDS.search(err) and "layerplay: " not in err:
        return "oom", err, elapsed, None
    if len(lines) == 1 and lines[0].startswith("layerplay: ") and len(lines[0]) <= 600 and not wrote:
        return "refused-one-line", err, elapsed, None
    return "bad-refusal", err, elapsed, None


def cpu_seconds(before):
    """User and system seconds of the children waited for since `before` (one run at a
    time): on a shared machine a run's wall time can be several times its CPU time."""
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def signature(outcome, command, err, sig):
    """The outcome, the command and where: the first frames of a backtrace (function names), or
    the first stderr line with numbers, quoted text and file names blanked."""
    frames = re.findall(r"^\s*\d+\s+(?:\[ra\]\s+)?(?:\[inlined\]\s+)?(?:0x[0-9a-f]+\s+)?(?:\[\w+\]\s+)?([A-Za-z_$][\w.$<>:() ,\[\]-]*?) in ", err, re.M)
    if frames:
        where = " < ".join(f.strip()[:80] for f in frames[:4])
    else:
        first = next((l for l in err.splitlines() if l.strip() and ": warning: " not in l), "")
        first = re.sub(r"\"[^\"]*\"", "\"…\"", first)
        first = re.sub(r"[-+]?\d[\d.,e+-]*", "N", first)
        first = re.sub(r"^layerplay: [^:]*:", "layerplay: FILE:", first)
        where = first[:160]
    return "%s %s%s: %s" % (outcome, command, " signal %d" % sig if sig else "", where)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock, printed)")
    ap.add_argument("--layerplay", default=os.path.join(ROOT, ".build", "release", "layerplay"))
    ap.add_argument("--out", default=os.path.join(ROOT, ".build-fuzz", "lottie-mutate"))
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--memory-mb", type=int, default=2048)
    ap.add_argument("seeds", nargs="*", default=DEFAULT_SEEDS)
    a = ap.parse_args()
    # Deep groups and precompositions are among the mutations: json and copy recurse.
    sys.setrecursionlimit(100_000)
    seed = a.seed if a.seed is not None else int(time.time() * 1000) % 2 ** 31
    rng = random.Random(seed)
    seeds = load_seeds(a.seeds)
    if not seeds:
        sys.exit("lottie-mutate: no seeds in " + " ".join(a.seeds))
    if not os.access(a.layerplay, os.X_OK):
        sys.exit("lottie-mutate: no layerplay at %s (swift build -c release --product layerplay)" % a.layerplay)
    findings_dir = os.path.join(a.out, "findings")
    os.makedirs(findings_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="lottie-mutate-")
    print("lottie-mutate: seed %d, %d seed files, %d runs, %s s and %d MB a run" % (seed, len(seeds), a.runs, a.timeout, a.memory_mb), flush=True)
    counts = Counter()
    sigs = defaultdict(list)
    slowest = (0.0, "")
    started = time.monotonic()
    log = open(os.path.join(a.out, "runs.tsv"), "w")
    try:
        for n in range(a.runs):
            s = rng.choice(seeds)
            applied = []
            try:
                data, ext = mutate(s, rng, applied)
            except RecursionError:
                counts["not-generated"] += 1
                continue
            path = os.path.join(work, "input" + ext)
            with open(path, "wb") as f:
                f.write(data)
            for command in ("render", "inspect"):
                outcome, err, elapsed, sig = run_one(a.layerplay, command, path, work, a.timeout, a.memory_mb)
                counts[outcome] += 1
                log.write("%d\t%s\t%s\t%.2f\t%d\t%s\t%s\n" % (n, command, outcome, elapsed, len(data), os.path.basename(s[1]), ",".join(applied)))
                log.flush()
                if elapsed > slowest[0]:
                    slowest = (elapsed, "%s of run %d (%s)" % (command, n, os.path.basename(s[1])))
                if outcome in ("ok", "refused-one-line"):
                    continue
                sg = signature(outcome, command, err, sig)
                name = "%s-%s-%06d%s" % (outcome, command, n, ext)
                sigs[sg].append(name)
                shutil.copy(path, os.path.join(findings_dir, name))
                with open(os.path.join(findings_dir, name + ".txt"), "w") as f:
                    f.write("seed file: %s\nrun %d of seed %d\nmutations: %s\ncommand: %s\noutcome: %s (%.1f s)\nsignature: %s\n\n%s" %
                            (s[1], n, seed, ",".join(applied), command, outcome, elapsed, sg, err[-20000:]))
                print("  run %d: %s (%.1f s, %d bytes, from %s)" % (n, sg, elapsed, len(data), os.path.basename(s[1])), flush=True)
            if (n + 1) % 100 == 0:
                print("  … %d runs, %s (%.0f s)" % (n + 1, dict(counts), time.monotonic() - started), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        log.close()
    lines = ["lottie-mutate: seed %d, %d mutated files, %d command runs in %.0f s" % (seed, a.runs, sum(counts.values()), time.monotonic() - started)]
    for o in ("ok", "refused-one-line", "bad-refusal", "crash", "timeout", "oom"):
        lines.append("  %-17s %d" % (o, counts[o]))
    lines.append("  slowest: %.1f s, %s" % slowest)
    lines.append("  %d distinct signatures of findings%s" % (len(sigs), ":" if sigs else ""))
    for sg, names in sorted(sigs.items(), key=lambda kv: -len(kv[1])):
        lines.append("    %4d × %s   (e.g. %s)" % (len(names), sg, names[0]))
    summary = "\n".join(lines)
    print(summary)
    with open(os.path.join(a.out, "summary.txt"), "w") as f:
        f.write(summary + "\n")
    sys.exit(1 if sigs else 0)


if __name__ == "__main__":
    main()
