//! Pass options: `quota=N;print=STAGES;...` after a pass name in angle brackets
//! (`print<polyprop-scops<quota=100000>>`) or, in clang builds, in `POLYPROP_OPTIONS`.
//!
//! The table of options and its parser live in the dependency-free crate `polyprop-options`
//! (`options/src/lib.rs`), which the CLI shares: `polyprop --help` lists the same table and
//! `polyprop options check 'TEXT'` runs the same parser as the plugin.

pub use polyprop_options::{Options, Parallel};
