#!/usr/bin/env python3
"""Fits the cost model of propagation (propagation/src/cost.rs) on the PolyMage pipelines of
this machine and writes its coefficients to propagation/src/measured_cost.rs.

1. print=propagation names, per pipeline, the temporaries whose choice a benefit test makes:
   those propagated now whose propagation evaluates their writer more than once or needs
   nearly the cache limit's lines, and those the cost model, the cache-miss or the
   code-complexity heuristic refuses.
2. Per pipeline, the current choice, each such temporary flipped (keep=NAME, or
   propagate=NAME, which overrides every benefit test) and naive are built (clang-14 -O3
   -march=native -g) and run interleaved, round by round; every output is compared bit for
   bit with naive's. A flip that leaves the code as it is (a test it does not override, such
   as legality, still decides) is listed with its reason and not timed.
3. Per temporary: the time kept and the time propagated, and the propagated build's estimate
   (evaluations per element, operations and loads of one evaluation, cache lines per
   iteration). The model propagates when (operations + loads) * (evaluations - 1) <= store
   and the lines are within the cache-line limit; the pair chosen is the one whose decisions
   lose the least time against the faster choice, in shares of the faster time so that each
   pipeline weighs alike, differences within --noise counted as ties: the middle of the
   stores that lose it, then the middle of the limits. Temporaries that the code-complexity
   heuristic keeps now ('complexity' in the table) are timed and shown but not fitted: that
   heuristic stays in the pass and keeps them whatever the model says.

Usage (from the repository root, after cargo build --release):
  scripts/calibrate-cost.py [--rounds R] [--size quick|full] [--noise N] [--write] [PIPELINE ...]
  scripts/calibrate-cost.py --from TABLE [--noise N] [--write]     (fit an earlier run's table)
Progress goes to standard error, the table to standard output; --write replaces the
coefficients in propagation/src/measured_cost.rs (rebuild the plugin after)."""
import argparse, datetime, filecmp, os, re, subprocess, sys, tempfile

from pipeline_builds import PIPELINES, ROOT, compile_object, driver_object, link, measure, plugin_output, progress

LINE = re.compile(r'^  (?:#\d+|-) (\S+) \(temporary\): (.*?)(?:; predicted .*)?$')
LIMIT = re.compile(r'limit (\d+) lines per iteration')
ESTIMATE = re.compile(r'(\d+)/\d+ cache lines; evaluated ([0-9.]+) times per element, (\d+) operations(?:, (\d+) loads)?')
BENEFIT_TESTS = ('cost model', 'cache-miss heuristic', 'code-complexity heuristic')
UNCHANGED = re.compile(r'^  (\S+) (\S+) \((propagated|kept) now\): (.*)$')
COEFFICIENTS = os.path.join(ROOT, 'propagation/src/measured_cost.rs')
# Propagated temporaries at this share of the cache limit or above are flipped as well: the
# data on the cache-line side of the model.
NEAR_LIMIT = 0.75


def decisions(printed):
    """What print=propagation printed (`printed`): per temporary (True, lines, evaluations,
    operations, loads) when propagated, else (False, the refusal); and the cache-line limit."""
    out, limit = {}, None
    for line in printed.splitlines():
        if header := LIMIT.search(line):
            limit = int(header.group(1))
        elif m := LINE.match(line):
            text = m.group(2)
            if text.startswith('propagated') and (e := ESTIMATE.search(text)):
                out[m.group(1)] = (True, int(e.group(1)), float(e.group(2)), int(e.group(3)), int(e.group(4) or 0))
            else:
                out[m.group(1)] = (False, text)
    return out, limit


def decided_by_benefit(now, limit):
    """The temporaries whose choice a benefit test makes, with whether they are propagated now
    (`now`: `decisions`): those whose propagation evaluates their writer more than once or
    needs nearly the cache limit's lines, and those the cost model, the cache-miss or the
    code-complexity heuristic refuses."""
    out = []
    for temporary, decision in now.items():
        if decision[0]:
            _, lines, evaluations, operations, loads = decision
            if (evaluations > 1.0 and operations + loads > 0) or lines >= NEAR_LIMIT * limit:
                out.append((temporary, True))
        elif any(f'not propagated: {test}' in decision[1] for test in BENEFIT_TESTS):
            out.append((temporary, False))
    return out


def measure_pipeline(name, args):
    """Per decided temporary: (name, `status` now, evaluations, (operations, loads), lines,
    ms kept, ms propagated), or (name, propagated now, why the flip changes nothing); and
    whether outputs were identical."""
    now, limit = decisions(plugin_output(name, 'print=propagation'))
    decided = decided_by_benefit(now, limit)
    if not decided:
        progress(f'  {name}: no temporary decided by a benefit test')
        return [], True
    with tempfile.TemporaryDirectory() as work:
        driver = driver_object(work, name)
        builds = {'naive': None, 'current': ''}
        for temporary, propagated in decided:
            builds[f'flip_{temporary}'] = ('keep=' if propagated else 'propagate=') + temporary
        printed = {}
        for k, (label, options) in enumerate(builds.items()):
            progress(f'  {name}: building {label} ({k + 1}/{len(builds)})')
            # The flips print their decisions while they build (printing changes no code).
            flip = options is not None and options.startswith('propagate=')
            printed[label] = compile_object(name, f'print=propagation;{options}' if flip else options, f'{work}/{label}.o')
        estimates, unchanged = {}, {}
        for temporary, propagated in decided:
            label = f'flip_{temporary}'
            flipped = decisions(printed[label])[0][temporary] if not propagated else now[temporary]
            if same_code(f'{work}/{label}.o', f'{work}/current.o') or not flipped[0]:
                # A test the flip does not override (legality, compile-time limits) still
                # decides: timing the same code twice would only measure noise.
                unchanged[temporary] = flipped[1] if not flipped[0] else 'the same code'
                del builds[label]
            else:
                estimates[temporary] = flipped[1:]
        for label in builds:
            link(work, label, driver)
        medians, same = measure(work, name, builds, args.rounds, args.size)
    rows = []
    for temporary, propagated in decided:
        if temporary in unchanged:
            rows.append((temporary, propagated, unchanged[temporary]))
            continue
        lines, evaluations, operations, loads = estimates[temporary]
        current, flipped = medians['current'], medians[f'flip_{temporary}']
        kept, propagated_ms = (flipped, current) if propagated else (current, flipped)
        rows.append((temporary, status(now[temporary]), evaluations, (operations, loads), lines, kept, propagated_ms))
    return rows, all(same.values())


def status(decision):
    """How a temporary stands now (`decisions`' entry): 'propagated', 'kept' by the model (cost
    or cache lines), or kept by the code-complexity heuristic ('complexity'), which stays in the
    pass whatever the model says: such rows are shown, not fitted."""
    if decision[0]:
        return 'propagated'
    return 'complexity' if 'not propagated: code-complexity heuristic' in decision[1] else 'kept'


def same_code(a, b):
    """Whether two objects hold the same code and data (debug info aside)."""
    stripped = []
    for path in (a, b):
        subprocess.run(['llvm-strip-14', '--strip-debug', path, '-o', path + '.stripped'], check=True)
        stripped.append(path + '.stripped')
    return filecmp.cmp(*stripped, shallow=False)


def extra(evaluations, instructions):
    """The instructions propagation adds per element: one evaluation's operations and loads
    (`instructions`) times the evaluations beyond the first."""
    return sum(instructions) * (evaluations - 1.0)


def propagates(model, evaluations, instructions, lines):
    """The model's decision: the recomputed instructions within the store's, the lines within
    the cache-line limit."""
    store, limit = model
    return extra(evaluations, instructions) <= store and lines <= limit


def lost_share(model, data, noise):
    """What the model loses against the faster choice of each temporary, as a share of the
    faster time, summed: each pipeline's decisions weigh by their relative effect, whatever
    its length. Differences within `noise` are ties."""
    lost = 0.0
    for _, _, now, evaluations, instructions, lines, kept, propagated in data:
        if now == 'complexity':
            continue
        chosen, other = (propagated, kept) if propagates(model, evaluations, instructions, lines) else (kept, propagated)
        share = (chosen - other) / other
        if share > noise:
            lost += share
    return lost


def widest_run(values, step):
    """The longest run of consecutive `values` (spaced by `step`)."""
    runs, run = [], [values[0]]
    for v in values[1:]:
        if v - run[-1] == step:
            run.append(v)
        else:
            runs.append(run)
            run = [v]
    runs.append(run)
    return max(runs, key=len)


def fit(data, noise):
    """(store, (lowest, highest) cache-line limit, lost share): the pair that loses the least;
    among such, the store in the middle of the widest run of stores that lose it at the best
    limit, then the widest run of limits at that store."""
    stores = list(range(0, 2001, 2))
    limits = list(range(8, 1025))
    # The loss changes only at the data's values: search those first.
    store_candidates = sorted({0, 2000} | {int(extra(e, i)) for *_, e, i, _, _, _ in data})
    limit_candidates = sorted({8, 1024} | {l for *_, l, _, _ in data})
    best = min(lost_share((s, l), data, noise) for s in store_candidates for l in limit_candidates)
    limit = next(l for l in limit_candidates for s in store_candidates if lost_share((s, l), data, noise) <= best + 1e-9)
    run = widest_run([s for s in stores if lost_share((s, limit), data, noise) <= best + 1e-9], 2)
    store = run[len(run) // 2]
    run = widest_run([l for l in limits if lost_share((store, l), data, noise) <= best + 1e-9], 1)
    return store, (run[0], run[-1]), best


def read_table(path):
    """The header, the measured rows, the flips that changed nothing and whether outputs were
    identical, from a table this script printed (tables without the loads column count none)."""
    lines = open(path).read().splitlines()
    data, unchanged = [], []
    for line in lines[2:]:
        f = line.split()
        if len(f) in (10, 11) and f[2] in ('propagated', 'kept', 'complexity'):
            if len(f) == 10:
                f.insert(5, '0')
            data.append((f[0], f[1], f[2], float(f[3]), (int(f[4]), int(f[5])), int(f[7]), float(f[8]), float(f[9])))
        elif m := UNCHANGED.match(line):
            unchanged.append((m.group(1), m.group(2), m.group(3) == 'propagated', m.group(4)))
    return lines[0], data, unchanged, any('outputs identical' in line for line in lines)


def write_coefficients(store):
    today = datetime.date.today().isoformat()
    with open(COEFFICIENTS, 'w') as f:
        f.write('//! The cost model\'s coefficients measured on this machine. Written by\n'
                '//! `scripts/calibrate-cost.sh`; the data behind them: `docs/benchmarks/cost-calibration.txt`.\n\n'
                'use crate::cost::CostModel;\n\n'
                f'/// Fitted on {today}: `scripts/calibrate-cost.py {" ".join(sys.argv[1:])}`.\n'
                f'pub const MEASURED: CostModel = CostModel {{ store: {float(store):.1f}, load: 0.0 }};\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('pipelines', nargs='*', default=PIPELINES)
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--size', default='quick', choices=['small', 'quick', 'full'])
    parser.add_argument('--from', dest='table', help='fit the measurements of an earlier run\'s table instead of measuring')
    parser.add_argument('--noise', type=float, default=0.05, help='relative differences taken for ties (default 0.05: the spread of one build between runs on a shared machine)')
    parser.add_argument('--write', action='store_true', help='write the fitted coefficients to ' + COEFFICIENTS)
    args = parser.parse_args()
    if args.table:
        header, data, unchanged, identical = read_table(args.table)
    else:
        data, unchanged, identical = [], [], True
        for name in args.pipelines:
            rows, same = measure_pipeline(name, args)
            identical &= same
            data.extend((name, *row) for row in rows if len(row) == 7)
            unchanged.extend((name, *row) for row in rows if len(row) == 3)
        header = (f'cost model calibration: size {args.size}, {args.rounds} rounds, pipelines {" ".join(args.pipelines)}; ms (median over rounds '
                  'of each process\'s median timed call); outputs compared bit for bit with naive\'s')
    print(header)
    print(f'{"pipeline":17s} {"temporary":12s} {"now":10s} {"evals":>6s} {"ops":>4s} {"loads":>5s} {"extra":>6s} {"lines":>5s} {"kept ms":>8s} {"prop. ms":>8s}  faster')
    for name, temporary, now, evaluations, (operations, loads), lines, kept, prop in data:
        faster = 'tie' if abs(prop - kept) <= args.noise * min(prop, kept) else 'propagated' if prop < kept else 'kept'
        print(f'{name:17s} {temporary:12s} {now:10s} {evaluations:6.2f} {operations:4d} {loads:5d} {extra(evaluations, (operations, loads)):6.0f} {lines:5d} {kept:8.2f} {prop:8.2f}  {faster}')
    store, (lowest, highest), lost = fit(data, args.noise)
    fitted = [row for row in data if row[2] != 'complexity']
    decided = sum(1 for *_, k, p in fitted if abs(k - p) > args.noise * min(k, p))
    print(f'fit: store {store}, cache-line limit {lowest} to {highest} (the pass keeps the cache-miss heuristic\'s limit, 32 by default): over the {decided} of {len(fitted)} decisions that differ by more than {args.noise:.0%} '
          f'("faster" not a tie), the model loses {lost:.1%} of the faster time in all; outputs {"identical" if identical else "DIFFER"}')
    if unchanged:
        print('flips that leave the code as it is (a test the flip does not override still decides; not timed, not fitted):')
        for name, temporary, propagated, reason in unchanged:
            print(f'  {name} {temporary} ({"propagated" if propagated else "kept"} now): {reason}')
    if args.write:
        write_coefficients(store)
        progress(f'wrote {COEFFICIENTS}')


if __name__ == '__main__':
    main()
