#!/usr/bin/env python3
"""Independent references for the layer classes of issue 33 (LayerClassReferenceTests): the
scenes drawn by numpy and Pillow from the rules, not by LayerKit. Writes
Tests/LayerKitTests/Goldens/style/<name>.<peer>.png, in scripts/test/style-references.py's manner.

  python3 scripts/test/layer-class-references.py [OUT_DIR]

- rasterized_quarter_nearest.numpy: a black circle (centre (48, 48), radius 32) on white, in a
  layer with shouldRasterize, rasterizationScale 0.25 and magnificationFilter nearest: "the
  layer is rendered as a bitmap in its local coordinate space" at a quarter of the scale, then
  magnified without interpolation, so each 4 x 4 cell of the layer (from its origin at (16, 16))
  is one grey: the circle's area over the cell (64 x 64 samples per cell).
- scroll_layer.pillow: a 300 x 200 blue content layer with a red square at (150, 100, 20, 20)
  and a green band at (0, 120, 300, 10), inside a CAScrollLayer at frame (10, 20, 100, 60)
  scrolled to (140, 90), on a white 140 x 100 canvas: the content's rectangle (140, 90, 100, 60)
  pasted at (10, 20), nothing outside the scroll layer's bounds.
- tiled_contents.pillow: a CATiledLayer 128 x 128 at (0, 0) with 32 x 32 tiles drawing its
  64 x 64 contents image (contentsGravity resize): the image magnified 2x by Pillow's BILINEAR.

The scenes are repeated in Tests/LayerKitTests/LayerClassReferenceTests.swift; keep the two in step.
"""
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
from reference_images import save, source64  # noqa: E402


def rasterized_quarter():
    img = np.full((96, 96, 3), 255.0)
    n = 64
    for cy in range(16):
        for cx in range(16):
            xs = 16 + cx * 4 + (np.arange(n) + 0.5) * 4 / n
            ys = 16 + cy * 4 + (np.arange(n) + 0.5) * 4 / n
            X, Y = np.meshgrid(xs, ys)
            a = np.mean((X - 48) ** 2 + (Y - 48) ** 2 <= 32 * 32)
            img[16 + cy * 4:20 + cy * 4, 16 + cx * 4:20 + cx * 4, :] = 255 * (1 - a)
    return np.round(img).astype(np.uint8)


def scroll_layer():
    content = Image.new("RGB", (300, 200), (0, 0, 255))
    d = ImageDraw.Draw(content)
    d.rectangle([150, 100, 169, 119], fill=(255, 0, 0))
    d.rectangle([0, 120, 299, 129], fill=(0, 255, 0))
    canvas = Image.new("RGB", (140, 100), (255, 255, 255))
    canvas.paste(content.crop((140, 90, 240, 150)), (10, 20))
    return np.asarray(canvas)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "Tests", "LayerKitTests", "Goldens", "style")
    os.makedirs(out, exist_ok=True)
    save(rasterized_quarter(), out, "rasterized_quarter_nearest.numpy")
    save(scroll_layer(), out, "scroll_layer.pillow")
    save(np.asarray(Image.fromarray(source64(), "RGB").resize((128, 128), Image.BILINEAR)), out, "tiled_contents.pillow")


if __name__ == "__main__":
    main()
