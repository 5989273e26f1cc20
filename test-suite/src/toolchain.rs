//! Compiling and linking: the driver once per pipeline (plain `-O2`), the
//! pipeline once per variant, and the LLVM IR used to tell whether a variant
//! changed the code at all.
//!
//! Compiling a pipeline can be slow (Polly takes minutes on `interpolate`), so
//! each compiled file keeps a stamp beside it: the compiler, the flags, a hash
//! of the sources and, for flags that load a plugin, the plugin's size and
//! modification time. A file whose stamp matches is reused.

use crate::pipelines::Pipeline;
use crate::variants::Variant;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the tools and sources are.
#[derive(Clone, Debug)]
pub struct Toolchain {
    pub clang: PathBuf,
    pub opt: PathBuf,
    /// `test-suite/` of the repository.
    pub suite_dir: PathBuf,
    /// Build products go here.
    pub build_dir: PathBuf,
}

/// Runs `cmd`; on failure returns its command line and standard error.
pub fn run_checked(cmd: &mut Command) -> Result<std::process::Output, String> {
    let output = cmd.output().map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    if output.status.success() {
        Ok(output)
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(20).collect();
        Err(format!(
            "{:?} failed ({}):\n{}",
            cmd,
            output.status,
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        ))
    }
}

impl Toolchain {
    pub fn new(clang: PathBuf, opt: PathBuf, suite_dir: PathBuf, build_dir: PathBuf) -> Self {
        Toolchain { clang, opt, suite_dir, build_dir }
    }

    fn pipeline_source(&self, p: &Pipeline) -> PathBuf {
        self.suite_dir.join("pipelines").join(format!("{}.c", p.name))
    }

    /// The driver object for `p` in variant `v` (with `-O2`; `v` only adds the double
    /// reference's macro, see [`crate::variants::driver_defines`]).
    pub fn build_driver(&self, p: &Pipeline, v: &Variant) -> Result<PathBuf, String> {
        std::fs::create_dir_all(&self.build_dir).map_err(|e| e.to_string())?;
        let defines = crate::variants::driver_defines(v);
        let suffix = if defines.is_empty() { "" } else { ".double" };
        let object = self.build_dir.join(format!("driver_{}{suffix}.o", p.name));
        run_checked(
            Command::new(&self.clang)
                .args(["-O2", "-c", "-Wall"])
                .args(&defines)
                .arg(format!("-D{}", p.driver_macro()))
                .arg(self.suite_dir.join("driver/driver.c"))
                .arg("-o")
                .arg(&object),
        )?;
        Ok(object)
    }

    /// The key a compiled file of `p` with `flags` is stamped with.
    fn stamp_key(&self, p: &Pipeline, flags: &[String]) -> String {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        for file in [self.pipeline_source(p), self.suite_dir.join("pipelines/pipeline_common.h")] {
            std::fs::read(&file).unwrap_or_default().hash(&mut hasher);
        }
        let plugins: Vec<String> = flags
            .iter()
            .filter_map(|f| f.strip_prefix("-fpass-plugin="))
            .map(|path| match std::fs::metadata(path) {
                Ok(m) => format!("{path}:{}:{:?}", m.len(), m.modified().ok()),
                Err(_) => format!("{path}:missing"),
            })
            .collect();
        format!("clang={}\nflags={}\nsources={:016x}\nplugins={}\n", self.clang.display(), flags.join(" "), hasher.finish(), plugins.join(" "))
    }

    /// Runs `clang flags source extra -o output` unless `output`'s stamp matches.
    fn compile_cached(&self, p: &Pipeline, flags: &[String], extra: &[&str], output: &Path) -> Result<(), String> {
        let stamp = output.with_extension(format!("{}.stamp", output.extension().and_then(|e| e.to_str()).unwrap_or("")));
        let key = self.stamp_key(p, &[flags, &extra.iter().map(|s| s.to_string()).collect::<Vec<_>>()].concat());
        if output.exists() && std::fs::read_to_string(&stamp).ok().as_deref() == Some(key.as_str()) {
            return Ok(());
        }
        let _ = std::fs::remove_file(&stamp);
        run_checked(Command::new(&self.clang).args(flags).args(extra).arg(self.pipeline_source(p)).arg("-o").arg(output))?;
        std::fs::write(&stamp, key).map_err(|e| e.to_string())
    }

    /// The benchmark binary of `p` in variant `v`, linked with `driver`.
    pub fn build_binary(&self, p: &Pipeline, v: &Variant, driver: &Path) -> Result<PathBuf, String> {
        let object = self.build_dir.join(format!("{}.{}.o", p.name, v.name));
        let binary = self.build_dir.join(format!("{}.{}", p.name, v.name));
        self.compile_cached(p, &v.compile_flags, &["-c"], &object)?;
        run_checked(
            Command::new(&self.clang)
                .arg(driver)
                .arg(&object)
                .arg("-lm")
                .args(&v.link_flags)
                .arg("-o")
                .arg(&binary),
        )?;
        Ok(binary)
    }

    /// The optimized LLVM IR of `p` in variant `v` (for the "did it change
    /// the code" check), with the lines that only name files removed.
    pub fn optimized_ir(&self, p: &Pipeline, v: &Variant) -> Result<String, String> {
        let path = self.build_dir.join(format!("{}.{}.ll", p.name, v.name));
        self.compile_cached(p, &v.compile_flags, &["-S", "-emit-llvm"], &path)?;
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        Ok(strip_file_names(&text))
    }

    /// Unoptimized IR of `p` for the model printers: what clang hands the
    /// pass pipeline (`-O2 -Xclang -disable-llvm-passes`), with `-g` so that
    /// the printed arrays carry their source names.
    pub fn unoptimized_ir(&self, p: &Pipeline) -> Result<PathBuf, String> {
        std::fs::create_dir_all(&self.build_dir).map_err(|e| e.to_string())?;
        let path = self.build_dir.join(format!("{}.unoptimized.ll", p.name));
        run_checked(
            Command::new(&self.clang)
                .args(["-O2", "-g", "-march=native", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm"])
                .arg(self.pipeline_source(p))
                .arg("-o")
                .arg(&path),
        )?;
        Ok(path)
    }
}

/// `text` without the `; ModuleID` and `source_filename` lines.
pub fn strip_file_names(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiled_files_are_reused_until_the_source_or_flags_change() {
        let dir = std::env::temp_dir().join(format!("polyprop-cache-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pipelines")).unwrap();
        std::fs::write(dir.join("pipelines/pipeline_common.h"), "").unwrap();
        let source = dir.join("pipelines/harris.c");
        std::fs::write(&source, "void f(void) {}\n").unwrap();
        let tools = Toolchain::new("clang-14".into(), "opt".into(), dir.clone(), dir.join("build"));
        std::fs::create_dir_all(&tools.build_dir).unwrap();
        let p = crate::pipelines::ALL[1];
        let out = tools.build_dir.join("x.o");
        let flags = vec!["-O1".to_string()];
        let modified = || std::fs::metadata(&out).unwrap().modified().unwrap();
        tools.compile_cached(&p, &flags, &["-c"], &out).unwrap();
        let first = modified();
        std::thread::sleep(std::time::Duration::from_millis(20));
        tools.compile_cached(&p, &flags, &["-c"], &out).unwrap();
        assert_eq!(modified(), first, "same source and flags: reused");
        tools.compile_cached(&p, &["-O2".to_string()], &["-c"], &out).unwrap();
        let second = modified();
        assert_ne!(second, first, "other flags: rebuilt");
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&source, "void g(void) {}\n").unwrap();
        tools.compile_cached(&p, &["-O2".to_string()], &["-c"], &out).unwrap();
        assert_ne!(modified(), second, "other source: rebuilt");
    }

    #[test]
    fn strip_file_names_keeps_the_code() {
        let a = "; ModuleID = 'a.c'\nsource_filename = \"a.c\"\ndefine void @f() {\n}";
        let b = "; ModuleID = 'b.c'\nsource_filename = \"b.c\"\ndefine void @f() {\n}";
        assert_eq!(strip_file_names(a), strip_file_names(b));
        assert_ne!(strip_file_names(a), strip_file_names("define void @g() {\n}"));
    }
}
