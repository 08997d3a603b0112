#!/usr/bin/env python3
"""Scores the lottie-ios samples that Apple's snapshot tests render with custom value and text
providers, rendered in the --ios reading with those providers spelled as --value / --text.

    scripts/test/lottie-provider-score.py [--corpus DIR] [--bin LAYERPLAY] [--min N] [--out DIR]

lottie-ios's Tests/SnapshotConfiguration.swift (`customMapping`) gives each of these samples its
value providers (AnimationKeypath -> ColorValueProvider / FloatValueProvider /
PointValueProvider, one value or keyframes) or a HardcodedTextProvider; PROVIDERS below is that
table with each provider written as layerplay's flags (a colour 0...1 as #RRGGBB, LottieColor
(0.76, 0.76, 0.76) as #C2C2C2, colour keyframes as #RRGGBB@FRAME,...). For every case of the
corpus's manifest.json (../shared/lottie next to the repository by default: its samples,
snapshots and compare.py) whose sample is in the table, it runs

    BIN render SAMPLE --progress P --size WxH --scale 2 --out OUT.png --ios FLAGS...

and scores OUT.png against Apple's snapshot with compare.py's metric (a case matches at a bad
share <= 1 %). A render that fails, or warns that a provider's key path matches nothing (the
flags would then not be what lottie-ios applied), fails the script, as does matching fewer
than --min cases. Without the corpus, or when it holds none of these samples (the public
corpus holds none: they are in the hidden part), it says so and succeeds.

Not expressible with these flags, so not scored here: the image providers
(Nonanimating/dog, dog_landscape: HardcodedImageProvider) and the font provider
(Nonanimating/Text_Glyph: Chalkduster 36).
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

BLACK, RED = "#000000", "#FF0000"
PROVIDERS = {
    "Nonanimating/keypathTest": ["--value", f"**.Stroke 1.Color={BLACK}", "--value", f"**.Fill 1.Color={RED}"],
    "Switch": ["--value", f"Checkmark Outlines.Group 1.Stroke 1.Color={BLACK}",
               "--value", f"Checkmark Outlines 2.Group 1.Stroke 1.Color={BLACK}",
               "--value", f"X Outlines.Group 1.Stroke 1.Color={BLACK}",
               "--value", "Switch Outline Outlines.Fill 1.Color=#000000@0,#C2C2C2@75,#000000@150"],
    "Issues/issue_1837_opacity": ["--value", "Dark Gray Solid 1.Transform.Opacity=10"],
    "Issues/issue_1837_scale_rotation": ["--value", "H2.Transform.Scale=200,150", "--value", "H2.Transform.Rotation=90"],
    "Issues/issue_2042": ["--value", "MASTER.Transform.Position=214,120"],
    "Issues/issue_1664": ["--value", f"**.base_color.**.Color={BLACK}"],
    "Issues/issue_1847": ["--value", f"**.Stroke 1.**.Color={RED}"],
    "Issues/issue_2150": ["--value", f"**.Color={RED}"],
    "Issues/issue_1722": ["--text", "**=Bounce-bounce"],
    "TypeFace/G": ["--value", f"G 2.Ellipse 1.Stroke 1.Color={RED}", "--value", f"G Outlines 3.G.Fill 1.Color={RED}",
                   "--value", f"Shape Layer 18.Shape 1.Stroke 2.Color={RED}"],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=os.path.join(REPO, "..", "shared", "lottie"))
    ap.add_argument("--bin", default=os.environ.get("LAYERPLAY", os.path.join(REPO, ".build", "release", "layerplay")))
    ap.add_argument("--min", type=int, default=0, help="cases that must match")
    ap.add_argument("--out", default="/tmp/lottie-provider-score")
    ap.add_argument("--list", action="store_true", help="print each sample's flags and exit")
    a = ap.parse_args()
    if a.list:
        for name, flags in PROVIDERS.items():
            print(name, " ".join(repr(f) if " " in f or "*" in f else f for f in flags))
        return 0
    manifest = os.path.join(a.corpus, "manifest.json")
    if not os.path.isfile(manifest) or not os.path.isfile(os.path.join(a.corpus, "compare.py")):
        print(f"lottie-provider-score: no corpus at {a.corpus}; skipped")
        return 0
    try:
        sys.path.insert(0, a.corpus)
        import compare  # the corpus's metric
    except ImportError as e:
        print(f"lottie-provider-score: compare.py needs numpy and pillow ({e}); skipped")
        return 0
    samples = [s for s in json.load(open(manifest))["samples"] if s["name"] in PROVIDERS]
    if not samples:
        print(f"lottie-provider-score: the corpus at {a.corpus} holds none of the {len(PROVIDERS)} provider samples; skipped")
        return 0
    if not os.access(a.bin, os.X_OK):
        print(f"lottie-provider-score: no layerplay at {a.bin} (swift build -c release --product layerplay)", file=sys.stderr)
        return 1
    os.makedirs(a.out, exist_ok=True)
    matched, total, broken = 0, 0, []
    for s in samples:
        for c in s["cases"]:
            total += 1
            out = os.path.join(a.out, compare.case_file(c["id"]))
            argv = [a.bin, "render", os.path.join(a.corpus, s["json"]), "--progress", repr(c["progress"]),
                    "--size", s["size_arg"], "--scale", str(s["scale"]), "--out", out, "--ios"] + PROVIDERS[s["name"]]
            p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
            missed = [l for l in p.stderr.splitlines() if "matches no" in l]
            if p.returncode != 0 or missed or not os.path.exists(out):
                broken.append(f"{c['id']}: exit {p.returncode}: {(missed or p.stderr.strip().splitlines()[-1:] or [''])[0]}")
                print(f"{c['id']:<50} FAILED TO RENDER")
                continue
            score, det = compare.score_files(out, os.path.join(a.corpus, c["snapshot"]), s["scale"])
            ok = det["status"] == "ok" and score <= compare.SHARE_T
            matched += ok
            print(f"{c['id']:<50} {score:7.4f} {'match' if ok else 'DIFF'}")
    for b in broken:
        print(f"lottie-provider-score: {b}", file=sys.stderr)
    verdict = "PASS" if not broken and matched >= a.min else "FAIL"
    print(f"{verdict} {matched}/{total} provider cases (--min {a.min})")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
