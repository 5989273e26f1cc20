#!/bin/sh
# rodinia-differential.sh DIR SOURCES POLYPROP PLUGIN NAME:SIZE...: for each program, profile a
# -O3 -march=x86-64-v3 -g build at SIZE, build -O3 -march=native plainly and with the plugin
# given that profile, run both at 4 x SIZE with 2 repetitions and compare the checksum lines.
set -e
dir=$1 sources=$2 polyprop=$3 plugin=$4
shift 4
for spec in "$@"; do
  name=${spec%%:*} size=${spec##*:} large=$((${spec##*:} * 4))
  clang-14 -O3 -march=x86-64-v3 -g "$sources/$name.c" -o "$dir/$name.v3"
  "$polyprop" profile -o "$dir/$name.profile" -- "$dir/$name.v3" "$size" > /dev/null 2>&1
  clang-14 -O3 -march=native "$sources/$name.c" -o "$dir/$name.naive"
  POLYPROP_OPTIONS="profile=$dir/$name.profile" clang-14 -O3 -march=native -g -fpass-plugin="$plugin" \
    "$sources/$name.c" -o "$dir/$name.profiled"
  "$dir/$name.naive" "$large" 2 | grep '^checksum' > "$dir/$name.naive.out"
  "$dir/$name.profiled" "$large" 2 | grep '^checksum' > "$dir/$name.profiled.out"
  test -s "$dir/$name.naive.out"
  if cmp -s "$dir/$name.naive.out" "$dir/$name.profiled.out"; then
    echo "$name: profiled at $size, identical at $large"
  else
    echo "$name: profiled at $size, DIFFERS at $large"
  fi
done
