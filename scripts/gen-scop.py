#!/usr/bin/env python3
"""Writes a random SCoP-shaped C program to stdout: an image pipeline of a few stages.

    python3 scripts/gen-scop.py SEED > prog.c

The program (same seed, same program) has one `void pipeline(long R, long C, ...)` (or a
`long` one returning a value computed from R and C, or a sum over the output's first row,
computed by the pipeline's statements; a quarter run their stages twice in a
frame loop after `fflush`, a loop nest inside a function that is no SCoP, half of those
calling `fflush` inside the frame loop too, which makes the stages of each frame a sequence
of nests whose temporaries the frames carry) in the form
polyprop propagates: producer loop nests write malloc'd temporaries over rectangles of the
R x C image, consumer nests read them at small offsets (or at clamped positions), and the
temporaries are freed at the end. Stages mix styles: long, int and narrow (short, unsigned
char) counters, row-major and column-major nests, float, double and int temporaries, arrays
as `T *` with flattened subscripts `t[i * C + j]` (also with a padded border), as `T (*)[W]`
with a fixed W, and as `T (*)[C]`; ternaries that clamp subscripts and values; calls of
`__attribute__((const, noinline))` helpers that stay calls (`shapef`, `shape`, `shapei`); selects on
data; scalars rotated along a row (`x1 = x0; x0 = t[i][j];`), scans and maxima (over the
image or a row, under a data-dependent branch) read by the next nest; a temporary written twice
(a copy, then its interior; or rewritten after its readers) and in-place recurrences along a
row (`#pragma omp parallel for` before those nests that write a temporary from other arrays,
for campaign.sh --parallel); one-row buffers reused by every row; reads at half and double resolution; loops running
backwards, even and odd rows as two nests, and outputs written over a triangle, every other
row or under an affine condition. A third of the programs have a second function, `levels`,
a pyramid over planes of R x C: a level of R / M rows, upsampled back to M * (R / M) rows and
read with a plane stride of R * C, so that the model assumes R a multiple of M and is written
over R / M (parameter compression), some of its values reading R itself (a parameter only
values read); main calls it at every size and at a multiple of M. main fills the inputs deterministically, calls the
pipeline for a few sizes (small, empty and negative ones included), sometimes once more with
the output overlapping the input (the same buffer, or shifted either way), and prints an FNV
hash of the outputs' bytes.

No undefined behaviour: every stage's domain lies inside the domain its producers wrote (or
its reads are clamped into it), so nothing uninitialized is read and every access is in
bounds; int values stay within +-1024 (weighted sums divided by their weight), float values
stay near that range (no infinity or NaN).
"""
import random
import sys


class Arr:
    def __init__(self, name, ty, style, role, pad=0):
        self.name, self.ty, self.style, self.role, self.pad = name, ty, style, role, pad
        self.mr = self.mc = 0  # domain written so far: [mr, R - mr) x [mc, C - mc)
        self.written = role != "tmp"
        self.zeroed = None  # "calloc" or "memset": the unwritten elements read as zeros

    def at(self, r, c):
        if self.style == "flat":
            return f"{self.name}[({r}) * C + ({c})]"
        if self.style == "pad":
            p = self.pad
            return f"{self.name}[({r} + {p}) * (C + {2 * p}) + {c} + {p}]"
        return f"{self.name}[{r}][{c}]"

    def elems(self, R, C, W):
        """C expression of the number of elements of the allocation."""
        if self.style == "pad":
            return f"({R} + {2 * self.pad}) * ({C} + {2 * self.pad})"
        if self.style == "rows":
            return f"{R} * {W}"
        return f"{R} * {C}"


def suffix(ty):
    return "f" if ty == "float" else ""


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        # Choices of forms added later come from a stream of their own, so that every other
        # choice of a seed stays what it was.
        self.later = random.Random(seed * 7919 + 3)
        self.pointers = random.Random(seed * 7919 + 4)
        self.rows = random.Random(seed * 7919 + 5)
        self.lines = []
        self.n = 0

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def fresh(self, p):
        self.n += 1
        return f"{p}{self.n}"

    # ------------------------------------------------------------------ sizes and arrays
    def choose_sizes(self):
        r = self.r
        self.sizes = [(r.randint(6, 64), r.randint(6, 64))]
        if r.random() < 0.6:
            self.sizes.append((r.randint(3, 20), r.randint(3, 20)))
        self.vla_ok = r.random() < 0.7
        if r.random() < 0.5:
            self.sizes.append(r.choice([(1, 1), (2, 7), (5, 2), (3, 3), (1, 9)]))
        if not self.vla_ok and r.random() < 0.4:
            self.sizes.append(r.choice([(0, 4), (4, 0), (-1, 5), (3, -2)]))
        self.maxR = max(s[0] for s in self.sizes)
        self.maxC = max(s[1] for s in self.sizes)
        self.W = self.maxC + r.randint(0, 5)
        # narrow counters (i++ on a short truncates: no affine trip count) in a quarter of them
        self.narrow = r.random() < 0.25

    def style(self):
        styles = ["flat", "flat", "rows", "pad"] + (["vla"] if self.vla_ok else [])
        return self.r.choice(styles)

    def decl_type(self, a, const=""):
        """Declarator of a parameter or local of array a."""
        if a.style in ("flat", "pad"):
            return f"{const}{a.ty} *{a.name}"
        if a.style == "rows":
            return f"{const}{a.ty} (*{a.name})[W]"
        return f"{const}{a.ty} (*{a.name})[C]"

    # ------------------------------------------------------------------ expressions
    def conv(self, code, src, dst):
        if src == dst:
            return code
        if dst == "int":
            return f"(int){code}"
        return f"({dst}){code}"

    def combine(self, ty, taps):
        """A bounded expression of type ty over the taps (codes already of type ty), sometimes
        passed through a const helper."""
        e = self.combine_taps(ty, taps)
        if self.r.random() < 0.1:
            return f"shapei({e})" if ty == "int" else f"shape{suffix(ty)}({e})"
        return e

    def combine_taps(self, ty, taps):
        r = self.r
        s = suffix(ty)
        if ty == "int":
            if len(taps) == 1:
                x = taps[0]
                return r.choice([f"{x} / 2 + 3", f"({x} > 0 ? {x} : -{x})", f"{x} * 3 / 4",
                                 f"({x} < -255 ? -255 : {x} > 255 ? 255 : {x})", f"shapei({x})"])
            if r.random() < 0.07:
                a, b = taps[0], taps[1]
                return f"({a} > {b} ? {a} : {b})"
            if r.random() < 0.15:
                return f"({taps[0]} - {taps[1]}) / 2"
            ws = [r.choice([1, 1, 2, 3]) for _ in taps]
            terms = " + ".join(f"{w} * {t}" if w > 1 else t for w, t in zip(ws, taps))
            return f"({terms}) / {sum(ws)}"
        if len(taps) == 1:
            x = taps[0]
            return r.choice([f"{x} * 0.5{s} + 0.25{s}", f"-{x}", f"{x} * {x} * 0.0009765625{s}",
                             f"({x} > 0.0{s} ? {x} : -{x})",
                             f"({x} < 0.0{s} ? 0.0{s} : {x} > 255.0{s} ? 255.0{s} : {x})",
                             f"shape{s}({x})"])
        c = r.random()
        if c < 0.07:
            a, b = taps[0], taps[1]
            return f"({a} > {b} ? {a} : {b})"
        if c < 0.3:
            return f"({taps[0]} - {taps[1]}) * 0.5{s}"
        if c < 0.4:
            return f"{taps[0]} * {taps[1]} * 0.0009765625{s}"
        if c < 0.55:
            # unsharp-mask style: x + (x - blur) * w, scaled back
            a, b = taps[0], taps[1]
            return f"({a} + ({a} - {b}) * 0.5{s}) * 0.5{s}"
        ws = r.choice([[0.25, 0.5, 0.25], [0.5, 0.5], [0.0625, 0.25, 0.375, 0.25, 0.0625],
                       [0.125, 0.375, 0.375, 0.125], [0.3333333, 0.3333333, 0.3333333]])
        while len(ws) < len(taps):
            ws = [w * 0.5 for w in ws] + [0.5 / (len(taps) - len(ws))] * (len(taps) - len(ws))
            ws = [w * 1.0 for w in ws]
        ws = ws[: len(taps)]
        return " + ".join(f"{t} * {w!r}{s}" for w, t in zip(ws, taps))

    def clamp(self, x, lo, hi):
        if self.r.random() < 0.5:
            return f"({x} < {lo} ? {lo} : {x} > {hi} ? {hi} : {x})"
        return f"clampl({x}, {lo}, {hi})"

    def tap(self, p, i, j, mr, mc, ty):
        """A read of producer p near (i, j), for a consumer over margins (mr, mc)."""
        r = self.r
        sr, sc = mr - p.mr, mc - p.mc  # slack: offsets within it stay in p's domain
        c = r.random()
        if c < 0.06 and mr >= 2 * p.mr and mc >= 2 * p.mc:
            # upsampling: the producer at half resolution
            return self.conv(p.at(f"{i} / 2", f"{j} / 2" if r.random() < 0.5 else j), p.ty, ty)
        if c < 0.12:
            # downsampling, clamped into the producer's domain
            ri = self.clamp(f"2 * {i}", p.mr, f"R - {p.mr + 1}")
            return self.conv(p.at(ri, j if sc >= 0 else j), p.ty, ty)
        if c < 0.35:
            di, dj = r.randint(-2, 2), r.randint(-2, 2)
            ri = i if di == 0 else self.clamp(f"{i} + {di}" if di > 0 else f"{i} - {-di}",
                                              p.mr, f"R - {p.mr + 1}")
            cj = j if dj == 0 else self.clamp(f"{j} + {dj}" if dj > 0 else f"{j} - {-dj}",
                                              p.mc, f"C - {p.mc + 1}")
        else:
            di, dj = r.randint(-sr, sr), r.randint(-sc, sc)
            if r.random() < 0.5:
                di = 0
            elif r.random() < 0.5:
                dj = 0
            ri = i if di == 0 else (f"{i} + {di}" if di > 0 else f"{i} - {-di}")
            cj = j if dj == 0 else (f"{j} + {dj}" if dj > 0 else f"{j} - {-dj}")
        return self.conv(p.at(ri, cj), p.ty, ty)

    # ------------------------------------------------------------------ stages
    def loops(self, depth, mr, mc, body, out=False):
        """Emits the loops of a stage over [mr, R - mr) x [mc, C - mc); body(i, j, depth).
        Rows or columns may run backwards; a temporary may be written as two nests (even
        rows, then odd rows); an output (out=True) may be written over a part only: a
        triangle, every other row, or under an affine condition."""
        r = self.r
        narrow = []
        if self.narrow:
            narrow = ["short"] + (["unsigned char"] if self.maxR < 250 and self.maxC < 250 else [])
        ti = r.choice(["long", "long", "int"] + narrow)
        tj = r.choice(["long", "long", "int"] + narrow)
        i, j = self.fresh("i"), self.fresh("j")
        shape = r.choice(["tri", "tri2", "strided", "cond"]) if out and r.random() < 0.4 else \
            ("split" if not out and r.random() < 0.12 else "rect")
        if ti != "unsigned char" and shape == "rect" and r.random() < 0.15:
            li = [f"for ({ti} {i} = R - {mr + 1}; {i} >= {mr}; {i}--)"]
        elif shape == "split":
            li = [f"for ({ti} {i} = {mr + k}; {i} < R - {mr}; {i} += 2)" for k in (0, 1)]
        elif shape == "strided":
            li = [f"for ({ti} {i} = {mr}; {i} < R - {mr}; {i} += {r.choice([2, 3])})"]
        else:
            hi_i = f"{i} < R - {mr}" if r.random() < 0.7 else f"{i} <= R - {mr + 1}"
            li = [f"for ({ti} {i} = {mr}; {hi_i}; {i}++)"]
        k = r.randint(-2, 2)
        if shape == "tri":
            lj = f"for ({tj} {j} = {mc}; {j} < C - {mc} && {j} <= {i} + {k}; {j}++)"
        elif shape == "tri2":
            lj = f"for ({tj} {j} = {i} + {k} > {mc} ? {i} + {k} : {mc}; {j} < C - {mc}; {j}++)"
        elif tj != "unsigned char" and r.random() < 0.15:
            lj = f"for ({tj} {j} = C - {mc + 1}; {j} >= {mc}; {j}--)"
        else:
            hi_j = f"{j} < C - {mc}" if r.random() < 0.7 else f"{j} <= C - {mc + 1}"
            lj = f"for ({tj} {j} = {mc}; {hi_j}; {j}++)"
        swap = shape not in ("tri", "tri2") and r.random() < 0.2
        for one in li:
            if swap:
                self.emit(depth, lj)
                self.emit(depth + 1, one)
            else:
                self.emit(depth, one)
                self.emit(depth + 1, lj)
            self.emit(depth + 2, "{")
            if shape == "cond":
                self.emit(depth + 3, f"if ({i} + {j} {r.choice(['<', '>', '!=', '>='])} "
                                     f"{r.choice(['R', 'C', 'R - 2', 'C / 2', str(r.randint(2, 20))])})")
                body(i, j, depth + 4)
            else:
                body(i, j, depth + 3)
            self.emit(depth + 2, "}")

    def stage(self, dst, producers, first_write):
        r = self.r
        need_r = max(p.mr for p in producers)
        need_c = max(p.mc for p in producers)
        mr = need_r + r.choice([0, 0, 1, 1, 2])
        mc = need_c + r.choice([0, 0, 1, 1, 2])
        if dst.role == "tmp" and dst.written:
            # a second write over the interior of what is already there
            mr, mc = max(mr, dst.mr), max(mc, dst.mc)
        if self.flat_pointwise(dst, producers) or self.pointer_rows(dst, producers):
            return
        kind = r.random()
        if kind < 0.08 and dst not in producers:
            self.row_buffer(dst, producers, mr, mc)
            return
        if kind < 0.14 and dst not in producers:
            self.normalize(dst, producers, mr, mc)
            return
        elif kind < 0.20 and dst not in producers:
            # a scan along the row: a scalar recurrence written at every point
            p = r.choice(producers)
            s = suffix(dst.ty) if dst.ty != "int" else ""
            i, j = self.fresh("i"), self.fresh("j")
            acc = self.fresh("acc")
            self.parallel_rows(dst, producers)
            self.emit(1, f"for (long {i} = {mr}; {i} < R - {mr}; {i}++) {{")
            self.emit(2, f"{dst.ty} {acc} = {self.zero(dst.ty)};")
            self.emit(2, f"for (long {j} = {mc}; {j} < C - {mc}; {j}++) {{")
            t = self.tap(p, i, j, mr, mc, dst.ty)
            if dst.ty == "int":
                self.emit(3, f"{acc} = ({acc} + {t}) / 2;")
            else:
                self.emit(3, f"{acc} = {acc} * 0.75{s} + {t} * 0.25{s};")
            self.emit(3, f"{dst.at(i, j)} = {acc};")
            self.emit(2, "}")
            self.emit(1, "}")
        elif kind < 0.32 and dst not in producers:
            # scalars rotated along the row
            p = r.choice(producers)
            s = suffix(dst.ty) if dst.ty != "int" else ""
            i, j = self.fresh("i"), self.fresh("j")
            ti = r.choice(["long", "int"])
            x0, x1 = self.fresh("x"), self.fresh("x")
            self.parallel_rows(dst, producers)
            self.emit(1, f"for ({ti} {i} = {mr}; {i} < R - {mr}; {i}++) {{")
            first = self.conv(p.at(i, mc), p.ty, dst.ty)
            self.emit(2, f"{dst.ty} {x0} = C > {2 * mc} ? {first} : {self.zero(dst.ty)}, {x1} = {x0};")
            self.emit(2, f"for ({ti} {j} = {mc}; {j} < C - {mc}; {j}++) {{")
            self.emit(3, f"{x1} = {x0};")
            self.emit(3, f"{x0} = {self.tap(p, i, j, max(mr, p.mr), p.mc, dst.ty)};")
            if dst.ty == "int":
                self.emit(3, f"{dst.at(i, j)} = ({x0} + {x1}) / 2;")
            else:
                self.emit(3, f"{dst.at(i, j)} = ({x0} + {x1}) * 0.5{s};")
            self.emit(2, "}")
            self.emit(1, "}")
        elif kind < 0.25 and dst.written and dst.role == "tmp":
            # in-place recurrence along the row: reads what this nest wrote one column before
            p = r.choice(producers)
            s = suffix(dst.ty) if dst.ty != "int" else ""
            i, j = self.fresh("i"), self.fresh("j")
            mc2 = max(mc, dst.mc)
            self.parallel_rows(dst, producers)
            self.emit(1, f"for (long {i} = {mr}; {i} < R - {mr}; {i}++)")
            self.emit(2, f"for (long {j} = {mc2 + 1}; {j} < C - {mc2}; {j}++)")
            t = self.tap(p, i, j, mr, mc2, dst.ty)
            if dst.ty == "int":
                self.emit(3, f"{dst.at(i, j)} = ({dst.at(i, f'{j} - 1')} + {t}) / 2;")
            else:
                self.emit(3, f"{dst.at(i, j)} = {dst.at(i, f'{j} - 1')} * 0.5{s} + {t} * 0.5{s};")
            return
        else:
            def body(i, j, depth):
                if self.row_stencil(dst, producers, i, j, mc, depth):
                    return
                taps = []
                for _ in range(r.choice([1, 2, 2, 3, 3, 5])):
                    p = r.choice(producers)
                    taps.append(self.tap(p, i, j, mr, mc, dst.ty))
                e = self.combine(dst.ty, taps)
                if r.random() < 0.04 and dst.ty != "int":
                    # a select on data: the two branches write different values
                    self.emit(depth, f"if ({taps[0]} > {self.zero(dst.ty)})")
                    self.emit(depth + 1, f"{dst.at(i, j)} = {e};")
                    self.emit(depth, "else")
                    self.emit(depth + 1, f"{dst.at(i, j)} = {self.zero(dst.ty)};")
                else:
                    self.emit(depth, f"{dst.at(i, j)} = {e};")
            self.loops(1, mr, mc, body, out=dst.role == "out")
        if dst.role == "tmp" and not dst.written:
            dst.mr, dst.mc, dst.written = mr, mc, True

    def row_stencil(self, dst, producers, i, j, mc, depth):
        """Sometimes a stencil along the row, p(i, j - k) .. p(i, j + k): once p is propagated,
        its expression at consecutive iterations of the inner loop, a recurrence that the
        generated code carries in scalars (paper 003 section 5.4)."""
        if self.rows.random() >= 0.4:
            return False
        p = self.rows.choice(producers)
        k = min(self.rows.choice([1, 1, 2]), mc - p.mc)
        if k < 1:
            return False
        cols = [j if d == 0 else (f"{j} + {d}" if d > 0 else f"{j} - {-d}") for d in range(-k, k + 1)]
        taps = [self.conv(p.at(i, c), p.ty, dst.ty) for c in cols]
        self.emit(depth, f"{dst.at(i, j)} = {self.combine(dst.ty, taps)};")
        return True

    def flat_pointwise(self, dst, producers):
        """A pointwise stage written as one flat loop over the image (`k < R * C`, `long` or
        `int` counter), where every array is flat and its producers are defined everywhere;
        after an `if (R > 0)`, since both sizes negative make `R * C` positive."""
        if dst.style != "flat" or dst in producers or \
                any(p.style != "flat" or p.mr or p.mc for p in producers) or self.later.random() < 0.6:
            return False
        k, n = self.fresh("k"), self.fresh("n")
        counter = self.later.choice(["long", "int"])
        self.emit(1, "if (R > 0) {")
        if counter == "long":
            self.emit(2, f"for (long {k} = 0; {k} < R * C; {k}++)")
        else:
            self.emit(2, f"int {n} = (int)R * (int)C;")
            self.emit(2, f"for (int {k} = 0; {k} < {n}; {k}++)")
        taps = [self.conv(f"{p.name}[{k}]", p.ty, dst.ty) for p in producers]
        self.emit(3, f"{dst.name}[{k}] = {self.combine(dst.ty, taps)};")
        self.emit(1, "}")
        dst.mr, dst.mc, dst.written = 0, 0, True
        return True

    def pointer_rows(self, dst, producers):
        """A pointwise stage that walks each row by pointer up to an end pointer (`for (p =
        &src[i * C + mc]; p != &src[i * C + C - mc]; ++p, ++q) *q = f(*p)`), flat arrays,
        after a test that the row is not empty (the walk would not stop)."""
        if dst.style != "flat" or len(producers) != 1 or producers[0].style != "flat" or \
                dst in producers or self.pointers.random() < 0.7:
            return False
        p = producers[0]
        mr, mc = p.mr, p.mc
        i, q, s = self.fresh("i"), self.fresh("q"), self.fresh("p")
        self.emit(1, f"if (C > {2 * mc})")
        self.emit(2, f"for (long {i} = {mr}; {i} < R - {mr}; {i}++) {{")
        self.emit(3, f"{dst.ty} *{q} = &{dst.name}[({i}) * C + {mc}];")
        self.emit(3, f"for (const {p.ty} *{s} = &{p.name}[({i}) * C + {mc}]; {s} != &{p.name}[({i}) * C + C - {mc}]; ++{s}, ++{q})")
        self.emit(4, f"*{q} = {self.combine(dst.ty, [self.conv(f'*{s}', p.ty, dst.ty)])};")
        self.emit(2, "}")
        if dst.role == "tmp" and not dst.written:
            dst.mr, dst.mc, dst.written = mr, mc, True
        return True

    def parallel_rows(self, dst, producers):
        """`#pragma omp parallel for` before a nest whose rows are independent: it writes a
        temporary of its own function (no argument it could overlap) from other arrays,
        each row's scalars declared inside it. Ignored without -fopenmp; with it
        (campaign.sh --parallel) clang outlines the loop and the plugin must see through
        it. No random draw: a seed's program is the same, with the pragma or without."""
        if dst.role == "tmp" and dst not in producers:
            self.emit(1, "#pragma omp parallel for")

    def row_buffer(self, dst, producers, mr, mc):
        """One row at a time: a 1-D temporary filled, then read at small offsets (reused by
        every row: write-after-read dependences across rows)."""
        r = self.r
        buf = Arr(self.fresh("row"), r.choice(["float", "float", "double", "int"]), "flat", "tmp")
        self.rowbufs.append(buf)
        mc0 = max(p.mc for p in producers) + r.choice([0, 0, 1])
        mc = max(mc, mc0)
        i, j, k = self.fresh("i"), self.fresh("j"), self.fresh("j")
        self.emit(1, f"for (long {i} = {mr}; {i} < R - {mr}; {i}++) {{")
        self.emit(2, f"for (long {j} = {mc0}; {j} < C - {mc0}; {j}++)")
        taps = [self.tap(r.choice(producers), i, j, mr, mc0, buf.ty) for _ in range(r.randint(1, 3))]
        self.emit(3, f"{buf.name}[{j}] = {self.combine(buf.ty, taps)};")
        self.emit(2, f"for (long {k} = {mc}; {k} < C - {mc}; {k}++)")
        sl = mc - mc0
        taps = []
        for _ in range(r.randint(1, 3)):
            d = r.randint(-sl, sl)
            taps.append(self.conv(f"{buf.name}[{k} + {d}]" if d >= 0 else f"{buf.name}[{k} - {-d}]",
                                  buf.ty, dst.ty))
        self.emit(3, f"{dst.at(i, k)} = {self.combine(dst.ty, taps)};")
        self.emit(1, "}")
        if dst.role == "tmp" and not dst.written:
            dst.mr, dst.mc, dst.written = mr, mc, True

    def normalize(self, dst, producers, mr, mc):
        """A maximum over the image (or over each row), taken under a data-dependent branch,
        then used by every point: a scalar live from one nest into the next."""
        r = self.r
        p = r.choice(producers)
        ty = dst.ty
        s = suffix(ty) if ty != "int" else ""
        m, x = self.fresh("m"), self.fresh("x")
        i, j, k = self.fresh("i"), self.fresh("j"), self.fresh("j")
        per_row = r.random() < 0.5
        if not per_row:
            self.emit(1, f"{ty} {m} = {self.zero(ty)};")
        self.emit(1, f"for (long {i} = {mr}; {i} < R - {mr}; {i}++) {{")
        if per_row:
            self.emit(2, f"{ty} {m} = {self.zero(ty)};")
        self.emit(2, f"for (long {j} = {mc}; {j} < C - {mc}; {j}++) {{")
        self.emit(3, f"{ty} {x} = {self.tap(p, i, j, mr, mc, ty)};")
        if r.random() < 0.5:
            self.emit(3, f"if ({x} > {m})")
            self.emit(4, f"{m} = {x};")
        else:
            self.emit(3, f"{m} = {x} > {m} ? {x} : {m};")
        self.emit(2, "}")
        if not per_row:
            self.emit(1, "}")
            self.emit(1, f"for (long {i} = {mr}; {i} < R - {mr}; {i}++)")
            self.emit(2, f"for (long {k} = {mc}; {k} < C - {mc}; {k}++)")
            depth = 3
        else:
            self.emit(2, f"for (long {k} = {mc}; {k} < C - {mc}; {k}++)")
            depth = 3
        t = self.tap(p, i, k, mr, mc, ty)
        if ty == "int":
            self.emit(depth, f"{dst.at(i, k)} = ({t} + {m}) / 2;")
        else:
            self.emit(depth, f"{dst.at(i, k)} = {t} * 0.5{s} + {m} * 0.25{s};")
        if per_row:
            self.emit(1, "}")
        if dst.role == "tmp" and not dst.written:
            dst.mr, dst.mc, dst.written = mr, mc, True

    def zero(self, ty):
        return {"float": "0.0f", "double": "0.0", "int": "0"}[ty]

    # ------------------------------------------------------------------ program
    def pipeline(self):
        r = self.r
        types = ["float"] * 4 + ["double", "int"]
        ins = [Arr("in0", "float", self.style(), "in")]
        if r.random() < 0.35:
            ins.append(Arr("in1", r.choice(["float", "int"]), self.style(), "in"))
        outs = [Arr("out0", r.choice(["float", "float", "double"]), self.style(), "out")]
        if r.random() < 0.3:
            outs.append(Arr("out1", r.choice(["float", "int"]), self.style(), "out"))
        ntmp = r.randint(1, 5)
        tmps = []
        for k in range(ntmp):
            st = self.style()
            tmps.append(Arr(f"t{k}", r.choice(types), st, "tmp", pad=r.randint(1, 2)))
        for a in ins + outs:
            if a.style == "pad":
                a.style = "flat"
        self.ins, self.outs, self.tmps = ins, outs, tmps
        params = ["long R", "long C"] + [self.decl_type(a, "const ") for a in ins] + \
                 [self.decl_type(a) for a in outs]
        # A returned value computed from the arguments, from a stream of its own so that
        # every other choice of a seed stays what it was.
        self.returned = random.Random(self.seed * 7919 + 1).choice([None, None, "0", "R * C - 1", "C + 2 * R", "acc", "acc"])
        kind = "void" if self.returned is None else "long"
        self.emit(0, f"{kind} pipeline({', '.join(params)}) {{")
        for t in tmps:
            t.zeroed = self.later.choice([None, None, None, "calloc", "memset"])
        for t in tmps:
            n = t.elems("R", "C", "W")
            if t.zeroed == "calloc":
                self.emit(1, f"{self.decl_type(t)} = calloc(pos({n}), sizeof({t.ty}));")
            elif t.zeroed == "memset":
                self.emit(1, f"unsigned long {t.name}_bytes = sizeof({t.ty}) * pos({n});")
                self.emit(1, f"{self.decl_type(t)} = malloc({t.name}_bytes);")
                self.emit(1, f"memset({t.name}, 0, {t.name}_bytes);")
            elif t.style in ("flat", "pad"):
                self.emit(1, f"{t.ty} *{t.name} = ({t.ty} *)malloc(sizeof({t.ty}) * {n});")
            elif t.style == "rows":
                self.emit(1, f"{t.ty} (*{t.name})[W] = malloc(sizeof({t.ty}) * {n});")
            else:
                self.emit(1, f"{t.ty} (*{t.name})[C] = malloc(sizeof({t.ty}) * {n});")
        self.rowbufs = []
        head = len(self.lines)
        avail = list(ins)
        # every temporary is written (some twice), in order; outputs last
        for t in tmps:
            prods = r.sample(avail, min(len(avail), r.choice([1, 1, 2])))
            if r.random() < 0.15:
                # a full copy first, then the interior from the other producers
                self.stage(t, [prods[0]], True)
                prods2 = r.sample(avail, min(len(avail), r.choice([1, 2])))
                saved = (t.mr, t.mc)
                self.stage(t, prods2 + [t] if r.random() < 0.3 else prods2, False)
                t.mr, t.mc = saved
            else:
                self.stage(t, prods, True)
            if t.zeroed:
                # the elements no stage writes are zeros: readers may read anywhere
                t.mr, t.mc = 0, 0
            if r.random() < 0.15:
                self.stage(t, [r.choice(avail)], False)
            avail.append(t)
            older = [u for u in avail if u.role == "tmp" and u is not t]
            if older and r.random() < 0.2:
                # a temporary rewritten after its readers: later readers see the new values
                u = r.choice(older)
                self.stage(u, r.sample(avail, min(len(avail), r.choice([1, 2]))), False)
        for o in outs:
            recent = avail[-3:]
            prods = r.sample(recent, min(len(recent), r.choice([1, 2, 2])))
            self.stage(o, prods, True)
            if r.random() < 0.3:
                avail.append(o)
        # A quarter of the pipelines run their stages twice in a frame loop after a call that
        # writes memory: the function body is no SCoP, the frame loop is a nest that holds the
        # temporaries (from a stream of its own, as `returned`).
        if random.Random(self.seed * 7919 + 2).random() < 0.25:
            stages = ["  " + line for line in self.lines[head:]]
            # Half of those call it inside the frame loop too: the frame loop is then no SCoP
            # either, and the stages inside it are a sequence of nests run once per frame,
            # whose temporaries, allocated before the loop, the frames carry.
            inside = ["    fflush(stdout);"] if random.Random(self.seed * 7919 + 6).random() < 0.5 else []
            self.lines[head:] = ["  fflush(stdout);", "  for (int frame = 0; frame < 2; frame++) {"] + stages + inside + ["  }"]
        for b in self.rowbufs:
            self.lines.insert(head, f"  {b.ty} *{b.name} = ({b.ty} *)malloc(sizeof({b.ty}) * C);")
        if self.returned == "acc":
            # A value the statements compute: a sum over the first row of the output.
            self.emit(1, "long acc = 0;")
            self.emit(1, "if (R > 0)")
            self.emit(2, f"for (long j = 0; j < C; j++) acc += (long){outs[0].at('0', 'j')};")
        for t in tmps + self.rowbufs:
            self.emit(1, f"free({t.name});")
        if self.returned is not None:
            self.emit(1, f"return {self.returned};")
        self.emit(0, "}")

    def levels(self):
        """The pyramid function of a third of the programs (module documentation), from a
        stream of its own; `self.pyramid` holds its factor, planes and sizes, or None."""
        r = random.Random(self.seed * 7919 + 7)
        self.pyramid = None
        if r.random() >= 0.34:
            return
        m, planes = r.choice([2, 4, 8]), r.choice([1, 2, 3])
        ty, c = r.choice([("long", "long"), ("int", "int"), ("int", "long")])
        at = lambda a, rows, p, i, j: f"{a}[({p}) * (({rows}) * C) + ({i}) * C + ({j})]"
        # a value that reads R (or the level's size) itself, or none
        scale = r.choice(["", f" * (float)R", " * (float)(R1 + 1)", f" + (float)(R % {m + 1})"])
        up_row = r.choice([f"i / {m}", f"clampl((i + {m // 2}) / {m}, 0, R1 - 1)"])
        self.emit(0, f"void levels({ty} R, {ty} C, const float *in, float *out) {{")
        self.emit(1, f"{ty} R1 = R / {m};")
        self.emit(1, f"float *half = malloc(sizeof(float) * pos({planes}l * R1 * C) + 1);")
        # Read with the planes' stride R * C: where R is no multiple of M, those reads reach
        # elements the level does not write, zeros (no garbage, nothing out of bounds).
        self.emit(1, f"float *up = calloc(pos({planes}l * R * C) + 1, sizeof(float));")
        def nest(rows, statement):
            self.emit(1, f"for ({c} p = 0; p < {planes}; p++)")
            self.emit(2, f"for ({c} i = 0; i < {rows}; i++)")
            self.emit(3, f"for ({c} j = 0; j < C; j++)")
            self.emit(4, statement)
        nest("R1", f"{at('half', 'R1', 'p', 'i', 'j')} = ({at('in', 'R', 'p', f'{m} * i', 'j')} + "
                   f"{at('in', 'R', 'p', f'{m} * i + {m - 1}', 'j')}) * 0.5f;")
        nest(f"{m} * R1", f"{at('up', f'{m} * R1', 'p', 'i', 'j')} = {at('half', 'R1', 'p', up_row, 'j')} * 0.75f{scale};")
        nest(f"{m} * R1", f"{at('out', 'R', 'p', 'i', 'j')} = {at('in', 'R', 'p', 'i', 'j')} - {at('up', 'R', 'p', 'i', 'j')};")
        self.emit(1, "free(half);")
        self.emit(1, "free(up);")
        self.emit(0, "}")
        self.emit(0, "")
        multiple = (m * r.randint(1, 8), r.randint(3, 20))
        self.pyramid = (planes, [(R, C) for R, C in self.sizes if R > 0 and C > 0] + [multiple])

    def main(self):
        r = self.r
        self.emit(0, "int main(void) {")
        self.emit(1, "unsigned long h = 14695981039346656037ul;")
        calls = [(R, C, None) for R, C in self.sizes]
        o0, i0 = self.outs[0], self.ins[0]
        if r.random() < 0.4 and o0.ty == i0.ty and o0.style == i0.style:
            # the output overlapping the input: the same buffer, or shifted either way
            R, C = self.sizes[0]
            k = r.choice([0, 0, 1, -1, C, -C, R * C // 2, -(R * C // 2)])
            calls.append((R, C, k))
        for R, C, alias in calls:
            self.emit(1, "{")
            self.emit(2, f"long R = {R}, C = {C};")
            bufs = self.ins + self.outs
            for a in bufs:
                n = a.elems("R", "C", "W")
                extra = abs(alias) if alias is not None and a is i0 else 0
                self.emit(2, f"long {a.name}_n = pos({n}) + {1 + extra};")
                self.emit(2, f"{a.ty} *{a.name}_mem = ({a.ty} *)malloc(sizeof({a.ty}) * {a.name}_n);")
                k1, k2 = r.randint(1, 997), r.randint(0, 999)
                if a.ty == "int":
                    v = f"(int)((k * {k1} + {k2}) % 2001) - 1000"
                else:
                    v = f"({a.ty})((k * {k1} + {k2}) % 1025 - 512) * 0.5{suffix(a.ty)}"
                self.emit(2, f"for (long k = 0; k < {a.name}_n; k++) {a.name}_mem[k] = {v};")
            args = []
            for a in bufs:
                mem = f"{a.name}_mem"
                if alias is not None and a is o0:
                    mem = f"{i0.name}_mem + {alias}" if alias > 0 else f"{i0.name}_mem"
                elif alias is not None and a is i0 and alias < 0:
                    mem = f"{i0.name}_mem + {-alias}"
                if a.style == "flat":
                    args.append(mem)
                elif a.style == "rows":
                    args.append(f"({'const ' if a.role == 'in' else ''}{a.ty} (*)[W])({mem})")
                else:
                    args.append(f"({'const ' if a.role == 'in' else ''}{a.ty} (*)[C])({mem})")
            if self.returned is None:
                self.emit(2, f"pipeline(R, C, {', '.join(args)});")
            else:
                self.emit(2, f"long returned = pipeline(R, C, {', '.join(args)});")
                self.emit(2, "h = hash(h, &returned, sizeof returned);")
            for a in bufs:
                if a.role == "out" or (alias is not None and a is i0):
                    self.emit(2, f"h = hash(h, {a.name}_mem, sizeof({a.ty}) * {a.name}_n);")
            for a in bufs:
                self.emit(2, f"free({a.name}_mem);")
            self.emit(1, "}")
        if self.pyramid is not None:
            planes, sizes = self.pyramid
            for R, C in sizes:
                n = planes * R * C
                self.emit(1, "{")
                self.emit(2, f"float *lin = malloc(sizeof(float) * {n}), *lout = calloc({n}, sizeof(float));")
                self.emit(2, f"for (long k = 0; k < {n}; k++) lin[k] = (float)((k * 37 + 11) % 1025 - 512) * 0.5f;")
                self.emit(2, f"levels({R}, {C}, lin, lout);")
                self.emit(2, f"h = hash(h, lout, sizeof(float) * {n});")
                self.emit(2, "free(lin);")
                self.emit(2, "free(lout);")
                self.emit(1, "}")
        self.emit(1, 'printf("%016lx\\n", h);')
        self.emit(1, "return 0;")
        self.emit(0, "}")

    def program(self):
        self.choose_sizes()
        self.emit(0, f"/* gen-scop.py seed {self.seed} */")
        self.emit(0, "#include <stdio.h>")
        self.emit(0, "#include <stdlib.h>")
        self.emit(0, "#include <string.h>")
        self.emit(0, "")
        self.emit(0, f"#define W {self.W}")
        self.emit(0, "static inline long clampl(long x, long lo, long hi) "
                     "{ return x < lo ? lo : x > hi ? hi : x; }")
        self.emit(0, "static long pos(long x) { return x > 0 ? x : 0; }")
        # Calls of the program's functions that stay calls: const (readnone) and noinline.
        for ty, s in (("float", "f"), ("double", "")):
            self.emit(0, f"__attribute__((const, noinline)) static {ty} shape{s}({ty} x) "
                         f"{{ return x * 255.0{s} / (1.0{s} + (x < 0.0{s} ? -x : x)); }}")
        self.emit(0, "__attribute__((const, noinline)) static int shapei(int x) "
                     "{ return x < -255 ? -255 : x > 255 ? 255 : x; }")
        self.emit(0, "static unsigned long hash(unsigned long h, const void *p, unsigned long n) {")
        self.emit(1, "const unsigned char *b = (const unsigned char *)p;")
        self.emit(1, "for (unsigned long i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ul;")
        self.emit(1, "return h;")
        self.emit(0, "}")
        self.emit(0, "")
        self.pipeline()
        self.emit(0, "")
        self.levels()
        self.main()
        return "\n".join(self.lines) + "\n"


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    sys.stdout.write(Gen(seed).program())
