"""What the reference scripts of scripts/test/ share: the 64 x 64 source image of the contents
tests (ContentsFilterReferenceTests' large, LayerClassReferenceTests' tiled contents) and
writing a reference as the RGBA PNG the golden tests read."""
import os

import numpy as np
from PIL import Image


def source64():
    """64 x 64: (x*29 + y*67, (x xor y)*17, x*y*5) mod 256, opaque."""
    a = np.zeros((64, 64, 3), np.uint8)
    for y in range(64):
        for x in range(64):
            a[y, x] = ((x * 29 + y * 67) % 256, ((x ^ y) * 17) % 256, (x * y * 5) % 256)
    return a


def save(a, out, name):
    Image.fromarray(a, "RGB").convert("RGBA").save(os.path.join(out, name + ".png"))
