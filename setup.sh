#!/usr/bin/env bash
# Installs what polyprop needs on a fresh Debian 12 machine, builds it, and runs the main job.
#   ./setup.sh             install, build, run the main job (the benchmark harness, quick size)
#   ./setup.sh --full      the same at the papers' sizes (other flags go to polyprop-bench)
#   ./setup.sh --no-run    install and build only (what CI uses before ./test.sh)
set -euo pipefail
cd "$(dirname "$0")"

run_main=1
if [ "${1:-}" = "--no-run" ]; then
  run_main=0
  shift
fi

packages=(clang-14 llvm-14 llvm-14-dev llvm-14-tools libclang-rt-14-dev
          autoconf automake libtool make g++ libgmp-dev qemu-user time valgrind python3-pip
          csmith libcsmith-dev creduce)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! command -v lit >/dev/null 2>&1; then
  echo "setup: installing lit"
  python3 -m pip install -q lit 2>/dev/null || python3 -m pip install -q --break-system-packages lit
fi

echo "setup: building (cargo build --release)"
cargo build --release --workspace

if [ "$run_main" = 1 ]; then
  ./scripts/main-job.sh "$@"
fi
