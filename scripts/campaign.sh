#!/usr/bin/env bash
# Differential testing of the polyprop plugin on random programs.
#
#   scripts/campaign.sh N [--only SOURCE] [--no-reduce] [--first SEED] [--jobs J] [--out DIR]
#                         [--run-timeout SECONDS] [--max-reduce K] [--reduce-timeout SECONDS]
#                         [--parallel] [--schedule] [--options TEXT] [--cflags TEXT]
#
# --parallel: the polyprop build also gets -fopenmp (its parallel loops run on OpenMP threads)
# and every program runs with OMP_NUM_THREADS=2, so that a loop wrongly found parallel shows as
# an output difference (or a time-out); failures are not reduced then.
# --schedule: the polyprop build also reschedules and tiles (option `schedule`, tiles of 4 so
# that the small generated sizes cross tile boundaries); failures are not reduced then.
# --options TEXT: more plugin options for the polyprop build (`recompute-limit=0` keeps every
# temporary whose propagation would recompute anything, so that those paths are tried).
# --cflags TEXT: more flags for every build of the C programs (`-march=native`: the register
# tiles of the machine's vector registers, 4 x 48 on AVX-512).
#
# Runs seeds FIRST..FIRST+N-1 (default 1..N) of each source:
#   csmith       csmith --no-bitfields --no-packed-struct programs (headers in /usr/include/csmith)
#   llvm-stress  llvm-stress --seed S --size 200 modules through
#                opt -passes='function(polyprop-canonicalize),polyprop' -S, then opt -passes=verify
#   gen-scop     scripts/gen-scop.py S (image pipelines over malloc'd temporaries)
#   gen-loops    scripts/gen-loops.py S (loop nests of every shape polyprop meets)
# C programs are built by clang-14 -O3 with and without -fpass-plugin (with
# POLYPROP_OPTIONS=print=transform, to count the programs polyprop transformed, and
# trace-checks, to count those whose new code ran: a transform whose run-time check never
# holds passes every comparison, its new code untested) and run under
# `timeout` (--run-timeout, default 5 s; twice that for the generated programs); their outputs
# must agree. When they do not, a plain -O0 build decides: if it times
# out the seed is a time-out, if it disagrees with plain -O3 the program has undefined behaviour
# (or clang -O3 miscompiles it) and the seed is skipped; otherwise it is an output difference.
# A compiler that dies of a signal, prints LLVM's crash banner or reports a polyprop internal
# error is a crash; a broken module (LLVM's verifier, or polyprop's own check of its generated
# code) a verifier failure.
#
# Prints a progress line every 10 programs, a FAIL line per failure (with the command that
# reproduces it) and one summary line per source; the summary also goes to DIR/summary.txt
# (default target/campaign/), failing programs to DIR/failures/SOURCE-SEED/. Unless --no-reduce,
# each failure is reduced (creduce for C, with an interestingness test that keeps the failure
# and rejects undefined behaviour: ASan+UBSan and MSan runs clean, -O0 agrees with -O3, also
# with locals and malloc'd memory pre-filled with a pattern; llvm-reduce for llvm-stress
# modules) into lit/regressions/SOURCE-SEED.c (or .ll; DIR/regressions/ when a test of that
# name exists already), a lit test marked XFAIL until the pass is fixed. At most 2 jobs run at once (--jobs 1 for one).
# The plugin is target/release/libpolyprop.so (POLYPROP_PLUGIN overrides), copied at the start
# so that a rebuild during the campaign does not change it.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=/usr/lib/llvm-14/bin

usage() { sed -n '3,4p' "$0" >&2; exit 2; }

# ------------------------------------------------------------------ one program
# run_one SOURCE SEED WORK PLUGIN: writes WORK/results/SOURCE-SEED as
#   STATUS TRANSFORMED DETAIL     (STATUS: ok crash verify diff timeout skip)
classify_compile() {  # LOG RC -> prints "crash DETAIL", "verify DETAIL" or nothing
  local log=$1 rc=$2 line
  line=$(grep -m1 -E 'does not verify|Broken module|[Vv]erifier' "$log")
  if [ -n "$line" ]; then echo "verify ${line:0:200}"; return; fi
  line=$(grep -m1 -E 'internal error|panicked|PLEASE submit a bug report|Assertion|LLVM ERROR|Segmentation' "$log")
  if [ "$rc" -eq 124 ]; then echo "crash compile time-out"; return; fi
  if [ "$rc" -ge 128 ] || [ -n "$line" ]; then echo "crash exit $rc: ${line:0:200}"; return; fi
  if [ "$rc" -ne 0 ]; then echo "crash exit $rc: $(grep -m1 error "$log" | cut -c1-200)"; fi
}

run_one() {
  local src=$1 seed=$2 work=$3 plugin=$4
  local d="$work/$src-$seed" res="$work/results/$src-$seed"
  mkdir -p "$d" && cd "$d" || return
  local cflags="-w $extra_cflags" t=$((2 * run_timeout)) tr=0 rc c
  case $src in
    llvm-stress)
      "$bin/llvm-stress" --seed "$seed" --size 200 -o s.ll
      timeout 300 "$bin/opt" -load-pass-plugin "$plugin" \
        -passes='function(polyprop-canonicalize),polyprop<print=transform>' -S s.ll -o out.ll >opt.log 2>&1
      rc=$?
      tr=$(grep -c ': transformed:' opt.log)
      c=$(classify_compile opt.log $rc)
      if [ -n "$c" ]; then echo "${c%% *} $tr ${c#* }" >"$res"; return; fi
      if ! "$bin/opt" -passes=verify -disable-output out.ll >verify.log 2>&1; then
        echo "verify $tr $(head -c 200 verify.log | tr '\n' ' ')" >"$res"; return
      fi
      echo "ok $tr" >"$res"; return ;;
    csmith)
      csmith --no-bitfields --no-packed-struct --seed "$seed" -o p.c >/dev/null 2>&1
      cflags="-w -I/usr/include/csmith $extra_cflags"; t=$run_timeout ;;
    gen-scop|gen-loops)
      python3 "$root/scripts/$src.py" "$seed" >p.c ;;
  esac
  if ! timeout 300 clang-14 -O3 $cflags p.c -o plain >plain.log 2>&1; then
    echo "skip 0 plain -O3 build failed: $(grep -m1 error plain.log | cut -c1-150)" >"$res"; return
  fi
  POLYPROP_OPTIONS="print=transform;trace-checks$polyprop_options" timeout 300 clang-14 -O3 $cflags $polyprop_flags -fpass-plugin="$plugin" \
    p.c -o polyprop >polyprop.log 2>&1
  rc=$?
  tr=$(grep -c ': transformed:' polyprop.log)
  c=$(classify_compile polyprop.log $rc)
  if [ -n "$c" ]; then echo "${c%% *} $tr ${c#* }" >"$res"; return; fi
  timeout $t ./plain >plain.out 2>/dev/null; local prc=$?
  if [ $prc -eq 124 ]; then echo "timeout $tr plain -O3 run" >"$res"; return; fi
  timeout $t ./polyprop >polyprop.out 2>polyprop.err; local qrc=$?
  local ran=""
  grep -q '^polyprop: new code of' polyprop.err && ran=ran
  if [ $prc -eq $qrc ] && cmp -s plain.out polyprop.out; then echo "ok $tr $ran" >"$res"; return; fi
  # They disagree: the plain -O0 build decides whether the program is to blame.
  timeout 300 clang-14 -O0 $cflags p.c -o o0 >o0.log 2>&1
  timeout $((4 * t)) ./o0 >o0.out 2>/dev/null; local zrc=$?
  if [ $zrc -eq 124 ]; then echo "timeout $tr plain -O0 run" >"$res"; return; fi
  if [ $zrc -ne $prc ] || ! cmp -s o0.out plain.out; then
    echo "skip $tr plain -O0 and -O3 disagree (undefined behaviour or a clang bug)" >"$res"; return
  fi
  if [ $qrc -eq 124 ]; then c="polyprop build runs over ${t}s"
  elif [ $qrc -ne $prc ]; then c="exit $prc plain, $qrc polyprop"
  else c="output $(head -c 40 plain.out | tr '\n' ' ')vs $(head -c 40 polyprop.out | tr '\n' ' ')"; fi
  echo "diff $tr $c" >"$res"
}

# ------------------------------------------------------------------ reduction
write_interestingness() {  # KIND ORIGINAL PLUGIN SIGNATURE > script (creduce runs it elsewhere)
  local kind=$1 orig=$2 plugin=$3 sig=$4
  cat <<EOF
#!/bin/bash
# Interesting when the failure persists and the program is valid C without undefined behaviour.
plugin=$plugin
werr="-Werror=implicit-function-declaration -Werror=implicit-int -Werror=return-type
  -Werror=uninitialized -Werror=sometimes-uninitialized -Werror=incompatible-pointer-types
  -Werror=int-conversion -Werror=int-to-pointer-cast -Werror=pointer-to-int-cast
  -Werror=main-return-type -Werror=incompatible-library-redeclaration"
timeout 60 clang-14 -O0 \$werr p.c -o o0 >/dev/null 2>&1 || exit 1
# Arrays keep their sizes: an access past a shrunk global array can jump over ASan's redzone.
python3 - $orig p.c <<'PY' || exit 1
import re, sys
decl = re.compile(r"^[ \t]*(?:static[ \t]+)?(?:const[ \t]+)?(?:volatile[ \t]+)?[A-Za-z_][\w \t]*?[ \t*]+(\w+)((?:\[[^\]]*\])+)", re.M)
orig = {}
for m in decl.finditer(open(sys.argv[1]).read()):
    orig.setdefault(m.group(1), set()).add(m.group(2))
for m in decl.finditer(open(sys.argv[2]).read()):
    if m.group(2) not in orig.get(m.group(1), {m.group(2)}):
        sys.exit(1)
PY
EOF
  if [ "$kind" = crash ] || [ "$kind" = verify ]; then
    cat <<EOF
timeout 120 clang-14 -O3 -w -fpass-plugin=\$plugin -c p.c -o poly.o >poly.log 2>&1
grep -q -F -- '$sig' poly.log || exit 1
exit 0
EOF
    return
  fi
  cat <<'EOF'
timeout 60 clang-14 -O3 -w p.c -o plain >/dev/null 2>&1 || exit 1
timeout 120 clang-14 -O3 -w -fpass-plugin=$plugin p.c -o poly >/dev/null 2>&1 || exit 1
timeout 5 ./plain >plain.out 2>/dev/null || exit 1
timeout 5 ./poly >poly.out 2>/dev/null
cmp -s plain.out poly.out && exit 1
timeout 10 ./o0 >o0.out 2>/dev/null || exit 1
cmp -s o0.out plain.out || exit 1
timeout 60 clang-14 -O0 -g -w -fsanitize=undefined,address -fno-sanitize-recover=all p.c -o asan >/dev/null 2>&1 || exit 1
ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 timeout 20 ./asan >asan.out 2>/dev/null || exit 1
cmp -s asan.out plain.out || exit 1
timeout 60 clang-14 -O0 -g -w -fsanitize=memory -fsanitize-memory-param-retval -fno-sanitize-recover=all p.c -o msan >/dev/null 2>&1 || exit 1
MSAN_OPTIONS=allocator_may_return_null=1 timeout 20 ./msan >msan.out 2>/dev/null || exit 1
cmp -s msan.out plain.out || exit 1
# uninitialized reads MSan does not see: locals and malloc'd memory filled with other patterns
timeout 60 clang-14 -O0 -w -ftrivial-auto-var-init=pattern p.c -o pattern >/dev/null 2>&1 || exit 1
MALLOC_PERTURB_=85 timeout 10 ./pattern >pattern.out 2>/dev/null || exit 1
cmp -s pattern.out plain.out || exit 1
exit 0
EOF
}

reduce_one() {  # SOURCE SEED STATUS DETAIL
  local src=$1 seed=$2 status=$3 detail=$4
  local from="$work/$src-$seed" d="$work/reduce-$src-$seed" sig="" rc
  mkdir -p "$d" "$root/lit/regressions"
  echo "campaign: reducing $src seed $seed ($status)"
  if [ "$src" = llvm-stress ]; then
    local log="$from/opt.log"
    [ "$status" = verify ] && [ ! -s "$log" ] && log="$from/verify.log"
    sig=$(grep -m1 -oE '(internal error[^:]*|panicked at|Assertion[^(]*|LLVM ERROR[^:]*|Broken module|does not verify|PLEASE submit a bug report)' "$log")
    sig=${sig//\'/}
    cat >"$d/test.sh" <<EOF
#!/bin/bash
timeout 120 $bin/opt -load-pass-plugin $plugin -passes='function(polyprop-canonicalize),polyprop' -S "\$1" -o "\$1.out.ll" >"\$1.log" 2>&1
rc=\$?
if [ '$status' = verify ] && [ -z '$sig' ]; then
  [ \$rc -eq 0 ] && ! $bin/opt -passes=verify -disable-output "\$1.out.ll" >/dev/null 2>&1
else
  grep -q -F -- '$sig' "\$1.log"
fi
EOF
    chmod +x "$d/test.sh"
    (cd "$d" && timeout "$reduce_timeout" "$bin/llvm-reduce" --test "$d/test.sh" "$from/s.ll" -o "$d/reduced.ll" >reduce.log 2>&1)
    [ -s "$d/reduced.ll" ] || cp "$from/s.ll" "$d/reduced.ll"
    {
      echo "; Found by scripts/campaign.sh (llvm-stress seed $seed, reduced with llvm-reduce): $status: $detail"
      echo "; XFAIL: *"
      echo "; RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %s -o %t.ll"
      echo "; RUN: opt -passes=verify -disable-output %t.ll"
      cat "$d/reduced.ll"
    } >"$d/test.ll"
    place "$d/test.ll" "llvm-stress-$seed.ll"
    return
  fi
  # C: csmith sources are preprocessed first, so that the reduced test needs no csmith header.
  if [ "$src" = csmith ]; then
    clang-14 -E -P -I/usr/include/csmith "$from/p.c" >"$d/p.c"
  else
    cp "$from/p.c" "$d/p.c"
  fi
  cp "$d/p.c" "$d/orig.c"
  if [ "$status" != diff ]; then
    sig=$(grep -m1 -oE '(internal error[^:]*|panicked at|Assertion[^(]*|LLVM ERROR[^:]*|Broken module|does not verify|PLEASE submit a bug report)' "$from/polyprop.log")
    [ -n "$sig" ] || sig="error"
  fi
  sig=${sig//\'/}
  write_interestingness "$status" "$d/orig.c" "$plugin" "$sig" >"$d/test.sh"
  chmod +x "$d/test.sh"
  if ! (cd "$d" && ./test.sh); then
    echo "campaign: $src seed $seed: the interestingness test fails on the original program; not reduced"
    return
  fi
  (cd "$d" && timeout "$reduce_timeout" creduce --n "$jobs" ./test.sh p.c >reduce.log 2>&1)
  rc=$?
  if [ $rc -ne 0 ] && [ $rc -ne 124 ]; then  # 124: timed out, p.c holds the best so far
    echo "campaign: $src seed $seed: creduce failed (exit $rc, $d/reduce.log); not reduced"
    return
  fi
  local out="$d/test.c"
  {
    echo "// Found by scripts/campaign.sh ($src seed $seed, reduced with creduce): $status: $detail"
    echo "// XFAIL: *"
    if [ "$status" = diff ]; then
      echo "// RUN: %clang -O3 -w %s -o %t.plain"
      echo "// RUN: %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop"
      echo "// RUN: %t.plain > %t.plain.out"
      echo "// RUN: %t.polyprop > %t.polyprop.out"
      echo "// RUN: cmp %t.plain.out %t.polyprop.out"
    else
      echo "// RUN: %clang -O3 -w -fpass-plugin=%polyprop -c %s -o %t.o 2>&1 | FileCheck %s --allow-empty"
      echo "// CHECK-NOT: {{internal error|PLEASE submit|Broken module|does not verify}}"
    fi
    cat "$d/p.c"
  } >"$out"
  place "$out" "$src-$seed.c"
}

place() {  # FILE NAME: into lit/regressions/NAME, unless a test of that name exists already
  local dest="$root/lit/regressions/$2"
  if [ -e "$dest" ]; then
    dest="$out_dir/regressions/$2"
    mkdir -p "$out_dir/regressions"
  fi
  cp "$1" "$dest"
  echo "campaign: wrote ${dest#"$root"/}"
}

# ------------------------------------------------------------------ main
[ $# -ge 1 ] || usage
n=$1
shift
[[ "$n" =~ ^[0-9]+$ ]] || usage
only="" reduce=1 first=1 jobs=2 out="$root/target/campaign" max_reduce=1000000 reduce_timeout=1800
run_timeout=5 polyprop_flags="" polyprop_options="" extra_cflags=""
while [ $# -gt 0 ]; do
  case $1 in
    --only) only=$2; shift 2 ;;
    --no-reduce) reduce=0; shift ;;
    --first) first=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --max-reduce) max_reduce=$2; shift 2 ;;
    --run-timeout) run_timeout=$2; shift 2 ;;
    --reduce-timeout) reduce_timeout=$2; shift 2 ;;
    --parallel) polyprop_flags="-fopenmp"; reduce=0; export OMP_NUM_THREADS=2; shift ;;
    --schedule) polyprop_options="$polyprop_options;schedule;tile-size=4"; reduce=0; shift ;;
    --options) polyprop_options="$polyprop_options;$2"; shift 2 ;;
    --cflags) extra_cflags="$extra_cflags $2"; shift 2 ;;
    *) usage ;;
  esac
done
[ "$jobs" -ge 1 ] && [ "$jobs" -le 2 ] || { echo "campaign: --jobs is 1 or 2" >&2; exit 2; }
out_dir=$out
sources=(csmith llvm-stress gen-scop gen-loops)
if [ -n "$only" ]; then
  case " ${sources[*]} " in *" $only "*) sources=("$only") ;; *) echo "campaign: unknown source $only" >&2; exit 2 ;; esac
fi
for tool in clang-14 python3 timeout; do
  command -v $tool >/dev/null || { echo "campaign: $tool not found" >&2; exit 2; }
done
if [[ " ${sources[*]} " == *" csmith "* ]] && ! command -v csmith >/dev/null; then
  echo "campaign: csmith not found (apt-get install csmith libcsmith-dev)" >&2; exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/polyprop-campaign.XXXXXX")
mkdir -p "$work/results" "$out"
src_plugin=${POLYPROP_PLUGIN:-$root/target/release/libpolyprop.so}
for _ in $(seq 60); do [ -f "$src_plugin" ] && break; sleep 5; done
plugin="$work/libpolyprop.so"
cp "$src_plugin" "$plugin" || { echo "campaign: no plugin at $src_plugin" >&2; exit 2; }
trap 'kill $(jobs -p) 2>/dev/null' INT TERM

start=$(date +%s)
total=$((n * ${#sources[@]}))
reported=0
progress() {
  local done_count
  done_count=$(find "$work/results" -type f | wc -l)
  while [ $((reported + 10)) -le "$done_count" ]; do
    reported=$((reported + 10))
    echo "campaign: $reported/$total programs done ($(( $(date +%s) - start ))s)"
  done
}
last=$((first + n - 1))
for src in "${sources[@]}"; do
  for seed in $(seq "$first" "$last"); do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; progress; done
    (run_one "$src" "$seed" "$work" "$plugin") &
  done
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do sleep 0.2; progress; done
wait
progress

summary="$out/summary.txt"
: >"$summary.tmp"
failures=()
for src in "${sources[@]}"; do
  programs=0 crash=0 verify=0 diff=0 timeouts=0 skip=0 transformed=0 ran=0
  for seed in $(seq "$first" "$last"); do
    f="$work/results/$src-$seed"
    programs=$((programs + 1))
    status=crash tr=0 detail="no result (the run died)"
    [ -f "$f" ] && read -r status tr detail <"$f"
    [ "${tr:-0}" -gt 0 ] 2>/dev/null && transformed=$((transformed + 1))
    case $status in
      ok) [ "$detail" = ran ] && ran=$((ran + 1)) ;;
      crash) crash=$((crash + 1)) ;;
      verify) verify=$((verify + 1)) ;;
      diff) diff=$((diff + 1)) ;;
      timeout) timeouts=$((timeouts + 1)) ;;
      skip) skip=$((skip + 1)) ;;
    esac
    case $status in
      crash|verify|diff)
        failures+=("$src $seed $status $detail")
        mkdir -p "$out/failures/$src-$seed"
        cp "$work/$src-$seed"/*.c "$work/$src-$seed"/*.ll "$work/$src-$seed"/*.log "$work/$src-$seed"/*.out \
          "$out/failures/$src-$seed/" 2>/dev/null
        case $src in
          llvm-stress) repro="$bin/llvm-stress --seed $seed --size 200 -o s.ll && opt -load-pass-plugin target/release/libpolyprop.so -passes='function(polyprop-canonicalize),polyprop' -S s.ll | opt -passes=verify -disable-output" ;;
          csmith) repro="csmith --no-bitfields --no-packed-struct --seed $seed -o p.c && clang-14 -O3 -w -I/usr/include/csmith p.c -o plain && clang-14 -O3 -w -I/usr/include/csmith -fpass-plugin=target/release/libpolyprop.so p.c -o polyprop && cmp <(./plain) <(./polyprop)" ;;
          *) repro="python3 scripts/$src.py $seed > p.c && clang-14 -O3 -w p.c -o plain && clang-14 -O3 -w -fpass-plugin=target/release/libpolyprop.so p.c -o polyprop && cmp <(./plain) <(./polyprop)" ;;
        esac
        echo "FAIL $src seed $seed: $status: $detail" | tee -a "$summary.tmp.fail"
        echo "  reproduce: $repro" | tee -a "$summary.tmp.fail"
        ;;
      skip|timeout) echo "note: $src seed $seed: $status: $detail" >>"$summary.tmp.notes" ;;
    esac
  done
  printf '%s: %d programs, %d crashes, %d verifier failures, %d output differences, %d time-outs, %d skipped, %d transformed, %d ran new code\n' \
    "$src" "$programs" "$crash" "$verify" "$diff" "$timeouts" "$skip" "$transformed" "$ran" >>"$summary.tmp"
done
elapsed=$(( $(date +%s) - start ))
{
  echo "campaign: seeds $first to $last, plugin $src_plugin, ${elapsed}s"
  cat "$summary.tmp"
  [ -f "$summary.tmp.fail" ] && cat "$summary.tmp.fail"
  [ -f "$summary.tmp.notes" ] && cat "$summary.tmp.notes"
} >"$summary"
rm -f "$summary.tmp" "$summary.tmp.fail" "$summary.tmp.notes"
echo "campaign: summary (${elapsed}s; also in $summary):"
grep ' programs, ' "$summary"

if [ "$reduce" = 1 ] && [ ${#failures[@]} -gt 0 ]; then
  count=0
  for f in "${failures[@]}"; do
    [ "$count" -ge "$max_reduce" ] && break
    read -r src seed status detail <<<"$f"
    reduce_one "$src" "$seed" "$status" "$detail"
    count=$((count + 1))
  done
fi
rm -rf "$work"
exit 0
