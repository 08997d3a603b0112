#!/usr/bin/env python3
"""Agreement with the peers on real-world Lottie files: where ThorVG and rlottie agree with each
other on a frame, do we agree with them?

    python3 scripts/test/lottie-agreement.py FILE_OR_FOLDER … [--frames 8] [--bin LAYERPLAY]
        [--jobs 2] [--scale 1] [--timeout 60] [--worst 15] [--out DIR [--reuse-peers]] [--json FILE]
        [--all-frames] [--only TEXT] [--baseline OLD_LAYERPLAY] [--min-agreement PERCENT] [--lottie-web]

For every Lottie file named or found in a named folder (*.json, *.lot, *.lottie; recursively,
sorted) it draws N frames spread evenly over the animation (the integer frames ⌊i·T/N⌋ from
the in point, i = 0…N−1, T = out point − in point: rlottie draws whole frames only) at the
file's own canvas size (times --scale) with

  - ours:    `layerplay render FILE --frame F --scale S --out PNG` (the default After Effects
             reading, not --ios; one process per frame),
  - ThorVG:  thorvg-python (SwCanvas, ABGR8888 premultiplied, set_frame(i)),
  - rlottie: rlottie-python (lottie_animation_render(i), premultiplied BGRA),

each peer in a child process per file with a time limit, so a peer's crash or hang on a file is
counted (crashes, timeouts, load failures) and never ends the run. A .lottie archive is given
to ThorVG and rlottie as its first animation, extracted with its images beside it. The peers
draw first; ours draws only the frames they agree on (no other frame counts), or every frame
with --all-frames. With --out DIR --reuse-peers the peers' frames of an earlier run in DIR are
taken as they are; with --baseline OLD_LAYERPLAY an older build draws the same frames in the
same run and its agreement is printed beside ours (a before/after comparison).

Pairs of frames are scored with the metric of ../shared/lottie/compare.py (imported from
there: premultiplied RGBA, box-downsampled by --scale, Gaussian blur 0.5 pt, a point is bad
where a channel lies more than 0.10 outside the other image's 3×3 range; a pair MATCHES when
bad / content points <= 1 %). For each frame the three pairs are scored; the peers AGREE when
ThorVG's and rlottie's frames match. Of the frames where the peers agree it counts the frames
where ours matches both (the headline: "agreement") and where ours matches at least one.
Prints one line per file (with ours against ThorVG alone on every frame both drew: rlottie
ignores expressions), the totals and the worst files (the most peer-agreed frames we miss);
with --out the frames are kept as DIR/FILE-STEM/{ours,thorvg,rlottie}-FRAME.png (straight
alpha, for viewing), with --json a line per file.

With --lottie-web, lottie-web (5.8.1, the reference expression engine) is a third peer, drawn by
scripts/reference/lottie-web-frames.py (its canvas renderer under Node, replayed with Skia; a
developer tool that fetches Node and lottie-web from PyPI on first use). Every frame where ours,
ThorVG and lottie-web all drew is scored ours/lottie-web and ThorVG/lottie-web, and the run ends
with "ours agrees with lottie-web on X of Y frames; ThorVG agrees with lottie-web on Z of Y".
lottie-web 5.8.1's canvas renderer ignores track mattes, layer effects and mask modes and does
not isolate a precomposition's blend mode: a file using any is marked [mattes, …] and the
headline is printed again without those files. --lottie-web-renderer svg takes lottie-web's SVG
renderer instead (an SVG document a frame, rasterised by resvg from PyPI `resvg-cli`), which
draws mattes, mask modes, blend groups and some effects: the lines and headline say
"lottie-web-svg", and files using what it does not draw (After Effects' own effects of type 5
such as Gradient Ramp or Transform, layer styles) are marked by svg_limits(). Use it with --all-frames (else ours draws only where ThorVG and rlottie agree).

It is a measurement, not a gate: exit 0, unless --min-agreement P is given and the agreement is
below P percent (exit 1). Needs Python 3, numpy, pillow, thorvg-python and rlottie-python
(pip install thorvg-python rlottie-python).
"""
import argparse
import concurrent.futures as cf
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
COMPARE_DIR = os.path.normpath(os.path.join(REPO, "..", "shared", "lottie"))
LOTTIE_WEB = os.path.join(REPO, "scripts", "reference", "lottie-web-frames.py")
MAX_FILES = 10_000
MAX_CANVAS = 8192          # points per side: larger canvases are skipped, said
MAX_FRAMES = 240


def load_metric(path):
    """compare.py's score_arrays / load_premul / SHARE_T, imported from its folder."""
    sys.path.insert(0, path)
    try:
        import compare  # noqa: E402  (../shared/lottie/compare.py)
    except ImportError as e:
        raise SystemExit("lottie-agreement.py: cannot import compare.py from %s (%s); give --compare DIR" % (path, e))
    finally:
        sys.path.pop(0)
    return compare


# ---- files ----------------------------------------------------------------------------------
def lottie_files(paths):
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs.sort()
                found += [os.path.join(root, n) for n in sorted(names) if n.endswith((".json", ".lot", ".lottie"))]
        elif os.path.exists(p):
            found.append(p)
        else:
            print("lottie-agreement.py: %s: no such file" % p, file=sys.stderr)
        if len(found) > MAX_FILES:
            raise SystemExit("lottie-agreement.py: more than %d files under %s" % (MAX_FILES, p))
    return found


def read_animation(path, workdir):
    """(json path for the peers, doc dict). A .lottie: its first animation (manifest order, else
    the first animations/*.json) written to workdir with the archive's images beside it."""
    if not path.endswith(".lottie"):
        with open(path, "rb") as fh:
            return path, json.loads(fh.read())
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        anim = None
        if "manifest.json" in names:
            m = json.loads(z.read("manifest.json"))
            ids = [a.get("id") for a in m.get("animations", []) if isinstance(a, dict)]
            for i in ids:
                for cand in ("animations/%s.json" % i, "a/%s.json" % i):
                    if cand in names:
                        anim = cand
                        break
                if anim:
                    break
        if anim is None:
            anim = next((n for n in sorted(names) if n.startswith(("animations/", "a/")) and n.endswith(".json")), None)
        if anim is None:
            raise ValueError("no animation in the archive")
        if sum(i.file_size for i in z.infolist()) > 256 << 20:
            raise ValueError("archive larger than 256 MB unpacked")
        for n in names:
            if n.startswith(("images/", "i/")) and not n.endswith("/") and ".." not in n:
                dest = os.path.join(workdir, n)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as fh:
                    fh.write(z.read(n))
        data = z.read(anim)
    doc = json.loads(data)
    # Image assets point at the archive's folders: make them relative to workdir.
    for a in doc.get("assets", []) or []:
        if isinstance(a, dict) and isinstance(a.get("u"), str) and "p" in a and a.get("e", 0) == 0:
            a["u"] = os.path.join(workdir, a["u"].strip("/")) + "/"
    out = os.path.join(workdir, "animation.json")
    with open(out, "w") as fh:
        json.dump(doc, fh)
    return out, doc


def frame_plan(doc, n):
    ip, op = float(doc.get("ip", 0)), float(doc.get("op", 0))
    total = op - ip
    if not (total > 0) or total > 1e7:
        raise ValueError("in point %g, out point %g" % (ip, op))
    rel = sorted({int(i * total // n) for i in range(n)})
    return ip, rel


# ---- the peers, each in a child process -----------------------------------------------------
def save_premul_png(arr_u8_premul_rgba, path):
    """uint8 premultiplied RGBA (H, W, 4) -> straight-alpha PNG (so viewers show it)."""
    a = arr_u8_premul_rgba.astype(np.float32)
    alpha = a[..., 3:4]
    rgb = np.where(alpha > 0, np.clip(a[..., :3] * 255.0 / np.maximum(alpha, 1), 0, 255), 0)
    out = np.concatenate([rgb, alpha], axis=2).round().astype(np.uint8)
    Image.fromarray(out, "RGBA").save(path)


def peer_thorvg(path, w, h, frames, outdir):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    res = canvas.set_target(w, h)
    buf = res[1] if isinstance(res, tuple) else canvas.buffer_arr
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    r = pic.load(path)
    if int(r) != 0:
        raise SystemExit("load failed (%s)" % r)
    pic.set_size(w, h)
    canvas.add(pic)
    for f in frames:
        anim.set_frame(float(f))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        a = np.frombuffer(buf, dtype=np.uint8).reshape(h, w, 4).copy()   # R, G, B, A premultiplied
        save_premul_png(a, os.path.join(outdir, "thorvg-%d.png" % f))


def peer_rlottie(path, w, h, frames, outdir):
    import rlottie_python as rl
    anim = rl.LottieAnimation.from_file(path)
    if anim is None or not anim.animation_p:
        raise SystemExit("load failed")
    for f in frames:
        raw = anim.lottie_animation_render(frame_num=f, width=w, height=h)
        b = np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 4)     # B, G, R, A premultiplied
        save_premul_png(b[..., [2, 1, 0, 3]].copy(), os.path.join(outdir, "rlottie-%d.png" % f))


def run_peer(name, path, w, h, frames, outdir, timeout):
    """None when the frames were written, else 'crash: …', 'timeout' or 'error: …'."""
    return run_child([sys.executable, os.path.abspath(__file__), "--peer", name, path, str(w), str(h),
                      ",".join(map(str, frames)), outdir], timeout)


def run_child(cmd, timeout):
    """None when `cmd` exits 0, else 'timeout', 'crash: signal N' or 'error: LAST STDERR LINE'."""
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    if r.returncode < 0:
        return "crash: signal %d" % -r.returncode
    if r.returncode != 0:
        last = (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]
        return "error: " + last[:100]
    return None


def run_ours(binary, path, ip, frames, scale, outdir, timeout, name="ours"):
    for f in frames:
        out = os.path.join(outdir, "%s-%d.png" % (name, f))
        failure = run_child(binary + ["render", path, "--frame", repr(ip + f), "--scale", repr(scale), "--out", out], timeout)
        if failure:
            return failure
    return None


# ---- one file -------------------------------------------------------------------------------
def measure(path, a, compare):
    line = {"file": path}
    work = tempfile.mkdtemp(prefix="lottie-agreement-")
    try:
        try:
            peer_path, doc = read_animation(path, work)
            w, h = float(doc["w"]), float(doc["h"])
            if not (0 < w <= MAX_CANVAS and 0 < h <= MAX_CANVAS):
                raise ValueError("canvas %gx%g" % (w, h))
            ip, frames = frame_plan(doc, a.frames)
        except Exception as e:
            line["skipped"] = "not a Lottie file: %s" % str(e)[:100]
            return line
        pw, ph = int(round(w * a.scale)), int(round(h * a.scale))
        line["size"] = "%dx%d" % (pw, ph)
        line["frames"] = frames
        outdir = work
        if a.out:
            outdir = os.path.join(a.out, a.out_names[path])
            os.makedirs(outdir, exist_ok=True)
        limit = a.timeout + 2 * len(frames)
        status = {}
        for k in ("thorvg", "rlottie") + ((a.lw_key,) if a.lottie_web else ()):
            have = all(os.path.exists(os.path.join(outdir, "%s-%d.png" % (k, f))) for f in frames)
            if a.reuse_peers and have:
                status[k] = None
            elif k == a.lw_key:
                status[k] = run_child([sys.executable, LOTTIE_WEB, "frames", peer_path, str(pw), str(ph),
                                       ",".join(map(str, frames)), outdir, "--timeout", str(limit),
                                       "--renderer", a.lottie_web_renderer, "--prefix", a.lw_key], limit + 30)
            else:
                status[k] = run_peer(k, peer_path, pw, ph, frames, outdir, limit)
        if a.lottie_web:
            import importlib.util
            spec = importlib.util.spec_from_file_location("lottie_web_frames", LOTTIE_WEB)
            lw = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(lw)
            line[a.lw_limits] = (lw.canvas_limits if a.lottie_web_renderer == "canvas" else lw.svg_limits)(doc)
        imgs = {}
        def image(k, f):
            p = os.path.join(outdir, "%s-%d.png" % (k, f))
            if (k, f) not in imgs:
                imgs[(k, f)] = compare.load_premul(p) if not status.get(k) and os.path.exists(p) else None
            return imgs[(k, f)]
        def score(x, y, f):
            ix, iy = image(x, f), image(y, f)
            return None if ix is None or iy is None else round(compare.score_arrays(iy, ix, a.scale)[0], 4)
        # The peers first; ours only where they agree (other frames count nowhere), unless --all-frames.
        per = [{"frame": f, "tr": score("thorvg", "rlottie", f)} for f in frames]
        ours_frames = [p["frame"] for p in per if a.all_frames or (p["tr"] is not None and p["tr"] <= compare.SHARE_T)]
        status["ours"] = run_ours(a.bin, path, ip, ours_frames, a.scale, outdir, a.timeout) if ours_frames else None
        if a.baseline:
            status["baseline"] = run_ours(a.baseline, path, ip, ours_frames, a.scale, outdir, a.timeout, "baseline") if ours_frames else None
        for k, v in status.items():
            if v:
                line[k + "_failed"] = v
        for p in per:
            if p["frame"] in ours_frames:
                p["ot"], p["or"] = score("ours", "thorvg", p["frame"]), score("ours", "rlottie", p["frame"])
                if a.baseline:
                    p["bt"], p["br"] = score("baseline", "thorvg", p["frame"]), score("baseline", "rlottie", p["frame"])
                if a.lottie_web:
                    p["ow"], p["tw"] = score("ours", a.lw_key, p["frame"]), score("thorvg", a.lw_key, p["frame"])
            for key in [k for k, v in p.items() if v is None]:
                del p[key]
        line["scores"] = per
        t = compare.SHARE_T
        agreed = [p for p in per if "tr" in p and p["tr"] <= t]
        line["peer_frames"] = sum(1 for p in per if "tr" in p)
        line["agreed"] = len(agreed)
        line["ours_both"] = sum(1 for p in agreed if p.get("ot", 1) <= t and p.get("or", 1) <= t)
        line["ours_either"] = sum(1 for p in agreed if p.get("ot", 1) <= t or p.get("or", 1) <= t)
        if a.baseline:
            line["baseline_both"] = sum(1 for p in agreed if p.get("bt", 1) <= t and p.get("br", 1) <= t)
        # Ours against ThorVG alone, on every frame both drew (rlottie ignores expressions, so
        # for files with expressions this is the number that counts).
        line["thorvg_frames"] = sum(1 for p in per if "ot" in p)
        line["ours_thorvg"] = sum(1 for p in per if p.get("ot", 1) <= t)
        if a.baseline:
            line["baseline_thorvg"] = sum(1 for p in per if p.get("bt", 1) <= t)
        if a.lottie_web:
            # Frames all three drew: ours/ThorVG, ours/lottie-web, ThorVG/lottie-web.
            three = [p for p in per if "ot" in p and "ow" in p and "tw" in p]
            line["three_frames"] = len(three)
            line["three_ot"] = sum(1 for p in three if p["ot"] <= t)
            line["three_ow"] = sum(1 for p in three if p["ow"] <= t)
            line["three_tw"] = sum(1 for p in three if p["tw"] <= t)
        return line
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="Lottie files or folders of them")
    ap.add_argument("--frames", type=int, default=8, help="frames per file (default 8)")
    ap.add_argument("--bin", default=os.path.join(REPO, ".build", "release", "layerplay"),
                    help="layerplay (a command with arguments is split on spaces)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1, help="pixels per point (the metric downsamples by it)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per renderer call")
    ap.add_argument("--worst", type=int, default=15, help="how many worst files to list")
    ap.add_argument("--out", default="", help="keep the frames in DIR/FILE-STEM/")
    ap.add_argument("--json", default="", help="write one JSON line per file to this file")
    ap.add_argument("--only", default="", help="only files whose path contains TEXT")
    ap.add_argument("--reuse-peers", action="store_true",
                    help="with --out: take the peers' frames already in DIR/FILE-STEM/ instead of rendering them again")
    ap.add_argument("--baseline", default="", help="an older layerplay scored on the same frames in the same run")
    ap.add_argument("--all-frames", action="store_true",
                    help="render ours on every frame, not only where the peers agree (for --out)")
    ap.add_argument("--compare", default=COMPARE_DIR, help="the folder of compare.py (the metric)")
    ap.add_argument("--lottie-web", action="store_true",
                    help="lottie-web 5.8.1 as a third peer (scripts/reference/lottie-web-frames.py; use with --all-frames)")
    ap.add_argument("--lottie-web-renderer", choices=("canvas", "svg"), default="canvas",
                    help="lottie-web's renderer for --lottie-web: canvas (replayed with Skia) or svg (rasterised by resvg; "
                         "draws mattes, mask modes, blend groups and some effects); frames are kept as lottieweb-F.png "
                         "or lottiewebsvg-F.png")
    ap.add_argument("--min-agreement", type=float, default=None,
                    help="exit 1 when the agreement (ours matching both peers) is below PERCENT")
    a = ap.parse_args()
    if not 1 <= a.frames <= MAX_FRAMES:
        raise SystemExit("lottie-agreement.py: --frames must be within 1…%d" % MAX_FRAMES)
    if a.reuse_peers and not a.out:
        raise SystemExit("lottie-agreement.py: --reuse-peers needs --out DIR")
    if not 0.25 <= a.scale <= 4:
        raise SystemExit("lottie-agreement.py: --scale must be within 0.25…4")
    if not 1 <= a.jobs <= 64:
        raise SystemExit("lottie-agreement.py: --jobs must be within 1…64")
    a.bin = a.bin.split()
    a.lw_name = "lottie-web" if a.lottie_web_renderer == "canvas" else "lottie-web-svg"
    a.lw_limits = "canvas_limits" if a.lottie_web_renderer == "canvas" else "svg_limits"
    a.lw_key = "lottieweb" if a.lottie_web_renderer == "canvas" else "lottiewebsvg"
    a.baseline = a.baseline.split()
    if not (os.path.exists(a.bin[0]) or shutil.which(a.bin[0])):
        raise SystemExit("lottie-agreement.py: no layerplay at %s (swift build -c release --product layerplay)" % a.bin[0])
    compare = load_metric(a.compare)
    files = [f for f in lottie_files(a.paths) if a.only in f]
    # --out folders by file stem; a stem met again gets its folder's name in front (and a number).
    a.out_names, used = {}, set()
    for f in files:
        stem = os.path.splitext(os.path.basename(f))[0]
        name, n = stem, 2
        while name in used:
            name = "%s-%s%s" % (os.path.basename(os.path.dirname(f)), stem, "" if n == 2 else "-%d" % n)
            n += 1
        used.add(name)
        a.out_names[f] = name
    results = []
    jf = open(a.json, "w") if a.json else None
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        for line in ex.map(lambda f: measure(f, a, compare), files):
            results.append(line)
            if jf:
                jf.write(json.dumps(line) + "\n")
                jf.flush()
            name = os.path.relpath(line["file"])
            if "skipped" in line:
                print("%-60s skipped: %s" % (name, line["skipped"]), flush=True)
                continue
            fails = " ".join("%s %s" % (k[:-7], line[k]) for k in ("ours_failed", "baseline_failed", "thorvg_failed", "rlottie_failed",
                                                                   a.lw_key + "_failed") if k in line)
            worst_ot = max((p.get("ot", 0) for p in line["scores"]), default=0)
            base = (", baseline %d" % line["baseline_both"]) if a.baseline else ""
            tvg = "; ours/ThorVG %d/%d" % (line["ours_thorvg"], line["thorvg_frames"])
            if a.baseline:
                tvg += ", baseline %d" % line["baseline_thorvg"]
            if a.lottie_web:
                tvg += "; " + a.lw_name + ": ours %d, ThorVG %d of %d%s" % (line["three_ow"], line["three_tw"], line["three_frames"],
                                                                   (" [%s]" % ", ".join(line[a.lw_limits]))
                                                                   if line.get(a.lw_limits) else "")
            print("%-60s peers agree %d/%d, ours with both %d, either %d%s%s  (worst ours/ThorVG %.3f)%s" % (
                name[-60:], line["agreed"], len(line["frames"]), line["ours_both"], line["ours_either"], base, tvg, worst_ot,
                ("  [" + fails + "]") if fails else ""), flush=True)
    if jf:
        jf.close()
    measured = [l for l in results if "skipped" not in l]
    agreed = sum(l["agreed"] for l in measured)
    both = sum(l["ours_both"] for l in measured)
    either = sum(l["ours_either"] for l in measured)
    frames = sum(len(l["frames"]) for l in measured)
    pct = 100.0 * both / agreed if agreed else 100.0
    fail_counts = {}
    for who in ("ours", "thorvg", "rlottie") + (("baseline",) if a.baseline else ()) + ((a.lw_key,) if a.lottie_web else ()):
        fs = [l for l in measured if who + "_failed" in l]
        fail_counts[who] = {"crash": sum(1 for l in fs if l[who + "_failed"].startswith("crash")),
                            "timeout": sum(1 for l in fs if l[who + "_failed"] == "timeout"),
                            "error": sum(1 for l in fs if l[who + "_failed"].startswith("error"))}
    print()
    print("files %d (skipped %d), frames %d; peers agree on %d frames; ours agrees with both on %d (%.1f %%), "
          "with at least one on %d (%.1f %%)" % (len(measured), len(results) - len(measured), frames, agreed, both, pct,
                                                either, 100.0 * either / agreed if agreed else 100.0))
    if a.baseline:
        bb = sum(l["baseline_both"] for l in measured)
        print("baseline agrees with both on %d (%.1f %%)" % (bb, 100.0 * bb / agreed if agreed else 100.0))
    tf = sum(l["thorvg_frames"] for l in measured)
    ot = sum(l["ours_thorvg"] for l in measured)
    print("ours matches ThorVG on %d of %d frames both drew (%.1f %%)" % (ot, tf, 100.0 * ot / tf if tf else 100.0)
          + (", baseline on %d (%.1f %%)" % (sum(l["baseline_thorvg"] for l in measured),
                                            100.0 * sum(l["baseline_thorvg"] for l in measured) / tf if tf else 100.0)
             if a.baseline else ""))
    if a.lottie_web:
        for title, group in (("", measured), (" (files lottie-web's %s renderer draws fully)" % (
                "canvas" if a.lottie_web_renderer == "canvas" else "SVG"), [l for l in measured if not l.get(a.lw_limits)])):
            y = sum(l.get("three_frames", 0) for l in group)
            pc = lambda n: 100.0 * n / y if y else 100.0
            x, z, o = (sum(l.get(k, 0) for l in group) for k in ("three_ow", "three_tw", "three_ot"))
            print("ours agrees with %s on %d of %d frames (%.1f %%); ThorVG agrees with %s on %d of %d "
                  "(%.1f %%); ours with ThorVG on %d of %d (%.1f %%)%s" % (a.lw_name, x, y, pc(x), a.lw_name, z, y, pc(z),
                                                                          o, y, pc(o), title))
    for who, c in fail_counts.items():
        print("%-8s crashed on %d files, timed out on %d, refused %d" % (who, c["crash"], c["timeout"], c["error"]))
    worst = sorted((l for l in measured if l["agreed"] > l["ours_both"]),
                   key=lambda l: (-(l["agreed"] - l["ours_both"]), l["file"]))[:a.worst]
    if worst:
        print("worst files (peer-agreed frames we miss):")
        for l in worst:
            print("  %2d of %2d  %s" % (l["agreed"] - l["ours_both"], l["agreed"], os.path.relpath(l["file"])))
    if a.min_agreement is not None and pct < a.min_agreement:
        print("FAIL agreement %.1f %% < %.1f %%" % (pct, a.min_agreement))
        return 1
    return 0


def peer_main(argv):
    name, path, w, h, frames, outdir = argv
    frames = [int(x) for x in frames.split(",") if x]
    {"thorvg": peer_thorvg, "rlottie": peer_rlottie}[name](path, int(w), int(h), frames, outdir)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--peer":
        sys.exit(peer_main(sys.argv[2:]))
    sys.exit(main())
