#!/usr/bin/env python3
"""Paper 003's random-propagation experiment (section 6.1, Figure 12 and Table 3) on our
pipelines: each pipeline is built naive, with the heuristics' choice (cost=heuristic), with
the cost model's (the default), and with random subsets of the temporaries the cost model
propagates (the others kept with the option keep=NAMES), all at -O3 -march=native -g; the
builds run interleaved round by round and every output is compared bit for bit with the naive
build's. Per pipeline: naive, heuristic, model, best and worst subset found (Table 3's rows),
with the kept temporaries of the best.

Our subsets only propagate less than the default does (keep= overrides a propagation), so the
worst case of paper 003's Table 3, propagation past every limit, is not among them.

Usage (from the repository root, after cargo build --release):
  scripts/random-subsets.py [--subsets N] [--rounds R] [--size quick|full] [--seed S]
                            [--also PIPELINE:NAME,NAME ...] [--csv FILE] [PIPELINE ...]
Progress goes to standard error, the table to standard output."""
import argparse, random, re, tempfile

from pipeline_builds import PIPELINES, compile_object, driver_object, link, measure, plugin_output, progress

PROPAGATED = re.compile(r'^  #\d+ (\S+) \(temporary\): propagated ')


def default_choice(name):
    """The temporaries the default options (the cost model and the heuristics of section 4)
    propagate in the pipeline function, by source name."""
    names, inside = [], False
    for line in plugin_output(name, 'print=propagation').splitlines():
        if line.startswith('polyprop-propagation: function'):
            inside = line.split()[2].rstrip(',') == f'pipeline_{name}'
        elif inside and (m := PROPAGATED.match(line)):
            names.append(m.group(1))
    return names


def subsets(propagated, count, rng, also):
    """Keep lists: `also`'s, then `count` random ones (each propagating a uniformly drawn
    number of the heuristics' temporary arrays), without repeats and without the heuristics'
    own. Scalars (named s_*) always propagate: paper 003 draws arrays."""
    arrays = [n for n in propagated if not n.startswith('s_')]
    seen, out = {()}, []
    for keep in also:
        key = tuple(sorted(keep))
        if key not in seen:
            seen.add(key)
            out.append(list(key))
    tries = 0
    while len(out) < count + len(also) and tries < 100 * count:
        tries += 1
        size = rng.randint(0, len(arrays))
        chosen = set(rng.sample(arrays, size))
        key = tuple(sorted(n for n in arrays if n not in chosen))
        if key not in seen:
            seen.add(key)
            out.append(list(key))
    return out


def build_options(label, keep):
    """POLYPROP_OPTIONS of a build: None for naive (no plugin), cost=heuristic for the
    heuristics' choice, else the keep list of the model's choice or of a subset."""
    if label == 'heuristic':
        return 'cost=heuristic'
    if keep is None:
        return None
    return 'keep=' + ','.join(keep) if keep else ''


def run_pipeline(name, args, rng, also, csv_rows):
    with tempfile.TemporaryDirectory() as work:
        driver = driver_object(work, name)
        propagated = default_choice(name)
        keeps = subsets(propagated, args.subsets, rng, also)
        builds = {'naive': None, 'model': [], 'heuristic': None}
        builds.update({f'subset{k}': keep for k, keep in enumerate(keeps)})
        for k, (label, keep) in enumerate(builds.items()):
            progress(f'  {name}: building {label} ({k + 1}/{len(builds)}), keeping {len(keep or [])} of {len(propagated)}')
            compile_object(name, build_options(label, keep), f'{work}/{label}.o')
            link(work, label, driver)
        medians, same = measure(work, name, builds, args.rounds, args.size)
    naive = medians['naive']
    for label, keep in builds.items():
        kept = ' '.join(keep) if keep else ''
        count = '' if keep is None else len(propagated) - len(keep)
        csv_rows.append(f'{name},{label},{count},{medians[label]:.2f},{naive / medians[label]:.3f},{"identical" if same[label] else "DIFFERS"},{kept}')
    random_labels = [l for l in builds if l.startswith('subset')]
    best = min(random_labels, key=medians.get) if random_labels else 'model'
    worst = max(random_labels, key=medians.get) if random_labels else 'model'
    identical = all(same.values())
    print(f'{name:17s} {naive:9.1f} {medians["heuristic"]:10.1f} ({naive / medians["heuristic"]:5.2f}x) '
          f'{medians["model"]:9.1f} ({naive / medians["model"]:5.2f}x) '
          f'{medians[best]:9.1f} ({naive / medians[best]:5.2f}x) {medians[worst]:9.1f} ({naive / medians[worst]:5.2f}x)  '
          f'{len(random_labels):7d}  {"identical" if identical else "DIFFER"}  best keeps: {" ".join(builds[best] or []) or "(none)"}', flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('pipelines', nargs='*', default=PIPELINES)
    parser.add_argument('--subsets', type=int, default=10)
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--size', default='quick', choices=['small', 'quick', 'full'])
    parser.add_argument('--seed', type=int, default=3)
    parser.add_argument('--also', action='append', default=[], help='PIPELINE:NAME,NAME a keep list measured besides the random ones')
    parser.add_argument('--csv', help='every build as a CSV row (pipeline,build,propagated,ms,speedup,output,kept)')
    args = parser.parse_args()
    rng = random.Random(args.seed)
    csv_rows = ['pipeline,build,propagated,ms,speedup,output,kept']
    print(f'random propagation subsets: size {args.size}, {args.rounds} rounds, seed {args.seed}; times in ms (median over rounds of each '
          'process\'s median timed call), speedup = naive/build; outputs compared bit for bit with naive\'s')
    print('pipeline              naive  heuristic               model               best                worst  subsets  outputs    ')
    for name in args.pipelines:
        also = [spec.split(':', 1)[1].split(',') for spec in args.also if spec.split(':', 1)[0] == name]
        run_pipeline(name, args, rng, also, csv_rows)
    if args.csv:
        with open(args.csv, 'w') as f:
            f.write('\n'.join(csv_rows) + '\n')


if __name__ == '__main__':
    main()
