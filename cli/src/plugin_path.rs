//! `polyprop --plugin-path`: where the pass plugin `libpolyprop.so` of this `polyprop` is.
//!
//! Installed (`./setup.sh --install PREFIX`): `PREFIX/bin/polyprop` and
//! `PREFIX/lib/libpolyprop.so`. Built by cargo: both in `target/release/`.

use std::path::PathBuf;

pub const PLUGIN: &str = "libpolyprop.so";

/// The absolute path of the plugin: `<dir of exe>/../lib/libpolyprop.so`, else
/// `<dir of exe>/libpolyprop.so`.
pub fn find() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().and_then(|e| e.canonicalize()).map_err(|e| format!("cannot locate this executable: {e}"))?;
    let bin = exe.parent().ok_or("cannot locate this executable's folder")?;
    let prefix = bin.parent().unwrap_or(bin);
    let candidates = [prefix.join("lib").join(PLUGIN), bin.join(PLUGIN)];
    candidates.iter().find_map(|c| c.canonicalize().ok()).ok_or_else(|| {
        format!(
            "{PLUGIN} not found at {} or {} (build it: cargo build --release; or install: ./setup.sh --install PREFIX)",
            candidates[0].display(),
            candidates[1].display()
        )
    })
}

pub fn print() -> Result<(), String> {
    println!("{}", find()?.display());
    Ok(())
}
