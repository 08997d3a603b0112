#!/usr/bin/env python3
"""Times one frame of every transition type at 800×600: `layerplay bench` of an
800x600 transition document (two photos from Assets/, one image layer, a 1-second transition)
at several document times, i.e. progresses, since the transitions are linear.

    swift build -c release --product layerplay
    python3 scripts/bench/transition-bench.py [--ours .build/release/layerplay] [--rounds 3]
        [--times 0.1,0.25,0.4,0.5,0.6,0.75,0.9] [--keep DIR]

Every (type, time) is measured once per round, rounds interleaved, and the table shows the
median over rounds of `bench`'s median frame time (clear + draw of the whole document: the
old state's snapshot is cached, the new state is drawn every frame, then the effect), in ms.
This VM's speed drifts over minutes, so compare figures taken in one run.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CA_TYPES = ["fade", "moveIn", "push", "reveal", "cube", "oglFlip", "pageCurl", "pageUnCurl",
            "rippleEffect", "suckEffect", "cameraIrisHollowOpen", "cameraIrisHollowClose"]
VIEW_TYPES = ["flipFromLeft", "flipFromRight", "flipFromTop", "flipFromBottom", "curlUp", "curlDown",
              "crossDissolve"]


def document(kind):
    transition = {"type": "transition", "transitionType": kind, "duration": 1,
                  "to": {"contents": os.path.join(ROOT, "Assets", "photo2.png")}}
    if kind in CA_TYPES and kind != "fade":
        transition["subtype"] = "fromRight"
    return {"width": 800, "height": 600, "background": "#202020",
            "layers": [{"name": "photo", "type": "image", "bounds": [0, 0, 800, 600], "position": [400, 300],
                        "contents": os.path.join(ROOT, "Assets", "photo1.png"), "animations": [transition]}]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ours", default=os.path.join(ROOT, ".build", "release", "layerplay"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--frames", type=int, default=40)
    ap.add_argument("--times", default="0.1,0.25,0.4,0.5,0.6,0.75,0.9")
    ap.add_argument("--keep", help="write the documents here (default: a temporary directory)")
    args = ap.parse_args()
    if not os.access(args.ours, os.X_OK):
        sys.exit(f"transition-bench.py: {args.ours}: not an executable (build with "
                 "`swift build -c release --product layerplay`)")
    times = [float(t) for t in args.times.split(",")]
    folder = args.keep or tempfile.mkdtemp(prefix="layerkit-transitions-")
    os.makedirs(folder, exist_ok=True)
    kinds = CA_TYPES + VIEW_TYPES
    for k in kinds:
        with open(os.path.join(folder, f"{k}.json"), "w") as f:
            json.dump(document(k), f)
    results = {}
    for _ in range(args.rounds):
        for k in kinds:
            for t in times:
                out = subprocess.run([args.ours, "bench", os.path.join(folder, f"{k}.json"), "--time", str(t),
                                      "--frames", str(args.frames)], capture_output=True, text=True)
                if out.returncode != 0:
                    sys.exit(f"transition-bench.py: {k} at {t}: {out.stderr.strip()}")
                results.setdefault((k, t), []).append(json.loads(out.stdout)["median_us"] / 1000)
    print("layerplay bench, 800x600 transition documents, ms per frame "
          f"(median of {args.rounds} rounds of {args.frames}-frame medians); columns: progress")
    print("type".ljust(23) + "".join(f"{t:>7}" for t in times) + "    max")
    for k in kinds:
        meds = [statistics.median(results[(k, t)]) for t in times]
        print(k.ljust(23) + "".join(f"{m:7.2f}" for m in meds) + f"  {max(meds):5.2f}")
    if not args.keep:
        for k in kinds:
            os.remove(os.path.join(folder, f"{k}.json"))
        os.rmdir(folder)


if __name__ == "__main__":
    main()
