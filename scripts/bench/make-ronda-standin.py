#!/usr/bin/env python3
"""A stand-in for lottie-web's test/animations/bm_ronda.json, built from its structure alone.

Why a stand-in: the real file is 1,841,290 characters and the only way this project reads
public repositories is a tool that serves 16,000 characters a call, so it was read in
samples (its head, its tail with the root layers and header, and eight pages between) and
never copied. This script writes a file of the same *shape* — frame size, rate, duration,
precomposition nesting, track-matte arrangement, layer, path, vertex and keyframe counts in
the same pre-5.5 keyframe format — with its own random but plausible geometry (fixed seed,
so the output is the same on every run). No part of the original's content is in it; the
names of the kinds of layers (a matte, a "fluido" precomp, "bota", "brazo", "mano", "CUERPO",
"CUELLO") are kept only so the structure reads like the notes in docs/benchmarks-journal.md.

What the samples showed, and what is reproduced here:
- Header: "v" 4.4.11, 1920 × 1080, fr 29.97, ip 0, op 371. Fifteen precomps comp_0 … comp_14.
- Root: 13 layers — four "parte final" instances of comp_0 at 219–384 (disjoint ip/op, st
  earlier than ip), three "botas_loop" comps 8/9/10 at 151–220, two "BODY_1" (comp_11) at
  60–151 and 151–220, three "LOOP" instances of comp_14 at 0–20, 20–40, 40–60, and a
  full-frame "FONDO" shape layer (a rectangle, a Tint effect, st −180) at the bottom. Every
  precomp layer is 1920 × 1080 with anchor (960, 540).
- Old format throughout: keyframes carry "s" and "e" (no "e" on the last: a bare {"t": …}),
  "n" easing names, "closed" on paths, "fillEnabled" on fills, transforms without "ix" at
  layer level. Scale keyframes and path keyframes start at negative times (st −8, −102).
- comp_0 (a character): a shape layer with "td": 1 parented to the neck (ind 20) mattes the
  "fluido" precomp (comp_1, "tt": 1, parented to the body, scale 77 %, 1920 × 1080); stroked
  open paths with round caps (lc 2) and animated width; a dozen boots (two groups each: a
  3-vertex open filled path and an 8-vertex path, ≈ 10 eased path keyframes each), arms
  (2-vertex stroked paths, width 11.139, ≈ 7 keyframes), hands (6 groups of 4–6 vertices),
  body (6 vertices) and neck (4 vertices); rotation and position keyframes every one to six
  frames with spatial tangents (to/ti).
- Baked traced shapes ("Shape Layer N" and the fluido comp): one 17-vertex closed path per
  layer with a hold keyframe ("h": 1) on every frame for 60–200 frames — the largest part
  of the file.
- comp_11 (BODY_1): the long character, ≈ 115 layers (layer indices up to 114), parenting
  chains three deep, rounded corners ("rd") on a keyframed path, rectangles ("rc"), baked
  traced layers.
- comp_12, comp_13: one masked layer each (mask mode "s", a 4-vertex mask), 9- and 4-vertex
  keyframed paths, rounded corners.
- comp_14 (LOOP, 20 frames): the character rig, st −8, op 20.
- comp_8/9/10 (botas loops): a dozen boot layers each, several hidden ("hd": true).
What was not seen (comp_2 … comp_7's contents) is filled with baked traced layers of the
kind seen around them, referenced from comp_11 — an assumption, stated here.

  python3 scripts/bench/make-ronda-standin.py OUT.json
"""
import json
import math
import random
import sys

R = random.Random(3205)
FR = 29.9700012207031


def ease(n):
    """Old-format easing: 'i'/'o' with x/y, scalar or per-dimension, and the 'n' name."""
    ix, iy, ox, oy = (round(R.choice([0.667, 0.833, 0.736, 0.5]), 3), round(R.choice([1, 0.833, 0.5]), 3),
                      round(R.choice([0.333, 0.167, 0.38]), 3), round(R.choice([0, 0.167, 0.3]), 3))
    name = ("%s_%s_%s_%s" % (ix, iy, ox, oy)).replace(".", "p")
    if n == 0:
        return {"i": {"x": ix, "y": iy}, "o": {"x": ox, "y": oy}, "n": name}
    return {"i": {"x": [ix] * n, "y": [iy] * n}, "o": {"x": [ox] * n, "y": [oy] * n}, "n": [name] * n}


def times(start, count, step_choices):
    t, out = start, []
    for _ in range(count):
        out.append(t)
        t += R.choice(step_choices)
    return out, t


def anim_scalar(start, count, lo, hi, dims=1):
    ts, end = times(start, count, [1, 2, 3, 4, 6])
    vals = [[round(R.uniform(lo, hi), 3) for _ in range(dims)] for _ in range(count + 1)]
    k = []
    for j, t in enumerate(ts):
        kf = ease(dims)
        kf.update({"t": t, "s": vals[j], "e": vals[j + 1]})
        k.append(kf)
    k.append({"t": end + 0.0000008146167})
    return {"k": k}


def anim_position(start, count, cx, cy, spread):
    ts, end = times(start, count, [1, 2, 3, 4])
    pts = [[round(cx + R.uniform(-spread, spread), 3), round(cy + R.uniform(-spread, spread), 3), 0]
           for _ in range(count + 1)]
    k = []
    for j, t in enumerate(ts):
        kf = ease(0)
        a, b = pts[j], pts[j + 1]
        kf.update({"t": t, "s": a, "e": b,
                   "to": [(b[0] - a[0]) / 6, (b[1] - a[1]) / 6, 0],
                   "ti": [(a[0] - b[0]) / 6, (a[1] - b[1]) / 6, 0]})
        k.append(kf)
    k.append({"t": end + 0.0000007738859})
    return {"k": k}


def blob(n, radius, jitter, cx=0.0, cy=0.0):
    """A closed n-vertex blob: vertices on a jittered circle, tangents a third of the way to
    the neighbours (smooth), rounded to Lottie's three decimals."""
    v, i, o = [], [], []
    for j in range(n):
        a = 2 * math.pi * j / n
        r = radius * (1 + R.uniform(-jitter, jitter))
        v.append([round(cx + r * math.cos(a), 3), round(cy + r * math.sin(a), 3)])
    for j in range(n):
        p, q = v[j - 1], v[(j + 1) % n]
        tx, ty = (q[0] - p[0]) / 6, (q[1] - p[1]) / 6
        i.append([round(-tx, 3), round(-ty, 3)])
        o.append([round(tx, 3), round(ty, 3)])
    return {"i": i, "o": o, "v": v}


def wobble(shape, amount):
    return {"i": shape["i"], "o": shape["o"],
            "v": [[round(x + R.uniform(-amount, amount), 3), round(y + R.uniform(-amount, amount), 3)]
                  for x, y in shape["v"]]}


def open_line(n, length):
    v = [[round(-length / 2 + length * j / max(n - 1, 1) + R.uniform(-3, 3), 3), round(R.uniform(-length / 3, length / 3), 3)]
         for j in range(n)]
    z = [[0, 0] for _ in range(n)]
    if n == 2:
        return {"i": [[0, 0], [0, round(-length / 2, 3)]], "o": [[round(-length / 2, 3), 0], [0, 0]], "v": v}
    return {"i": z, "o": [list(p) for p in z], "v": v}


def eased_path(base, start, count, amount):
    """Old-format path keyframes: each carries its start shape 's' and end shape 'e'."""
    ts, end = times(start, count, [1, 1, 2, 3, 4, 7])
    shapes = [base] + [wobble(base, amount) for _ in range(count)]
    k = []
    for j, t in enumerate(ts):
        kf = ease(0)
        kf.update({"t": t, "s": [shapes[j]], "e": [shapes[j + 1]]})
        k.append(kf)
    k.append({"t": end + 0.0000004236007})
    return {"k": k}


def baked_path(start, count, radius, cx, cy):
    """A traced shape: a 17-vertex closed path, one hold keyframe a frame."""
    base = blob(17, radius, 0.35, cx, cy)
    k = []
    for j in range(count):
        t = start + j if j < count - 1 else start + j + 0.000008553475
        k.append({"t": t, "s": [wobble(base, radius * 0.08)], "h": 1})
    return {"k": k}


def group_transform(px=0.0, py=0.0):
    return {"ty": "tr", "p": {"k": [px, py], "ix": 2}, "a": {"k": [0, 0], "ix": 1},
            "s": {"k": [100, 100], "ix": 3}, "r": {"k": 0, "ix": 6}, "o": {"k": 100, "ix": 7},
            "sk": {"k": 0, "ix": 4}, "sa": {"k": 0, "ix": 5}, "nm": "Transform"}


def fill(c):
    return {"ty": "fl", "fillEnabled": True, "c": {"k": c}, "o": {"k": 100}, "nm": "Fill 1"}


def stroke(c, width, cap=2, join=1):
    return {"ty": "st", "fillEnabled": True, "c": {"k": c}, "o": {"k": 100}, "w": width,
            "lc": cap, "lj": join, "ml": 10, "nm": "Stroke 1"}


def group(name, path, closed, paint, px=0.0, py=0.0, extra=()):
    items = [{"ind": 0, "ty": "sh", "closed": closed, "ks": path, "nm": "Path 1"}] + list(extra) + [paint, group_transform(px, py)]
    return {"ty": "gr", "it": items, "nm": name}


def ks(o=100, r=0, p=(960, 540, 0), a=(0, 0, 0), s=(100, 100, 100)):
    def wrap(v):
        return v if isinstance(v, dict) else {"k": list(v) if isinstance(v, tuple) else v}
    return {"o": wrap(o), "r": wrap(r), "p": wrap(p), "a": wrap(a), "s": wrap(s)}


def layer(ind, name, transform, shapes, ip, op, st, **extra):
    out = {"ddd": 0, "ind": ind, "ty": 4, "nm": name}
    out.update({k: v for k, v in extra.items() if k in ("parent", "td", "tt", "hd", "cl")})
    out["ks"] = transform
    for key in ("hasMask", "masksProperties", "ef"):
        if key in extra:
            out[key] = extra[key]
    out.update({"shapes": shapes, "ip": ip, "op": op, "st": st, "bm": 0, "sr": 1})
    return out


def precomp_layer(ind, name, ref, ip, op, st, p=(960, 540, 0), s=(100, 100, 100), **extra):
    out = {"ddd": 0, "ind": ind, "ty": 0, "nm": name}
    out.update(extra)
    out.update({"refId": ref, "ks": ks(p=p, a=(960, 540, 0), s=s), "w": 1920, "h": 1080,
                "ip": ip, "op": op, "st": st, "bm": 0, "sr": 1})
    return out


BLACK, WHITE, CREAM = [0, 0, 0, 1], [1, 1, 1, 1], [1, 1, 0.97, 1]


def boot(ind, name, kf_start, ip, op, st, hidden=False, parent=None):
    extra = {"hd": True} if hidden else {}
    if parent is not None:
        extra["parent"] = parent
    t = ks(r=anim_scalar(kf_start + 5, 3, -90, 90), p=anim_position(kf_start + 5, 4, R.uniform(300, 1600), R.uniform(300, 700), 120),
           a=(9.027, 1.911, 0), s=anim_scalar(kf_start, 2, -190, 190, dims=3))
    shapes = [group("Group 1", eased_path(open_line(3, 11), kf_start - 56, 9, 4), False, fill(WHITE), 3.193, 9.393),
              group("Group 2", eased_path(blob(8, 16, 0.25), kf_start - 56, 10, 5), False, fill(BLACK), 20.027, 14.912)]
    return layer(ind, name, t, shapes, ip, op, st, **extra)


def arm(ind, name, parent, ip, op, st):
    width = anim_scalar(R.randint(40, 58), 1, 6, 12)
    return layer(ind, name, ks(p=(13.268, 8.678, 0), a=(88.312, 28.092, 0)),
                 [group("Group 1", eased_path(open_line(2, 60), -7, 6, 25), False, stroke(BLACK, width), 57.312, 52.092)],
                 ip, op, st, parent=parent)


def hand(ind, name, parent, ip, op, st):
    groups = [group("Group %d" % (g + 1), {"k": blob(R.choice([4, 6]), R.uniform(5, 10), 0.2)}, True, fill(CREAM),
                    R.uniform(4, 18), R.uniform(4, 24)) for g in range(6)]
    return layer(ind, name, ks(r=anim_scalar(0, 9, -60, 80), p=anim_position(0, 11, 50, 100, 40), a=(7.466, 5.076, 0)),
                 groups, ip, op, st, parent=parent)


def body(ind, ip, op, st, kf_start=-8):
    return layer(ind, "CUERPO", ks(r=anim_scalar(kf_start, 4, -3, 3), p=anim_position(kf_start, 5, 992, 590, 25), a=(33.667, 49.332, 0)),
                 [group("Group 1", eased_path(blob(6, 33, 0.1), 49, 4, 4), True, fill(BLACK), 33.668, 34.332)], ip, op, st)


def neck(ind, ip, op, st):
    return layer(ind, "CUELLO", ks(p=(991.958, 538.045, 0), a=(12.081, 26.238, 0)),
                 [group("Group 1", eased_path(blob(4, 40, 0.05), 47, 3, 10), True, fill(BLACK), 12.081, 15.238)], ip, op, st)


def rig(first_ind, ip, op, st, body_ind, neck_ind, boots=4):
    """The character: boots, two arms and two hands on the body, legs, a nose on the head."""
    layers, ind = [], first_ind
    for b in range(boots):
        layers.append(boot(ind, "bota%d" % (b + 1), 0, ip, op, st)); ind += 1
    for side in (1, 2):
        layers.append(arm(ind, "brazo%d" % side, body_ind, ip, op, st)); ind += 1
        layers.append(hand(ind, "mano%d" % side, ind - 1, ip, op, st)); ind += 1
    for side in (1, 2):
        layers.append(layer(ind, "pierna%d" % side, ks(p=anim_position(0, 6, 980, 700, 30)),
                            [group("Group 1", eased_path(open_line(2, 80), 0, 8, 20), False, stroke(BLACK, {"k": 11.139}), 0, 0)],
                            ip, op, st, parent=body_ind)); ind += 1
    layers.append(layer(ind, "nariz", ks(r=anim_scalar(-6, 16, -90, 40), p=anim_position(45, 12, 60, 0, 60), a=(0.58, 3.108, 0)),
                        [group("Group 1", eased_path(blob(3, 18, 0.3), -4, 18, 6), True, fill(BLACK), 0, 0)], ip, op, st, parent=neck_ind)); ind += 1
    return layers, ind


def comp0():
    """The character with its matted "fluido" precomp (indices 0 … 20 as the file's)."""
    ip, op, st = 0, 152.000006191087, -8.00000032584668
    matte = layer(0, "Layer 10 Outlines 2", ks(p=(156.452, 156.452, 0), a=(103.503, 103.502, 0), s=anim_scalar(-89, 7, 95, 132, dims=3)),
                  [group("Group 1", eased_path(blob(4, 103, 0.0), -102, 1, 30), True, fill(BLACK), 103.503, 103.502)],
                  ip, op, -102.000004154545, parent=20, td=1)
    fluido = precomp_layer(1, "fluido", "comp_1", -15.0000006109625, 105.000004276738, -15.0000006109625,
                           p=(246.889, 118.268, 0), s=(77, 77, 100), parent=19, tt=1)
    punto = layer(2, "puntoI Outlines", ks(p=(1280, 382, 0), a=(480, 280, 0)),
                  [group("Group 1", eased_path(open_line(2, 20), 48, 10, 8), False,
                         stroke(WHITE, anim_scalar(49, 1, 36, 38), join=2), 473.747, 304.417)],
                  49.0000019958109, op, 0)
    layers = [matte, fluido, punto]
    body_layers, ind = rig(3, ip, op, st, body_ind=19, neck_ind=20, boots=8)
    layers += body_layers
    while ind < 19:
        layers.append(layer(ind, "Shape Layer %d" % ind, ks(),
                            [group("Shape 1", baked_path(ind * 3, 30, 40, R.uniform(-500, 500), R.uniform(-80, 80)), True, fill(BLACK))],
                            ind * 3, ind * 3 + 30, 0)); ind += 1
    layers.append(body(19, ip, op, st))
    layers.append(neck(20, ip, op, st))
    return {"id": "comp_0", "layers": layers}


def comp_fluido(cid, layer_count, start, frames):
    layers = []
    for j in range(layer_count):
        layers.append(layer(j, "Shape Layer %d" % (j + 1), ks(p=(960, 540, 0)),
                            [group("Shape 1", baked_path(start + j * 5, frames, R.uniform(50, 140), R.uniform(-500, 300), R.uniform(-90, 60)), True, fill(BLACK))],
                            start + j * 5, start + j * 5 + frames, 0))
    return {"id": cid, "layers": layers}


def comp_botas(cid):
    layers = [boot(j, "bota%d" % (j + 1), 111, 111.000004521123, 252.00001026417 - 4 * (j % 2), -8.00000032584668,
                   hidden=(j % 3 == 2)) for j in range(12)]
    return {"id": cid, "layers": layers}


def comp_masked(cid, vertices):
    mask = {"cl": True, "inv": False, "mode": "s", "pt": {"k": blob(4, 90, 0.3, 150, 140)}, "o": {"k": 100}, "x": {"k": 0}, "nm": "Mask 1"}
    rd = {"ty": "rd", "nm": "Round Corners 1", "r": anim_scalar(56, 2, 100, 211)}
    shapes = [group("Group 1", eased_path(blob(vertices, 140, 0.4), 70, 6, 20), True, fill([0, 0.69, 0.28, 1]), 144.064, 150.153, extra=[rd])]
    return {"id": cid, "layers": [layer(0, "Y", ks(p=(184.312, 166.437, 0), a=(144.064, 150.152, 0)), shapes,
                                        64.0000026067734, 249.000010141978, 0, hasMask=True, masksProperties=[mask])]}


def comp11():
    """BODY_1: the long character, 115 layers (indices 0 … 114)."""
    ip, op, st = 0, 242.000009856862, -8.00000032584668
    layers, ind = [], 0
    for c in range(2, 8):                                   # the unseen comps, placed in time
        layers.append(precomp_layer(ind, "fluido %d" % c, "comp_%d" % c, 20 * c, 20 * c + 40, 20 * c)); ind += 1
    layers.append(precomp_layer(ind, "Y", "comp_12", 64, 249, 0)); ind += 1
    layers.append(precomp_layer(ind, "cabeza", "comp_13", 64, 65, 0)); ind += 1
    for rep in range(4):                                    # the character, four poses
        part, ind = rig(ind, ip, op, st, body_ind=112, neck_ind=113, boots=6)
        layers += part
    while ind < 80:
        layers.append(layer(ind, "Shape Layer %d" % ind, ks(p=(960, 533, 0), s=(100, 123, 100)),
                            [{"ty": "gr", "it": [{"ty": "rc", "d": 1, "s": {"k": [66.5, 53.5]}, "p": {"k": [0, 0]}, "r": {"k": 0}, "nm": "Rectangle Path 1"},
                                                 fill([0, 0.51, 0.84, 1]), group_transform(R.uniform(-500, 500), R.uniform(-60, 60))], "nm": "Rectangle 1"}],
                            98.0000039916218, op, 0)); ind += 1
    while ind < 112:
        start = R.randint(60, 150)
        layers.append(layer(ind, "Shape Layer %d" % ind, ks(),
                            [group("Shape 1", baked_path(start, 8, R.uniform(40, 90), R.uniform(-550, 550), R.uniform(-90, 70)), True, fill(BLACK))],
                            start, start + 8, 0)); ind += 1
    layers.append(body(112, ip, 66.0000026882351, st))
    layers.append(neck(113, ip, 57.0000023216576, st))
    layers.append(layer(114, "Shape Layer 36", ks(),
                        [group("Shape 1", baked_path(74, 50, 60, -450, 25), True, fill(BLACK))], 152.000006191087, 211.000008594206, 68.0000027696968))
    return {"id": "comp_11", "layers": layers}


def comp14():
    ip, op, st = 0, 20.0000008146167, -8.00000032584668
    part, ind = rig(0, ip, op, st, body_ind=19, neck_ind=20, boots=6)
    while ind < 19:
        part.append(hand(ind, "mano%d" % ind, 19, ip, op, st)); ind += 1
    part += [body(19, ip, op, st), neck(20, ip, op, st)]
    return {"id": "comp_14", "layers": part}


def root_layers():
    out = []
    for ind, (ip, op, st) in enumerate([(354, 384, 279), (324, 354, 249), (294, 324, 219), (219, 294, 219)]):
        out.append(precomp_layer(ind, "parte final", "comp_0", ip + 0.000014418716, op + 0.000015640641, st + 0.000011363903))
    for j, ref in enumerate(("comp_8", "comp_9", "comp_10")):
        out.append(precomp_layer(4 + j, ".botas_loop_%d" % (j + 1), ref, 151.000006150356, 220.000008960784, 151.000006150356, cl="botas_loop_%d" % (j + 1)))
    out.append(precomp_layer(7, "BODY_1", "comp_11", 151.000006150356, 220.000008960784, 40.0000016292334))
    out.append(precomp_layer(8, "BODY_1", "comp_11", 60.0000024438501, 151.000006150356, 40.0000016292334))
    for j, (ip, op) in enumerate([(40, 60), (20, 40), (0, 20)]):
        out.append(precomp_layer(9 + j, "LOOP %d" % (3 - j), "comp_14", ip, op, ip))
    tint = {"ty": 5, "nm": "Tint", "ix": 1, "ef": [
        {"ty": 2, "nm": "Map Black To", "ix": 1, "v": {"k": [0.97, 0.27, 0.18, 1]}},
        {"ty": 2, "nm": "Map White To", "ix": 2, "v": {"k": [0.97, 0.27, 0.18, 1]}},
        {"ty": 0, "nm": "Amount to Tint", "ix": 3, "v": {"k": 100}}]}
    rect = {"i": [[0, 0]] * 4, "o": [[0, 0]] * 4, "v": [[-960, 540], [960, 540], [960, -540], [-960, -540]]}
    out.append(layer(12, "FONDO", ks(p=(960, 540, 0), a=(960.25, 540.25, 0)),
                     [group("Group 1", {"k": rect}, True, fill([0.96, 0.25, 0.24, 1]), 960.25, 540.25)],
                     0, 427.000017392067, -180.00000733155, ef=[tint]))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-ronda-standin.py OUT.json")
    assets = [comp0(), comp_fluido("comp_1", 2, -26, 131)]
    assets += [comp_fluido("comp_%d" % c, 1, 0, 30) for c in range(2, 8)]
    assets += [comp_botas("comp_8"), comp_botas("comp_9"), comp_botas("comp_10"), comp11(),
               comp_masked("comp_12", 9), comp_masked("comp_13", 4), comp14()]
    doc = {"assets": assets, "layers": root_layers(), "v": "4.4.11", "ddd": 0, "ip": 0,
           "op": 371.00001511114, "fr": FR, "w": 1920, "h": 1080}
    text = json.dumps(doc, separators=(",", ":"))
    with open(sys.argv[1], "w") as f:
        f.write(text)
    counts = {"characters": len(text), "assets": len(assets),
              "layers": {a["id"]: len(a["layers"]) for a in assets}}
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
