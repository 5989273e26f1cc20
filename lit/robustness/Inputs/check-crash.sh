#!/bin/bash
# Shared by the robustness tests. Usage: check-crash.sh LABEL LOG COMMAND...
# Runs COMMAND with its output in LOG; prints "CRASH LABEL ..." and returns 1 when the command
# died of a signal (exit code >= 128), or when LLVM's crash banner or a polyprop internal error
# (a caught Rust panic) appears in the output. Anything else, an error exit included, is fine.
label=$1 log=$2
shift 2
"$@" >"$log" 2>&1
rc=$?
if [ "$rc" -ge 128 ] || grep -q -e 'PLEASE submit a bug report' -e 'internal error' "$log"; then
  echo "CRASH $label (exit $rc): $*"
  grep -m 3 -e 'PLEASE submit' -e 'internal error' -e 'Segmentation' -e 'panicked' "$log"
  return 1 2>/dev/null || exit 1
fi
exit 0
