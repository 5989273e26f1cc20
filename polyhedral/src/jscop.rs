//! JSCoP: Polly's JSON exchange format of a SCoP, written and read with serde.
//!
//! A JSCoP file holds the SCoP's name and parameter context, each statement's name, iteration
//! domain, schedule and accesses (`kind` `"read"` or `"write"` and the access relation, in
//! isl notation), and the arrays with their sizes and element types:
//!
//! ```text
//! { "name": "gemm", "context": "[n] -> { : }",
//!   "statements": [ { "name": "S0", "domain": "[n] -> { S0[i0] : 0 <= i0 < n }",
//!                     "schedule": "[n] -> { S0[i0] -> [0, i0, 0] }",
//!                     "accesses": [ { "kind": "write", "relation": "[n] -> { S0[i0] -> A[i0] }" } ] } ],
//!   "arrays": [ { "name": "A", "sizes": ["*"], "type": "float" } ] }
//! ```
//!
//! A statement's accesses are its single write first, then the reads of its value expression
//! in evaluation order (`Expr::reads`), the order [`crate::dependences::AccessIndex`] numbers
//! them. Scalars take part in the accesses (`s[]`) but are not listed among the arrays, as in
//! Polly. [`export`] writes a model.

use crate::model::{ScalarType, Scop};
use serde::{Deserialize, Serialize};

/// A whole JSCoP file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Jscop {
    pub name: String,
    /// `[params] -> { : constraints }`.
    pub context: String,
    pub statements: Vec<JscopStatement>,
    #[serde(default)]
    pub arrays: Vec<JscopArray>,
}

/// One statement: `domain` `{ S[i] : ... }`, `schedule` `{ S[i] -> [t0, ..., tn] }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JscopStatement {
    pub name: String,
    pub domain: String,
    pub schedule: String,
    pub accesses: Vec<JscopAccess>,
}

/// One access: `kind` is `"read"` or `"write"`, `relation` `{ S[i] -> A[subscripts] }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JscopAccess {
    pub kind: String,
    pub relation: String,
}

/// An array (not a scalar): sizes outermost first (`"*"`: unknown), the LLVM element type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JscopArray {
    pub name: String,
    pub sizes: Vec<String>,
    #[serde(rename = "type")]
    pub element_type: String,
}

/// The JSCoP description of `scop`.
pub fn describe(scop: &Scop) -> Jscop {
    let params = scop.param_names();
    let statements = scop
        .statements
        .iter()
        .map(|s| {
            let mut accesses = vec![JscopAccess { kind: "write".into(), relation: scop.access_relation(s, &s.write) }];
            for r in s.value.reads() {
                accesses.push(JscopAccess { kind: "read".into(), relation: scop.access_relation(s, r) });
            }
            JscopStatement { name: s.name.clone(), domain: s.domain.clone(), schedule: s.schedule.clone(), accesses }
        })
        .collect();
    let arrays = scop
        .arrays
        .iter()
        .filter(|a| !a.is_scalar())
        .map(|a| JscopArray {
            name: a.name.clone(),
            sizes: a
                .sizes
                .iter()
                .map(|s| s.as_ref().map_or("*".to_string(), |e| e.display(&[], &params).to_string()))
                .collect(),
            element_type: llvm_type_name(a.element).to_string(),
        })
        .collect();
    Jscop { name: scop.name.clone(), context: scop.context.clone(), statements, arrays }
}

/// The JSCoP file of `scop`: pretty-printed JSON with a final newline.
pub fn export(scop: &Scop) -> String {
    let mut text = serde_json::to_string_pretty(&describe(scop)).expect("a JSCoP of strings always serializes");
    text.push('\n');
    text
}

/// The element type as LLVM (and so Polly's JSCoP files) spells it.
fn llvm_type_name(t: ScalarType) -> &'static str {
    match t {
        ScalarType::F32 => "float",
        ScalarType::F64 => "double",
        other => other.name(),
    }
}

