//! The pass options of polyprop: one table ([`TABLE`]) and its parser ([`Options::parse`]).
//!
//! Options follow the pass name in angle brackets, separated by `;`:
//! `opt -passes='print<polyprop-scops<quota=100000>>'`, `-passes='polyprop<cache-limit=16>'`.
//! In `clang -fpass-plugin` builds, where no pipeline text can be given, the same options come
//! from the environment variable `POLYPROP_OPTIONS` (`POLYPROP_OPTIONS='print=scops;quota=1e5'`).
//!
//! The plugin (`pass/`) parses with this crate; the CLI (`cli/`) prints [`TABLE`] in
//! `polyprop --help` and checks a string with the same parser (`polyprop options check`). This
//! crate has no dependencies, so the CLI does not link LLVM.
//!
//! Adding an option: a field of [`Options`] with its default, and one [`OptionSpec`] in
//! [`TABLE`] (its place there is its place in the "known:" list of errors).
//!
//! Invariant: every option in [`TABLE`] is either a flag (`value: None`, written `name`) or
//! takes a value (`value: Some(placeholder)`, written `name=value`); an item that does not
//! fit its entry is an error, and so is an unknown name. Errors are one line.

/// Parsed options of one pass instance.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub quota: u64,
    pub disable: bool,
    pub print: Vec<String>,
    pub jscop_dir: String,
    /// Where the transform reads JSCoP files to import (`import-jscop=DIR`), if anywhere.
    pub import_jscop: Option<String>,
    /// A folded profile of a run (`polyprop profile`) to read (`profile=FILE`), if any.
    pub profile: Option<String>,
    pub cache_line: u64,
    pub cache_limit: u64,
    pub split_limit: u64,
    pub dependence_limit: u64,
    pub expression_limit: u64,
    /// Most operations per element that propagating a temporary may add by evaluating its
    /// writer more than once (`recompute-limit=N`); `None` (`off`): no limit. Decides only
    /// with `cost=heuristic`.
    pub recompute_limit: Option<u64>,
    /// Whether the measured cost model decides which temporaries are worth propagating
    /// (`cost=model`, the default) or the recomputation limit does (`cost=heuristic`).
    pub cost_model: bool,
    /// Temporaries propagated whatever the benefit tests predict: the cost model or the
    /// recomputation limit, the cache-miss and code-complexity heuristics
    /// (`propagate=NAME,...`): the other choice of a calibration.
    pub propagate: Vec<String>,
    /// Temporaries that propagation leaves as they are (`keep=NAME,...`), by their source
    /// names: the user's override of the heuristics, and the subsets of paper 003's random
    /// propagation experiment (section 6.1, Figure 12).
    pub keep: Vec<String>,
    /// Whether a clamped read of a whole producer is replaced by one expression
    /// (`clamped-reads=whole`, the default) or its reader split per border as paper 003's
    /// section 3 does (`split`).
    pub whole_clamped_reads: bool,
    /// Whether temporaries left kept are stored as line buffers where that is legal
    /// (`line-buffers=on`, the default; issue 18).
    pub line_buffers: bool,
    /// The smallest subtree, in operations, that a generated innermost loop carries from one
    /// iteration to the next instead of recomputing it at consecutive iterations
    /// (`recurrences=N`; paper 003 §5.4); 0 (`off`): none.
    pub recurrences: u64,
    /// Whether the generated code runs its parallel loops with OpenMP (`parallel=`).
    pub parallel: Parallel,
    /// Reschedule and tile with isl's scheduler (`schedule`), with tiles of `tile_size`
    /// (`None`: the measured sizes of `polyhedral::scheduling::TileSize::Measured`).
    pub schedule: bool,
    /// Whether `schedule_cost`'s model decides between the original and the new schedule
    /// (`schedule-cost=on`, the default), or the new one is always taken.
    pub schedule_cost: bool,
    pub tile_size: Option<u64>,
    pub lang: bool,
    /// Whether the generated code says on stderr each time its run-time check holds and the
    /// new code runs (`trace-checks`): for test harnesses, where a transform whose check
    /// never holds would pass every differential test.
    pub trace_checks: bool,
}

/// The default of `recompute-limit`: camera pipe's denoised image adds 264 operations per
/// element and is twice as fast kept; pyramid blending's most recomputed stage adds 210 and
/// costs an array kept, at the same speed (docs/benchmarks/recomputation.txt).
pub const RECOMPUTE_LIMIT: u64 = 240;

/// When the generated code runs parallel loops on threads (libomp's `__kmpc_fork_call`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallel {
    /// When the module was compiled with `-fopenmp` (its `openmp` module flag).
    Auto,
    /// Always; the program must then be linked with `-fopenmp`.
    On,
    Off,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            quota: 2_000_000,
            disable: false,
            print: Vec::new(),
            jscop_dir: ".".to_string(),
            import_jscop: None,
            profile: None,
            cache_line: 8,
            cache_limit: 32,
            split_limit: 8,
            dependence_limit: 256,
            expression_limit: 10_000,
            recompute_limit: Some(RECOMPUTE_LIMIT),
            cost_model: true,
            keep: Vec::new(),
            propagate: Vec::new(),
            whole_clamped_reads: true,
            line_buffers: true,
            recurrences: 2,
            parallel: Parallel::Auto,
            schedule: false,
            schedule_cost: true,
            tile_size: None,
            lang: false,
            trace_checks: false,
        }
    }
}

/// One option: how it is written, what it means, and how it reads into and shows from
/// [`Options`].
pub struct OptionSpec {
    pub name: &'static str,
    /// The placeholder of its value (`N`, `DIR`, `STAGES`); `None` for a flag.
    pub value: Option<&'static str>,
    /// One line for `polyprop --help`, naming the default.
    pub description: &'static str,
    /// Reads the value (`""` for a flag) into the options.
    set: fn(&mut Options, key: &str, value: &str) -> Result<(), String>,
    /// The value as it would be written (`"yes"`/`"no"` for a flag).
    show: fn(&Options) -> String,
}

/// The stages `print=` can name.
pub const PRINTABLE: [&str; 8] = ["detect", "scops", "deps", "deps-dot", "propagation", "transform", "profile", "time"];

/// Every option, in the order of the "known:" list of errors.
pub const TABLE: &[OptionSpec] = &[
    OptionSpec {
        name: "quota",
        value: Some("N"),
        description: "isl operations allowed per region (default 2000000; 1e5 style accepted)",
        set: |o, key, v| {
            o.quota = parse_number(key, v)?;
            Ok(())
        },
        show: |o| o.quota.to_string(),
    },
    OptionSpec {
        name: "disable",
        value: None,
        description: "run nothing (clang builds: no pass is added)",
        set: |o, _, _| {
            o.disable = true;
            Ok(())
        },
        show: |o| yes_no(o.disable),
    },
    OptionSpec {
        name: "print",
        value: Some("STAGES"),
        description: "print the stages, comma-separated: detect, scops, deps, deps-dot (Graphviz), propagation, transform, profile (the profile's loops matched to the IR's), time (seconds per stage of the transform; in clang, every try where a rejected function is tried again with splits, each labeled with its try); in clang, any stage but transform and time canonicalizes every function in place first, stages inlined, so that the object differs from a build without it",
        set: |o, _, v| parse_print(o, v),
        show: |o| o.print.join(","),
    },
    OptionSpec {
        name: "jscop-dir",
        value: Some("DIR"),
        description: "where polyprop-export-jscop writes (default: the current folder)",
        set: |o, _, v| {
            o.jscop_dir = v.to_string();
            Ok(())
        },
        show: |o| o.jscop_dir.clone(),
    },
    OptionSpec {
        name: "import-jscop",
        value: Some("DIR"),
        description: "the transform reads DIR/<scop>.jscop (schedule, accesses), checks it against the dependences and applies it",
        set: |o, _, v| {
            o.import_jscop = Some(v.to_string());
            Ok(())
        },
        show: |o| o.import_jscop.clone().unwrap_or_default(),
    },
    OptionSpec {
        name: "profile",
        value: Some("FILE"),
        description: "read the folded profile FILE (polyprop profile -o FILE -- ./app); a missing or corrupt one gives one line and the pass goes on without it",
        set: |o, _, v| {
            o.profile = Some(v.to_string());
            Ok(())
        },
        show: |o| o.profile.clone().unwrap_or_default(),
    },
    OptionSpec {
        name: "cache-line",
        value: Some("N"),
        description: "cache line size in elements for the cache-miss heuristic (default 8)",
        set: |o, key, v| {
            o.cache_line = parse_number(key, v)?;
            Ok(())
        },
        show: |o| o.cache_line.to_string(),
    },
    OptionSpec {
        name: "cache-limit",
        value: Some("N"),
        description: "new cache lines per iteration allowed by propagation (default 32)",
        set: |o, key, v| {
            o.cache_limit = parse_number(key, v)?;
            Ok(())
        },
        show: |o| o.cache_limit.to_string(),
    },
    OptionSpec {
        name: "split-limit",
        value: Some("N"),
        description: "most parts a statement may be split into per location (default 8)",
        set: |o, key, v| {
            o.split_limit = parse_number(key, v)?;
            Ok(())
        },
        show: |o| o.split_limit.to_string(),
    },
    OptionSpec {
        name: "dependence-limit",
        value: Some("N"),
        description: "most RAW dependences propagated per location (default 256)",
        set: |o, key, v| {
            o.dependence_limit = parse_number(key, v)?;
            Ok(())
        },
        show: |o| o.dependence_limit.to_string(),
    },
    OptionSpec {
        name: "expression-limit",
        value: Some("N"),
        description: "most expression nodes a statement may have after propagation (default 10000)",
        set: |o, key, v| {
            o.expression_limit = parse_number(key, v)?;
            Ok(())
        },
        show: |o| o.expression_limit.to_string(),
    },
    OptionSpec {
        name: "cost",
        value: Some("model|heuristic"),
        description: "what decides whether a temporary's recomputation is worth its array: the cost model measured on the pipelines (model, the default: docs/benchmarks/cost-calibration.txt) or the recomputation limit (heuristic)",
        set: |o, key, v| {
            o.cost_model = match v {
                "model" => true,
                "heuristic" => false,
                _ => return Err(format!("option '{key}' needs model or heuristic, got '{v}'")),
            };
            Ok(())
        },
        show: |o| if o.cost_model { "model" } else { "heuristic" }.to_string(),
    },
    OptionSpec {
        name: "recompute-limit",
        value: Some("N|off"),
        description: "most operations per element a temporary's propagation may add by evaluating its value more than once, across outer loops; sets cost=heuristic (default 240, measured on the pipelines: docs/benchmarks/recomputation.txt), off",
        set: |o, key, v| {
            o.cost_model = false;
            // 0 is a limit too: no temporary is evaluated more than once per element.
            o.recompute_limit = match v {
                "off" => None,
                "0" => Some(0),
                _ => Some(parse_number(key, v).map_err(|_| format!("option '{key}' needs a non-negative integer or off, got '{v}'"))?),
            };
            Ok(())
        },
        show: |o| o.recompute_limit.map_or("off".to_string(), |n| n.to_string()),
    },
    OptionSpec {
        name: "keep",
        value: Some("NAMES"),
        description: "temporaries left unpropagated, comma-separated source names (default none)",
        set: |o, _, v| {
            o.keep.extend(names(v));
            Ok(())
        },
        show: |o| o.keep.join(","),
    },
    OptionSpec {
        name: "propagate",
        value: Some("NAMES"),
        description: "temporaries propagated whatever the benefit tests predict (cost model or recomputation limit, cache misses, code complexity), comma-separated source names; legality and compile-time limits still hold (default none)",
        set: |o, _, v| {
            o.propagate.extend(names(v));
            Ok(())
        },
        show: |o| o.propagate.join(","),
    },
    OptionSpec {
        name: "clamped-reads",
        value: Some("whole|split"),
        description: "a clamped read of a whole producer (t[max(x - 1, 0)]) is replaced by one expression: whole (default), or its reader is split per border as paper 003's section 3 does: split",
        set: |o, key, v| {
            o.whole_clamped_reads = parse_choice(key, v, WHOLE_SPLIT)?;
            Ok(())
        },
        show: |o| show_choice(o.whole_clamped_reads, WHOLE_SPLIT),
    },
    OptionSpec {
        name: "line-buffers",
        value: Some("on|off"),
        description: "a temporary left kept whose readers read it a few rows from where it was written is stored as those rows inside their loops (its writer fused into them, the rows indexed modulo their number) where isl proves it legal: on (default), off",
        set: |o, key, v| {
            o.line_buffers = parse_choice(key, v, ON_OFF)?;
            Ok(())
        },
        show: |o| show_choice(o.line_buffers, ON_OFF),
    },
    OptionSpec {
        name: "recurrences",
        value: Some("N|off"),
        description: "an expression of at least N operations that a generated innermost loop computes at consecutive iterations is computed once and carried in scalars (higher-order recurrences, paper 003 section 5.4): default 2, off",
        set: |o, key, v| {
            o.recurrences = match v {
                "off" => 0,
                _ => parse_number(key, v).map_err(|_| format!("option '{key}' needs a positive integer or off, got '{v}'"))?,
            };
            Ok(())
        },
        show: |o| if o.recurrences == 0 { "off".to_string() } else { o.recurrences.to_string() },
    },
    OptionSpec {
        name: "parallel",
        value: Some("auto|on|off"),
        description: "run the outermost parallel loop of each generated nest on OpenMP threads: auto (default) when compiled with -fopenmp, on (link with -fopenmp), off",
        set: |o, key, v| {
            o.parallel = match v {
                "auto" => Parallel::Auto,
                "on" => Parallel::On,
                "off" => Parallel::Off,
                _ => return Err(format!("option '{key}' is auto, on or off, got '{v}'")),
            };
            Ok(())
        },
        show: |o| format!("{:?}", o.parallel).to_lowercase(),
    },
    OptionSpec {
        name: "schedule",
        value: None,
        description: "reschedule every SCoP with isl's scheduler and tile its permutable bands (also SCoPs without a temporary), where the cost model prefers it (schedule-cost)",
        set: |o, _, _| {
            o.schedule = true;
            Ok(())
        },
        show: |o| yes_no(o.schedule),
    },
    OptionSpec {
        name: "schedule-cost",
        value: Some("on|off"),
        description: "under schedule, keep the original schedule unless the cost model (cache lines per instance, register tiles) prefers the new one: on (default), off (always take the new one)",
        set: |o, key, v| {
            o.schedule_cost = parse_choice(key, v, ON_OFF)?;
            Ok(())
        },
        show: |o| show_choice(o.schedule_cost, ON_OFF),
    },
    OptionSpec {
        name: "tile-size",
        value: Some("N|auto"),
        description: "tiles of N x N ... under schedule (register tiles' columns rounded up to whole register tiles); auto (default): 64, and bands tiled for registers sized for the L2 cache (measured on the 16-kernel set, docs/benchmarks/scheduling.txt)",
        set: |o, key, v| {
            o.tile_size = match v {
                "auto" => None,
                _ => Some(parse_number(key, v).map_err(|_| format!("option '{key}' needs a positive integer or auto, got '{v}'"))?),
            };
            Ok(())
        },
        show: |o| o.tile_size.map_or("auto".to_string(), |n| n.to_string()),
    },
    OptionSpec {
        name: "lang",
        value: None,
        description: "print<polyprop-scops> writes the textual SCoP language",
        set: |o, _, _| {
            o.lang = true;
            Ok(())
        },
        show: |o| yes_no(o.lang),
    },
    OptionSpec {
        name: "trace-checks",
        value: None,
        description: "the generated code writes `polyprop: new code of F` to stderr each time its run-time check holds (for tests: which transformed regions ran)",
        set: |o, _, _| {
            o.trace_checks = true;
            Ok(())
        },
        show: |o| yes_no(o.trace_checks),
    },
];

impl Options {
    /// Whether no printer runs but the transform's lines: the transform then decides from as
    /// little of the model as it can (and clang transforms copies of functions).
    pub fn prints_only_transform(&self) -> bool {
        self.print.iter().all(|p| p == "transform" || p == "time")
    }

    /// Parses `key=value;key;...`; an unknown key or a bad value is a one-line error.
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut options = Options::default();
        for item in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (item, None),
            };
            let Some(spec) = TABLE.iter().find(|spec| spec.name == key) else {
                return Err(format!("unknown pass parameter '{key}' (known: {})", known()));
            };
            match (spec.value, value) {
                (Some(_), Some(v)) => (spec.set)(&mut options, key, v)?,
                (None, None) => (spec.set)(&mut options, key, "")?,
                (Some(_), None) => return Err(format!("option '{key}' needs a value ({key}=...)")),
                (None, Some(_)) => return Err(format!("option '{key}' takes no value")),
            }
        }
        Ok(options)
    }

    /// Every option with its value, one `name=value` per line in [`TABLE`] order (flags as
    /// `name=yes` or `name=no`).
    pub fn describe(&self) -> String {
        TABLE.iter().map(|spec| format!("{}={}\n", spec.name, (spec.show)(self))).collect()
    }
}

/// The names of [`TABLE`], comma-separated.
pub fn known() -> String {
    TABLE.iter().map(|spec| spec.name).collect::<Vec<_>>().join(", ")
}

/// The table as help text: one line per option, `name=VALUE` or `name`, then its meaning.
pub fn help() -> String {
    let written = |spec: &OptionSpec| match spec.value {
        Some(placeholder) => format!("{}={placeholder}", spec.name),
        None => spec.name.to_string(),
    };
    let width = TABLE.iter().map(|spec| written(spec).len()).max().unwrap_or(0);
    TABLE.iter().map(|spec| format!("  {:<width$}  {}\n", written(spec), spec.description)).collect()
}

fn yes_no(flag: bool) -> String {
    if flag { "yes" } else { "no" }.to_string()
}

fn parse_print(options: &mut Options, value: &str) -> Result<(), String> {
    for stage in value.split(',').map(str::trim) {
        if !PRINTABLE.contains(&stage) {
            return Err(format!("unknown stage '{stage}' in print= (known: {})", PRINTABLE.join(", ")));
        }
        options.print.push(stage.to_string());
    }
    Ok(())
}

/// The two words of a two-way option, the one meaning `true` first.
const ON_OFF: [&str; 2] = ["on", "off"];
const WHOLE_SPLIT: [&str; 2] = ["whole", "split"];

/// A two-way option's value: `true` for `words[0]`, `false` for `words[1]`.
fn parse_choice(key: &str, value: &str, words: [&str; 2]) -> Result<bool, String> {
    match words.iter().position(|w| *w == value) {
        Some(k) => Ok(k == 0),
        None => Err(format!("option '{key}' is {} or {}, got '{value}'", words[0], words[1])),
    }
}

fn show_choice(flag: bool, words: [&str; 2]) -> String {
    words[usize::from(!flag)].to_string()
}

/// The source names of a `NAMES` value: comma-separated, blanks around them and empty items
/// dropped.
fn names(value: &str) -> impl Iterator<Item = String> + '_ {
    value.split(',').map(str::trim).filter(|n| !n.is_empty()).map(str::to_string)
}

fn parse_number(key: &str, value: &str) -> Result<u64, String> {
    let parsed = if let Some((mantissa, exponent)) = value.split_once(['e', 'E']) {
        match (mantissa.parse::<u64>(), exponent.parse::<u32>()) {
            (Ok(m), Ok(e)) => 10u64.checked_pow(e).and_then(|p| m.checked_mul(p)),
            _ => None,
        }
    } else {
        value.parse::<u64>().ok()
    };
    match parsed {
        Some(n) if n > 0 => Ok(n),
        _ => Err(format!("option '{key}' needs a positive integer, got '{value}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_known_options() {
        let o = Options::parse("quota=1e5; cache-limit=4;print=scops,deps;split-limit=16").unwrap();
        assert_eq!(o.quota, 100_000);
        assert_eq!(o.split_limit, 16);
        assert_eq!(o.cache_limit, 4);
        assert_eq!(o.print, vec!["scops", "deps"]);
        assert!(Options::parse("disable;lang").unwrap().lang);
        assert_eq!(Options::parse("profile=app.profile;print=profile").unwrap().profile.as_deref(), Some("app.profile"));
        assert_eq!(Options::parse("keep=r_r, b_b;keep=g_r").unwrap().keep, vec!["r_r", "b_b", "g_r"]);
        assert_eq!(Options::default().recompute_limit, Some(RECOMPUTE_LIMIT));
        assert_eq!(Options::parse("propagate=blend3,m2").unwrap().propagate, vec!["blend3", "m2"]);
        // The cost model decides unless the heuristic is asked for, by name or by its limit.
        assert!(Options::default().cost_model);
        assert!(!Options::parse("cost=heuristic").unwrap().cost_model);
        assert!(!Options::parse("recompute-limit=100").unwrap().cost_model);
        assert!(Options::parse("recompute-limit=100;cost=model").unwrap().cost_model);
        assert_eq!(Options::parse("cost=fitted").unwrap_err(), "option 'cost' needs model or heuristic, got 'fitted'");
        assert_eq!(Options::parse("recompute-limit=0").unwrap().recompute_limit, Some(0));
        assert_eq!(Options::parse("recompute-limit=off").unwrap().recompute_limit, None);
        assert_eq!(Options::parse("recompute-limit=-1").unwrap_err(), "option 'recompute-limit' needs a non-negative integer or off, got '-1'");
        assert_eq!(Options::parse("recurrences=0").unwrap_err(), "option 'recurrences' needs a positive integer or off, got '0'");
    }

    #[test]
    fn rejects_unknown_and_malformed_options() {
        assert_eq!(
            Options::parse("bogus=1").unwrap_err(),
            "unknown pass parameter 'bogus' (known: quota, disable, print, jscop-dir, import-jscop, profile, cache-line, cache-limit, split-limit, dependence-limit, expression-limit, cost, recompute-limit, keep, propagate, clamped-reads, line-buffers, recurrences, parallel, schedule, schedule-cost, tile-size, lang, trace-checks)"
        );
        assert_eq!(Options::parse("quota=-3").unwrap_err(), "option 'quota' needs a positive integer, got '-3'");
        assert_eq!(Options::parse("quota").unwrap_err(), "option 'quota' needs a value (quota=...)");
        assert_eq!(Options::parse("disable=1").unwrap_err(), "option 'disable' takes no value");
        assert!(Options::parse("print=ast2").unwrap_err().contains("unknown stage 'ast2'"));
        assert_eq!(Options::parse("parallel=yes").unwrap_err(), "option 'parallel' is auto, on or off, got 'yes'");
        assert_eq!(Options::parse("parallel=on").unwrap().parallel, Parallel::On);
        assert!(Options::parse("trace-checks").unwrap().trace_checks && !Options::default().trace_checks);
        assert_eq!(Options::parse("trace-checks=1").unwrap_err(), "option 'trace-checks' takes no value");
    }

    #[test]
    fn describes_every_option_of_the_table() {
        let described = Options::parse("print=deps;lang").unwrap().describe();
        assert_eq!(described.lines().count(), TABLE.len());
        assert!(described.ends_with("lang=yes\ntrace-checks=no\n"));
        assert!(described.starts_with("quota=2000000\ndisable=no\nprint=deps\n"));
        let help = help();
        assert_eq!(help.lines().count(), TABLE.len());
        assert!(help.contains("  jscop-dir=DIR "));
    }
}
