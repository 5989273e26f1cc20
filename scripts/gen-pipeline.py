#!/usr/bin/env python3
"""Writes a naive PolyMage-style pipeline of N stages to stdout (for modeling benchmarks).

Every stage is a two-dimensional loop nest over a malloc'd temporary, with hand-linearized
parametric subscripts and a 3-tap stencil on the previous stage along rows or columns; as in
a real pipeline, every stage reads only what the previous stage wrote (the input has a
border of one pixel per stage):
    python3 scripts/gen-pipeline.py 500 > /tmp/p500.c
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
print("#include <stdlib.h>")
print("void pipeline_generated(long R, long C, void *in_void, void *out_void) {")
print(f"  const long B = {(n + 2) // 2}, W = C + 2 * B;")
print("  float *in = (float *)in_void;")
print("  float *out = (float *)out_void;")
for k in range(n - 1):
    print(f"  float *t{k} = (float *)malloc(sizeof(float) * (R + 2 * B) * (C + 2 * B));")
prev = "in"
for k in range(n):
    dst = f"t{k}" if k < n - 1 else "out"
    rows = k % 2 == 1
    axis = "W" if rows else "1"
    # Stage k's domain shrinks by one pixel on each side along its stencil's axis, so that it
    # reads only what the previous stage (or the input) wrote.
    ri, ci = (k + 1) // 2, (k + 2) // 2
    print(f"  for (long i = {ri}; i < R + 2 * B - {ri}; i++)")
    print(f"    for (long j = {ci}; j < C + 2 * B - {ci}; j++)")
    print(f"      {dst}[i * W + j] = ({prev}[i * W + j - {axis}] + {prev}[i * W + j]"
          f" + {prev}[i * W + j + {axis}]) * 0.333f;")
    prev = dst
for k in range(n - 1):
    print(f"  free(t{k});")
print("}")
