#!/usr/bin/env python3
"""Calibrates the recomputation heuristic's limit (option recompute-limit, propagation/src/
recomputation.rs) on the PolyMage pipelines of this machine.

1. With recompute-limit=off, print=propagation gives each propagated temporary's estimate:
   operations added per element by evaluating its value several times. The limits where a
   decision can change lie between those values: the candidates are their midpoints, plus off.
2. Each pipeline is built at every candidate (clang-14 -O3 -march=native -g); candidates that
   give the same object are one build. The distinct builds and naive run interleaved, round by
   round, and every output is compared bit for bit with naive's.
3. Per candidate: each pipeline's time relative to off, its temporaries removed (print=transform),
   and the geometric mean over the pipelines. The suggested limit is the largest candidate whose
   geometric mean is within --tolerance of the best one: a larger limit removes more arrays.

Usage (from the repository root, after cargo build --release):
  scripts/calibrate-recomputation.py [--rounds R] [--size quick|full] [--tolerance T] [PIPELINE ...]
Progress goes to standard error, the table to standard output."""
import argparse, hashlib, math, os, re, subprocess, tempfile

from pipeline_builds import FLAGS, PIPELINES, PLUGIN, driver_object, link, measure, plugin_output, progress, source

ESTIMATE = re.compile(r'^  #\d+ (\S+) \(temporary\): propagated .*evaluated ([0-9.]+) times per element, (\d+) operations')
REMOVED = re.compile(r'transformed: (\d+) temporaries removed')


def added_operations(name):
    """Operations per element each temporary propagated without a limit adds."""
    out = []
    for line in plugin_output(name, 'recompute-limit=off;print=propagation').splitlines():
        if m := ESTIMATE.match(line):
            out.append(int(m.group(3)) * max(float(m.group(2)) - 1.0, 0.0))
    return out


def candidates(pipelines):
    values = sorted({round(v) for name in pipelines for v in added_operations(name) if v > 0})
    limits = [(a + b) // 2 for a, b in zip(values, values[1:])]
    if values:
        limits.insert(0, values[0] // 2)
    return [str(l) for l in limits] + ['off']


def build(work, name, options, label, driver):
    """Builds `label`; returns the object's digest and the temporaries print=transform says
    the plugin removed."""
    env = dict(os.environ)
    env.pop('POLYPROP_OPTIONS', None)
    plugin = []
    if options is not None:
        plugin = [f'-fpass-plugin={PLUGIN}']
        env['POLYPROP_OPTIONS'] = options + ';print=transform'
    text = subprocess.run(['clang-14', *FLAGS, *plugin, '-c', source(name), '-o', f'{work}/{label}.o'],
                          check=True, env=env, capture_output=True, text=True).stdout
    link(work, label, driver)
    removed = REMOVED.search(text)
    with open(f'{work}/{label}.o', 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest(), int(removed.group(1)) if removed else 0


def calibrate_pipeline(name, limits, args):
    """Per limit: (ms, temporaries removed, output identical)."""
    with tempfile.TemporaryDirectory() as work:
        driver = driver_object(work, name)
        build(work, name, None, 'naive', driver)
        label_of, builds, removed = {}, {}, {}
        for k, limit in enumerate(limits):
            progress(f'  {name}: building recompute-limit={limit} ({k + 1}/{len(limits)})')
            digest, removed[limit] = build(work, name, f'recompute-limit={limit}', f'limit{k}', driver)
            label_of[limit] = builds.setdefault(digest, f'limit{k}')
        medians, same = measure(work, name, ['naive', *builds.values()], args.rounds, args.size)
        result = {limit: (medians[label_of[limit]], removed[limit], same[label_of[limit]]) for limit in limits}
        return medians['naive'], result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('pipelines', nargs='*', default=PIPELINES)
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--size', default='quick', choices=['small', 'quick', 'full'])
    parser.add_argument('--tolerance', type=float, default=0.02, help='geometric-mean slack of the suggestion (default 0.02)')
    args = parser.parse_args()
    limits = candidates(args.pipelines)
    progress(f'candidate limits: {", ".join(limits)}')
    rows = {name: calibrate_pipeline(name, limits, args) for name in args.pipelines}
    print(f'recompute-limit calibration: size {args.size}, {args.rounds} rounds; ms (median over rounds of each process\'s median '
          'timed call) and temporaries removed per limit; outputs compared bit for bit with naive\'s')
    print(f'{"pipeline":17s} {"naive":>8s} ' + ' '.join(f'{l:>14s}' for l in limits))
    identical = True
    for name, (naive, result) in rows.items():
        cells = []
        for limit in limits:
            ms, removed, same = result[limit]
            identical &= same
            cells.append(f'{ms:8.1f} ({removed:3d})')
        print(f'{name:17s} {naive:8.1f} ' + ' '.join(cells))
    means = {}
    for limit in limits:
        ratios = [result[limit][0] / result['off'][0] for _, result in rows.values()]
        means[limit] = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f'{"geomean vs off":17s} {"":8s} ' + ' '.join(f'{means[l]:14.3f}' for l in limits))
    best = min(means.values())
    suggested = [l for l in limits if means[l] <= best * (1 + args.tolerance)][-1]
    print(f'outputs: {"identical" if identical else "DIFFER"}; suggested recompute-limit={suggested} '
          f'(the largest within {args.tolerance:.0%} of the best geometric mean {best:.3f})')


if __name__ == '__main__':
    main()
