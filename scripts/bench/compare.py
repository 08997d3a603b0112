#!/usr/bin/env python3
"""Same-run speed and fidelity comparison of our rasterizer with Cairo, Skia and Blend2D.

For each scene, in R rounds, times our build (`--ours`, default .build/release/raster-bench;
or `.build/release/layerplay`, then timed with `layerplay bench` and checked with
`layerplay render --time 0`: the production path through the layer renderer) and each peer
(scripts/bench/peers.py) back to back, the order rotated from round to round (so no side is
always first after a pause or always last), so that the noisy shared machine loads them alike.
Reports per scene the median over rounds of each one's per-round median frame with the spread
over rounds (min–max), the ratios ours ÷ peer as the median of the per-round ratios (each the
two sides timed minutes apart at most) with their spread, the load average before and after,
and the fidelity of our render against Cairo's reference.

Like for like (docs/benchmarks.md, "Rasterizer against the peers"):
- the same work: every side clears and draws every layer each frame from paths built once,
  stroking each stroke each frame: `layerplay bench` runs with LAYERKIT_STROKE_OUTLINE_CACHE=0
  (the layer renderer otherwise keeps stroke outlines from frame to frame, which the peers, as
  driven here, do not; `--keep-outlines` times it as played);
- `--cpu-time`: both sides read the process's CPU clock (CLOCK_PROCESS_CPUTIME_ID), so time
  spent waiting for a core on the busy machine counts for neither;
- a peer's frame goes through Python: its `binding` column is the same calls on a 1×1 target
  with empty paths (peers.binding_frame), timed in the same round; `net` ratios compare ours
  with the peer's frame minus that (which also removes the library's own per-call set-up, so
  it leans in the peer's favour).

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


def run_ours(ours, path, a, name, render):
    if os.path.basename(ours) == 'layerplay':
        env = dict(os.environ)
        if not a.keep_outlines:
            env['LAYERKIT_STROKE_OUTLINE_CACHE'] = '0'
        cmd = [ours, 'bench', path, '--frames', str(a.frames)] + (['--cpu-time'] if a.cpu_time else [])
        out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
        d = json.loads(out.strip().splitlines()[-1])
        if render:
            png = os.path.join(a.refs, f'{name}.ours.png')
            subprocess.run([ours, 'render', path, '--time', '0', '--out', png], check=True, capture_output=True)
            d.update(difference(png, os.path.join(a.refs, f'{name}.cairo.png')))
        return d
    out = subprocess.run([ours, path, '--frames', str(a.frames), '--budget', str(a.budget),
                          '--refs', a.refs] + (['--cpu-time'] if a.cpu_time else []),
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def loadavg():
    with open('/proc/loadavg') as f:
        return ' '.join(f.read().split()[:3])


def spread(v):
    return f'{min(v):.3g}–{max(v):.3g}'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('scenes', nargs='+')
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--frames', type=int, default=60)
    ap.add_argument('--budget', type=float, default=4.0, help='max seconds per timing')
    ap.add_argument('--ours', default='.build/release/raster-bench')
    ap.add_argument('--peers', default='cairo,skia,blend2d')
    ap.add_argument('--refs', default=os.path.join(tempfile.gettempdir(), 'layerkit-peer-refs'))
    ap.add_argument('--cpu-time', action='store_true', help='time frames by the process CPU clock on both sides')
    ap.add_argument('--keep-outlines', action='store_true',
                    help='let `layerplay bench` keep stroke outlines across frames (as played; not like for like)')
    a = ap.parse_args()
    names = a.peers.split(',')
    rows = []
    load_before = loadavg()
    for path in a.scenes:
        w, h, bg, layers = peers.load_scene(path)
        name = os.path.splitext(os.path.basename(path))[0]
        made = {p: peers.PEERS[p](w, h, bg, layers) for p in names}
        bind = {p: peers.binding_frame(p, bg, layers) for p in names}
        os.makedirs(a.refs, exist_ok=True)
        for p, (frame, save) in made.items():
            frame(); save(os.path.join(a.refs, f'{name}.{p}.png'))
        n_of = {}
        for p, (frame, _) in made.items():
            t0 = peers.time.perf_counter(); frame(); one = peers.time.perf_counter() - t0
            n_of[p] = max(5, min(a.frames, int(a.budget / max(one, 1e-6))))
        times = {k: [] for k in ['ours', 'ours_fill'] + names + [p + '_binding' for p in names]}
        fid = {}
        sides = ['ours'] + names
        for r in range(a.rounds):
            for side in sides[r % len(sides):] + sides[:r % len(sides)]:
                if side == 'ours':
                    d = run_ours(a.ours, path, a, name, render=r == 0)
                    times['ours'].append(d['median_us'])
                    if 'fill_median_us' in d:
                        times['ours_fill'].append(d['fill_median_us'])
                    if r == 0:
                        fid = {k: d[k] for k in d if k.startswith('vs_cairo')}
                else:
                    times[side].append(peers.time_frames(made[side][0], n_of[side], a.cpu_time)[0])
                    times[side + '_binding'].append(peers.time_frames(bind[side], n_of[side], a.cpu_time)[0])
        med = {k: statistics.median(v) for k, v in times.items() if v}
        row = dict(scene=name, **{f'{k}_us': round(v, 1) for k, v in med.items()})
        for p in names:
            raw = [o / t for o, t in zip(times['ours'], times[p])]
            net = [o / max(t - b, 1e-9) for o, t, b in zip(times['ours'], times[p], times[p + '_binding'])]
            row[f'ours/{p}'] = round(statistics.median(raw), 3)
            row[f'ours/{p}_spread'] = spread(raw)
            row[f'ours/{p}_net'] = round(statistics.median(net), 3)
            row[f'ours/{p}_net_spread'] = spread(net)
        row['ours_spread_us'] = spread(times['ours'])
        for p in names:
            row[f'{p}_spread_us'] = spread(times[p])
        row.update(fid)
        rows.append(row)
        print(json.dumps(row), flush=True)
    load_after = loadavg()
    # A table for the report.
    print(f'rounds {a.rounds}, frames {a.frames}, clock {"process CPU" if a.cpu_time else "monotonic"}, '
          f'stroke outlines {"kept" if a.keep_outlines else "stroked every frame"}; '
          f'load average before {load_before}, after {load_after}')
    hdr = ['scene', 'ours µs (min–max)'] + [f'{p} µs (binding)' for p in names] + \
          [f'ours/{p} (min–max)' for p in names] + [f'net ours/{p}' for p in names] + ['mean/255 vs Cairo', 'max', '>16 share']
    print('| ' + ' | '.join(hdr) + ' |')
    print('|' + '---|' * len(hdr))
    for r in rows:
        cells = [r['scene'], f"{r['ours_us']} ({r['ours_spread_us']})"] + \
                [f"{r[f'{p}_us']} ({r[f'{p}_binding_us']})" for p in names] + \
                [f"{r[f'ours/{p}']} ({r[f'ours/{p}_spread']})" for p in names] + \
                [f"{r[f'ours/{p}_net']}" for p in names] + \
                [round(r.get('vs_cairo_mean', -1), 3), r.get('vs_cairo_max', ''),
                 f"{100 * r.get('vs_cairo_share_over_16', 0):.3f} %"]
        print('| ' + ' | '.join(str(c) for c in cells) + ' |')


if __name__ == '__main__':
    main()
