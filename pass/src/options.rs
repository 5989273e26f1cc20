//! Pass options.
//!
//! Options follow the pass name in angle brackets, separated by `;`:
//! `opt -passes='print<polyprop-scops<quota=100000>>'`, `-passes='polyprop<cache-limit=16>'`.
//! In `clang -fpass-plugin` builds, where no pipeline text can be given, the same options come
//! from the environment variable `POLYPROP_OPTIONS` (`POLYPROP_OPTIONS='print=scops;quota=1e5'`).
//!
//! | option            | meaning                                                         |
//! |-------------------|-----------------------------------------------------------------|
//! | `quota=N`         | isl operations allowed per region (default 2000000)            |
//! | `disable`         | run nothing (clang builds)                                      |
//! | `print=STAGES`    | print `detect`, `scops`, `deps`, `propagation`, `transform`     |
//! | `jscop-dir=DIR`   | where `polyprop-export-jscop` writes (default: current folder)  |
//! | `import-jscop=DIR`| the transform reads `DIR/<scop>.jscop`: schedule and accesses   |
//! | `cache-line=N`    | cache line size in elements for the cache-miss heuristic (8)    |
//! | `cache-limit=N`   | new cache lines per iteration allowed by propagation (32)       |
//! | `split-limit=N`   | most parts a statement may be split into per location (8)       |
//! | `lang`            | `print<polyprop-scops>` writes the textual SCoP language        |

/// Parsed options of one pass instance.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub quota: u64,
    pub disable: bool,
    pub print: Vec<String>,
    pub jscop_dir: String,
    pub import_jscop: Option<String>,
    pub cache_line: u64,
    pub cache_limit: u64,
    pub split_limit: u64,
    pub lang: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            quota: 2_000_000,
            disable: false,
            print: Vec::new(),
            jscop_dir: ".".to_string(),
            import_jscop: None,
            cache_line: 8,
            cache_limit: 32,
            split_limit: 8,
            lang: false,
        }
    }
}

const KNOWN: &str = "quota, disable, print, jscop-dir, import-jscop, cache-line, cache-limit, split-limit, lang";
const PRINTABLE: [&str; 5] = ["detect", "scops", "deps", "propagation", "transform"];

impl Options {
    /// Whether no printer runs but the transform's lines: the transform then decides from as
    /// little of the model as it can (and clang transforms copies of functions).
    pub fn prints_only_transform(&self) -> bool {
        self.print.iter().all(|p| p == "transform")
    }

    /// Parses `key=value;key;...`; an unknown key or a bad value is a one-line error.
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut options = Options::default();
        for item in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (item, None),
            };
            match (key, value) {
                ("quota", Some(v)) => options.quota = parse_number(key, v)?,
                ("cache-line", Some(v)) => options.cache_line = parse_number(key, v)?,
                ("cache-limit", Some(v)) => options.cache_limit = parse_number(key, v)?,
                ("split-limit", Some(v)) => options.split_limit = parse_number(key, v)?,
                ("jscop-dir", Some(v)) => options.jscop_dir = v.to_string(),
                ("import-jscop", Some(v)) => options.import_jscop = Some(v.to_string()),
                ("disable", None) => options.disable = true,
                ("lang", None) => options.lang = true,
                ("print", Some(v)) => {
                    for stage in v.split(',').map(str::trim) {
                        if !PRINTABLE.contains(&stage) {
                            return Err(format!(
                                "unknown stage '{stage}' in print= (known: {})",
                                PRINTABLE.join(", ")
                            ));
                        }
                        options.print.push(stage.to_string());
                    }
                }
                ("quota" | "cache-line" | "cache-limit" | "split-limit" | "jscop-dir" | "import-jscop" | "print", None) => {
                    return Err(format!("option '{key}' needs a value ({key}=...)"))
                }
                ("disable" | "lang", Some(_)) => return Err(format!("option '{key}' takes no value")),
                _ => return Err(format!("unknown pass parameter '{key}' (known: {KNOWN})")),
            }
        }
        Ok(options)
    }
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
    }

    #[test]
    fn rejects_unknown_and_malformed_options() {
        assert!(Options::parse("bogus=1").unwrap_err().contains("unknown pass parameter 'bogus'"));
        assert!(Options::parse("quota=-3").unwrap_err().contains("positive integer"));
        assert!(Options::parse("quota").unwrap_err().contains("needs a value"));
        assert!(Options::parse("print=ast2").unwrap_err().contains("unknown stage"));
    }
}
