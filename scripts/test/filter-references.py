#!/usr/bin/env python3
"""Independent references for the filter tests (FilterReferenceTests): each Core Image filter
a layer's `filters` or `backgroundFilters` takes, applied by numpy to the same small scene,
written with Pillow as Tests/LayerKitTests/Goldens/filters/<name>.numpy.png.

Written from Core Image's documented rules, not from LayerKit's code: the scene is composited
in sRGB (as every layer is), the filters run as Core Image runs them by default, on
unpremultiplied colour in linear-light sRGB (decoded and encoded by the exact sRGB transfer
function, float64 throughout), a blur on premultiplied linear colour convolved row by row and
column by column with the sampled Gaussian of sigma = inputRadius over ceil(3 sigma) pixels
each side (transparent beyond the layer, the nearest pixel beyond the canvas for a backdrop).

  python3 scripts/test/filter-references.py [OUT_DIR]

The scene and the filter parameters are repeated in
Tests/LayerKitTests/FilterReferenceTests.swift; keep the two in step.
"""
import math
import os
import sys

import numpy as np
from PIL import Image

W, H = 160, 80
# The filtered layer's sublayers: (x, y, w, h), sRGB bytes, alpha; first at the back.
RECTS = [((12, 10, 56, 44), (224, 48, 30), 1.0),
         ((60, 26, 50, 40), (30, 96, 224), 1.0),
         ((100, 8, 44, 30), (240, 192, 32), 1.0),
         ((24, 50, 110, 16), (0, 160, 80), 0.5)]
LUMA = np.array([0.2126, 0.7152, 0.0722])


def content():
    """The sublayers over transparent black: premultiplied sRGB floats, (H, W, 4), rounded to bytes."""
    p = np.zeros((H, W, 4))
    for (x, y, w, h), rgb, a in RECTS:
        src = np.array([c / 255 * a for c in rgb] + [a])
        region = p[y:y + h, x:x + w]
        p[y:y + h, x:x + w] = src + region * (1 - a)
    return np.round(p * 255) / 255


def decode(c):
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def encode(l):
    l = np.clip(l, 0, 1)
    return np.where(l <= 0.0031308, l * 12.92, 1.055 * l ** (1 / 2.4) - 0.055)


def to_linear(p):
    """Premultiplied sRGB → premultiplied linear."""
    a = p[..., 3:4]
    c = np.where(a > 0, p[..., :3] / np.maximum(a, 1e-12), 0)
    return np.concatenate([decode(np.clip(c, 0, 1)) * a, a], axis=-1)


def from_linear(q):
    """Premultiplied linear → premultiplied sRGB bytes / 255."""
    a = np.clip(q[..., 3:4], 0, 1)
    a8 = np.round(a * 255)
    c = np.where(a > 0, q[..., :3] / np.maximum(a, 1e-12), 0)
    rgb = np.round(encode(c) * a8)
    return np.concatenate([rgb, a8], axis=-1) / 255


def unpremultiplied(fn):
    """A colour filter on unpremultiplied linear colour (r, g, b, a) → (r, g, b, a)."""
    def run(q):
        a = q[..., 3:4]
        c = np.where(a > 0, q[..., :3] / np.maximum(a, 1e-12), 0)
        out = fn(np.concatenate([c, a], axis=-1))
        oa = np.clip(out[..., 3:4], 0, 1)
        return np.concatenate([out[..., :3] * oa, oa], axis=-1)
    return run


def gaussian(sigma, edge):
    r = math.ceil(3 * sigma)
    x = np.arange(-r, r + 1)
    k = np.exp(-x * x / (2 * sigma * sigma))
    k /= k.sum()

    def run(q):
        mode = "edge" if edge == "clamp" else "constant"
        padded = np.pad(q, ((0, 0), (r, r), (0, 0)), mode=mode)
        rows = sum(k[i] * padded[:, i:i + q.shape[1]] for i in range(2 * r + 1))
        padded = np.pad(rows, ((r, r), (0, 0), (0, 0)), mode=mode)
        return sum(k[i] * padded[i:i + q.shape[0]] for i in range(2 * r + 1))
    return run


def color_matrix(rv, gv, bv, av, bias):
    m = np.array([rv, gv, bv, av])
    return unpremultiplied(lambda u: u @ m.T + np.array(bias))


def color_controls(saturation, brightness, contrast):
    def fn(u):
        rgb = u[..., :3]
        grey = (rgb @ LUMA)[..., None]
        rgb = grey + saturation * (rgb - grey)       # "linearly interpolates between a grayscale image … and the original"
        rgb = rgb + brightness                        # "adding a bias value"
        rgb = (rgb - 0.5) * contrast + 0.5            # "(color.rgb - vec3(0.5)) * contrast + vec3(0.5)"
        return np.concatenate([rgb, u[..., 3:4]], axis=-1)
    return unpremultiplied(fn)


def color_monochrome(color, intensity):
    tint = decode(np.array(color))

    def fn(u):
        rgb = u[..., :3]
        mono = (rgb @ LUMA)[..., None] * tint
        return np.concatenate([rgb + (mono - rgb) * intensity, u[..., 3:4]], axis=-1)
    return unpremultiplied(fn)


def color_invert():
    return unpremultiplied(lambda u: np.concatenate([1 - u[..., :3], u[..., 3:4]], axis=-1))


def sepia_tone(intensity):
    s = np.array([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]])

    def fn(u):
        rgb = u[..., :3]
        return np.concatenate([rgb + (rgb @ s.T - rgb) * intensity, u[..., 3:4]], axis=-1)
    return unpremultiplied(fn)


def over_white(p):
    """Premultiplied sRGB over opaque white, as bytes."""
    return np.round((p[..., :3] + (1 - p[..., 3:4])) * 255)


def save(rgb, out, name):
    img = np.concatenate([rgb, np.full((H, W, 1), 255.0)], axis=-1)
    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGBA").save(os.path.join(out, name + ".numpy.png"))


FILTERS = {
    "blur": [gaussian(3.0, "transparent")],
    "color_matrix": [color_matrix([0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0.1, 0, 0, 0])],
    "color_controls": [color_controls(0.3, 0.05, 1.3)],
    "color_monochrome": [color_monochrome((0.2, 0.5, 0.9), 0.8)],
    "color_invert": [color_invert()],
    "sepia_tone": [sepia_tone(0.9)],
    "blur_then_sepia": [gaussian(2.0, "transparent"), sepia_tone(1.0)],
}

# The frosted panel: (x, y, w, h), its background (white at alpha 0.25), its filters.
BACKDROP_RECT = (40, 4, 100, 50)
BACKDROP = [gaussian(4.0, "clamp"), color_controls(0.5, 0, 1)]


def filtered_layers(out):
    for name, chain in FILTERS.items():
        q = to_linear(content())
        for f in chain:
            q = f(q)
        save(over_white(from_linear(q)), out, name)


def backdrop(out):
    scene = np.concatenate([over_white(content()) / 255, np.ones((H, W, 1))], axis=-1)
    q = to_linear(scene)
    for f in BACKDROP:
        q = f(q)
    filtered = from_linear(q)
    x, y, w, h = BACKDROP_RECT
    scene[y:y + h, x:x + w] = filtered[y:y + h, x:x + w]
    rgb = scene[..., :3] * 255
    rgb[y:y + h, x:x + w] = np.round(rgb[y:y + h, x:x + w] * 0.75 + 255 * 0.25)   # white at alpha 0.25 over it
    save(rgb, out, "backdrop")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "Tests", "LayerKitTests", "Goldens", "filters")
    os.makedirs(out, exist_ok=True)
    filtered_layers(out)
    backdrop(out)
    print("wrote", out)


if __name__ == "__main__":
    main()
