#!/usr/bin/env python3
"""Times the peer rasterizers (Cairo, Skia, Blend2D) on static LayerKit scene documents and
renders Cairo reference PNGs for fidelity checks.

Reads the static subset of docs/document-format.md: width, height, background, and
shape layers with path (SVG data), fillColor, fillRule, strokeColor, lineWidth, lineCap,
lineJoin, miterLimit, lineDashPattern, lineDashPhase, opacity (strokeStart/strokeEnd other
than 0/1 are reported as unsupported here). Each frame is clear + draw of every layer, paths
built once, single thread, antialiasing on; prints one JSON line per scene and peer with the
median, p10 and p90 in microseconds.

  pip install pycairo skia-python blend2d-python   (pycairo needs libcairo2-dev, pkg-config)
  python3 scripts/bench/peers.py ../shared/scenes/*.json --frames 200 [--refs DIR] [--peers cairo,skia,blend2d]
"""
import argparse
import json
import math
import os
import re
import sys
import time

# ---------------------------------------------------------------- documents

def parse_color(v):
    """Straight RGBA in 0..1, or None."""
    if v is None:
        return None
    if isinstance(v, list):
        return tuple(float(x) for x in v)
    s = v.lstrip('#')
    if len(s) == 3:
        s = ''.join(c * 2 for c in s)
    if len(s) == 6:
        s += 'ff'
    return tuple(int(s[i:i + 2], 16) / 255 for i in range(0, 8, 2))


TOKEN = re.compile(r'[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?')


def arc_to_cubics(x1, y1, rx, ry, phi, fa, fs, x2, y2):
    """SVG F.6 endpoint arc → list of cubic control triples."""
    if rx == 0 or ry == 0:
        return [((x1, y1), (x2, y2), (x2, y2))]
    rx, ry = abs(rx), abs(ry)
    cp, sp = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cp * dx + sp * dy, -sp * dx + cp * dy
    lam = x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2
    den = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2
    co = math.sqrt(max(0, num / den)) if den else 0
    if fa == fs:
        co = -co
    cxp, cyp = co * rx * y1p / ry, -co * ry * x1p / rx
    cx, cy = cp * cxp - sp * cyp + (x1 + x2) / 2, sp * cxp + cp * cyp + (y1 + y2) / 2

    def ang(ux, uy, vx, vy):
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a
    t1 = ang(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = ang((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not fs and dt > 0:
        dt -= 2 * math.pi
    elif fs and dt < 0:
        dt += 2 * math.pi
    n = max(1, int(math.ceil(abs(dt) / (math.pi / 2) - 1e-9)))
    step = dt / n
    k = 4 / 3 * math.tan(step / 4)
    out = []
    for i in range(n):
        a0, a1 = t1 + i * step, t1 + (i + 1) * step

        def pt(a):
            x, y = rx * math.cos(a), ry * math.sin(a)
            return (cp * x - sp * y + cx, sp * x + cp * y + cy)

        def der(a):
            x, y = -rx * math.sin(a), ry * math.cos(a)
            return (cp * x - sp * y, sp * x + cp * y)
        p0, p3 = pt(a0), pt(a1)
        d0, d3 = der(a0), der(a1)
        out.append(((p0[0] + k * d0[0], p0[1] + k * d0[1]), (p3[0] - k * d3[0], p3[1] - k * d3[1]), p3))
    return out


def parse_svg(d):
    """SVG path data → absolute commands: ('M',x,y) ('L',x,y) ('C',x1,y1,x2,y2,x,y) ('Z',)."""
    toks = TOKEN.findall(d)
    out, i = [], 0
    cx = cy = sx = sy = 0.0
    cmd, last_ctrl, last_cmd = None, None, None

    def num():
        nonlocal i
        v = float(toks[i]); i += 1
        return v
    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]; i += 1
            if cmd in 'Zz':
                out.append(('Z',)); cx, cy = sx, sy; last_cmd = 'Z'; continue
        rel = cmd.islower(); C = cmd.upper()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        if C == 'M':
            cx, cy = ox + num(), oy + num(); sx, sy = cx, cy
            out.append(('M', cx, cy)); cmd = 'l' if rel else 'L'
        elif C == 'L':
            cx, cy = ox + num(), oy + num(); out.append(('L', cx, cy))
        elif C == 'H':
            cx = (cx if rel else 0) + num(); out.append(('L', cx, cy))
        elif C == 'V':
            cy = (cy if rel else 0) + num(); out.append(('L', cx, cy))
        elif C in 'CS':
            if C == 'C':
                x1, y1 = ox + num(), oy + num()
            else:
                x1, y1 = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_cmd in 'CS' else (cx, cy)
            x2, y2, x, y = ox + num(), oy + num(), ox + num(), oy + num()
            out.append(('C', x1, y1, x2, y2, x, y)); last_ctrl = (x2, y2); cx, cy = x, y
        elif C in 'QT':
            if C == 'Q':
                qx, qy = ox + num(), oy + num()
            else:
                qx, qy = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_cmd in 'QT' else (cx, cy)
            x, y = ox + num(), oy + num()
            out.append(('C', cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy), x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y))
            last_ctrl = (qx, qy); cx, cy = x, y
        elif C == 'A':
            rx, ry, rot, fa, fs = num(), num(), num(), num(), num()
            x, y = ox + num(), oy + num()
            for c1, c2, p in arc_to_cubics(cx, cy, rx, ry, math.radians(rot), fa != 0, fs != 0, x, y):
                out.append(('C', c1[0], c1[1], c2[0], c2[1], p[0], p[1]))
            cx, cy = x, y
        last_cmd = C
    return out


def load_scene(path):
    doc = json.load(open(path))
    layers = []
    for L in doc.get('layers', []):
        if L.get('type', 'layer') != 'shape':
            continue
        if L.get('strokeStart', 0) != 0 or L.get('strokeEnd', 1) != 1:
            print(f'# {path}: strokeStart/strokeEnd not supported by peers.py; drawn untrimmed', file=sys.stderr)
        layers.append(dict(
            cmds=parse_svg(L.get('path', '')),
            fill=parse_color(L['fillColor']) if 'fillColor' in L else (0, 0, 0, 1),
            rule=L.get('fillRule', 'nonZero'),
            stroke=parse_color(L.get('strokeColor')),
            width=float(L.get('lineWidth', 1)), cap=L.get('lineCap', 'butt'), join=L.get('lineJoin', 'miter'),
            miter=float(L.get('miterLimit', 10)), dashes=L.get('lineDashPattern') or [],
            phase=float(L.get('lineDashPhase', 0)), opacity=float(L.get('opacity', 1))))
    bg = parse_color(doc.get('background')) or (0, 0, 0, 0)
    return int(doc['width']), int(doc['height']), bg, layers

# ---------------------------------------------------------------- peers


def cairo_peer(w, h, bg, layers):
    import cairo
    surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
    ctx = cairo.Context(surf)
    ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
    caps = dict(butt=cairo.LINE_CAP_BUTT, round=cairo.LINE_CAP_ROUND, square=cairo.LINE_CAP_SQUARE)
    joins = dict(miter=cairo.LINE_JOIN_MITER, round=cairo.LINE_JOIN_ROUND, bevel=cairo.LINE_JOIN_BEVEL)
    prepared = []
    for L in layers:                       # paths built once (cairo_copy_path)
        ctx.new_path()
        for c in L['cmds']:
            if c[0] == 'M': ctx.move_to(c[1], c[2])
            elif c[0] == 'L': ctx.line_to(c[1], c[2])
            elif c[0] == 'C': ctx.curve_to(*c[1:])
            else: ctx.close_path()
        prepared.append((ctx.copy_path(), L))
    ctx.new_path()

    def frame():
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgba(*bg)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        for path, L in prepared:
            ctx.new_path()
            ctx.append_path(path)
            o = L['opacity']
            if L['fill'] is not None:
                f = L['fill']
                ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if L['rule'] == 'evenOdd' else cairo.FILL_RULE_WINDING)
                ctx.set_source_rgba(f[0], f[1], f[2], f[3] * o)
                ctx.fill_preserve() if L['stroke'] is not None else ctx.fill()
            if L['stroke'] is not None and L['width'] > 0:
                s = L['stroke']
                ctx.set_line_width(L['width']); ctx.set_line_cap(caps[L['cap']])
                ctx.set_line_join(joins[L['join']]); ctx.set_miter_limit(L['miter'])
                ctx.set_dash(L['dashes'], L['phase'])
                ctx.set_source_rgba(s[0], s[1], s[2], s[3] * o)
                ctx.stroke()
            ctx.new_path()
        surf.flush()

    def save(p):
        surf.write_to_png(p)
    return frame, save


def skia_peer(w, h, bg, layers):
    import skia
    surface = skia.Surface(w, h)            # N32 premultiplied raster
    canvas = surface.getCanvas()
    caps = dict(butt=skia.Paint.kButt_Cap, round=skia.Paint.kRound_Cap, square=skia.Paint.kSquare_Cap)
    joins = dict(miter=skia.Paint.kMiter_Join, round=skia.Paint.kRound_Join, bevel=skia.Paint.kBevel_Join)

    def c4(c, o):
        return skia.Color4f(c[0], c[1], c[2], c[3] * o)
    prepared = []
    for L in layers:
        p = skia.Path()
        for c in L['cmds']:
            if c[0] == 'M': p.moveTo(c[1], c[2])
            elif c[0] == 'L': p.lineTo(c[1], c[2])
            elif c[0] == 'C': p.cubicTo(*c[1:])
            else: p.close()
        p.setFillType(skia.PathFillType.kEvenOdd if L['rule'] == 'evenOdd' else skia.PathFillType.kWinding)
        fp = sp = None
        if L['fill'] is not None:
            fp = skia.Paint(AntiAlias=True, Color4f=c4(L['fill'], L['opacity']), Style=skia.Paint.kFill_Style)
        if L['stroke'] is not None and L['width'] > 0:
            sp = skia.Paint(AntiAlias=True, Color4f=c4(L['stroke'], L['opacity']), Style=skia.Paint.kStroke_Style,
                            StrokeWidth=L['width'], StrokeCap=caps[L['cap']], StrokeJoin=joins[L['join']],
                            StrokeMiter=L['miter'])
            if L['dashes']:
                sp.setPathEffect(skia.DashPathEffect.Make(L['dashes'], L['phase']))
        prepared.append((p, fp, sp))
    bgc = skia.Color4f(*bg).toColor()

    def frame():
        canvas.clear(bgc)
        for p, fp, sp in prepared:
            if fp is not None: canvas.drawPath(p, fp)
            if sp is not None: canvas.drawPath(p, sp)
        surface.flushAndSubmit() if hasattr(surface, 'flushAndSubmit') else None

    def save(path):
        surface.makeImageSnapshot().save(path, skia.kPNG)
    return frame, save


def blend2d_peer(w, h, bg, layers):
    import blend2d as b
    img = b.BLImage(w, h, b.BLFormat.PRGB32) if hasattr(b.BLFormat, 'PRGB32') else b.BLImage(w, h)
    ctx = b.BLContext(img)
    caps = dict(butt=b.BLStrokeCap.CAP_BUTT, round=b.BLStrokeCap.CAP_ROUND, square=b.BLStrokeCap.CAP_SQUARE)
    joins = dict(miter=b.BLStrokeJoin.JOIN_MITER_BEVEL, round=b.BLStrokeJoin.JOIN_ROUND, bevel=b.BLStrokeJoin.JOIN_BEVEL)

    def rgba(c, o):
        # blend2d-python 1.0 reads the tuple in memory order (B, G, R, A), straight floats.
        return (float(c[2]), float(c[1]), float(c[0]), float(c[3] * o))
    prepared = []
    for L in layers:
        p = b.BLPath()
        for c in L['cmds']:
            if c[0] == 'M': p.move_to(c[1], c[2])
            elif c[0] == 'L': p.line_to(c[1], c[2])
            elif c[0] == 'C': p.cubic_to(*c[1:])
            else: p.close()
        prepared.append((p, L,
                         rgba(L['fill'], L['opacity']) if L['fill'] is not None else None,
                         rgba(L['stroke'], L['opacity']) if L['stroke'] is not None else None))
    bgc = rgba(bg, 1)

    def frame():
        ctx.comp_op = b.BLCompOp.SRC_COPY
        ctx.set_fill_style(bgc)
        ctx.fill_all()
        ctx.comp_op = b.BLCompOp.SRC_OVER
        for p, L, fc, sc in prepared:
            if fc is not None:
                ctx.fill_rule = b.BLFillRule.EVEN_ODD if L['rule'] == 'evenOdd' else b.BLFillRule.NON_ZERO
                ctx.set_fill_style(fc)
                ctx.fill_path(p)
            if sc is not None and L['width'] > 0:
                ctx.stroke_width = L['width']
                ctx.set_stroke_caps(caps[L['cap']])
                ctx.stroke_join = joins[L['join']]
                ctx.stroke_miter_limit = L['miter']
                ctx.set_stroke_style(sc)
                ctx.stroke_path(p)
        ctx.flush()

    def save(path):
        ctx.flush()
        img.writeToFile(path)
    return frame, save


PEERS = dict(cairo=cairo_peer, skia=skia_peer, blend2d=blend2d_peer)


def clock_ns(cpu):
    """The frame clock: the process's CPU time (CLOCK_PROCESS_CPUTIME_ID, what `layerplay bench
    --cpu-time` reads: waiting for a core on a busy machine is not counted) or the monotonic clock."""
    if cpu:
        return lambda: time.clock_gettime_ns(time.CLOCK_PROCESS_CPUTIME_ID)
    return time.perf_counter_ns


def time_frames(frame, n, cpu=False):
    """Median, p10 and p90 in µs of n frames after two warm-up frames."""
    now = clock_ns(cpu)
    frame(); frame()                        # two warm-up frames
    ts = []
    for _ in range(n):
        t0 = now()
        frame()
        ts.append(now() - t0)
    ts.sort()
    return ts[len(ts) // 2] / 1000, ts[len(ts) // 10] / 1000, ts[(len(ts) * 9) // 10] / 1000


def binding_frame(peer, bg, layers):
    """The same peer's frame with the same Python calls on a 1×1 target and empty paths: what a
    frame costs besides drawing (the interpreter, the binding's argument conversions, the
    library's per-call entry). Subtracting it from a frame leaves at most the drawing (it also
    removes the library's own per-call set-up, so it leans in the peer's favour)."""
    return PEERS[peer](1, 1, bg, [dict(L, cmds=[]) for L in layers])[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('scenes', nargs='+')
    ap.add_argument('--frames', type=int, default=100)
    ap.add_argument('--peers', default='cairo,skia,blend2d')
    ap.add_argument('--refs', help='directory for <scene>.<peer>.png renders')
    ap.add_argument('--budget', type=float, default=20.0, help='max seconds of timing per scene and peer')
    a = ap.parse_args()
    for path in a.scenes:
        w, h, bg, layers = load_scene(path)
        name = os.path.splitext(os.path.basename(path))[0]
        for peer in a.peers.split(','):
            try:
                frame, save = PEERS[peer](w, h, bg, layers)
            except Exception as e:  # a peer that is not installed is reported, not fatal
                print(json.dumps(dict(document=path, peer=peer, error=str(e))), flush=True)
                continue
            t0 = time.perf_counter(); frame(); one = time.perf_counter() - t0
            n = max(5, min(a.frames, int(a.budget / max(one, 1e-6))))
            med, p10, p90 = time_frames(frame, n)
            print(json.dumps(dict(document=path, peer=peer, frames=n, median_us=round(med, 1),
                                  p10_us=round(p10, 1), p90_us=round(p90, 1), width=w, height=h)), flush=True)
            if a.refs:
                os.makedirs(a.refs, exist_ok=True)
                save(os.path.join(a.refs, f'{name}.{peer}.png'))


if __name__ == '__main__':
    main()
