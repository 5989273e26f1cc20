//! Options of the QEMU plugin (`-plugin libpolyprop_qemu.so,key=value,...`), parsed here so that
//! the plugin stays a thin shell and the parsing is tested without QEMU. Every error is one line
//! that names the option and what is accepted.

use crate::tracer::TracerOptions;

/// Parsed plugin options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PluginOptions {
    /// Where the profile is written.
    pub output: String,
    /// The profiled binary (recorded in the profile with its hash).
    pub binary: Option<String>,
    /// Load address of a PIE binary (recorded in the profile).
    pub load_base: u64,
    /// Instrument memory accesses only in these functions (symbol names), if any.
    pub functions: Vec<String>,
    /// Instrument memory accesses only in these address ranges `[start, end)`, if any.
    pub ranges: Vec<(u64, u64)>,
    /// Record the address stream of every instruction in these ranges (`polyprop profile
    /// --trace FILE:LINE`, paper 002's input).
    pub trace_ranges: Vec<(u64, u64)>,
    /// Decode each function's CFG from its code when it is first called (`cfg=static`), or
    /// learn it only from execution (`cfg=dynamic`).
    pub static_cfg: bool,
    pub tracer: TracerOptions,
}

/// What the options accept, printed with every error.
pub const USAGE: &str = "options: output=PATH binary=PATH load_base=ADDRESS functions=NAME:NAME ranges=START-END:START-END trace=START-END:START-END give_up=default|off|N widening=instructions|all|none dependences=on|off values=on|off cfg=static|dynamic";

impl Default for PluginOptions {
    fn default() -> Self {
        PluginOptions {
            output: "polyprop.profile".into(),
            binary: None,
            load_base: 0,
            functions: Vec::new(),
            ranges: Vec::new(),
            trace_ranges: Vec::new(),
            static_cfg: true,
            tracer: TracerOptions::default(),
        }
    }
}

fn parse_address(text: &str) -> Option<u64> {
    match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

impl PluginOptions {
    /// Parses the raw `key=value` arguments QEMU passes to the plugin.
    pub fn parse<S: AsRef<str>>(arguments: &[S]) -> Result<PluginOptions, String> {
        let mut options = PluginOptions::default();
        for argument in arguments {
            let argument = argument.as_ref();
            let Some((key, value)) = argument.split_once('=') else {
                return Err(format!("option '{argument}' is not key=value; {USAGE}"));
            };
            let bad = |what: &str| format!("option {key}='{value}': expected {what}; {USAGE}");
            match key {
                "output" if !value.is_empty() => options.output = value.to_string(),
                "binary" if !value.is_empty() => options.binary = Some(value.to_string()),
                "load_base" => options.load_base = parse_address(value).ok_or_else(|| bad("an address"))?,
                "functions" => {
                    options.functions = value.split(':').filter(|f| !f.is_empty()).map(String::from).collect()
                }
                "ranges" | "trace" => {
                    for range in value.split(':').filter(|r| !r.is_empty()) {
                        let (start, end) = range
                            .split_once('-')
                            .and_then(|(s, e)| Some((parse_address(s)?, parse_address(e)?)))
                            .filter(|(s, e)| s < e)
                            .ok_or_else(|| bad("START-END with START < END"))?;
                        if key == "ranges" {
                            options.ranges.push((start, end));
                        } else {
                            options.trace_ranges.push((start, end));
                        }
                    }
                }
                "give_up" => {
                    let threshold = match value {
                        "default" => Some(None),
                        "off" => None,
                        n => Some(Some(n.parse::<usize>().map_err(|_| bad("default, off or a number"))?)),
                    };
                    options.tracer.instruction_folding.geometric_give_up = threshold;
                    options.tracer.dependence_folding.geometric_give_up = threshold;
                }
                "widening" => {
                    let (instructions, dependences) = match value {
                        "instructions" => (true, false),
                        "all" => (true, true),
                        "none" => (false, false),
                        _ => return Err(bad("instructions, all or none")),
                    };
                    options.tracer.instruction_folding.label_widening = instructions;
                    options.tracer.dependence_folding.label_widening = dependences;
                }
                "dependences" => {
                    options.tracer.dependences = match value {
                        "on" | "true" | "yes" => true,
                        "off" | "false" | "no" => false,
                        _ => return Err(bad("on or off")),
                    }
                }
                "values" => {
                    options.tracer.values = match value {
                        "on" | "true" | "yes" => true,
                        "off" | "false" | "no" => false,
                        _ => return Err(bad("on or off")),
                    }
                }
                "cfg" => {
                    options.static_cfg = match value {
                        "static" => true,
                        "dynamic" => false,
                        _ => return Err(bad("static or dynamic")),
                    }
                }
                _ => return Err(format!("unknown option '{key}'; {USAGE}")),
            }
        }
        Ok(options)
    }

    /// Whether memory accesses of the instruction at `pc` in function `symbol` are traced.
    pub fn instruments(&self, pc: u64, symbol: Option<&str>) -> bool {
        let in_ranges = self.ranges.is_empty() || self.ranges.iter().any(|&(s, e)| s <= pc && pc < e);
        let in_functions = self.functions.is_empty()
            || symbol.is_some_and(|s| self.functions.iter().any(|f| f == s));
        in_ranges && in_functions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_bad_options_say_why() {
        let options = PluginOptions::parse(&[
            "output=/tmp/p",
            "ranges=0x1000-0x2000:0x4000-0x5000",
            "functions=main:kernel",
            "give_up=9",
            "widening=all",
            "dependences=off",
            "cfg=dynamic",
        ])
        .unwrap();
        assert_eq!(options.output, "/tmp/p");
        assert_eq!(options.ranges, vec![(0x1000, 0x2000), (0x4000, 0x5000)]);
        assert_eq!(options.tracer.instruction_folding.geometric_give_up, Some(Some(9)));
        assert!(options.tracer.dependence_folding.label_widening);
        assert!(!options.tracer.dependences);
        assert!(!options.static_cfg && PluginOptions::default().static_cfg);
        assert!(PluginOptions::parse(&["cfg=guess"]).unwrap_err().contains("expected static or dynamic"));
        assert!(options.instruments(0x1800, Some("main")));
        assert!(!options.instruments(0x3000, Some("main")));
        assert!(!options.instruments(0x1800, Some("other")));
        let error = PluginOptions::parse(&["verbose"]).unwrap_err();
        assert!(error.starts_with("option 'verbose' is not key=value"), "{error}");
        assert!(PluginOptions::parse(&["give_up=many"]).unwrap_err().contains("expected default, off or a number"));
        assert!(PluginOptions::parse(&["ranges=0x2000-0x1000"]).is_err());
        assert!(PluginOptions::parse(&["colour=red"]).unwrap_err().starts_with("unknown option 'colour'"));
    }
}
