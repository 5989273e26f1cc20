#!/usr/bin/env python3
"""Compression of traces recorded under QEMU (issue 19, paper 002 section 3.6): builds the
PolyBench-style kernels of lit/tre/qemu-kernels.c (lower-triangular step 2, gemm, trisolv,
jacobi-2d), records every memory instruction of their statement lines with
`polyprop profile --trace FILE:LINE`, reconstructs each trace with `polyprop tre --check
--json`, and prints one line per traced instruction: trace size against nest size.

usage: scripts/bench-tre.py [OUT-DIR]    (run from the repository root after cargo build --release)
"""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "lit", "tre", "qemu-kernels.c")
POLYPROP = os.path.join(ROOT, "target", "release", "polyprop")
STATEMENTS = [r"s \+= A\[i\]\[j\]", r"C\[i\]\[j\] \+=", r"x\[i\] -=", r"K\[i\]\[j\] = 0\.2"]


def statement_lines():
    lines = open(SOURCE).read().splitlines()
    return [next(n + 1 for n, text in enumerate(lines) if re.search(p, text)) for p in STATEMENTS]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/polyprop-bench-tre"
    os.makedirs(out, exist_ok=True)
    binary = os.path.join(out, "kernels")
    subprocess.run(["clang-14", "-O1", "-g", SOURCE, "-o", binary], check=True)
    profile = os.path.join(out, "k.profile")
    for old in glob.glob(profile + "*.trace*"):
        os.remove(old)
    traces = []
    for line in statement_lines():
        traces += ["--trace", "qemu-kernels.c:%d" % line]
    subprocess.run([POLYPROP, "profile", "-o", profile] + traces + ["dependences=off", "--", binary],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print("%-32s %9s %11s %10s %10s %6s %7s %6s" % ("reference", "accesses", "trace bytes", "nest bytes", "ratio", "depth", "pieces", "exact"))
    total_trace = total_nest = 0
    # One file with every traced instruction; its JSON is an array when there are several.
    path = profile + ".trace"
    result = subprocess.run([POLYPROP, "tre", path, "--check", "--json", path + ".json"], stdout=subprocess.DEVNULL)
    results = json.load(open(path + ".json"))
    for r in results if isinstance(results, list) else [results]:
        total_trace += r["trace_bytes"]
        total_nest += r["compressed_bytes"]
        exact = "yes" if result.returncode == 0 and r["exact"] else "NO"
        print("%-32s %9d %11d %10d %10.1f %6d %7d %6s" % (r["reference"], r["length"], r["trace_bytes"], r["compressed_bytes"], r["ratio"], r["depth"], len(r["pieces"]), exact))
    print("%-32s %9s %11d %10d %10.1f" % ("total", "", total_trace, total_nest, total_trace / max(total_nest, 1)))


main()
