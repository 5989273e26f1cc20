//! The seven PolyMage pipelines of paper 003's Table 1 as this suite writes
//! them: C source file, driver macro, stage count and output element kind.

/// How the driver sizes a run: `small` for tests, `quick` for the harness's
/// default, `full` for the papers' image sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    Small,
    Quick,
    Full,
}

impl Size {
    /// The name the driver accepts after `--size`.
    pub fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Quick => "quick",
            Size::Full => "full",
        }
    }
}

/// Element type of a pipeline's output buffer, for the absolute difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    F32,
    U16,
    U8,
}

impl Element {
    /// Bytes per element.
    pub fn width(self) -> usize {
        match self {
            Element::F32 => 4,
            Element::U16 => 2,
            Element::U8 => 1,
        }
    }
}

/// One benchmark pipeline.
#[derive(Clone, Copy, Debug)]
pub struct Pipeline {
    /// Name, also the C file stem (`pipelines/<name>.c`) and the function
    /// suffix (`pipeline_<name>`).
    pub name: &'static str,
    /// Number in paper 003's Table 1.
    pub table_number: u32,
    /// Arrays written by the pipeline (temporaries and the output).
    pub stages: u32,
    /// The output's element type.
    pub output: Element,
    /// Full size as the papers use it, for the README and reports.
    pub full_size: &'static str,
}

impl Pipeline {
    /// The driver macro that selects this pipeline (`-DPIPELINE_<NAME>`).
    pub fn driver_macro(&self) -> String {
        format!("PIPELINE_{}", self.name.to_uppercase())
    }
}

/// All seven, in Table 1's order.
pub const ALL: [Pipeline; 7] = [
    Pipeline { name: "unsharp_mask", table_number: 1, stages: 4, output: Element::F32, full_size: "3 x 2048 x 2048 float" },
    Pipeline { name: "harris", table_number: 2, stages: 11, output: Element::F32, full_size: "6400 x 6400 float" },
    Pipeline { name: "bilateral_grid", table_number: 3, stages: 6, output: Element::F32, full_size: "1536 x 2560 float" },
    Pipeline { name: "camera_pipe", table_number: 4, stages: 27, output: Element::U8, full_size: "1968 x 2592 raw -> 1920 x 2528 RGB" },
    Pipeline { name: "pyramid_blending", table_number: 5, stages: 40, output: Element::F32, full_size: "2 x 3 x 2048 x 2048 float" },
    Pipeline { name: "interpolate", table_number: 6, stages: 38, output: Element::F32, full_size: "4 x 1536 x 2560 float" },
    Pipeline { name: "local_laplacian", table_number: 7, stages: 68, output: Element::U16, full_size: "3 x 1536 x 2560 uint16" },
];

/// The pipelines named in `names` (all when empty); unknown names are errors.
pub fn select(names: &[String]) -> Result<Vec<Pipeline>, String> {
    if names.is_empty() {
        return Ok(ALL.to_vec());
    }
    names
        .iter()
        .map(|n| {
            ALL.iter()
                .find(|p| p.name == n.as_str())
                .copied()
                .ok_or_else(|| format!("unknown pipeline `{n}` (known: {})", names_list()))
        })
        .collect()
}

fn names_list() -> String {
    ALL.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_counts_match_table_1() {
        let counts: Vec<u32> = ALL.iter().map(|p| p.stages).collect();
        assert_eq!(counts, [4, 11, 6, 27, 40, 38, 68]);
    }

    #[test]
    fn select_rejects_unknown_names() {
        assert!(select(&["harris".into()]).unwrap()[0].name == "harris");
        assert!(select(&["nope".into()]).is_err());
    }
}

#[cfg(test)]
mod source_tests {
    use super::*;

    /// Temporaries allocated in a pipeline's C source: `malloc(` and
    /// `ALLOC(` calls outside `#define` lines.
    fn allocations(source: &str) -> u32 {
        source
            .lines()
            .filter(|l| !l.trim_start().starts_with("#define"))
            .map(|l| (l.matches("malloc(").count() + l.matches("ALLOC(").count()) as u32)
            .sum()
    }

    #[test]
    fn every_stage_but_the_output_is_a_malloced_temporary() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("pipelines");
        for p in ALL {
            let source = std::fs::read_to_string(dir.join(format!("{}.c", p.name))).unwrap();
            assert_eq!(allocations(&source) + 1, p.stages, "{}", p.name);
            assert_eq!(source.matches("free(").count() as u32 + 1, p.stages, "{} frees", p.name);
        }
    }
}
