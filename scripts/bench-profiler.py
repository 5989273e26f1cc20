#!/usr/bin/env python3
"""Slowdown of `polyprop profile` (the QEMU runtime, papers 000 and 001) over native runs.

Each kernel of runtime/bench/ does about 10^8 memory accesses in a loop nest. It is compiled
with clang-14 -O2 -g -fno-vectorize -fno-unroll-loops (one traced access per element) and
timed natively, under qemu-x86_64 alone, and under `polyprop profile` with dependence
tracking on and off. Wall times, median of --rounds runs, interleaved so that the machine's
load hits every variant alike. Writes a table, a CSV and an SVG plot (default directory
target/bench-profiler/).

usage: scripts/bench-profiler.py [--rounds N] [--out DIR] [--replot] [kernel ...]
(--replot: only redraw the table and plot from DIR/profiler.csv)
"""

import argparse
import csv
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNELS = ["stream-update", "jacobi-2d", "matmul", "backprop", "box-average"]
VARIANTS = ["native", "qemu", "profile", "profile-nodeps"]
TARGET = 30.0


def compile_kernel(name, out):
    binary = out / name
    subprocess.run(
        ["clang-14", "-O2", "-g", "-fno-vectorize", "-fno-unroll-loops",
         str(ROOT / "runtime/bench" / f"{name}.c"), "-o", str(binary)],
        check=True)
    return binary


def command(variant, binary, out):
    polyprop = str(ROOT / "target/release/polyprop")
    profile = str(out / f"{binary.name}.profile")
    return {
        "native": [str(binary)],
        "qemu": ["qemu-x86_64", str(binary)],
        "profile": [polyprop, "profile", "-o", profile, "--", str(binary)],
        "profile-nodeps": [polyprop, "profile", "-o", profile, "dependences=off", "--", str(binary)],
    }[variant]


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
    polyprop-plot (plotters: test-suite/src/plot.rs) from the CSV."""
    subprocess.run([str(ROOT / "target/release/polyprop-plot"), "profiler", str(csv_path), str(path)], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "target/bench-profiler")
    parser.add_argument("--replot", action="store_true")
    parser.add_argument("kernels", nargs="*", default=KERNELS)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.replot:
        with open(args.out / "profiler.csv") as f:
            rows = [{k: (v if k == "kernel" else float(v) if k in VARIANTS else int(v or 0)) for k, v in r.items()}
                    for r in csv.DictReader(f)]
        report(rows, args)
        return
    if not (ROOT / "target/release/polyprop").exists() or not (ROOT / "target/release/polyprop-plot").exists():
        sys.exit("bench-profiler: build first: cargo build --release --workspace")
    rows = []
    for name in args.kernels:
        binary = compile_kernel(name, args.out)
        times = {v: [] for v in VARIANTS}
        traced = None
        for r in range(args.rounds):
            for variant in VARIANTS:
                seconds, count = run(command(variant, binary, args.out))
                times[variant].append(seconds)
                traced = count or traced
                print(f"  {name} round {r + 1}/{args.rounds} {variant}: {seconds:.3f} s", file=sys.stderr, flush=True)
        row = {"kernel": name, "accesses": traced}
        row.update({v: statistics.median(t) for v, t in times.items()})
        rows.append(row)
    report(rows, args)


def report(rows, args):
    """The table (printed and written), the CSV and the plot."""
    lines = [f"{'kernel':<15}{'accesses':>12}{'native s':>10}{'qemu':>8}{'profile':>9}{'no deps':>9}   slowdown: qemu / profile / no deps"]
    for r in rows:
        n = r["native"]
        lines.append(f"{r['kernel']:<15}{r['accesses'] or 0:>12}{n:>10.3f}{r['qemu']:>8.2f}{r['profile']:>9.2f}"
                     f"{r['profile-nodeps']:>9.2f}   {r['qemu'] / n:.1f}x / {r['profile'] / n:.1f}x / {r['profile-nodeps'] / n:.1f}x")
    lines.append(f"(wall seconds, median of {args.rounds} runs; target: profile at most {TARGET:.0f}x native)")
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
