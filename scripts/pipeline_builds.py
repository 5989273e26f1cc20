"""What the scripts that build and time the seven PolyMage pipelines share
(random-subsets.py, calibrate-recomputation.py): paths and flags, plugin runs, the driver,
and interleaved timing with outputs compared bit for bit against the naive build."""
import filecmp, os, statistics, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGIN = os.environ.get('POLYPROP_PLUGIN', os.path.join(ROOT, 'target/release/libpolyprop.so'))
PIPELINES = ['unsharp_mask', 'harris', 'bilateral_grid', 'camera_pipe', 'pyramid_blending', 'interpolate', 'local_laplacian']
INCLUDE = '-I' + os.path.join(ROOT, 'test-suite/pipelines')
FLAGS = ['-O3', '-march=native', '-g', '-w', INCLUDE]


def progress(text):
    print(text, file=sys.stderr, flush=True)


def source(name):
    return os.path.join(ROOT, f'test-suite/pipelines/{name}.c')


def plugin_output(name, options):
    """What the plugin prints on standard output compiling the pipeline under POLYPROP_OPTIONS=`options`."""
    env = dict(os.environ, POLYPROP_OPTIONS=options)
    return subprocess.run(['clang-14', *FLAGS, f'-fpass-plugin={PLUGIN}', '-c', source(name), '-o', os.devnull],
                          env=env, capture_output=True, text=True, check=True).stdout


def compile_object(name, options, output):
    """The pipeline's object: naive when `options` is None, else with the plugin under
    POLYPROP_OPTIONS=`options` ('' for the defaults). Returns what the plugin prints on
    standard output (its print= stages)."""
    env = dict(os.environ)
    env.pop('POLYPROP_OPTIONS', None)
    plugin = []
    if options is not None:
        plugin = [f'-fpass-plugin={PLUGIN}']
        if options:
            env['POLYPROP_OPTIONS'] = options
    return subprocess.run(['clang-14', *FLAGS, *plugin, '-c', source(name), '-o', output], check=True, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout


def driver_object(work, name):
    """The benchmark driver built for the pipeline, in `work`."""
    driver = f'{work}/driver.o'
    subprocess.run(['clang-14', '-O2', f'-DPIPELINE_{name.upper()}', INCLUDE, '-c',
                    os.path.join(ROOT, 'test-suite/driver/driver.c'), '-o', driver], check=True)
    return driver


def link(work, label, driver):
    """`work`/`label` from `work`/`label`.o and the driver."""
    subprocess.run(['clang-14', driver, f'{work}/{label}.o', '-lm', '-o', f'{work}/{label}'], check=True)


def timed(binary, size, output):
    """Median of the timed calls of one process (after its warm-up call), in ms."""
    text = subprocess.run([binary, '--size', size, '--reps', '3', '--out', output], capture_output=True, text=True, check=True).stdout
    calls = [float(l.split()[1]) for l in text.splitlines() if l.startswith('time_ms')]
    return statistics.median(calls[1:])


def measure(work, name, builds, rounds, size):
    """Per build label: the median over rounds of its processes' times, and whether its output
    equals naive's."""
    times = {label: [] for label in builds}
    for r in range(rounds):
        progress(f'  {name}: round {r + 1}/{rounds} of {len(builds)} builds')
        for label in builds:
            times[label].append(timed(f'{work}/{label}', size, f'{work}/{label}.out'))
    same = {label: filecmp.cmp(f'{work}/naive.out', f'{work}/{label}.out', shallow=False) for label in builds}
    return {label: statistics.median(t) for label, t in times.items()}, same
