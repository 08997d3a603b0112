#!/usr/bin/env python3
"""Independent references for the contents scaling filters (ContentsFilterReferenceTests):
the same two source images as the tests, scaled by Pillow and numpy rather than by LayerKit.
Writes Tests/LayerKitTests/Goldens/style/<name>.<peer>.png, in scripts/style-references.py's
manner.

  python3 scripts/test/contents-filter-references.py [OUT_DIR]

- magnify 8 x 8 -> 64 x 64: Pillow NEAREST (magnificationFilter nearest) and BILINEAR
  (magnificationFilter linear; Pillow's bilinear upscale is the tent filter at pixel centres
  with the edges clamped, as a linear texture sampler).
- minify 64 x 64 -> 16 x 16: Pillow NEAREST (minificationFilter nearest: the texel under each
  pixel centre); Pillow BOX (minificationFilter trilinear at exactly 4x, level of detail 2:
  the mipmap level two halvings down, read at its texel centres, is the mean of 4 x 4 texels);
  numpy's mean of the 2 x 2 texels around each centre (minificationFilter linear: a bilinear
  sample at u = 4x + 2 lies halfway between texels 4x + 1 and 4x + 2).

The source formulas are repeated in Tests/LayerKitTests/ContentsFilterReferenceTests.swift;
keep the two in step.
"""
import os
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
from reference_images import save, source64  # noqa: E402


def small():
    """8 x 8: (x*37 + y*11, x*13 + y*71, x*101 + y*29) mod 256, opaque."""
    a = np.zeros((8, 8, 3), np.uint8)
    for y in range(8):
        for x in range(8):
            a[y, x] = ((x * 37 + y * 11) % 256, (x * 13 + y * 71) % 256, (x * 101 + y * 29) % 256)
    return a


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "Tests", "LayerKitTests", "Goldens", "style")
    os.makedirs(out, exist_ok=True)
    s = Image.fromarray(small(), "RGB")
    save(np.asarray(s.resize((64, 64), Image.NEAREST)), out, "contents_magnify_nearest.pillow")
    save(np.asarray(s.resize((64, 64), Image.BILINEAR)), out, "contents_magnify_linear.pillow")
    big = source64()
    b = Image.fromarray(big, "RGB")
    save(np.asarray(b.resize((16, 16), Image.NEAREST)), out, "contents_minify_nearest.pillow")
    save(np.asarray(b.resize((16, 16), Image.BOX)), out, "contents_minify_trilinear.pillow")
    f = big.astype(np.float64)
    lin = np.zeros((16, 16, 3))
    for y in range(16):
        for x in range(16):
            lin[y, x] = f[4 * y + 1:4 * y + 3, 4 * x + 1:4 * x + 3].mean(axis=(0, 1))
    save(np.floor(lin + 0.5).astype(np.uint8), out, "contents_minify_linear.numpy")
    print("wrote", out)


if __name__ == "__main__":
    main()
