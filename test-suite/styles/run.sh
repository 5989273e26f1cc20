#!/bin/bash
# usage: test-suite/styles/run.sh PLUGIN.so BUILD_DIR
# The same small pipelines written in many styles people use (int, long, unsigned and
# size_t counters, VLAs, T (*)[W], struct images, ternary and helper clamps, kernel loops,
# stage functions, C++ lambdas and std::vector, ...): every p*.c / p*.cpp here is built
# naive and with the plugin at "-O3 -march=native" and "-O2", both run at several sizes
# (tiny and empty ones included), and their output hashes compared bit for bit. Prints one
# line per program and flag set with the plugin's print=transform line for `pipeline`; the
# last line says whether every output is identical and nothing crashed (exit 1 if not).
# Column "ran": at 31x17, "new" where the plugin's build allocated fewer arrays than the
# naive one (count_allocations.c: the new code ran, without the removed temporaries), "orig"
# where a function body was transformed with temporaries removed and yet allocated as many
# (the run-time check sent the call to the original code: right where the caller passes
# aliased arrays, p24_inplace; a transform that never runs otherwise), "-" otherwise. The
# line before the last counts the builds of each kind.
PLUGIN=${1:?usage: run.sh PLUGIN.so BUILD_DIR}
BUILD=$(realpath -m "${2:?usage: run.sh PLUGIN.so BUILD_DIR}")
cd "$(dirname "$0")"
mkdir -p "$BUILD"
SIZES="1x1 2x3 3x1 1x4 7x5 31x17 300x200 0x3 3x0"
OPTS=("O3:-O3 -march=native" "O2:-O2")
fail=0
ran_new=0
ran_orig=0
clang-14 -O2 -c count_allocations.c -o "$BUILD/count_allocations.o" || exit 1
COUNT="$BUILD/count_allocations.o"
printf '%-22s %-3s %-9s %-5s %-4s %s\n' program opt mismatch crash ran "print=transform (function pipeline)"
for src in $(ls p*.c p*.cpp 2>/dev/null | sort); do
  [ -e "$src" ] || continue
  name=${src%.*}
  case $src in *.cpp) CC="clang++-14 -std=c++17";; *) CC=clang-14;; esac
  for o in "${OPTS[@]}"; do
    tag=${o%%:*}; flags=${o#*:}
    $CC $flags $src $COUNT -o $BUILD/$name.$tag.naive -lm 2>$BUILD/$name.$tag.naive.err
    POLYPROP_OPTIONS=print=transform $CC $flags -fpass-plugin="$PLUGIN" $src $COUNT -o $BUILD/$name.$tag.pp -lm \
      >$BUILD/$name.$tag.pp.log 2>&1
    rc=$?
    crash=-
    if [ $rc -ne 0 ]; then crash="CC:$rc"; fail=1; fi
    grep 'function pipeline,' $BUILD/$name.$tag.pp.log | sed 's/^polyprop: function pipeline, //' > $BUILD/$name.$tag.transform
    [ -s $BUILD/$name.$tag.transform ] || echo "(no print=transform line for pipeline: $(grep -c . $BUILD/$name.$tag.pp.log) lines for other functions)" > $BUILD/$name.$tag.transform
    mism=""
    for s in $SIZES; do
      w=${s%x*}; h=${s#*x}
      a=$($BUILD/$name.$tag.naive $w $h 2>&1); ra=$?
      b=$($BUILD/$name.$tag.pp $w $h 2>&1); rb=$?
      if [ $rb -ne 0 ] && [ $ra -eq 0 ]; then crash="RUN:$s:$rb"; fail=1; fi
      if [ "$a" != "$b" ]; then mism="$mism$s,"; fail=1; fi
    done
    [ -z "$mism" ] && mism=ok
    POLYPROP_ALLOCATIONS=$BUILD/$name.$tag.naive.count $BUILD/$name.$tag.naive 31 17 >/dev/null 2>&1
    POLYPROP_ALLOCATIONS=$BUILD/$name.$tag.pp.count $BUILD/$name.$tag.pp 31 17 >/dev/null 2>&1
    ran=-
    if [ "$(cat $BUILD/$name.$tag.pp.count)" -lt "$(cat $BUILD/$name.$tag.naive.count)" ]; then
      ran=new; ran_new=$((ran_new + 1))
    elif grep -q '^function body: transformed: [1-9]' $BUILD/$name.$tag.transform; then
      ran=orig; ran_orig=$((ran_orig + 1))
    fi
    printf '%-22s %-3s %-9s %-5s %-4s %s\n' $name $tag "${mism%,}" "$crash" $ran "$(tr '\n' '|' < $BUILD/$name.$tag.transform | sed 's/|$//')"
  done
done
echo "new code ran in $ran_new builds, the original code in $ran_orig builds whose function body was transformed"
[ $fail -eq 0 ] && echo "ALL OUTPUTS IDENTICAL, NO CRASHES" || { echo "FAILURES ABOVE"; exit 1; }
exit $fail
