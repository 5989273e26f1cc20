#!/usr/bin/env bash
# Installs what polyprop needs on a fresh Debian 12 machine, builds it, and runs the main job.
#   ./setup.sh             install, build, run the main job (the benchmark harness, quick size)
#   ./setup.sh --full      the same at the papers' sizes (other flags go to polyprop-bench)
#   ./setup.sh --no-run    install and build only (what CI uses before ./test.sh)
#   ./setup.sh --install PREFIX   install and build, then install polyprop under PREFIX
#                          (bin/polyprop, bin/polyprop-bench, lib/libpolyprop.so,
#                          lib/libpolyprop_qemu.so; scripts/install.sh)
set -euo pipefail

run_main=1
install_prefix=""
if [ "${1:-}" = "--no-run" ]; then
  run_main=0
  shift
elif [ "${1:-}" = "--install" ]; then
  if [ -z "${2:-}" ]; then
    echo "usage: ./setup.sh --install PREFIX" >&2
    exit 2
  fi
  # PREFIX is relative to where setup.sh was called from, not to the tree.
  mkdir -p "$2"
  install_prefix=$(cd "$2" && pwd)
  run_main=0
  shift 2
fi
cd "$(dirname "$0")"

packages=(clang-14 llvm-14 llvm-14-dev llvm-14-tools libclang-rt-14-dev
          autoconf automake libtool make g++ libgmp-dev qemu-user time valgrind python3-pip
          csmith libcsmith-dev creduce libomp-14-dev)
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

if [ -n "$install_prefix" ]; then
  ./scripts/install.sh "$install_prefix"
fi

if [ "$run_main" = 1 ]; then
  ./scripts/main-job.sh "$@"
fi
