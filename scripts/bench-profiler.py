#!/usr/bin/env python3
"""Slowdown of `polyprop profile` (the QEMU runtime, papers 000 and 001) over native runs.

Two sets of programs, each timed natively, under qemu-x86_64 alone, and under `polyprop
profile` with dependence tracking on and off (`dependences=off`):

- the five kernels of runtime/bench/, each about 10^8 memory accesses in a loop nest,
  compiled with clang-14 -O2 -g -fno-vectorize -fno-unroll-loops (one traced access per
  element);
- the six Rodinia-like programs of test-suite/rodinia/ (rows `rodinia/NAME`), compiled as the
  README's profile step builds them, clang-14 -O3 -march=x86-64-v3 -g (QEMU 7.2 runs
  AVX2, not AVX-512), and run with the `N REPS` of RODINIA below: sizes and repetitions at
  which the native run takes about 20 ms or more, the kernels' calls dominate it, and a
  profile stays under about a minute.

Wall times of the whole process, median of --rounds runs, interleaved so that the machine's
load hits every variant alike; the load average before and after goes into the table. Writes
a table, a CSV and an SVG plot (default directory target/bench-profiler/).

usage: scripts/bench-profiler.py [--rounds N] [--out DIR] [--polyprop BIN] [--replot] [kernel ...]
(kernels: the runtime's names and rodinia/NAME, default all; --polyprop: the CLI to time,
default target/release/polyprop, which finds libpolyprop_qemu.so beside it; --replot: only
redraw the table and plot from DIR/profiler.csv)
"""

import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNELS = ["stream-update", "jacobi-2d", "matmul", "backprop", "box-average"]
# The Rodinia-like programs and their arguments `N REPS` (test-suite/rodinia/README.md): each
# run makes one untimed warm-up call of each kernel, then REPS calls. N is the profile size of
# docs/benchmarks/rodinia.txt raised, and REPS added, until the native run takes ~20 ms or
# more (their profiles then take 1 to 45 s; kmeans's and spmv's are the long ones).
RODINIA = {
    "backprop": ["16384", "30"],
    "kmeans": ["20000", "7"],
    "srad": ["512", "5"],
    "spmv": ["100000", "40"],
    "nw": ["1024", "2"],
    "hotspot": ["512", "60"],
}
ALL = KERNELS + [f"rodinia/{name}" for name in RODINIA]
VARIANTS = ["native", "qemu", "profile", "profile-nodeps"]
TARGET = 30.0


def arguments(kernel):
    """The program arguments of a kernel: none for the runtime's, `N REPS` for Rodinia's."""
    return RODINIA[kernel.split("/", 1)[1]] if kernel.startswith("rodinia/") else []


def compile_kernel(name, out):
    if name.startswith("rodinia/"):
        program = name.split("/", 1)[1]
        binary = out / f"rodinia-{program}"
        subprocess.run(
            ["clang-14", "-O3", "-march=x86-64-v3", "-g",
             str(ROOT / "test-suite/rodinia" / f"{program}.c"), "-o", str(binary)],
            check=True)
        return binary
    binary = out / name
    subprocess.run(
        ["clang-14", "-O2", "-g", "-fno-vectorize", "-fno-unroll-loops",
         str(ROOT / "runtime/bench" / f"{name}.c"), "-o", str(binary)],
        check=True)
    return binary


def command(variant, binary, args, out, polyprop):
    profile = str(out / f"{binary.name}.profile")
    program = [str(binary)] + args
    return {
        "native": program,
        "qemu": ["qemu-x86_64"] + program,
        "profile": [polyprop, "profile", "-o", profile, "--"] + program,
        "profile-nodeps": [polyprop, "profile", "-o", profile, "dependences=off", "--"] + program,
    }[variant]


def load_average():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(cmd):
    """Wall time of one run; the plugin's count of traced accesses, if it printed one."""
    start = time.perf_counter()
    result = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"bench-profiler: {' '.join(cmd)} failed:\n{result.stderr}")
    traced = re.search(r"(\d+) memory accesses traced", result.stderr)
    return seconds, int(traced.group(1)) if traced else None


def svg(csv_path, path):
    """Grouped bars: slowdown over native per kernel, QEMU alone and the two profiles, drawn by
    polyprop-plot (plotters: test-suite/src/plot.rs) from a copy of the CSV whose Rodinia rows
    are named R/NAME (the group labels, "KERNEL (native T ms)", get about 130 pixels each)."""
    short = path.with_suffix(".plot.csv")
    short.write_text(csv_path.read_text().replace("\nrodinia/", "\nR/"))
    subprocess.run([str(ROOT / "target/release/polyprop-plot"), "profiler", str(short), str(path)], check=True)
    short.unlink()
    # The chart's title says "10^8 accesses", true of the runtime's kernels only (the Rodinia
    # runs trace 2-9 x 10^7): drop it from the title.
    path.write_text(path.read_text().replace(", 10^8 accesses)", ")"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "target/bench-profiler")
    parser.add_argument("--polyprop", type=Path, default=ROOT / "target/release/polyprop")
    parser.add_argument("--replot", action="store_true")
    parser.add_argument("kernels", nargs="*", default=ALL)
    args = parser.parse_args()
    unknown = [k for k in args.kernels if k not in ALL]
    if unknown:
        sys.exit(f"bench-profiler: unknown kernel(s) {', '.join(unknown)}; known: {', '.join(ALL)}")
    args.out.mkdir(parents=True, exist_ok=True)
    if args.replot:
        with open(args.out / "profiler.csv") as f:
            rows = [{k: (v if k == "kernel" else float(v) if k in VARIANTS else int(v or 0)) for k, v in r.items()}
                    for r in csv.DictReader(f)]
        report(rows, args, None)
        return
    if not args.polyprop.exists() or not (ROOT / "target/release/polyprop-plot").exists():
        sys.exit("bench-profiler: build first: cargo build --release --workspace")
    load_before = load_average()
    rows = []
    for name in args.kernels:
        binary = compile_kernel(name, args.out)
        times = {v: [] for v in VARIANTS}
        traced = None
        for r in range(args.rounds):
            for variant in VARIANTS:
                seconds, count = run(command(variant, binary, arguments(name), args.out, str(args.polyprop)))
                times[variant].append(seconds)
                if variant == "profile":
                    traced = count or traced
                print(f"  {name} round {r + 1}/{args.rounds} {variant}: {seconds:.3f} s", file=sys.stderr, flush=True)
        row = {"kernel": name, "accesses": traced}
        row.update({v: statistics.median(t) for v, t in times.items()})
        rows.append(row)
    report(rows, args, (load_before, load_average()))


def report(rows, args, load):
    """The table (printed and written), the CSV and the plot."""
    lines = [f"{'kernel':<18}{'arguments':>10}{'accesses':>12}{'native s':>10}{'qemu':>8}{'profile':>9}{'no deps':>9}"
             "   slowdown: qemu / profile / no deps"]
    for r in rows:
        n = r["native"]
        lines.append(f"{r['kernel']:<18}{' '.join(arguments(r['kernel'])) or '-':>10}{r['accesses'] or 0:>12}{n:>10.3f}"
                     f"{r['qemu']:>8.2f}{r['profile']:>9.2f}{r['profile-nodeps']:>9.2f}"
                     f"   {r['qemu'] / n:.1f}x / {r['profile'] / n:.1f}x / {r['profile-nodeps'] / n:.1f}x")
    worst = max(rows, key=lambda r: r["profile"] / r["native"])
    lines.append(f"(wall seconds of the whole process, median of {args.rounds} runs; target: profile at most {TARGET:.0f}x native;"
                 f" worst: {worst['kernel']} {worst['profile'] / worst['native']:.1f}x)")
    lines.append("(runtime kernels: clang-14 -O2 -g -fno-vectorize -fno-unroll-loops; rodinia/*: clang-14 -O3 -march=x86-64-v3 -g,"
                 " run as `PROGRAM N REPS`; accesses: traced by the profile with dependences)")
    if load:
        lines.append(f"(load average (1, 5, 15 min) before {load[0]} and after {load[1]}; {os.cpu_count()} cores)")
    elif (args.out / "profiler.txt").exists():  # --replot: keep the measured run's load line
        lines += [l for l in (args.out / "profiler.txt").read_text().splitlines() if l.startswith("(load average")]
    table = "\n".join(lines)
    print(table)
    (args.out / "profiler.txt").write_text(table + "\n")
    with open(args.out / "profiler.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["kernel", "accesses"] + VARIANTS)
        writer.writeheader()
        writer.writerows(rows)
    svg(args.out / "profiler.csv", args.out / "profiler.svg")
    print(f"wrote {args.out}/profiler.txt, profiler.csv, profiler.svg", file=sys.stderr)


if __name__ == "__main__":
    main()
