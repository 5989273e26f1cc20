#!/usr/bin/env bash
# Compares polyprop's SCoP detection with Polly's on random loop programs.
#
#   scripts/detect-vs-polly.sh N [--first SEED] [--jobs J] [--out DIR] [--missed]
#
# For seeds FIRST..FIRST+N-1 of scripts/gen-loops.py, both detections see the same canonical
# IR: clang-14 -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm, then
# opt -passes='function(polyprop-canonicalize),function(instnamer)' (instnamer only names the
# blocks, so that both report regions by the same names). Then
#   Polly     opt -passes='print<domtree>,print<loops>,print<polly-detect>' -polly-process-unprofitable
#             (Polly is linked into Debian's libLLVM-14; the legacy -polly-detect -analyze agrees)
#   polyprop  opt -load-pass-plugin target/release/libpolyprop.so -passes='print<polyprop-detect>'
# A loop counts for Polly when all its blocks lie in a region Polly's detection accepts (LLVM's
# Region::contains on the dominator tree; a region from a loop's header to its latch holds one
# iteration of the body, not the loop), for polyprop when it is in an accepted candidate
# (a function body: all its loops; a loop nest: the loop and the loops inside it).
# Prints: loops Polly accepts, loops polyprop models, loops Polly accepts that polyprop does not
# (and the reverse), and polyprop's reject reasons, most frequent first: for the loops Polly
# accepts and polyprop does not (the reason of the smallest rejected candidate holding the
# loop, with an example), and over all rejected candidates. Also written to
# DIR/detect-vs-polly.txt (default target/campaign/). At most 2 jobs run at once. With --missed,
# every loop Polly accepts and polyprop does not is listed with its full reason, and the per-seed
# files (p.c, c.ll, polly.txt, polyprop.txt) are kept in DIR/detect-vs-polly/SEED/.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=/usr/lib/llvm-14/bin
[ $# -ge 1 ] || { sed -n '3,4p' "$0" >&2; exit 2; }
n=$1
shift
first=1 jobs=2 out="$root/target/campaign" missed=0
while [ $# -gt 0 ]; do
  case $1 in
    --first) first=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --missed) missed=1; shift ;;
    *) sed -n '3,4p' "$0" >&2; exit 2 ;;
  esac
done
[ "$jobs" -ge 1 ] && [ "$jobs" -le 2 ] || { echo "detect-vs-polly: --jobs is 1 or 2" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/polyprop-detect.XXXXXX")
mkdir -p "$out"
src_plugin=${POLYPROP_PLUGIN:-$root/target/release/libpolyprop.so}
for _ in $(seq 60); do [ -f "$src_plugin" ] && break; sleep 5; done
plugin="$work/libpolyprop.so"
cp "$src_plugin" "$plugin" || { echo "detect-vs-polly: no plugin at $src_plugin" >&2; exit 2; }
start=$(date +%s)

one() {
  local seed=$1 d="$work/$1"
  mkdir -p "$d" && cd "$d" || return
  python3 "$root/scripts/gen-loops.py" "$seed" >p.c
  clang-14 -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm p.c -o p.ll 2>/dev/null || { echo "clang failed" >error; return; }
  "$bin/opt" -load-pass-plugin "$plugin" -passes='function(polyprop-canonicalize),function(instnamer)' \
    -S p.ll -o c.ll 2>canon.log || { echo "canonicalization failed: $(head -c 200 canon.log)" >error; return; }
  "$bin/opt" -polly-process-unprofitable -passes='print<domtree>,print<loops>,print<polly-detect>' \
    -disable-output c.ll >polly.txt 2>&1 || echo "polly printers failed" >error
  "$bin/opt" -load-pass-plugin "$plugin" -passes='print<polyprop-detect>' -disable-output c.ll \
    >polyprop.txt 2>&1 || echo "polyprop-detect failed" >error
}

last=$((first + n - 1))
for seed in $(seq "$first" "$last"); do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.1; done
  (one "$seed") &
done
wait

python3 - "$work" "$first" "$last" "$(( $(date +%s) - start ))" "$missed" <<'EOF' | tee "$out/detect-vs-polly.txt"
import collections, os, re, sys

work, first, last, elapsed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
list_missed = sys.argv[5] == "1"
missed = []


def parse_llvm(text):
    """Per function: dominator-tree parents, loops (header -> (parent header, blocks))."""
    funcs = {}
    cur = None
    stack = []
    loop_stack = []
    for line in text.splitlines():
        m = re.match(r"DominatorTree for function: (\S+)", line)
        if m:
            cur = {"idom": {}, "loops": {}, "order": [], "polly": []}
            funcs[m.group(1)] = cur
            stack, loop_stack = [], []
            continue
        if cur is None:
            continue
        m = re.match(r"(\s*)\[(\d+)\] %(\S+) \{", line)
        if m:
            level, name = int(m.group(2)), m.group(3)
            stack = stack[: level - 1]
            cur["idom"][name] = stack[-1] if stack else None
            stack.append(name)
            continue
        m = re.match(r"\s*(?:Parallel )?Loop at depth (\d+) containing: (.*)", line)
        if m:
            depth = int(m.group(1))
            blocks, header = [], None
            for b in m.group(2).split(","):
                bm = re.match(r"%([^<]+)(.*)", b.strip())
                if not bm:
                    continue
                blocks.append(bm.group(1))
                if "<header>" in bm.group(2):
                    header = bm.group(1)
            loop_stack = loop_stack[: depth - 1]
            parent = loop_stack[-1] if loop_stack else None
            cur["loops"][header] = (parent, blocks)
            cur["order"].append(header)
            loop_stack.append(header)
            continue
        m = re.match(r"Valid Region for Scop: (\S+) => (.+)", line)
        if m:
            cur["polly"].append((m.group(1), m.group(2).strip()))
    return funcs


def dominates(idom, a, b):
    while b is not None:
        if a == b:
            return True
        b = idom.get(b)
    return False


def region_contains(idom, entry, exit_, bb):
    if exit_.startswith("<"):  # <Function Return>
        return dominates(idom, entry, bb)
    return dominates(idom, entry, bb) and not (dominates(idom, exit_, bb) and dominates(idom, entry, exit_))


def descendants(loops, h):
    out = {h}
    changed = True
    while changed:
        changed = False
        for x, (p, _) in loops.items():
            if p in out and x not in out:
                out.add(x)
                changed = True
    return out


def parse_polyprop(text):
    funcs = {}
    cur = None
    for line in text.splitlines():
        m = re.match(r"polyprop-detect: function (\S+)", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = re.match(r"\s+SCoP (.*?): \d+ statements", line)
        if m and cur is not None:
            cur.append(("accepted", m.group(1), None, None))
            continue
        m = re.match(r"\s+rejected (function body|loop nest at \S+|loop nest): ([^:]+): ?(.*)", line)
        if m and cur is not None:
            cur.append(("rejected", m.group(1), m.group(2), m.group(3)))
    return funcs


totals = collections.Counter()
reasons_missed = collections.Counter()
examples = {}
reasons_all = collections.Counter()
errors = []
for seed in range(first, last + 1):
    d = os.path.join(work, str(seed))
    if os.path.exists(os.path.join(d, "error")):
        errors.append(f"seed {seed}: {open(os.path.join(d, 'error')).read().strip()}")
        continue
    llvm = parse_llvm(open(os.path.join(d, "polly.txt")).read())
    pp = parse_polyprop(open(os.path.join(d, "polyprop.txt")).read())
    totals["programs"] += 1
    for fname, f in llvm.items():
        loops = f["loops"]
        if not loops:
            continue
        totals["loops"] += len(loops)
        polly = set()
        for entry, exit_ in f["polly"]:
            for h, (_, blocks) in loops.items():
                # Polly models a loop only when the region holds all of it: a region from the
                # header to the latch (`%header => %latch`) is one iteration of the body.
                if all(region_contains(f["idom"], entry, exit_, x) for x in blocks):
                    polly.add(h)
        modeled = set()
        rejected = {}  # header (or "function body") -> (kind, message)
        for status, desc, kind, msg in pp.get(fname, []):
            target = None
            if desc == "function body":
                target = set(loops)
                key = "function body"
            else:
                m = re.match(r"loop nest at %(\S+)", desc)
                key = m.group(1) if m else desc
                target = descendants(loops, key) if m and key in loops else set()
            if status == "accepted":
                modeled |= target
            else:
                rejected[key] = (kind, msg)
                reasons_all[kind] += 1
        totals["polly"] += len(polly)
        totals["polyprop"] += len(modeled)
        totals["both"] += len(polly & modeled)
        totals["polyprop_only"] += len(modeled - polly)
        for h in sorted(polly - modeled):
            totals["polly_only"] += 1
            # the smallest rejected candidate holding the loop: its own, or an outer loop's
            x, why = h, None
            while x is not None and why is None:
                why = rejected.get(x)
                x = loops[x][0]
            why = why or rejected.get("function body") or ("(no candidate)", "")
            reasons_missed[why[0]] += 1
            examples.setdefault(why[0], f"seed {seed} {fname} %{h}: {why[1][:150]}")
            missed.append(f"seed {seed} {fname} %{h}: {why[0]}: {why[1]}")

t = totals
print(f"detect-vs-polly: gen-loops seeds {first} to {last}: {t['programs']} programs, "
      f"{t['loops']} loops ({elapsed}s)")
print(f"  loops Polly accepts:                   {t['polly']}")
print(f"  loops polyprop models:                 {t['polyprop']}")
print(f"  loops both accept:                     {t['both']}")
print(f"  loops Polly accepts, polyprop does not: {t['polly_only']}")
print(f"  loops polyprop models, Polly does not:  {t['polyprop_only']}")
print("  polyprop's reject reasons for the loops Polly accepts and polyprop does not:")
for kind, c in reasons_missed.most_common():
    print(f"    {c:5d}  {kind}   e.g. {examples[kind]}")
print("  polyprop's reject reasons over all rejected candidates:")
for kind, c in reasons_all.most_common():
    print(f"    {c:5d}  {kind}")
for e in errors:
    print(f"  error: {e}")
if list_missed:
    print("  every loop Polly accepts and polyprop does not:")
    for m in missed:
        print(f"    {m}")
EOF
if [ "$missed" = 1 ]; then
  rm -rf "$out/detect-vs-polly" && rm -f "$work/libpolyprop.so" && mv "$work" "$out/detect-vs-polly"
else
  rm -rf "$work"
fi
