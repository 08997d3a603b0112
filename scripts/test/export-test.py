#!/usr/bin/env python3
"""`layerplay export` read back: a small Lottie file (TwitterHeart, 100x100 at 60 fps, exported
at scale 2) and a document (scripts/test/export-sample.json: a gradient, an eased ball, a
growing stroke) to every format, then

- GIF, WebP, APNG through Pillow: frame count (GIF and WebP merge a frame that repeats the
  one before into it, so at most the count), size, total duration (within a hundredth of a second), loop count, and
  transparency where the background is transparent;
- MP4 and WebM through ffprobe: codec, frame count, size, duration;
- the PNG folder: the count of frame_*.png;
- sampled frames of each, decoded (Pillow, or ffmpeg for the videos, over white as the
  videos are), scored against `layerplay render` of the same instant with the Lottie
  compare metric (../shared/lottie/compare.py): bad share at most 1 % (GIF against our render
  with its alpha made one bit as the encoder makes it; video at most 3 %, chroma being
  subsampled);
- a GIF that may hold transparency whose frames are opaque: changed rectangles over the
  previous frame, still showing the render;
- `thumbnail`: the poster marker's frame (a copy of the sample given one), else the midpoint;
- failures: an unknown extension, a missing input, and SIGINT during an export leave no
  output and no temporary file, with one line on stderr.

    scripts/test/export-test.py [BIN]     (default: the debug build, built if needed)
"""
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.chdir(ROOT)
SHARED = os.path.join(ROOT, "..", "shared", "lottie")
if not os.path.exists(os.path.join(SHARED, "compare.py")):
    print("export-test: skipped (no ../shared/lottie with compare.py and the samples)")
    sys.exit(0)
sys.path.insert(0, SHARED)
import compare  # noqa: E402  (the metric: score_arrays)

sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from layerplay_test import binary, fail, failures  # noqa: E402


BIN = binary()
TMP = tempfile.mkdtemp(prefix="export-test-")


def run(*args, check=True):
    p = subprocess.run([BIN, *args], capture_output=True, text=True)
    if check and p.returncode != 0:
        fail(f"{' '.join(args)}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
    return p


def premul(rgba):
    a = np.asarray(rgba.convert("RGBA"), dtype=np.float32) / 255.0
    a[..., :3] *= a[..., 3:4]
    return a


def over_white(arr):
    out = arr.copy()
    out[..., :3] += 1 - arr[..., 3:4]
    out[..., 3] = 1
    return out


def bayer8():
    m = np.zeros((1, 1), np.int32)
    while m.shape[0] < 8:
        m = np.block([[4 * m, 4 * m + 2], [4 * m + 3, 4 * m + 1]])
    return m


def gif_alpha(rgba):
    """Our render as a GIF can hold it: each pixel opaque or transparent, by the encoder's
    rule (GIFDither.swift: transparent where alpha < 4 x Bayer 8x8 threshold + 2)."""
    a = np.asarray(rgba.convert("RGBA")).copy()
    h, w = a.shape[:2]
    threshold = np.tile(bayer8(), (h // 8 + 1, w // 8 + 1))[:h, :w] * 4 + 2
    a[..., 3] = np.where(a[..., 3] < threshold, 0, 255)
    return Image.fromarray(a, "RGBA")


def reference(src, t, extra, white=False, gif=False):
    png = os.path.join(TMP, f"ref-{os.path.basename(src)}-{t:.4f}-{white}.png")
    if not os.path.exists(png):
        run("render", src, "--time", repr(max(t, 1e-9)), "--out", png, *extra)
    ref = premul(gif_alpha(Image.open(png)) if gif else Image.open(png))
    return over_white(ref) if white else ref


def score(ref, got, scale, what, limit):
    s, detail = compare.score_arrays(ref, got, scale)
    if s > limit:
        fail(f"{what}: score {s:.4f} > {limit} ({detail.get('status')})")
    return s


def pillow_frames(path):
    """(start seconds, RGBA image, duration ms) of each frame, composited as a viewer shows it."""
    im = Image.open(path)
    frames, t = [], 0.0
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i)
        im.load()
        d = im.info.get("duration", 0) or 0
        start = im.info["timestamp"] / 1000 if "timestamp" in im.info else t
        frames.append((start, im.convert("RGBA"), d))
        t = start + d / 1000
    return im, frames


def ffprobe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                          "stream=codec_name,width,height,nb_read_frames:format=duration", "-of", "json", path],
                         capture_output=True, text=True, check=True).stdout
    j = json.loads(out)
    s = j["streams"][0]
    return s["codec_name"], int(s["width"]), int(s["height"]), int(s["nb_read_frames"]), float(j["format"]["duration"])


def check_source(name, src, size, duration, fps, scale, transparent, loop):
    extra = ["--scale", str(scale)]
    w, h = size[0] * scale, size[1] * scale
    for ext in ["gif", "webp", "apng", "mp4", "webm", ""]:
        out = os.path.join(TMP, f"{name}.{ext}" if ext else f"{name}-frames/")
        rate = fps if ext != "gif" or fps <= 50 else fps / -(-fps // 50)
        count = int(np.ceil(duration * rate - 1e-6))
        args = ["export", src, "--out", out, *extra] + (["--loop-count", str(loop)] if loop else [])
        t0 = time.monotonic()
        if run(*args).returncode != 0:
            continue
        secs = time.monotonic() - t0
        what = f"{name} {ext or 'png folder'}"
        samples = sorted({0, count // 3, count // 2, (2 * count) // 3, count - 1})
        if ext in ("gif", "webp", "apng"):
            im, frames = pillow_frames(out)
            if im.size != (w, h):
                fail(f"{what}: size {im.size} != {(w, h)}")
            n = len(frames)
            # WebP (libwebp) and GIF (ours) merge a frame that repeats the one before into it.
            if (n != count) if ext == "apng" else (n > count or n < 2):
                fail(f"{what}: {n} frames, expected {count}")
            total = sum(f[2] for f in frames) / 1000
            if abs(total - count / rate) > 0.011:
                fail(f"{what}: lasts {total:.3f} s, expected {count / rate:.3f}")
            want_loop = {"gif": (loop - 1 if loop > 1 else (None if loop == 1 else 0)), "webp": loop, "apng": loop}[ext]
            got_loop = Image.open(out).info.get("loop")
            if got_loop != want_loop:
                fail(f"{what}: loop {got_loop}, expected {want_loop}")
            if transparent and frames[0][1].getextrema()[3][0] != 0:
                fail(f"{what}: no transparent pixel though the background is transparent")
            worst = 0.0
            for i in samples:
                t = i / rate
                # The frame on screen at t (WebP's merged frames hold several instants; start
                # times are rounded to the format's unit, hence half a frame's slack).
                k = max(j for j, f in enumerate(frames) if f[0] <= t + 0.5 / rate)
                ref = reference(src, t, extra, gif=ext == "gif")
                worst = max(worst, score(ref, premul(frames[k][1]), scale, f"{what} frame {i}", 0.01))
        elif ext in ("mp4", "webm"):
            codec, vw, vh, n, dur = ffprobe(out)
            if codec != {"mp4": "h264", "webm": "vp9"}[ext]:
                fail(f"{what}: codec {codec}")
            if (vw, vh) != (w + w % 2, h + h % 2):
                fail(f"{what}: size {vw}x{vh}")
            if n != count:
                fail(f"{what}: {n} frames, expected {count}")
            if abs(dur - count / rate) > 0.05:
                fail(f"{what}: lasts {dur:.3f} s, expected {count / rate:.3f}")
            dec = os.path.join(TMP, f"{name}-{ext}-decoded")
            os.makedirs(dec, exist_ok=True)
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", out, os.path.join(dec, "%05d.png")], check=True)
            worst = 0.0
            for i in samples:
                got = premul(Image.open(os.path.join(dec, "%05d.png" % (i + 1))))[:h, :w]
                worst = max(worst, score(reference(src, i / rate, extra, white=True), got, scale, f"{what} frame {i}", 0.03))
        else:
            names = sorted(glob.glob(os.path.join(out, "frame_*.png")))
            if len(names) != count:
                fail(f"{what}: {len(names)} files, expected {count}")
            worst = 0.0
            for i in samples:
                worst = max(worst, score(reference(src, i / rate, extra), premul(Image.open(names[i])), scale, f"{what} frame {i}", 0.01))
        print(f"  {what}: {count} frames at {rate:g} fps, {os.path.getsize(out) if ext else len(os.listdir(out))} "
              f"{'bytes' if ext else 'files'}, worst sampled score {worst:.4f}, {secs:.1f} s")


def check_failures():
    # An unknown extension: refused before anything is written.
    p = run("export", "scripts/test/export-sample.json", "--out", os.path.join(TMP, "x.avi"), check=False)
    if p.returncode == 0 or len(p.stderr.strip().splitlines()) != 1 or os.path.exists(os.path.join(TMP, "x.avi")):
        fail(f"unknown extension: exit {p.returncode}, stderr {p.stderr!r}")
    # A missing input.
    p = run("export", os.path.join(TMP, "missing.json"), "--out", os.path.join(TMP, "m.gif"), check=False)
    if p.returncode == 0 or len(p.stderr.strip().splitlines()) != 1 or os.path.exists(os.path.join(TMP, "m.gif")):
        fail(f"missing input: exit {p.returncode}, stderr {p.stderr!r}")
    # SIGINT halfway: no output, no temporary file beside it, one line saying why.
    folder = os.path.join(TMP, "interrupted")
    os.makedirs(folder)
    sample = os.path.join(SHARED, "samples", "Boat_Loader.json")
    proc = subprocess.Popen([BIN, "export", sample, "--out", os.path.join(folder, "boat.mp4"), "--jobs", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not os.listdir(folder) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    left = os.listdir(folder)
    if proc.returncode != 130 or left or len(err.strip().splitlines()) != 1:
        fail(f"SIGINT: exit {proc.returncode}, left {left}, stderr {err!r}")


def check_gif_opaque_frames_on_transparent_background():
    """A GIF that may hold transparency whose frames are opaque: each frame after the first
    is only its changed rectangle over the previous frame left in place (disposal 1), the
    others disposed to the background; what a viewer shows is still the render."""
    src, out = "scripts/test/export-sample.json", os.path.join(TMP, "doc-transparent.gif")
    if run("export", src, "--out", out, "--background", "transparent").returncode != 0:
        return
    _, frames = pillow_frames(out)
    rects = []
    im = Image.open(out)
    for i in range(1, im.n_frames):
        im.seek(i)
        rects.append(im.tile[0][1] if im.tile else None)
    if not any(r and (r[2] - r[0], r[3] - r[1]) != (160, 120) for r in rects):
        fail("transparent-background GIF of opaque frames: no frame is a changed rectangle only")
    for i in (0, 13, 31, 59):
        t = i / 30
        k = max(j for j, f in enumerate(frames) if f[0] <= t + 0.5 / 30)
        # The gradient covers the canvas: the render over the document's background is the same.
        score(reference(src, t, [], gif=True), premul(frames[k][1]), 1,
              f"transparent-background GIF frame {i}", 0.01)


def check_thumbnail(lottie):
    """`thumbnail` draws the `poster` marker's frame when there is one, else the midpoint,
    the longer side --size pixels."""
    j = json.load(open(lottie))
    poster = os.path.join(TMP, "poster.json")
    j["markers"] = [{"cm": "intro", "tm": 5, "dr": 0}, {"cm": "poster", "tm": 20, "dr": 0}]
    json.dump(j, open(poster, "w"))
    for src, t in ((poster, (20 - j["ip"]) / j["fr"]), (lottie, (j["op"] - j["ip"]) / j["fr"] / 2)):
        thumb = os.path.join(TMP, "thumb.png")
        if run("thumbnail", src, thumb, "--size", "64").returncode != 0:
            continue
        got = premul(Image.open(thumb))
        if got.shape[:2] != (64, 64):
            fail(f"thumbnail of {os.path.basename(src)}: size {got.shape[1]}x{got.shape[0]}")
            continue
        ref = os.path.join(TMP, "thumb-ref.png")
        run("render", src, "--time", repr(t), "--size", "64x64", "--out", ref)
        if np.abs(premul(Image.open(ref)) - got).max() > 0:
            fail(f"thumbnail of {os.path.basename(src)} is not the frame at {t:.3f} s")


def main():
    lottie = os.path.join(SHARED, "samples", "TwitterHeart.json")
    if not os.path.exists(lottie):
        print("export-test: skipped (no ../shared/lottie/samples)")
        return 0
    print("export-test: Lottie file (transparent)")
    check_source("heart", lottie, (100, 100), 116 / 60, 60, 2, True, 0)
    print("export-test: document (opaque background, played 3 times)")
    check_source("doc", "scripts/test/export-sample.json", (160, 120), 2.0, 60, 1, False, 3)
    check_gif_opaque_frames_on_transparent_background()
    check_thumbnail(lottie)
    check_failures()
    shutil.rmtree(TMP, ignore_errors=True)
    if failures:
        print(f"export-test: {len(failures)} failure(s)", file=sys.stderr)
        return 1
    print("export-test: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
