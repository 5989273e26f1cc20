#!/bin/sh
# rodinia-differential.sh DIR SOURCES POLYPROP PLUGIN NAME:SIZE...: for each program, profile a
# -O3 -march=x86-64-v3 -g build at SIZE, build -O3 -march=native plainly, with the plugin given
# that profile, and with the plugin given the profile of the program before it in the list (a
# wrong profile: the last program's for the first), run all at 4 x SIZE with 2 repetitions and
# compare the checksum lines.
set -e
dir=$1 sources=$2 polyprop=$3 plugin=$4
shift 4
for spec in "$@"; do
  name=${spec%%:*} size=${spec##*:}
  clang-14 -O3 -march=x86-64-v3 -g "$sources/$name.c" -o "$dir/$name.v3"
  "$polyprop" profile -o "$dir/$name.profile" -- "$dir/$name.v3" "$size" > /dev/null 2>&1
done
eval "previous=\${$#}"
previous=${previous%%:*}
for spec in "$@"; do
  name=${spec%%:*} size=${spec##*:} large=$((${spec##*:} * 4))
  clang-14 -O3 -march=native "$sources/$name.c" -o "$dir/$name.naive"
  for kind in own wrong; do
    profile=$dir/$name.profile
    [ $kind = wrong ] && profile=$dir/$previous.profile
    POLYPROP_OPTIONS="profile=$profile" clang-14 -O3 -march=native -g -fpass-plugin="$plugin" \
      "$sources/$name.c" -o "$dir/$name.$kind"
  done
  "$dir/$name.naive" "$large" 2 | grep '^checksum' > "$dir/$name.naive.out"
  test -s "$dir/$name.naive.out"
  for kind in own wrong; do
    "$dir/$name.$kind" "$large" 2 | grep '^checksum' > "$dir/$name.$kind.out"
    if cmp -s "$dir/$name.naive.out" "$dir/$name.$kind.out"; then
      echo "$name: $kind profile of size $size, identical at $large"
    else
      echo "$name: $kind profile of size $size, DIFFERS at $large"
    fi
  done
  previous=$name
done
