//! The textual SCoP language: paper 003's input language (section 2.1, Figure 3) with
//! declarations, types and math calls; a parser into `model::Scop` and a printer back.
//!
//! # Example (paper 003, Figure 1)
//!
//! ```text
//! scop figure1;
//! param N >= 2;
//! array in[N + 1] : f32 in;
//! array tmp[N + 1] : f32 temp;
//! array out[N + 1] : f32 out;
//! scalar s : f32 temp;
//! for i = 0 to N do
//!   S0: s = in[i] / 1.5;
//!   if i == 0 then
//!     S1: tmp[i] = (2 * in[i] + in[i+1]) / s;
//!   else if i == N then
//!     S2: tmp[i] = (in[i-1] + 2 * in[i]) / s;
//!   else
//!     S3: tmp[i] = (in[i-1] + in[i] + in[i+1]) / s;
//!   fi fi
//! done
//! for i = 1 to N - 1 do
//!   S4: out[i] = tmp[i-1] + tmp[i] + tmp[i+1];
//! done
//! ```
//!
//! # Grammar
//!
//! ```text
//! program   ::= item*
//! item      ::= 'scop' name ';'
//!             | 'param' name [':' inttype] [condition-starting-with-the-name] ';'
//!             | 'context' (condition | "isl set") ';'
//!             | 'assume' "isl set" "reason" ';'
//!             | 'array' name ('[' aexp | '*' ']')+ ':' type liveness ';'
//!             | 'scalar' name ':' type liveness ';'
//!             | 'extern' name ':' type ';'               region-invariant value
//!             | 'alias' array array ';'                  may overlap (run-time check)
//!             | 'statement' name '[' names ']' 'in' "isl domain" 'at' "isl schedule" ':' assign
//!             | stmt
//! stmt      ::= 'for' iv '=' bound 'to' bound 'do' stmt* 'done'      both bounds inclusive
//!             | 'if' condition ['then'] stmt* ['else' stmt*] 'fi'
//!             | [label ':'] ['when' rexp] assign      'when': a data-dependent condition
//!                                                    (the write is then a may-write)
//! assign    ::= acc '=' rexp ';'
//! acc       ::= name ('[' (aexp | '?' rexp) ']')*     no subscripts for a scalar; '?' rexp is
//!               a data-dependent (integer) subscript: the access is a may-access
//! bound     ::= aexp | 'min' '(' bound, ... ')' | 'max' '(' bound, ... ')'
//! aexp      ::= integer | iv | param | aexp ('+'|'-') aexp | '-' aexp | '(' aexp ')'
//!             | constant '*' aexp | aexp '*' constant | aexp ('/'|'%') positive-constant
//!             | 'floor' '(' aexp ')' | ('min'|'max') '(' aexp, ... ')'
//! condition ::= aexp relop aexp (relop aexp)* | condition ('and'|'&&'|'or'|'||') condition
//!             | ('not'|'!') condition | '(' condition ')'      relop: < <= > >= == !=
//! rexp      ::= C expressions: ?: || && == != < <= > >= + - * / % unary - !, literals,
//!               accesses, iterators, parameters, externs, calls (below)
//! type      ::= 'f32' | 'f64' | 'i32' | 'i64'        liveness ::= 'in' | 'out' | 'inout' | 'temp'
//! ```
//!
//! Comments run from `//` or `#` to the end of the line. Names may not be isl keywords
//! (`and`, `min`, `floor`, ...) or the language's own; statements are named `S0, S1, ...` in
//! textual order unless labelled (`S4: out[i] = ...;`), so the paper's figures keep their
//! names. `in`, `out` and `inout` arrays are live-out in the model (arguments of the region,
//! paper 003 section 5.1); `temp` ones are temporaries that propagation may remove.
//!
//! In affine expressions `/` is floor division and `%` the matching non-negative remainder
//! (isl's meaning; C's truncating division agrees for non-negative operands).
//!
//! # Types (C's rules, so that a C program and its transcription are bit-identical)
//!
//! - An integer literal is `i32` (`int`) if it fits, else `i64`; the suffix `L` makes it
//!   `i64`. A float literal is `f64` (`double`); the suffix `f` makes it `f32` (`1.5f`).
//!   `true`/`false` are `i1`. Iterators and parameters are `i64` (`long`).
//! - Binary arithmetic converts both operands to the wider float type if either is a float,
//!   else to the wider integer type but at least `i32` (usual arithmetic conversions). So
//!   `in[i] / 1.5` with `in : f32` divides in `f64`, exactly like C; write `in[i] / 1.5f` for a
//!   `f32` division.
//! - Comparisons yield `i1` (ordered for floats, `!=` unordered, as C). `&&`, `||`, `!` and the
//!   condition of `?:`/`select` test for `!= 0`. Both arms of `?:` are converted to their
//!   common type; only the chosen arm is evaluated.
//! - An assignment converts the value to the element type of the written location.
//! - Math calls follow C's `<math.h>`: `sqrt exp log pow fabs floor ceil sin cos fmin fmax`
//!   compute in `f64`; the `f`-suffixed names (`sqrtf`, `fminf`, ...) in `f32`. Arguments are
//!   converted to the call's type.
//! - `call_<type>_<function>(args)` calls a function of the program that reads and writes no
//!   memory and returns `<type>`; its arguments keep their types. The interpreter refuses it
//!   (the function's code is not in the SCoP); code generation calls the function.
//! - Conversions: `f32(x)`, `f64(x)`, `i32(x)`, `i64(x)` (C casts). Exact LLVM operations
//!   without a C operator are written `binop_<op>(a, b)` (`binop_smin`, `binop_udiv`, ...),
//!   `cmp_<predicate>(a, b)` and `cast_<op>_<type>(x)`; the printer uses them.
//! - Constant operands of conversions are folded the way a C compiler folds them.
//!
//! # Round trip
//!
//! [`print_scop`] writes every statement in the explicit form with its isl domain and
//! schedule, which any model can be written in. Parsing the printed text gives the same model
//! (same arrays, parameters and expressions; domains, schedules and context equal as isl
//! sets); [`compare_models`] checks exactly that. Known limits: names must be valid language
//! names; `i8`/`i16` constants and casts of constants come back as casts.

mod lexer;
mod parser;
mod printer;
pub mod typing;

pub use printer::{expr as print_expr, print_scop};

use crate::isl::{self, IslContext};
use crate::model::Scop;
use std::fmt;

/// A syntax or semantic error at a line and column (both from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a program of the textual SCoP language into the model.
pub fn parse_scop(source: &str) -> Result<Scop, ParseError> {
    parse_scop_file(source, "")
}

/// Like [`parse_scop`]; `file` goes into the statements' source locations.
pub fn parse_scop_file(source: &str, file: &str) -> Result<Scop, ParseError> {
    parser::Parser::new(source, file)?.parse()
}

/// Checks that two models are the same up to source locations: equal names, parameters,
/// arrays, externals, assumptions, alias checks, iterators, accesses and expressions, and
/// domains, schedules and contexts equal as isl sets. Returns the first difference.
pub fn compare_models(a: &Scop, b: &Scop) -> Result<(), String> {
    let ctx = IslContext::with_default_quota();
    let same_set = |x: &str, y: &str| isl::sets_equal(&ctx, x, y).unwrap_or(false);
    let same_map = |x: &str, y: &str| isl::maps_equal(&ctx, x, y).unwrap_or(false);
    let check = |ok: bool, what: String| if ok { Ok(()) } else { Err(what) };
    check(a.name == b.name, format!("name {} vs {}", a.name, b.name))?;
    check(a.params == b.params, format!("parameters {:?} vs {:?}", a.params, b.params))?;
    check(a.arrays == b.arrays, format!("arrays {:?} vs {:?}", a.arrays, b.arrays))?;
    check(a.externals == b.externals, "externals differ".into())?;
    check(a.alias_checks == b.alias_checks, "alias checks differ".into())?;
    check(a.assumptions.len() == b.assumptions.len(), "assumptions differ".into())?;
    let context_equal = isl::IslContext::with_default_quota();
    let contexts = context_equal
        .param_set(&a.context)
        .and_then(|x| Ok((x, context_equal.param_set(&b.context)?)))
        .map(|(x, y)| x.to_isl_string().ok() == y.to_isl_string().ok())
        .unwrap_or(false);
    check(contexts, format!("context {} vs {}", a.context, b.context))?;
    check(a.statements.len() == b.statements.len(), "statement counts differ".into())?;
    for (s, t) in a.statements.iter().zip(&b.statements) {
        let name = &s.name;
        check(s.name == t.name, format!("statement {} vs {}", s.name, t.name))?;
        check(s.iterators == t.iterators, format!("{name}: iterators differ"))?;
        check(same_set(&s.domain, &t.domain), format!("{name}: domain {} vs {}", s.domain, t.domain))?;
        check(same_map(&s.schedule, &t.schedule), format!("{name}: schedule {} vs {}", s.schedule, t.schedule))?;
        check(s.write == t.write, format!("{name}: write {:?} vs {:?}", s.write, t.write))?;
        check(s.value == t.value, format!("{name}: value {:?} vs {:?}", s.value, t.value))?;
    }
    Ok(())
}
