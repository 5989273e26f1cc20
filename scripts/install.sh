#!/usr/bin/env bash
# Installs the release build of this tree under PREFIX (what ./setup.sh --install PREFIX runs
# after building; the install test of lit/cli runs it alone, without a rebuild):
#   PREFIX/bin/polyprop, PREFIX/bin/polyprop-bench
#   PREFIX/lib/libpolyprop.so        the pass plugin: clang-14 -fpass-plugin=$(polyprop --plugin-path)
#   PREFIX/lib/libpolyprop_qemu.so   the QEMU plugin that polyprop profile loads
#   scripts/install.sh PREFIX
set -euo pipefail
if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "usage: scripts/install.sh PREFIX" >&2
  exit 2
fi
mkdir -p "$1/bin" "$1/lib"
prefix=$(cd "$1" && pwd)
build="$(cd "$(dirname "$0")/.." && pwd)/target/release"
for file in polyprop polyprop-bench libpolyprop.so libpolyprop_qemu.so; do
  if [ ! -f "$build/$file" ]; then
    echo "install: $build/$file is missing: build first (cargo build --release --workspace)" >&2
    exit 1
  fi
done
install -m 755 "$build/polyprop" "$build/polyprop-bench" "$prefix/bin/"
install -m 644 "$build/libpolyprop.so" "$build/libpolyprop_qemu.so" "$prefix/lib/"
echo "install: $prefix/bin/{polyprop,polyprop-bench}, $prefix/lib/{libpolyprop.so,libpolyprop_qemu.so}"
echo "install: use clang-14 -O3 -fpass-plugin=\$($prefix/bin/polyprop --plugin-path)"
