#!/usr/bin/env python3
"""Interleaved timing of several `layerplay` builds (or one build under several environments)
and, optionally, Blend2D, on the scene documents: in each of R rounds every variant runs
`layerplay bench SCENE --frames N` once per scene, in an order rotated from round to round, so
that the shared machine's load falls on all of them alike; prints, per scene and variant, the
median over rounds of the per-run median frame, its ratio to the first variant and to Blend2D,
and the load average before and after.

  python3 scripts/bench/interleaved.py --variant old=/tmp/old-layerplay \\
      --variant new=.build/release/layerplay --variant new-avx2=.build/release/layerplay:LAYERKIT_NO_AVX512=1 \\
      --rounds 7 --frames 200 --blend2d ../shared/scenes/fills.json ...

A variant is NAME=BINARY[:VAR=VALUE[,VAR=VALUE…]] (the environment added for that variant).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def parse_variant(text):
    name, _, rest = text.partition('=')
    binary, _, env = rest.partition(':')
    extra = dict(kv.split('=', 1) for kv in env.split(',') if kv)
    return name, binary, extra


def run_ours(binary, extra, scene, frames):
    env = dict(os.environ, **extra)
    out = subprocess.run([binary, 'bench', scene, '--frames', str(frames)], capture_output=True, text=True,
                         check=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])['median_us']


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('scenes', nargs='+')
    ap.add_argument('--variant', action='append', required=True, help='NAME=BINARY[:VAR=VALUE,…]')
    ap.add_argument('--rounds', type=int, default=5)
    ap.add_argument('--frames', type=int, default=200)
    ap.add_argument('--blend2d', action='store_true', help='also time Blend2D (scripts/bench/peers.py) in each round')
    a = ap.parse_args()
    variants = [parse_variant(v) for v in a.variant]
    names = [v[0] for v in variants] + (['blend2d'] if a.blend2d else [])
    times = {s: {n: [] for n in names} for s in a.scenes}
    frames_of = {}
    if a.blend2d:
        import peers
        for s in a.scenes:
            w, h, bg, layers = peers.load_scene(s)
            frames_of[s] = peers.blend2d_peer(w, h, bg, layers)[0]
    with open('/proc/loadavg') as f:
        load_before = f.read().split()[:3]
    for r in range(a.rounds):
        for s in a.scenes:
            order = names[r % len(names):] + names[:r % len(names)]
            for n in order:
                if n == 'blend2d':
                    times[s][n].append(peers.time_frames(frames_of[s], a.frames)[0])
                else:
                    _, binary, extra = next(v for v in variants if v[0] == n)
                    times[s][n].append(run_ours(binary, extra, s, a.frames))
    with open('/proc/loadavg') as f:
        load_after = f.read().split()[:3]
    print(f'rounds {a.rounds}, frames {a.frames}; load average before {" ".join(load_before)}, after {" ".join(load_after)}')
    header = f'{"scene":<18}' + ''.join(f'{n:>14}' for n in names) + ''.join(f'{n + "/" + names[0]:>16}' for n in names[1:len(variants)])
    if a.blend2d:
        header += ''.join(f'{n + "/b2d":>14}' for n in names[:len(variants)])
    print(header)
    for s in a.scenes:
        med = {n: statistics.median(times[s][n]) for n in names}
        line = f'{os.path.splitext(os.path.basename(s))[0]:<18}' + ''.join(f'{med[n]:>14.1f}' for n in names)
        line += ''.join(f'{med[n] / med[names[0]]:>16.3f}' for n in names[1:len(variants)])
        if a.blend2d:
            line += ''.join(f'{med[n] / med["blend2d"]:>14.3f}' for n in names[:len(variants)])
        print(line, flush=True)


if __name__ == '__main__':
    main()
