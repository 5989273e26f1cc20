#!/usr/bin/env python3
"""The five pipelines written in PolyMage's generated style (test-suite/pipelines/polymage/)
against their C versions: each built naive and with the plugin at -O3 -march=native, run at
the full size interleaved (per process a warm-up call and two timed calls, their median; the
median over the rounds), outputs compared bit for bit with the naive build of the same source.

Usage: scripts/bench-polymage-style.py [ROUNDS] [PIPELINE,...]   (from the repository root,
after cargo build --release)."""
import filecmp, os, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGIN = os.path.join(ROOT, 'target/release/libpolyprop.so')
PIPELINES = ['bilateral_grid', 'camera_pipe', 'pyramid_blending', 'interpolate', 'local_laplacian']
VARIANTS = ['naive', 'polyprop', 'c-naive', 'c-polyprop']


def run(cmd):
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)


def build(work, name):
    """The four binaries of `name` in `work`."""
    up = name.upper()
    inc = ['-I' + os.path.join(ROOT, 'test-suite/pipelines'), '-I' + os.path.join(ROOT, 'test-suite/driver')]
    driver = os.path.join(ROOT, 'test-suite/driver/driver.c')
    cpp = os.path.join(ROOT, f'test-suite/pipelines/polymage/{name}.cpp')
    c = os.path.join(ROOT, f'test-suite/pipelines/{name}.c')
    run(['clang-14', '-O2', '-c', f'-DPIPELINE_{up}', '-DPIPELINE_INT_SIZES', *inc, driver, '-o', f'{work}/d-int.o'])
    run(['clang-14', '-O2', '-c', f'-DPIPELINE_{up}', *inc, driver, '-o', f'{work}/d.o'])
    flags = ['-O3', '-march=native', '-w']
    for variant, source, lang in [('naive', cpp, ['-x', 'c++']), ('c-naive', c, [])]:
        run(['clang-14', *lang, *flags, *inc, '-c', source, '-o', f'{work}/{variant}.o'])
        run(['clang-14', *lang, *flags, *inc, f'-fpass-plugin={PLUGIN}', '-c', source, '-o', f'{work}/{variant.replace("naive", "polyprop")}.o'])
    for variant in VARIANTS:
        driver_object = 'd.o' if variant.startswith('c-') else 'd-int.o'
        run(['clang-14', f'{work}/{driver_object}', f'{work}/{variant}.o', '-lm', '-lstdc++', '-o', f'{work}/{name}-{variant}'])


def timed(binary, out):
    text = subprocess.run([binary, '--size', 'full', '--reps', '3', '--out', out], capture_output=True, text=True, check=True).stdout
    calls = [float(l.split()[1]) for l in text.splitlines() if l.startswith('time_ms')]
    return statistics.median(calls[1:])


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    names = sys.argv[2].split(',') if len(sys.argv) > 2 else PIPELINES
    print('pipeline          C++ naive  C++ polyprop  speedup  output     C naive  C polyprop  speedup  output   (ms)')
    with tempfile.TemporaryDirectory() as work:
        for name in names:
            print(f'building {name} ...', file=sys.stderr, flush=True)
            build(work, name)
            times = {v: [] for v in VARIANTS}
            for r in range(rounds):
                print(f'  {name} round {r + 1}/{rounds}', file=sys.stderr, flush=True)
                for v in VARIANTS:
                    times[v].append(timed(f'{work}/{name}-{v}', f'{work}/{name}-{v}.out'))
            m = {v: statistics.median(times[v]) for v in VARIANTS}
            same = lambda a, b: 'identical' if filecmp.cmp(f'{work}/{name}-{a}.out', f'{work}/{name}-{b}.out', shallow=False) else 'DIFFERS'
            print(f"{name:17s} {m['naive']:9.1f} {m['polyprop']:13.1f} {m['naive'] / m['polyprop']:7.2f}x  {same('naive', 'polyprop'):9s} "
                  f"{m['c-naive']:9.1f} {m['c-polyprop']:11.1f} {m['c-naive'] / m['c-polyprop']:7.2f}x  {same('c-naive', 'c-polyprop')}", flush=True)


if __name__ == '__main__':
    main()
