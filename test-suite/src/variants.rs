//! Build variants: the compiler flags each column of the results is built with.
//!
//! Every variant compiles only the pipeline's own C file with its flags; the
//! driver is always built with plain `-O2` so that timings differ only by the
//! pipeline's code.

use std::path::Path;

/// What a variant stands for, for the report's honesty notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The baseline every ratio and validation refers to.
    Naive,
    /// Polly (`-mllvm -polly`).
    Polly,
    /// Our plugin (`-fpass-plugin=libpolyprop.so`).
    Polyprop,
    /// Anything given on the command line.
    Custom,
}

/// One build configuration.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub kind: Kind,
    /// Flags for compiling the pipeline's C file.
    pub compile_flags: Vec<String>,
    /// Extra flags for linking (e.g. `-fopenmp`).
    pub link_flags: Vec<String>,
    /// True when the variant loads the plugin (and so needs it built).
    pub uses_plugin: bool,
    /// The pass options it compiles with (`POLYPROP_OPTIONS`; only the program sets read it).
    pub pass_options: Option<String>,
}

/// The flags every variant starts from.
pub const BASE_FLAGS: [&str; 2] = ["-O3", "-march=native"];

fn strings(flags: &[&str]) -> Vec<String> {
    flags.iter().map(|s| s.to_string()).collect()
}

fn with_base(extra: &[String]) -> Vec<String> {
    let mut flags = strings(&BASE_FLAGS);
    flags.extend(extra.iter().cloned());
    flags
}

/// The default three: naive, Polly, polyprop; plus `extra` appended to all.
pub fn standard(plugin: &Path, extra: &[String]) -> Vec<Variant> {
    let plugin_flag = format!("-fpass-plugin={}", plugin.display());
    vec![
        Variant { name: "naive".into(), kind: Kind::Naive, compile_flags: with_base(extra), link_flags: vec![], uses_plugin: false, pass_options: None },
        Variant {
            name: "polly".into(),
            kind: Kind::Polly,
            compile_flags: [with_base(extra), strings(&["-mllvm", "-polly"])].concat(),
            link_flags: vec![],
            uses_plugin: false, pass_options: None,
        },
        Variant {
            name: "polyprop".into(),
            kind: Kind::Polyprop,
            compile_flags: [with_base(extra), vec![plugin_flag]].concat(),
            link_flags: vec![],
            uses_plugin: true, pass_options: None,
        },
    ]
}

/// The naive build without `-ffast-math`, whose output is the reference of a `--fast-math`
/// run: the source's operations in the source's order.
pub fn strict(extra: &[String]) -> Variant {
    Variant { name: "strict".into(), kind: Kind::Custom, compile_flags: with_base(extra), link_flags: vec![], uses_plugin: false, pass_options: None }
}

/// The macro that turns every `float` of a pipeline into `double`
/// (`pipelines/pipeline_common.h`) and makes the driver widen and narrow the buffers
/// (`driver/driver.c`); the driver of a variant with it is built with it too.
pub const DOUBLE_REFERENCE: &str = "-DPOLYPROP_DOUBLE_REFERENCE";

/// The reference of a `--fast-math` run: the naive build without `-ffast-math`, in `double`.
pub fn double_reference(extra: &[String]) -> Variant {
    Variant {
        name: "double".into(),
        kind: Kind::Custom,
        compile_flags: [with_base(extra), vec![DOUBLE_REFERENCE.into()]].concat(),
        link_flags: vec![],
        uses_plugin: false, pass_options: None,
    }
}

/// The flags the driver of `v` is built with besides its own: the double reference's macro.
pub fn driver_defines(v: &Variant) -> Vec<String> {
    v.compile_flags.iter().filter(|f| *f == DOUBLE_REFERENCE).cloned().collect()
}

/// The threaded variants, as paper 003 section 6 compares them (parallel against parallel):
/// the naive code with its OpenMP pragmas (`POLYPROP_OMP`), Polly's own parallelizer on the
/// pragma-free code, and polyprop's parallel loops (section 5.2) on the pragma-free code:
/// with `-fopenmp` the plugin runs the outermost parallel loop of each generated nest on
/// libomp's threads; `polyprop-pragmas` is the plugin on the code with its pragmas, as a user
/// builds PolyMage's code (clang outlines those loops, and the plugin's copy runs each in one
/// thread before it models the function).
pub fn threaded(plugin: &Path, extra: &[String]) -> Vec<Variant> {
    vec![
        Variant {
            name: NAIVE_OMP.into(),
            kind: Kind::Custom,
            compile_flags: [with_base(extra), strings(&["-fopenmp", "-DPOLYPROP_OMP"])].concat(),
            link_flags: strings(&["-fopenmp"]),
            uses_plugin: false, pass_options: None,
        },
        Variant {
            name: "polly-parallel".into(),
            kind: Kind::Custom,
            compile_flags: [with_base(extra), strings(&["-mllvm", "-polly", "-mllvm", "-polly-parallel"])].concat(),
            // Polly's parallel code calls GNU OpenMP's entry points, which libomp provides.
            link_flags: strings(&["-fopenmp"]),
            uses_plugin: false, pass_options: None,
        },
        Variant {
            name: "polyprop-omp".into(),
            kind: Kind::Custom,
            compile_flags: [with_base(extra), strings(&["-fopenmp"]), vec![format!("-fpass-plugin={}", plugin.display())]].concat(),
            link_flags: strings(&["-fopenmp"]),
            uses_plugin: true, pass_options: None,
        },
        Variant {
            name: PRAGMAS.into(),
            kind: Kind::Custom,
            compile_flags: [with_base(extra), strings(&["-fopenmp", "-DPOLYPROP_OMP"]), vec![format!("-fpass-plugin={}", plugin.display())]].concat(),
            link_flags: strings(&["-fopenmp"]),
            uses_plugin: true, pass_options: None,
        },
    ]
}

/// The threaded variants that build the sources' own OpenMP pragmas.
pub const NAIVE_OMP: &str = "naive-omp";
pub const PRAGMAS: &str = "polyprop-pragmas";

/// polyprop with the option `schedule` (isl's scheduler, tiling and register tiles where the
/// cost model prefers them, issue 17): `polyprop-schedule`.
pub fn scheduled(plugin: &Path, extra: &[String]) -> Variant {
    Variant {
        name: "polyprop-schedule".into(),
        kind: Kind::Custom,
        compile_flags: [with_base(extra), vec![format!("-fpass-plugin={}", plugin.display())]].concat(),
        link_flags: vec![],
        uses_plugin: true,
        pass_options: Some("schedule".into()),
    }
}

/// A variant from `NAME=FLAGS` on the command line: the base flags plus FLAGS
/// (split at whitespace). A flag `-fpass-plugin=...` marks it as using a plugin;
/// `-fopenmp...` flags are passed to the link too.
pub fn custom(spec: &str, extra: &[String]) -> Result<Variant, String> {
    let (name, flags) = spec.split_once('=').ok_or_else(|| format!("--variant `{spec}`: expected NAME=FLAGS"))?;
    if name.is_empty() || name.contains(',') || name.contains('/') {
        return Err(format!("--variant `{spec}`: bad name"));
    }
    let own: Vec<String> = flags.split_whitespace().map(String::from).collect();
    let link_flags = own.iter().filter(|f| f.starts_with("-fopenmp")).cloned().collect();
    Ok(Variant {
        name: name.to_string(),
        kind: Kind::Custom,
        uses_plugin: own.iter().any(|f| f.starts_with("-fpass-plugin")),
        pass_options: None,
        compile_flags: [with_base(extra), own].concat(),
        link_flags,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_variants_differ_only_by_their_own_flag() {
        let v = standard(Path::new("/p/libpolyprop.so"), &[]);
        assert_eq!(v[0].compile_flags, ["-O3", "-march=native"]);
        assert_eq!(v[1].compile_flags[2..], ["-mllvm", "-polly"]);
        assert_eq!(v[2].compile_flags[2..], ["-fpass-plugin=/p/libpolyprop.so"]);
        assert!(v[2].uses_plugin && !v[1].uses_plugin);
    }

    #[test]
    fn custom_variant_parses_name_and_flags() {
        let v = custom("fast=-ffast-math -fopenmp", &[]).unwrap();
        assert_eq!(v.name, "fast");
        assert_eq!(v.compile_flags.last().unwrap(), "-fopenmp");
        assert_eq!(v.link_flags, ["-fopenmp"]);
        assert!(custom("noequals", &[]).is_err());
    }
}
