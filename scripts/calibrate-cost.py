#!/usr/bin/env python3
"""Fits the cost model of propagation (propagation/src/cost.rs) on the PolyMage pipelines of
this machine and writes its coefficients to propagation/src/measured_cost.rs.

1. print=propagation names, per pipeline, the temporaries whose choice the cost test makes:
   those whose propagation evaluates their writer more than once (propagated now) and those the
   cost test refuses. Each gives its estimate: evaluations per element and operations.
2. Per pipeline, the current choice, each such temporary flipped (keep=NAME or propagate=NAME)
   and naive are built (clang-14 -O3 -march=native -g) and run interleaved, round by round;
   every output is compared bit for bit with naive's.
3. Per temporary: the time kept and the time propagated. The model propagates when
   operations * (evaluations - 1) <= store + load * evaluations; the coefficients chosen are
   those whose decisions lose the least time against the faster choice (a grid search), in
   shares of the faster time so that each pipeline weighs alike, differences within --noise
   counted as ties: the smallest load among them, and the middle of the stores that lose it.

Usage (from the repository root, after cargo build --release):
  scripts/calibrate-cost.py [--rounds R] [--size quick|full] [--noise N] [--write] [PIPELINE ...]
  scripts/calibrate-cost.py --from TABLE [--noise N] [--write]     (fit an earlier run's table)
Progress goes to standard error, the table to standard output; --write replaces the
coefficients in propagation/src/measured_cost.rs (rebuild the plugin after)."""
import argparse, datetime, os, re, sys, tempfile

from pipeline_builds import PIPELINES, ROOT, compile_object, driver_object, link, measure, plugin_output, progress

PROPAGATED = re.compile(r'^  #\d+ (\S+) \(temporary\): propagated .*evaluated ([0-9.]+) times per element, (\d+) operations')
REFUSED = re.compile(r'^  #\d+ (\S+) \(temporary\): not propagated: cost model: evaluated ([0-9.]+) times per element, (\d+) operations')
COEFFICIENTS = os.path.join(ROOT, 'propagation/src/measured_cost.rs')


def decided_by_cost(name):
    """(temporary, propagated now, evaluations, operations) for each temporary the cost test decides."""
    out = []
    for line in plugin_output(name, 'print=propagation').splitlines():
        if (m := PROPAGATED.match(line)) and float(m.group(2)) > 1.0 and int(m.group(3)) > 0:
            out.append((m.group(1), True, float(m.group(2)), int(m.group(3))))
        elif m := REFUSED.match(line):
            out.append((m.group(1), False, float(m.group(2)), int(m.group(3))))
    return out


def measure_pipeline(name, args):
    """Per decided temporary: (name, propagated now, evaluations, operations, ms kept, ms propagated), and whether outputs were identical."""
    decided = decided_by_cost(name)
    if not decided:
        progress(f'  {name}: no temporary decided by the cost test')
        return [], True
    with tempfile.TemporaryDirectory() as work:
        driver = driver_object(work, name)
        builds = {'naive': None, 'current': ''}
        for temporary, propagated, _, _ in decided:
            builds[f'flip_{temporary}'] = ('keep=' if propagated else 'propagate=') + temporary
        for k, (label, options) in enumerate(builds.items()):
            progress(f'  {name}: building {label} ({k + 1}/{len(builds)})')
            compile_object(name, options, f'{work}/{label}.o')
            link(work, label, driver)
        medians, same = measure(work, name, builds, args.rounds, args.size)
    rows = []
    for temporary, propagated, evaluations, operations in decided:
        current, flipped = medians['current'], medians[f'flip_{temporary}']
        kept, propagated_ms = (flipped, current) if propagated else (current, flipped)
        rows.append((temporary, propagated, evaluations, operations, kept, propagated_ms))
    return rows, all(same.values())


def lost_share(store, load, data, noise):
    """What the model with these coefficients loses against the faster choice of each
    temporary, as a share of the faster time, summed: each pipeline's decisions weigh by their
    relative effect, whatever its length. Differences within `noise` are ties."""
    lost = 0.0
    for _, _, _, evaluations, operations, kept, propagated in data:
        propagates = operations * (evaluations - 1.0) <= store + load * evaluations
        chosen, other = (propagated, kept) if propagates else (kept, propagated)
        share = (chosen - other) / other
        if share > noise:
            lost += share
    return lost


def fit(data, noise):
    """(store, load, lost share): the smallest load whose best store loses the least, the
    store in the middle of the widest run of stores that lose it."""
    loads = [l / 2 for l in range(0, 101)]
    stores = list(range(0, 2001, 2))
    best = min(lost_share(s, l, data, noise) for l in loads for s in stores)
    for load in loads:
        good = [s for s in stores if lost_share(s, load, data, noise) <= best + 1e-9]
        if good:
            # The longest run of consecutive stores that lose the least.
            runs, run = [], [good[0]]
            for s in good[1:]:
                if s - run[-1] == 2:
                    run.append(s)
                else:
                    runs.append(run)
                    run = [s]
            runs.append(run)
            widest = max(runs, key=len)
            return widest[len(widest) // 2], load, best
    raise AssertionError('no coefficients')


def read_table(path):
    """The header, the rows and whether outputs were identical, from a table this script printed."""
    lines = open(path).read().splitlines()
    data = []
    for line in lines[2:]:
        f = line.split()
        if len(f) == 9 and f[2] in ('propagated', 'kept'):
            data.append((f[0], f[1], f[2] == 'propagated', float(f[3]), int(f[4]), float(f[6]), float(f[7])))
    return lines[0], data, any('outputs identical' in line for line in lines)


def write_coefficients(store, load, args):
    today = datetime.date.today().isoformat()
    with open(COEFFICIENTS, 'w') as f:
        f.write('//! The cost model\'s coefficients measured on this machine. Written by\n'
                '//! `scripts/calibrate-cost.sh`; the data behind them: `docs/benchmarks/cost-calibration.txt`.\n\n'
                'use crate::cost::CostModel;\n\n'
                f'/// Fitted on {today}: `scripts/calibrate-cost.py {" ".join(sys.argv[1:])}`.\n'
                f'pub const MEASURED: CostModel = CostModel {{ store: {float(store):.1f}, load: {float(load):.1f} }};\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('pipelines', nargs='*', default=PIPELINES)
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--size', default='quick', choices=['small', 'quick', 'full'])
    parser.add_argument('--from', dest='table', help='fit the measurements of an earlier run\'s table instead of measuring')
    parser.add_argument('--noise', type=float, default=0.02, help='relative differences taken for ties (default 0.02)')
    parser.add_argument('--write', action='store_true', help='write the fitted coefficients to ' + COEFFICIENTS)
    args = parser.parse_args()
    if args.table:
        header, data, identical = read_table(args.table)
    else:
        data, identical = [], True
        for name in args.pipelines:
            rows, same = measure_pipeline(name, args)
            identical &= same
            data.extend((name, *row) for row in rows)
        header = (f'cost model calibration: size {args.size}, {args.rounds} rounds, pipelines {" ".join(args.pipelines)}; ms (median over rounds '
                  'of each process\'s median timed call); outputs compared bit for bit with naive\'s')
    print(header)
    print(f'{"pipeline":17s} {"temporary":12s} {"now":10s} {"evals":>6s} {"ops":>4s} {"extra":>6s} {"kept ms":>8s} {"prop. ms":>8s}  faster')
    for name, temporary, propagated, evaluations, operations, kept, prop in data:
        faster = 'tie' if abs(prop - kept) <= args.noise * min(prop, kept) else 'propagated' if prop < kept else 'kept'
        now = 'propagated' if propagated else 'kept'
        print(f'{name:17s} {temporary:12s} {now:10s} {evaluations:6.2f} {operations:4d} {operations * (evaluations - 1):6.0f} {kept:8.2f} {prop:8.2f}  {faster}')
    store, load, lost = fit(data, args.noise)
    decided = sum(1 for *_, k, p in data if abs(k - p) > args.noise * min(k, p))
    print(f'fit: store {store}, load {load}: over the {decided} of {len(data)} decisions that differ by more than {args.noise:.0%} '
          f'("faster" not a tie), the model loses {lost:.1%} of the faster time in all; outputs {"identical" if identical else "DIFFER"}')
    if args.write:
        write_coefficients(store, load, args)
        progress(f'wrote {COEFFICIENTS}')


if __name__ == '__main__':
    main()
