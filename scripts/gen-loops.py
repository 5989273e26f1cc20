#!/usr/bin/env python3
"""Writes a random loop-heavy C program to stdout, of the kind used to fuzz loop optimizers.

    python3 scripts/gen-loops.py SEED > prog.c

The program (same seed, same program) has a main and several `static` functions made of loop
nests, and prints one checksum: the functions' return values and the bytes of every global
array, hashed. The loops cover what a polyhedral pass meets in ordinary C: counters of every
integer type (signed char, short, int, long, unsigned, unsigned char, size_t) and loops guarded
by a _Bool or driven by a _Bool flag; for, while and count-down forms; strides 1, 2, 3 and -1;
bounds from constants, function arguments, values computed before the loop (from the
arguments or from data) and outer counters (triangular nests); breaks on affine conditions;
arrays passed as `T *` (possibly at an offset, and the same array through two pointers), as
`T (*)[N]`, and flattened as `a[i * w + j]` with the width an argument; clamped subscripts;
ternaries; helper calls; scalars rotated across iterations (`t2 = t1; t1 = x;`), updated
under conditions (on counters or on data) and read after the loop; checks that never fail
(`if (i > hi) abort();`, `assert(lo <= i && i <= hi)` on a counter's interval, `if (x != x)
abort();` on data), the error paths of defensive C, drawn from a second random stream so
that everything else a seed made before stays as it was. About a third of the
functions are affine (void, no break, call or data-dependent bound, int and long counters)
and work on malloc'd temporaries too, so that polyprop models and transforms them; a third of
those repeat their nests in a loop that calls other code, and may stop on a scalar's value, the
temporaries allocated before it and filled inside it (what one iteration leaves the next may
read); some of those loops call their nests as `static` stage functions at each step, as time
loops do, from a fourth stream.

It has no undefined behaviour, so `clang -O0` and `clang -O3` builds print the same line:
the generator tracks every counter's interval and keeps each subscript inside its array;
signed values stay within +-1008 (every store into a signed location is reduced `% 1009`,
and every expression is kept far below 2^31), unsigned values wrap, float values stay within
+-1024 (no infinity, no NaN: their bits are hashed), every array is filled before use and
every scalar initialized. Loop extents stay under 64, so a run takes milliseconds.
"""
import random
import sys

SIGNED = ["signed char", "short", "int", "long"]
UNSIGNED = ["unsigned char", "unsigned short", "unsigned", "unsigned long"]
FLOATS = ["float", "double"]
COUNTERS = ["signed char", "short", "int", "long", "unsigned", "unsigned char", "size_t"]
LIMIT = 1 << 24  # signed expressions stay below this magnitude


def dom(t):
    if t in SIGNED:
        return "S"
    if t in UNSIGNED:
        return "U"
    return "F"


def smod(t):
    return 127 if t == "signed char" else 1009


def unsigned_counter(t):
    return t in ("unsigned", "unsigned char", "size_t")


class Array:
    def __init__(self, name, ty, kind, dims):
        self.name, self.ty, self.kind, self.dims = name, ty, kind, dims

    def bound(self):
        return smod(self.ty) - 1 if dom(self.ty) == "S" else 1024


class View:
    """A pointer parameter through which a function sees (part of) a global array."""

    def __init__(self, name, array, kind, base, width=None):
        self.name, self.array, self.kind, self.base, self.width = name, array, kind, base, width
        self.ty = array.ty

    def ranges(self):
        a = self.array
        if self.kind == "ptr":
            return [(-self.base, a.dims[0] - 1 - self.base)]
        if self.kind == "rows":
            return [(-self.base, a.dims[0] - 1 - self.base), (0, a.dims[1] - 1)]
        return [(0, a.dims[0] - 1), (0, a.dims[1] - 1)]  # flat

    def access(self, subs):
        if self.kind == "ptr":
            return f"{self.name}[{subs[0]}]"
        if self.kind == "rows":
            return f"{self.name}[{subs[0]}][{subs[1]}]"
        return f"{self.name}[({subs[0]}) * {self.width} + {subs[1]}]"


class Idx:
    """An index usable in subscripts: a signed C expression with a known interval."""

    def __init__(self, code, lo, hi):
        self.code, self.lo, self.hi = code, lo, hi


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.checks = random.Random(seed * 1000003 + 7)
        # Repeat loops (below) come from a third stream, for the same reason, and whether their
        # nests are stage functions from a fourth.
        self.repeats = random.Random(seed * 1000003 + 11)
        self.stages = random.Random(seed * 1000003 + 13)
        self.seed = seed
        self.E = self.r.choice([9, 13, 17, 24, 31, 40])
        self.counter = 0
        self.lines = []

    def fresh(self, p):
        self.counter += 1
        return f"{p}{self.counter}"

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    # ---------------------------------------------------------------- arrays and functions
    def make_arrays(self):
        r, E = self.r, self.E
        self.arrays = []
        for k in range(r.randint(3, 6)):
            ty = r.choice(SIGNED + UNSIGNED + FLOATS + ["int", "float", "long"])
            kind = r.choice(["1d", "1d", "2d", "2d", "flat"])
            if kind == "1d":
                dims = [E + 1 + r.randint(0, 3)]
            else:
                dims = [E + 1 + r.randint(0, 3), E + 1 + r.randint(0, 3)]
            self.arrays.append(Array(f"g{k}", ty, kind, dims))

    def declare_arrays(self):
        for a in self.arrays:
            if a.kind == "1d":
                self.emit(0, f"static {a.ty} {a.name}[{a.dims[0]}];")
            elif a.kind == "2d":
                self.emit(0, f"static {a.ty} {a.name}[{a.dims[0]}][{a.dims[1]}];")
            else:
                self.emit(0, f"static {a.ty} {a.name}[{a.dims[0]} * {a.dims[1]}];")

    def fill_arrays(self):
        r = self.r
        for a in self.arrays:
            k1, k2, k3 = r.randint(1, 97), r.randint(1, 89), r.randint(0, 1000)
            d = dom(a.ty)
            if d == "S":
                m = smod(a.ty)
                val = f"({a.ty})((i * {k1} + j * {k2} + {k3}) % {2 * m - 1} - {m - 1})"
            elif d == "U":
                val = f"({a.ty})((unsigned long)(i * {k1} + j * {k2} + {k3}) * 2654435761u)"
            else:
                val = f"({a.ty})((i * {k1} + j * {k2} + {k3}) % 2001 - 1000) * 0.5f"
            if a.kind == "1d":
                self.emit(1, f"for (int i = 0, j = 0; i < {a.dims[0]}; i++) {a.name}[i] = {val};")
            elif a.kind == "2d":
                self.emit(1, f"for (int i = 0; i < {a.dims[0]}; i++)")
                self.emit(2, f"for (int j = 0; j < {a.dims[1]}; j++) {a.name}[i][j] = {val};")
            else:
                self.emit(1, f"for (int i = 0; i < {a.dims[0]}; i++)")
                self.emit(2, f"for (int j = 0; j < {a.dims[1]}; j++) "
                             f"{a.name}[i * {a.dims[1]} + j] = {val};")

    # ---------------------------------------------------------------- expressions
    def subscript(self, env, lo, hi):
        """A signed expression whose value stays within [lo, hi]."""
        r = self.r
        idx = env["idx"] + env["sidx"]
        for _ in range(6):
            c = r.random()
            if idx and c < 0.55:
                v = r.choice(idx)
                olo, ohi = max(lo - v.lo, -3), min(hi - v.hi, 3)
                if olo <= ohi:
                    off = r.randint(olo, ohi)
                    if off == 0 or r.random() < 0.2 and olo <= 0 <= ohi:
                        return v.code
                    return f"{v.code} + {off}" if off > 0 else f"{v.code} - {-off}"
            elif len(env["idx"]) >= 2 and c < 0.65:
                v, u = r.sample(env["idx"], 2)
                if v.lo + u.lo >= lo and v.hi + u.hi <= hi:
                    return f"{v.code} + {u.code}"
                if v.lo - u.hi >= lo and v.hi - u.lo <= hi:
                    return f"{v.code} - {u.code}"
            elif idx and c < 0.75:
                v = r.choice(idx)
                if 2 * v.lo >= lo and 2 * v.hi <= hi:
                    return f"2 * {v.code}"
                if v.lo >= 0 and v.lo // 2 + 1 >= lo and v.hi // 2 + 1 <= hi:
                    return f"{v.code} / 2 + 1"
            elif idx and c < 0.9 and lo <= hi:
                v = r.choice(idx)
                off = r.randint(-3, 3)
                x = f"{v.code} + {off}" if off >= 0 else f"{v.code} - {-off}"
                clo, chi = max(lo, 0), hi
                if clo > chi:
                    continue
                if r.random() < 0.5 and not env.get("affine"):
                    return f"clampi({x}, {clo}, {chi})"
                return f"({x} < {clo} ? {clo} : {x} > {chi} ? {chi} : {x})"
            elif lo <= hi:
                return str(r.randint(max(lo, 0), hi) if hi >= 0 else lo)
        return str(max(lo, 0) if max(lo, 0) <= hi else lo)

    def access(self, env, view):
        subs = [self.subscript(env, lo, hi) for lo, hi in view.ranges()]
        return view.access(subs)

    def scalars(self, env, d):
        return [s for s in env["scalars"] if s[1] == d]

    def leaf(self, env, d):
        """A leaf of domain d: (code, bound)."""
        r = self.r
        views = [v for v in env["views"] if dom(v.ty) == d]
        sc = self.scalars(env, d)
        idx = env["idx"]
        c = r.random()
        if views and c < 0.45:
            v = r.choice(views)
            code = self.access(env, v)
            if d == "U":
                return f"(unsigned){code}", 0
            return code, v.array.bound()
        if sc and c < 0.65:
            name = r.choice(sc)[0]
            return name, 1024 if d == "F" else 1008
        if idx and c < 0.8:
            v = r.choice(idx)
            if d == "S":
                return v.code, max(abs(v.lo), abs(v.hi))
            if d == "U":
                return f"(unsigned)({v.code})", 0
            return f"(float)({v.code})", max(abs(v.lo), abs(v.hi))
        if c < 0.9:
            other = r.choice([x for x in "SUF" if x != d])
            if any(dom(v.ty) == other for v in env["views"]) or self.scalars(env, other):
                code, b = self.leaf(env, other)
                if d == "S":
                    if other == "U":
                        return f"(int)(({code}) % 1009u)", 1008
                    return f"(int)({code})", 1024
                if d == "U":
                    if other == "F":
                        return f"(unsigned)(int)({code})", 0
                    return f"(unsigned)({code})", 0
                if other == "U":
                    return f"(float)(({code}) % 1024u)", 1023
                return f"(float)({code})", b
        if d == "S":
            k = r.randint(-9, 9)
            return (str(k) if k >= 0 else f"({k})"), abs(k)
        if d == "U":
            return f"{r.randint(0, 40000)}u", 0
        return r.choice(["0.5f", "1.25f", "-3.0f", "0.125f", "7.0f"]), 7

    def cond(self, env, d=None):
        """A condition: affine on the counters, or on data."""
        r = self.r
        idx = env["idx"]
        if idx and (d is None or r.random() < 0.5):
            v = r.choice(idx)
            c = r.random()
            k = r.randint(0, self.E)
            others = [u for u in idx if u.code != v.code]
            if c < 0.3 and others:
                u = r.choice(others)
                return f"{v.code} + {u.code} > {k}"
            if c < 0.5:
                return f"{v.code} {r.choice(['<', '>=', '==', '!='])} {k}"
            if c < 0.65:
                return f"({v.code} & 1) == 0"
            if c < 0.8 and env["params"]:
                p = r.choice(env["params"])
                return f"2 * {v.code} > {p.code}"
            if others:
                return f"{v.code} > {r.choice(others).code}"
            return f"{v.code} <= {k}"
        d = d or r.choice("SUF")
        a, _ = self.expr(env, d, 1)
        b, _ = self.leaf(env, d)
        return f"{a} {r.choice(['<', '>', '<=', '!='])} {b}"

    def expr(self, env, d, depth):
        """An expression of domain d: (code, bound)."""
        r = self.r
        if depth <= 0 or r.random() < 0.3:
            return self.leaf(env, d)
        a, ba = self.expr(env, d, depth - 1)
        b, bb = self.expr(env, d, depth - 1)
        c = r.random()
        if d == "S":
            if c < 0.3:
                op = r.choice(["+", "-"])
                code, bound = f"({a} {op} {b})", ba + bb
            elif c < 0.45 and ba * bb < LIMIT:
                code, bound = f"({a} * {b})", ba * bb
            elif c < 0.6 and a != b:
                cc = self.cond(env, "S")
                code, bound = f"({cc} ? {a} : {b})", max(ba, bb)
            elif c < 0.7 and not env.get("affine"):
                code, bound = f"mixi({a}, {b})", 1008
            elif c < 0.8:
                k = r.randint(2, 7)
                code, bound = f"({a} {r.choice(['/', '%'])} {k})", ba
            elif c < 0.9 and a != b:
                code, bound = f"({a} > {b} ? {a} : {b})", max(ba, bb)
            else:
                code, bound = f"({a} * {r.randint(2, 5)} + {b})", 5 * ba + bb
            if bound >= LIMIT:
                code, bound = f"(({a}) % 1009 + ({b}) % 1009)", 2016
            return code, bound
        if d == "U":
            if c < 0.5:
                return f"({a} {r.choice(['+', '-', '*', '^', '&', '|'])} {b})", 0
            if c < 0.6:
                return f"({a} >> {r.randint(1, 7)})", 0
            if c < 0.75:
                return f"({self.cond(env, 'U')} ? {a} : {b})", 0
            if c < 0.85 and not env.get("affine"):
                return f"mixu({a}, {b})", 0
            return f"({a} * {r.choice([3, 5, 31, 2654435761])}u + {b})", 0
        # floats: every operation keeps the magnitude within the larger operand's
        if c < 0.3:
            return f"({a} + {b}) * 0.5f", max(ba, bb)
        if c < 0.45:
            return f"({a} * 0.25f + {b} * 0.75f)", max(ba, bb)
        if c < 0.55 and ba * bb <= 1024 * 1024:
            return f"({a} * {b} * 0.0009765625f)", max(ba * bb / 1024.0, 1)
        if c < 0.7:
            return f"({self.cond(env, 'F')} ? {a} : {b})", max(ba, bb)
        if c < 0.8 and not env.get("affine"):
            return f"blendf({a}, {b})", max(ba, bb)
        if c < 0.9 and a != b:
            return f"({a} > {b} ? {a} : {b})", max(ba, bb)
        return f"(-({a}))", ba

    def fit(self, d, code, bound, ty):
        """Code that stores expression (code, bound) of domain d into a location of type ty."""
        if d == "S":
            return f"({code}) % {smod(ty)}" if bound >= smod(ty) or ty == "signed char" else code
        if d == "U":
            return f"({ty})({code})"
        return code if bound <= 1024 else f"({code}) * 0.0009765625f"

    # ---------------------------------------------------------------- statements
    def store(self, env, depth):
        r = self.r
        v = r.choice(env["views"])
        d = dom(v.ty)
        target = self.access(env, v)
        code, bound = self.expr(env, d, r.randint(1, 3))
        if r.random() < 0.25:
            # read-modify-write of the same element
            if d == "S":
                code, bound = f"{target} + {code}", bound + v.array.bound()
                if bound >= LIMIT:
                    code, bound = f"{target} + ({code}) % 1009", 2016
            elif d == "U":
                code = f"(unsigned){target} + {code}"
            else:
                code, bound = f"{target} * 0.5f + {code} * 0.5f", max(bound, 1024)
        self.emit(depth, f"{target} = {self.fit(d, code, bound, v.ty)};")

    def scalar_update(self, env, depth, conditional):
        r = self.r
        if not env["scalars"]:
            return self.store(env, depth)
        name, d = r.choice(env["scalars"])
        code, bound = self.expr(env, d, r.randint(0, 2))
        if d == "S":
            rhs = r.choice([f"({name} + {code}) % 1009", f"({code}) % 1009"]) \
                if bound + 1008 < LIMIT else f"({code}) % 1009"
        elif d == "U":
            rhs = r.choice([f"{name} + {code}", f"{name} ^ {code}", code])
        else:
            rhs = r.choice([f"{name} * 0.5f + {code} * 0.5f", code if bound <= 1024 else "0.0f"])
        if conditional:
            # on the counters, or on data (a branch around a scalar update: a phi)
            self.emit(depth, f"if ({self.cond(env, r.choice([None, None, 'S', 'F']))}) {name} = {rhs};")
        else:
            self.emit(depth, f"{name} = {rhs};")

    def rotation(self, env, depth):
        """t2 = t1; t1 = x; with t1, t2 declared before the outermost loop."""
        r = self.r
        if not env["rot"]:
            return self.store(env, depth)
        t1, t2, d = r.choice(env["rot"])
        code, bound = self.expr(env, d, r.randint(0, 2))
        self.emit(depth, f"{t2} = {t1};")
        if d == "S":
            self.emit(depth, f"{t1} = ({code}) % 1009;")
        elif d == "U":
            self.emit(depth, f"{t1} = {code};")
        else:
            self.emit(depth, f"{t1} = {code if bound <= 1024 else '0.0f'};")
        views = [v for v in env["views"] if dom(v.ty) == d]
        if views and r.random() < 0.7:
            v = r.choice(views)
            target = self.access(env, v)
            if d == "S":
                self.emit(depth, f"{target} = ({t1} + {t2} * 2) % {smod(v.ty)};")
            elif d == "U":
                self.emit(depth, f"{target} = ({v.ty})({t1} - {t2});")
            else:
                self.emit(depth, f"{target} = ({t1} + {t2}) * 0.5f;")

    def bound_value(self, env, depth, upper):
        """A loop bound in [0, E]: (code, lo, hi); may declare a local before the loop."""
        r, E = self.r, self.E
        c = r.random()
        params = env["params"]
        if upper and env["idx"] and c < 0.25:
            v = r.choice(env["idx"])  # triangular
            if r.random() < 0.5 and v.hi + 1 <= E:
                return f"{v.code} + 1", v.lo + 1, v.hi + 1
            return v.code, v.lo, v.hi
        if params and c < 0.55:
            p = r.choice(params)
            k = r.randint(0, min(3, p.lo))
            if upper and k:
                return f"{p.code} - {k}", p.lo - k, p.hi - k
            if not upper and r.random() < 0.5:
                return f"{p.code} / 4", p.lo // 4, p.hi // 4
            return (p.code, p.lo, p.hi) if upper else ("0", 0, 0)
        if c < 0.75 and (params or env["views"]) and not (env.get("affine") and len(params) < 2):
            # a value computed before the loop
            name = self.fresh("k")
            if len(params) >= 2 and r.random() < 0.5:
                p, q = r.sample(params, 2)
                if r.random() < 0.5:
                    self.emit(depth, f"int {name} = {p.code} < {q.code} ? {p.code} : {q.code};")
                    lo, hi = min(p.lo, q.lo), min(p.hi, q.hi)
                else:
                    self.emit(depth, f"long {name} = ({p.code} + {q.code}) / 2;")
                    lo, hi = (p.lo + q.lo) // 2, (p.hi + q.hi) // 2
            elif env["views"] and not env.get("affine"):
                v = r.choice(env["views"])
                sub = self.access({"idx": [], "sidx": [], "params": []}, v)
                k = r.randint(0, E - 7)
                if dom(v.ty) == "U":
                    x = f"(int)({sub} & 7u)"
                elif dom(v.ty) == "F":
                    x = f"((int){sub} & 7)"
                else:
                    x = f"({sub} & 7)"
                self.emit(depth, f"int {name} = {x} + {k};")
                lo, hi = k, k + 7
            else:
                p = params[0]
                self.emit(depth, f"int {name} = {p.code} > {E // 2} ? {p.code} - 2 : {p.code} + 1;")
                lo = max(0, p.lo - 2)
                hi = min(E, p.hi + 1)
            if not upper:
                self.emit(depth, f"{name} = {name} / 4;")
                lo, hi = lo // 4, hi // 4
            return name, lo, hi
        k = r.randint(0, E if upper else 3)
        return str(k), k, k

    def loop(self, env, depth, levels):
        r = self.r
        affine = env.get("affine")
        ty = r.choice(["int", "long", "long", "long", "long"] if affine else COUNTERS)
        i = self.fresh("i")
        lcode, llo, lhi = self.bound_value(env, depth, upper=False)
        ucode, ulo, uhi = self.bound_value(env, depth, upper=True)
        if llo > ulo and r.random() < 0.5:
            lcode, llo, lhi = "0", 0, 0
        signed_i = f"(long){i}" if ty in ("unsigned", "size_t") else i
        if ty == "size_t":
            lb, ub = f"(size_t)({lcode})", f"(size_t)({ucode})"
        else:
            lb, ub = lcode, ucode
        form = r.choice(["up", "up", "up", "up_le", "down", "while"] +
                        ([] if affine else ["flag", "guard"]))
        stride = r.choice([1, 1, 1, 2, 3])
        inc = f"{i}++" if stride == 1 else f"{i} += {stride}"
        post = []
        if form == "up":
            head = f"for ({ty} {i} = {lb}; {i} < {ub}; {inc}) {{"
            idx = Idx(signed_i, llo, max(llo, uhi - 1))
        elif form == "up_le":
            head = f"for ({ty} {i} = {lb}; {i} <= {ub}; {inc}) {{"
            idx = Idx(signed_i, llo, max(llo, uhi))
        elif form == "down":
            if unsigned_counter(ty):
                if r.random() < 0.5:
                    head = f"for ({ty} {i} = {ub}; {i} > {lb}; {i}--) {{"
                    idx = Idx(f"({signed_i} - 1)", llo, max(llo, uhi - 1))
                else:
                    head = f"for ({ty} {i} = {ub}; {i}-- > {lb};) {{"
                    idx = Idx(signed_i, llo, max(llo, uhi - 1))
            else:
                dec = f"{i}--" if stride == 1 else f"{i} -= {stride}"
                head = f"for ({ty} {i} = {ub} - 1; {i} >= {lb}; {dec}) {{"
                idx = Idx(signed_i, llo, max(llo, uhi - 1))
        elif form == "while":
            self.emit(depth, f"{ty} {i} = {lb};")
            head = f"while ({i} < {ub}) {{"
            idx = Idx(signed_i, llo, max(llo, uhi - 1))
            post = [f"{inc};"]
        elif form == "flag":
            more = self.fresh("more")
            self.emit(depth, f"_Bool {more} = {lb} < {ub};")
            head = f"for ({ty} {i} = {lb}; {more}; {i}++) {{"
            idx = Idx(signed_i, llo, max(llo, uhi - 1))
            post = [f"{more} = {i} + 1 < {ub};"]
        else:  # guard
            g = self.fresh("go")
            if env["params"]:
                p = r.choice(env["params"])
                self.emit(depth, f"_Bool {g} = {p.code} > {r.randint(0, self.E)};")
            else:
                self.emit(depth, f"_Bool {g} = {r.randint(0, 1)};")
            head = f"for ({ty} {i} = {lb}; {g} && {i} < {ub}; {inc}) {{"
            idx = Idx(signed_i, llo, max(llo, uhi - 1))
        self.emit(depth, head)
        inner = dict(env)
        inner["idx"] = env["idx"] + [idx]
        self.body(inner, depth + 1, levels - 1)
        for p in post:
            self.emit(depth + 1, p)
        self.emit(depth, "}")

    def body(self, env, depth, levels):
        r = self.r
        stmts = r.randint(1, 3)
        nested = levels > 0
        at_break = r.randint(0, stmts + 1) if r.random() < 0.2 and not env.get("affine") else -1
        for s in range(stmts + (1 if nested else 0)):
            self.check(env, depth)
            if s == at_break:
                self.emit(depth, f"if ({self.cond(dict(env, params=env['params']))}) break;")
            if nested and s == stmts // 2:
                self.loop(env, depth, levels)
                continue
            c = r.random()
            if c < 0.45:
                self.store(env, depth)
            elif c < 0.6:
                self.scalar_update(env, depth, conditional=False)
            elif c < 0.72:
                self.scalar_update(env, depth, conditional=True)
            elif c < 0.85:
                self.rotation(env, depth)
            elif c < 0.93:
                self.emit(depth, f"if ({self.cond(env)}) {{")
                self.store(env, depth + 1)
                self.emit(depth, "}")
            else:
                # a scalar read after the loop: the last value seen
                if not env["scalars"]:
                    self.store(env, depth)
                    continue
                name, d = r.choice(env["scalars"])
                views = [v for v in env["views"] if dom(v.ty) == d]
                if views:
                    v = r.choice(views)
                    x = self.access(env, v)
                    if d == "S":
                        self.emit(depth, f"{name} = {x} % 1009;")
                    elif d == "U":
                        self.emit(depth, f"{name} = (unsigned){x};")
                    else:
                        self.emit(depth, f"{name} = {x};")
                else:
                    self.store(env, depth)

    def check(self, env, depth):
        """Sometimes, a check that never fails: on a counter's known interval, or on data."""
        c = self.checks
        if c.random() >= 0.08:
            return
        idx = env["idx"]
        if idx and c.random() < 0.85:
            v = c.choice(idx)
            form = c.random()
            if form < 0.35:
                self.emit(depth, f"if ({v.code} > {v.hi}) abort();")
            elif form < 0.7:
                self.emit(depth, f"if ({v.code} < {v.lo}) abort();")
            else:
                self.emit(depth, f"assert({v.lo} <= {v.code} && {v.code} <= {v.hi});")
            return
        views = [v for v in env["views"] if dom(v.ty) == "F"]
        if views:
            # The subscript from the checks' stream too.
            main, self.r = self.r, c
            x = self.access(env, c.choice(views))
            self.r = main
            self.emit(depth, f"if ({x} != {x}) abort();")

    def stage_call(self, name, n, start, env, decl, names, levels):
        """A nest as a `static` stage function defined at `start`, called here."""
        stage = f"{name}_stage{n}"
        first = len(self.lines)
        self.loop(dict(env, scalars=[], rot=[]), 1, levels)
        body = self.lines[first:]
        del self.lines[first:]
        definition = [f"static void {stage}({', '.join(decl)}) {{"] + body + ["}", ""]
        self.lines[start:start] = definition
        self.emit(2, f"{stage}({', '.join(names)});")

    def function(self, k):
        r, E = self.r, self.E
        name = f"f{k}"
        params = []
        decl = []
        # The names `decl` declares, in order: a stage function takes the same arguments.
        names = []
        nparams = r.randint(1, 3)
        # An affine function: void, only what a polyhedral model represents (no break, no
        # call, no data-dependent bound, int and long counters), with a malloc'd temporary
        # filled by a first nest and then read and written like the arguments.
        affine = r.random() < 0.35
        for p in range(nparams):
            ty = r.choice(["int", "long", "long", "long"] if affine else ["int", "long", "short", "int"])
            lo = r.randint(1, E)
            hi = r.randint(lo, E)
            params.append((f"n{p}", ty, lo, hi))
            decl.append(f"{ty} n{p}")
            names.append(f"n{p}")
        views = []
        call_views = []
        for v in range(r.randint(1, 3)):
            a = r.choice(self.arrays)
            pname = f"p{v}"
            const = ""
            if a.kind == "1d":
                base = r.randint(0, 2) if a.dims[0] > E + 1 else 0
                base = min(base, a.dims[0] - 1 - E) if a.dims[0] - 1 - E >= 0 else 0
                views.append(View(pname, a, "ptr", base))
                decl.append(f"{const}{a.ty} *{pname}")
                names.append(pname)
                call_views.append(f"{a.name} + {base}" if base else a.name)
            elif a.kind == "2d":
                base = r.randint(0, max(0, a.dims[0] - 1 - E))
                views.append(View(pname, a, "rows", base))
                if r.random() < 0.5:
                    decl.append(f"{a.ty} (*{pname})[{a.dims[1]}]")
                else:
                    decl.append(f"{a.ty} {pname}[][{a.dims[1]}]")
                names.append(pname)
                call_views.append(f"{a.name} + {base}" if base else a.name)
            else:
                w = f"w{v}"
                views.append(View(pname, a, "flat", 0, w))
                decl.append(f"{a.ty} *{pname}")
                decl.append(f"{r.choice(['long', 'int'])} {w}")
                names.extend([pname, w])
                call_views.append(a.name)
                call_views.append(str(a.dims[1]))
        ret = "void" if affine else r.choice(["long", "int", "unsigned", "float", "void", "double"])
        start = len(self.lines)
        self.emit(0, f"static {'__attribute__((noinline)) ' if r.random() < 0.3 else ''}"
                     f"{ret} {name}({', '.join(decl)}) {{")
        env = {"idx": [], "sidx": [], "views": views, "scalars": [], "rot": [],
               "params": [Idx(p[0], p[2], p[3]) for p in params], "affine": affine}
        temps = []
        # A repeat loop around the nests (`for (rep = 0; rep < k; rep++) { nests; sink(rep); }`,
        # a time loop that calls other code), the temporaries allocated (zeroed) before it and
        # filled inside it, before or after the first nest: what one iteration leaves in them
        # the next may read.
        repeat = affine and self.repeats.random() < 0.35
        fills = []
        if affine:
            for q in range(r.randint(1, 2)):
                ty = r.choice(["int", "float", "float", "long", "double", "unsigned", "short"])
                d0, d1 = E + 1 + r.randint(0, 3), E + 1 + r.randint(0, 3)
                qa = Array(f"q{q}", ty, "2d", [d0, d1])
                alloc = f"calloc({d0} * {d1}, sizeof({ty}))" if repeat else f"malloc(sizeof({ty}) * {d0} * {d1})"
                if r.random() < 0.5:
                    qv = View(qa.name, qa, "flat", 0, str(d1))
                    self.emit(1, f"{ty} *{qa.name} = ({ty} *){alloc};")
                    decl.append(f"{ty} *{qa.name}")
                else:
                    qv = View(qa.name, qa, "rows", 0)
                    self.emit(1, f"{ty} (*{qa.name})[{d1}] = {alloc};")
                    decl.append(f"{ty} (*{qa.name})[{d1}]")
                names.append(qa.name)
                a, b = self.fresh("a"), self.fresh("b")
                fill = dict(env, idx=[Idx(a, 0, d0 - 1), Idx(b, 0, d1 - 1)], sidx=[])
                dq = dom(ty)
                code, bound = self.expr(fill, dq, r.randint(1, 2))
                fills.append([(1, f"for (long {a} = 0; {a} < {d0}; {a}++)"),
                              (2, f"for (long {b} = 0; {b} < {d1}; {b}++)"),
                              (3, f"{qv.access([a, b])} = {self.fit(dq, code, bound, ty)};")])
                if not repeat:
                    for depth, line in fills.pop():
                        self.emit(depth, line)
                temps.append(qv)
            views.extend(temps)
        for s in range(r.randint(0 if affine else 1, 3)):
            d = r.choice("SUF")
            sn = f"s{s}"
            if d == "S":
                self.emit(1, f"{r.choice(['int', 'long'])} {sn} = {r.randint(-50, 50)};")
            elif d == "U":
                self.emit(1, f"unsigned {sn} = {r.randint(0, 1000)}u;")
            else:
                self.emit(1, f"{r.choice(['float', 'double'])} {sn} = {r.randint(-50, 50)}.0f;")
            env["scalars"].append((sn, d))
        if r.random() < (0.3 if affine else 0.7):
            d = r.choice("SUF")
            t1, t2 = self.fresh("t"), self.fresh("t")
            ty = {"S": "int", "U": "unsigned", "F": "float"}[d]
            self.emit(1, f"{ty} {t1} = 0, {t2} = 0;")
            env["rot"].append((t1, t2, d))
            env["scalars"].append((t1, d))
            env["scalars"].append((t2, d))
        # a parameter used as a subscript, within its interval
        for p in env["params"]:
            env["sidx"].append(p)
        fill_after = self.repeats.randint(0, 1) if repeat else 0
        if repeat:
            self.emit(1, f"for (int rep = 0; rep < {self.repeats.randint(2, 4)}; rep++) {{")

        def emit_fills():
            for depth, line in (line for f in fills for line in f):
                self.emit(depth, line)
            fills.clear()
        # Sometimes the repeat loop's nests are stage functions it calls at each step (what a
        # time loop calling `blur_x(img, tmp); blur_y(tmp, out);` is), with the function's
        # arguments and temporaries: nests without its scalars, defined before it.
        staged = repeat and self.stages.random() < 0.4
        for n in range(r.randint(1, 3)):
            if n == fill_after:
                emit_fills()
            if staged and self.stages.random() < 0.7:
                self.stage_call(name, n, start, env, decl, names, r.choice([0, 1, 1, 2]))
            else:
                self.loop(env, 1, r.choice([0, 1, 1, 2]))
            if r.random() < 0.4:
                # a scalar read between loops
                self.scalar_update(env, 1, conditional=False)
            if env["scalars"] and r.random() < 0.4:
                # a scalar's last value stored after the loop
                sn, d = r.choice(env["scalars"])
                same = [v for v in env["views"] if dom(v.ty) == d]
                if same:
                    v = r.choice(same)
                    x = {"S": f"{sn} % {smod(v.ty)}", "U": f"({v.ty}){sn}", "F": sn}[d]
                    self.emit(1, f"{self.access(env, v)} = {x};")
        emit_fills()
        if repeat:
            # Sometimes the loop stops on data, as a solver's convergence test does.
            if env["scalars"] and self.repeats.random() < 0.5:
                sn, _ = self.repeats.choice(env["scalars"])
                self.emit(2, f"if ({sn} {self.repeats.choice(['<', '>', '=='])} {self.repeats.randint(-20, 20)}) break;")
            self.emit(2, "sink(rep);")
            self.emit(1, "}")
        for qv in temps:
            self.emit(1, f"free({qv.name});")
        if ret != "void":
            parts = []
            for sn, d in env["scalars"]:
                if d == "S":
                    parts.append(f"({sn} % 1009)" if ret in ("long", "int") else f"(float)({sn} % 1009)" if ret in ("float", "double") else f"(unsigned)({sn})")
                elif d == "U":
                    parts.append(f"(int)({sn} % 1009u)" if ret in ("long", "int") else f"(float)({sn} % 1024u)" if ret in ("float", "double") else sn)
                else:
                    parts.append(f"(int)({sn})" if ret in ("long", "int") else f"(unsigned)(int)({sn})" if ret == "unsigned" else sn)
            if ret in ("float", "double"):
                self.emit(1, f"return ({' + '.join(parts)}) * 0.25f;")
            else:
                self.emit(1, f"return {' + '.join(parts)};")
        self.emit(0, "}")
        self.emit(0, "")
        calls = []
        for c in range(r.randint(1, 2)):
            args = [str(r.choice([lo, hi, r.randint(lo, hi)])) for _, _, lo, hi in params]
            calls.append(f"{name}({', '.join(args + call_views)})")
        return ret, calls

    def program(self):
        self.make_arrays()
        self.emit(0, f"/* gen-loops.py seed {self.seed} */")
        self.emit(0, "#include <assert.h>")
        self.emit(0, "#include <stddef.h>")
        self.emit(0, "#include <stdlib.h>")
        self.emit(0, "#include <stdio.h>")
        self.emit(0, "#include <string.h>")
        self.emit(0, "")
        self.declare_arrays()
        self.emit(0, "")
        self.emit(0, "static long mixi(long a, long b) { return (a * 31 + b) % 1009; }")
        self.emit(0, "static unsigned mixu(unsigned a, unsigned b) "
                     "{ return (a ^ (b << 5)) * 2654435761u + (b >> 3); }")
        self.emit(0, "static float blendf(float a, float b) { return a * 0.75f + b * 0.25f; }")
        self.emit(0, "static int clampi(int x, int lo, int hi) "
                     "{ return x < lo ? lo : x > hi ? hi : x; }")
        self.emit(0, "static volatile int sunk;")
        self.emit(0, "static __attribute__((noinline, unused)) void sink(int rep) { sunk += rep; }")
        self.emit(0, "static unsigned long hash(unsigned long h, const void *p, size_t n) {")
        self.emit(1, "const unsigned char *b = (const unsigned char *)p;")
        self.emit(1, "for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ul;")
        self.emit(1, "return h;")
        self.emit(0, "}")
        self.emit(0, "")
        funcs = [self.function(k) for k in range(self.r.randint(2, 4))]
        self.emit(0, "int main(void) {")
        self.emit(1, "unsigned long h = 14695981039346656037ul;")
        self.fill_arrays()
        for ret, calls in funcs:
            for call in calls:
                if ret == "void":
                    self.emit(1, f"{call};")
                else:
                    self.emit(1, "{")
                    self.emit(2, f"{ret} r = {call};")
                    self.emit(2, "h = hash(h, &r, sizeof r);")
                    self.emit(1, "}")
        for a in self.arrays:
            self.emit(1, f"h = hash(h, {a.name}, sizeof {a.name});")
        self.emit(1, 'printf("%016lx\\n", h);')
        self.emit(1, "return 0;")
        self.emit(0, "}")
        return "\n".join(self.lines) + "\n"


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    sys.stdout.write(Gen(seed).program())
