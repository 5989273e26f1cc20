# lit configuration of polyprop's regression tests.
#
# Each test opens with the C source it came from and checks what a polyprop printer says
# about it. Substitutions:
#   %polyprop  the plugin, target/release/libpolyprop.so (POLYPROP_PLUGIN overrides)
#   %opt       LLVM 14's opt with the plugin loaded
#   %clang     clang-14
#   %ir        clang-14 emitting IR before any LLVM pass (-O2 -g), as polyprop sees it early
#   %model     %opt -passes=polyprop-canonicalize,<stage> -disable-output (append the printer)
#   %polyprop-cli    the CLI, target/release/polyprop (POLYPROP_CLI overrides)
#   %polyprop-bench  the benchmark harness, target/release/polyprop-bench
#   FileCheck, not, count: LLVM 14's, from /usr/lib/llvm-14/bin
import os
import lit.formats

config.name = "polyprop"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test", ".scop"]
config.excludes = ["Inputs", "Output"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, "Output")

root = os.path.dirname(config.test_source_root)
llvm_bin = "/usr/lib/llvm-14/bin"
plugin = os.environ.get("POLYPROP_PLUGIN", os.path.join(root, "target", "release", "libpolyprop.so"))
if not os.path.exists(plugin):
    lit_config.fatal("plugin not found at %s: run cargo build --release first" % plugin)
cli = os.environ.get("POLYPROP_CLI", os.path.join(root, "target", "release", "polyprop"))
bench = os.path.join(root, "target", "release", "polyprop-bench")

config.environment["PATH"] = os.pathsep.join([llvm_bin, config.environment.get("PATH", os.environ["PATH"])])
config.environment["POLYPROP_ROOT"] = root
# A check of polyprop's text reader against isl's parser (polyhedral/src/isl_reader.rs).
if "POLYPROP_CHECK_READER" in os.environ:
    config.environment["POLYPROP_CHECK_READER"] = os.environ["POLYPROP_CHECK_READER"]
config.substitutions.append(("%polyprop-cli", cli))
config.substitutions.append(("%polyprop-bench", bench))
config.substitutions.append(("%polyprop", plugin))
config.substitutions.append(("%opt", "%s/opt -load-pass-plugin %s" % (llvm_bin, plugin)))
config.substitutions.append(("%clang", "clang-14"))
config.substitutions.append(("%ir", "clang-14 -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm"))
config.substitutions.append(("%model", "%s/opt -load-pass-plugin %s -disable-output -passes=polyprop-canonicalize," % (llvm_bin, plugin)))
config.substitutions.append(("%root", root))
