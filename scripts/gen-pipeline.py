#!/usr/bin/env python3
"""Writes a naive PolyMage-style pipeline of N stages to stdout (for modeling benchmarks).

Every stage is a two-dimensional loop nest over a malloc'd temporary with a 2-pixel border,
hand-linearized parametric subscripts and a 3-tap stencil on the previous stage:
    python3 scripts/gen-pipeline.py 500 > /tmp/p500.c
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
print("#include <stdlib.h>")
print("void pipeline_generated(long R, long C, void *in_void, void *out_void) {")
print("  float *in = (float *)in_void;")
print("  float *out = (float *)out_void;")
for k in range(n - 1):
    print(f"  float *t{k} = (float *)malloc(sizeof(float) * (R + 4) * (C + 4));")
prev = "in"
for k in range(n):
    dst = f"t{k}" if k < n - 1 else "out"
    axis = "(C + 4)" if k % 2 else "1"
    print(f"  for (long i = 2; i < R + 2; i++)")
    print(f"    for (long j = 2; j < C + 2; j++)")
    print(f"      {dst}[i * (C + 4) + j] = ({prev}[i * (C + 4) + j - {axis}] + {prev}[i * (C + 4) + j]"
          f" + {prev}[i * (C + 4) + j + {axis}]) * 0.333f;")
    prev = dst
for k in range(n - 1):
    print(f"  free(t{k});")
print("}")
