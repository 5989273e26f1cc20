//! The polyprop LLVM pass plugin.
