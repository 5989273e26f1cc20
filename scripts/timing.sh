# Shared by the compile-time scripts (sourced, not run): wall time of one command and the
# median of numbers on stdin.

# Wall time of one command in milliseconds (output discarded; a failure stops the script).
wall_ms() {
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

# The median of the numbers on stdin, one per line.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
