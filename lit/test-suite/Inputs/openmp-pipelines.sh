#!/bin/bash
# openmp-pipelines.sh ROOT PLUGIN DIR: every pipeline of test-suite/pipelines (C with
# -DPOLYPROP_OMP, PolyMage C++ with -DENABLE_OMP_PRAGMAS) built with its own OpenMP pragmas,
# -fopenmp and the plugin, run at the small size with 1 and 2 threads, its output compared
# with the sequential naive build's. Prints one line per source: whether the pipeline
# function was transformed and whether each output was the same.
set -u
root=$1 plugin=$2 dir=$3
mkdir -p "$dir"
for f in "$root"/test-suite/pipelines/*.c "$root"/test-suite/pipelines/polymage/*.cpp; do
  b=$(basename "$f"); n=${b%.*}; up=$(echo "$n" | tr a-z A-Z)
  case $f in
    *.cpp) cc="clang++-14 -x c++"; pragmas=-DENABLE_OMP_PRAGMAS; sizes=-DPIPELINE_INT_SIZES; tag=polymage-$n ;;
    *) cc="clang-14"; pragmas=-DPOLYPROP_OMP; sizes=; tag=c-$n ;;
  esac
  o=$dir/$tag
  clang-14 -O2 -c -DPIPELINE_$up $sizes "$root/test-suite/driver/driver.c" -o "$o.driver.o" || exit 1
  $cc -O3 -w -I"$root/test-suite/pipelines" -c "$f" -o "$o.naive.o" || exit 1
  POLYPROP_OPTIONS=print=transform $cc -O3 -w -fopenmp $pragmas -I"$root/test-suite/pipelines" \
    -fpass-plugin="$plugin" -c "$f" -o "$o.omp.o" > "$o.transform.txt" 2>&1 || exit 1
  clang-14 "$o.driver.o" "$o.naive.o" -lm -lstdc++ -o "$o.naive" || exit 1
  clang-14 -fopenmp "$o.driver.o" "$o.omp.o" -lm -lstdc++ -o "$o.omp" || exit 1
  "$o.naive" --small --out "$o.naive.out" > /dev/null || exit 1
  line="$tag: $(grep -o 'function pipeline_[a-z_]*, function body: [a-z ]*transformed' "$o.transform.txt" | head -1)"
  for t in 1 2; do
    OMP_NUM_THREADS=$t "$o.omp" --small --out "$o.omp$t.out" > /dev/null || exit 1
    if cmp -s "$o.naive.out" "$o.omp$t.out"; then line="$line; $t threads same"; else line="$line; $t threads DIFFERENT"; fi
  done
  echo "$line"
done
