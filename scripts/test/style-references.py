#!/usr/bin/env python3
"""Independent references for the styling tests (StyleReferenceTests,
CGContextTwoPointGradientTests): the same small scenes drawn by Cairo (axial, radial and
two-point radial gradients, a mask) and by Skia (a conic gradient as a sweep gradient; a
shadow as a blur mask filter of the same sigma). Writes
Tests/LayerKitTests/Goldens/style/<name>.<peer>.png (premultiplied ARGB read back the
way the tests read every PNG).

  python3 scripts/test/style-references.py [OUT_DIR]

The scene parameters are repeated in Tests/LayerKitTests/StyleReferenceTests.swift; keep
the two in step.
"""
import math
import os
import sys

import cairo
import skia

W, H = 160, 80
STOPS = [(0.0, (1.0, 0.231, 0.188)), (0.3, (0.204, 0.78, 0.349)), (1.0, (0.0, 0.478, 1.0))]


def cairo_surface():
    s = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    c = cairo.Context(s)
    c.set_source_rgb(1, 1, 1)
    c.paint()
    return s, c


def add_stops(g):
    for t, (r, gg, b) in STOPS:
        g.add_color_stop_rgb(t, r, gg, b)


def axial(out):
    s, c = cairo_surface()
    g = cairo.LinearGradient(0, 0, W, H)          # startPoint (0, 0), endPoint (1, 1) mapped
    add_stops(g)
    c.set_source(g)
    c.rectangle(0, 0, W, H)
    c.fill()
    s.write_to_png(os.path.join(out, "gradient_axial.cairo.png"))


def radial(out):
    s, c = cairo_surface()
    g = cairo.RadialGradient(0, 0, 0, 0, 0, 1)    # unit circle, mapped onto the ellipse
    add_stops(g)
    m = cairo.Matrix(xx=80, yy=20, x0=80, y0=40)  # centre (0.5, 0.5), end (1, 0.75): rx 80, ry 20
    m.invert()
    g.set_matrix(m)
    c.set_source(g)
    c.rectangle(0, 0, W, H)
    c.fill()
    s.write_to_png(os.path.join(out, "gradient_radial.cairo.png"))


def mask(out):
    # The axial gradient through a mask: an opaque ellipse plus a half-transparent bar.
    s, c = cairo_surface()
    m = cairo.ImageSurface(cairo.FORMAT_A8, W, H)
    mc = cairo.Context(m)
    mc.set_source_rgba(0, 0, 0, 1)
    mc.save()
    mc.translate(60, 40)
    mc.scale(50, 30)
    mc.arc(0, 0, 1, 0, 2 * math.pi)
    mc.restore()
    mc.fill()
    mc.set_source_rgba(0, 0, 0, 0.5)
    mc.rectangle(110, 10, 40, 60)
    mc.fill()
    g = cairo.LinearGradient(0, 0, W, H)
    add_stops(g)
    c.set_source(g)
    c.mask_surface(m, 0, 0)
    s.write_to_png(os.path.join(out, "mask.cairo.png"))


def two_point(out):
    # CGContext.drawRadialGradient between two circles of different centres: a start circle
    # inside the end circle with both options (EXTEND_PAD), and a cone (start circle outside
    # the end circle) with neither (EXTEND_NONE: outside the cone stays white).
    scenes = [("radial_two_point_extended", (50, 40, 6, 95, 35, 40), cairo.EXTEND_PAD),
              ("radial_two_point_cone", (30, 40, 12, 120, 45, 28), cairo.EXTEND_NONE)]
    for name, circles, extend in scenes:
        s, c = cairo_surface()
        g = cairo.RadialGradient(*circles)
        add_stops(g)
        g.set_extend(extend)
        c.set_source(g)
        c.rectangle(0, 0, W, H)
        c.fill()
        s.write_to_png(os.path.join(out, name + ".cairo.png"))


def skia_save(surface, path):
    img = surface.makeImageSnapshot()
    img.save(path, skia.kPNG)


def conic(out):
    surface = skia.Surface(W, H)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    colors = [skia.Color4f(r, g, b, 1).toColor() for _, (r, g, b) in STOPS]
    shader = skia.GradientShader.MakeSweep(80, 40, colors, [t for t, _ in STOPS])
    paint = skia.Paint(Shader=shader, AntiAlias=True)
    canvas.drawRect(skia.Rect.MakeWH(W, H), paint)
    skia_save(surface, os.path.join(out, "gradient_conic.skia.png"))


def shadow(out):
    # A 60 × 40 dark blue rect at (40, 16) casting a black shadow: sigma 5, offset (6, 8).
    surface = skia.Surface(W, H)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    blur = skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, 5.0)
    canvas.drawRect(skia.Rect.MakeXYWH(46, 24, 60, 40), skia.Paint(Color=skia.ColorBLACK, MaskFilter=blur))
    canvas.drawRect(skia.Rect.MakeXYWH(40, 16, 60, 40), skia.Paint(Color=skia.Color(26, 51, 128)))
    skia_save(surface, os.path.join(out, "shadow.skia.png"))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "Tests", "LayerKitTests", "Goldens", "style")
    os.makedirs(out, exist_ok=True)
    for f in (axial, radial, mask, conic, shadow, two_point):
        f(out)
    print("wrote", out)


if __name__ == "__main__":
    main()
