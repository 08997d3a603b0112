#!/usr/bin/env python3
"""Same-run speed and fidelity comparison of our rasterizer with Cairo, Skia and Blend2D.

For each scene, in R rounds, times our build (`--ours`, default .build/release/raster-bench;
or `.build/release/layerplay`, then timed with `layerplay bench` and checked with
`layerplay render --time 0`: the production path through the layer renderer)
and then each peer (scripts/bench/peers.py) back to back, so that the noisy shared machine loads
them alike; reports the median over rounds of each one's per-frame median, the ratios, and
the fidelity of our render against Cairo's reference.

  swift build -c release --product raster-bench
  python3 scripts/bench/compare.py ../shared/scenes/*.json --rounds 3 --frames 60
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peers  # noqa: E402


def difference(ours_png, ref_png):
    """Bitmap.difference on premultiplied ARGB (Cairo loads PNGs premultiplied, like ours)."""
    import cairo
    import numpy as np

    def load(p):
        s = cairo.ImageSurface.create_from_png(p)
        a = np.frombuffer(s.get_data(), dtype=np.uint8).reshape(s.get_height(), s.get_stride())
        return a[:, :s.get_width() * 4].astype(np.int16)
    a, b = load(ours_png), load(ref_png)
    d = np.abs(a - b).reshape(a.shape[0], -1, 4)
    worst = d.max(axis=2)
    return dict(vs_cairo_mean=float(d.mean()), vs_cairo_max=int(d.max()),
                vs_cairo_share_over_16=float((worst > 16).mean()))


def run_ours(ours, path, a, name):
    if os.path.basename(ours) == 'layerplay':
        out = subprocess.run([ours, 'bench', path, '--frames', str(a.frames)], capture_output=True, text=True, check=True).stdout
        d = json.loads(out.strip().splitlines()[-1])
        png = os.path.join(a.refs, f'{name}.ours.png')
        subprocess.run([ours, 'render', path, '--time', '0', '--out', png], check=True, capture_output=True)
        d.update(difference(png, os.path.join(a.refs, f'{name}.cairo.png')))
        return d
    out = subprocess.run([ours, path, '--frames', str(a.frames), '--budget', str(a.budget),
                          '--refs', a.refs], capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('scenes', nargs='+')
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--frames', type=int, default=60)
    ap.add_argument('--budget', type=float, default=4.0, help='max seconds per timing')
    ap.add_argument('--ours', default='.build/release/raster-bench')
    ap.add_argument('--peers', default='cairo,skia,blend2d')
    ap.add_argument('--refs', default=os.path.join(tempfile.gettempdir(), 'layerkit-peer-refs'))
    a = ap.parse_args()
    names = a.peers.split(',')
    rows = []
    for path in a.scenes:
        w, h, bg, layers = peers.load_scene(path)
        name = os.path.splitext(os.path.basename(path))[0]
        made = {p: peers.PEERS[p](w, h, bg, layers) for p in names}
        os.makedirs(a.refs, exist_ok=True)
        for p, (frame, save) in made.items():
            frame(); save(os.path.join(a.refs, f'{name}.{p}.png'))
        times = {k: [] for k in ['ours', 'ours_fill'] + names}
        fid = {}
        for _ in range(a.rounds):
            d = run_ours(a.ours, path, a, name)
            times['ours'].append(d['median_us'])
            if 'fill_median_us' in d:
                times['ours_fill'].append(d['fill_median_us'])
            fid = {k: d[k] for k in d if k.startswith('vs_cairo')}
            for p, (frame, _) in made.items():
                t0 = peers.time.perf_counter(); frame(); one = peers.time.perf_counter() - t0
                n = max(5, min(a.frames, int(a.budget / max(one, 1e-6))))
                times[p].append(peers.time_frames(frame, n)[0])
        med = {k: statistics.median(v) for k, v in times.items() if v}
        row = dict(scene=name, **{f'{k}_us': round(v, 1) for k, v in med.items()},
                   **{f'ours/{p}': round(med['ours'] / med[p], 3) for p in names}, **fid)
        rows.append(row)
        print(json.dumps(row), flush=True)
    # A table for the report.
    hdr = ['scene', 'ours µs', 'ours fill-only µs'] + [f'{p} µs' for p in names] + [f'ours/{p}' for p in names] + ['mean/255 vs Cairo', 'max', '>16 share']
    print('| ' + ' | '.join(hdr) + ' |')
    print('|' + '---|' * len(hdr))
    for r in rows:
        cells = [r['scene'], r['ours_us'], r.get('ours_fill_us', '')] + [r[f'{p}_us'] for p in names] + \
                [r[f'ours/{p}'] for p in names] + [round(r.get('vs_cairo_mean', -1), 3), r.get('vs_cairo_max', ''),
                                                     f"{100 * r.get('vs_cairo_share_over_16', 0):.3f} %"]
        print('| ' + ' | '.join(str(c) for c in cells) + ' |')


if __name__ == '__main__':
    main()
