#!/usr/bin/env python3
"""Writes the address trace of one reference of a small kernel in polyprop's trace format
(runtime/src/tre/trace_file.rs): magic "PPTRACE\\0", version 1, element size, count,
reference length and text, then the addresses as little-endian i64.

usage: write_trace.py KERNEL OUT    (KERNEL: triangle, cholesky, jacobi, band, noise, two-nests)
"""
import random
import struct
import sys


def triangle():
    # for (i = 0; i < 300; i++) for (j = 0; j <= i; j += 2) ... A[i][j] ...  (double A[300][300])
    base = 0x601000
    return "triangle.c:5", [base + 8 * (300 * i + j) for i in range(300) for j in range(0, i + 1, 2)]


def cholesky():
    # Paper 002, Figure 3, line 11: x = x - A[j][k] * A[i][k], the access A[i][k] (N = 32).
    n, base = 32, 0x1E2D040
    return "cholesky.c:11", [base + 8 * (n * i + k) for i in range(n) for j in range(i + 1, n) for k in range(i)]


def jacobi():
    # for (t = 0; t < 10; t++) for (i = 1; i < 99; i++) for (j = 1; j < 99; j++) ... A[i-1][j] ...
    base = 0x700000
    return "jacobi-2d.c:9", [base + 8 * (100 * (i - 1) + j) for t in range(10) for i in range(1, 99) for j in range(1, 99)]


def band():
    # Paper 002, Figure 9: DO i1 = 0, 20; DO i2 = max(0, i1 - 10), 9; A[i1 + 2 * i2]
    base = 0x8000
    return "band.c:4", [base + 8 * (i1 + 2 * i2) for i1 in range(21) for i2 in range(max(0, i1 - 10), 10)]


def noise():
    rng = random.Random(19)
    return "noise.c:1", [0x1000 + 8 * rng.randrange(1 << 16) for _ in range(200)]


def two_nests():
    # A row sweep of 40 x 25 then 100 random addresses (a hash table probe, say).
    rng = random.Random(7)
    rows = [0x9000 + 8 * (25 * i + j) for i in range(40) for j in range(25) if j < 25 - i % 3]
    return "mixed.c:3", rows + [0x100000 + 8 * rng.randrange(1 << 16) for _ in range(100)]


def main():
    kernel, out = sys.argv[1], sys.argv[2]
    reference, addresses = globals()[kernel.replace("-", "_")]()
    ref = reference.encode()
    with open(out, "wb") as f:
        f.write(b"PPTRACE\0" + struct.pack("<IIQI", 1, 8, len(addresses), len(ref)) + ref)
        f.write(struct.pack("<%dq" % len(addresses), *addresses))


main()
