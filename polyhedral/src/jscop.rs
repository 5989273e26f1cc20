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
//! Polly. [`export`] writes a model; [`import`] reads a file back into a copy of the model
//! (see there for what it may change and what it checks).

use crate::affine::{AffExpr, AffVar};
use crate::dependences::{self, ScopDependences};
use crate::isl::{IslContext, IslError, UnionMap};
use crate::model::{Access, ScalarType, Scop};
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
            for r in s.reads() {
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

/// Why a JSCoP file was not imported; the model stays as it was. Each is one line.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    /// Not JSON, not a JSCoP, or a relation isl cannot read.
    Malformed(String),
    /// A JSCoP of another SCoP: statement names, spaces, dimension or access counts.
    Mismatch(String),
    /// A change the model cannot prove correct or cannot represent (a schedule that is not a
    /// function of the instances, an access outside the memory the SCoP accesses).
    Unsupported(String),
    /// The imported schedule does not run a dependence's source before its sink.
    Illegal {
        kind: &'static str,
        source_statement: String,
        sink_statement: String,
        array: String,
        /// `S1.write C[i0][i2] -> S1.read#0 C[i0][i2]`.
        accesses: String,
    },
    /// isl ran out of its quota, or failed.
    Isl(IslError),
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportError::Malformed(why) => write!(f, "malformed JSCoP: {why}"),
            ImportError::Mismatch(why) => write!(f, "JSCoP does not fit the SCoP: {why}"),
            ImportError::Unsupported(why) => write!(f, "not imported: {why}"),
            ImportError::Illegal { kind, source_statement, sink_statement, array, accesses } => write!(
                f,
                "illegal schedule: it does not run the {kind} dependence from {source_statement} to {sink_statement} on array {array} source before sink ({accesses})"
            ),
            ImportError::Isl(e) => write!(f, "not imported: {e}"),
        }
    }
}

impl std::error::Error for ImportError {}

impl From<IslError> for ImportError {
    fn from(e: IslError) -> Self {
        ImportError::Isl(e)
    }
}

/// What [`import`] made of a file.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The model with the file's schedules and accesses.
    pub scop: Scop,
    /// Statements whose schedule changed (on their domain).
    pub changed_schedules: Vec<String>,
    /// How many accesses changed (on their statement's domain).
    pub changed_accesses: usize,
}

impl Imported {
    /// Whether the file describes the model as it is.
    pub fn is_unchanged(&self) -> bool {
        self.changed_schedules.is_empty() && self.changed_accesses == 0
    }
}

/// Reads a JSCoP file (`text`) into a copy of `scop`: the schedules and access relations are
/// the file's; names and domains must be the model's, and the file's context is not read (the
/// model keeps its own, and its assumptions).
///
/// What is checked, in Polly's terms (its `JSONImporter`) and the model's:
/// - the file is a JSCoP of this SCoP: its name, the same statements by name, each domain equal
///   to the model's (domains are not imported), as many accesses per statement, the write
///   first, in the order [`describe`] writes them;
/// - a schedule is a map of the statement's space `S[i0, ...]` to an anonymous time vector,
///   of the same length for every statement, over the SCoP's parameters only, defined and
///   single-valued on the whole domain; together, the schedules are injective (the invariant
///   of [`crate::dependences`]);
/// - a changed access goes to the same array with as many subscripts as it has dimensions,
///   is one affine function of the iterators and parameters without division on the domain,
///   and accesses only elements that the SCoP accesses already (so the model's bounds,
///   assumptions and run-time alias checks still cover it);
/// - legality: every dependence of the imported accesses under the original order (RAW
///   value-based, WAR and WAW memory-based, [`crate::dependences`]) runs source before sink
///   in the new schedule: `θ'(x) <lex θ'(y)` for each `x -> y`, except the reads and the write
///   of one statement instance, which happen in that order within the instance.
///
/// All isl work runs under `ctx`'s quota, a new period per statement and per dependence.
pub fn import(ctx: &IslContext, scop: &Scop, text: &str) -> Result<Imported, ImportError> {
    let file: Jscop = serde_json::from_str(text).map_err(|e| ImportError::Malformed(e.to_string()))?;
    if file.name != scop.name {
        return Err(ImportError::Mismatch(format!("the file describes SCoP '{}', not '{}'", file.name, scop.name)));
    }
    let names = || scop.statements.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ");
    let mut order = Vec::with_capacity(file.statements.len());
    for fs in &file.statements {
        let Some(id) = scop.statements.iter().position(|s| s.name == fs.name) else {
            return Err(ImportError::Mismatch(format!(
                "statement '{}' is not in SCoP {} (statements: {})",
                fs.name,
                scop.name,
                names()
            )));
        };
        if order.contains(&id) {
            return Err(ImportError::Mismatch(format!("statement '{}' appears twice", fs.name)));
        }
        order.push(id);
    }
    if let Some(missing) = scop.statements.iter().enumerate().find(|(k, _)| !order.contains(k)) {
        return Err(ImportError::Mismatch(format!("statement {} of SCoP {} is missing", missing.1.name, scop.name)));
    }
    let mut imported = Imported { scop: scop.clone(), changed_schedules: Vec::new(), changed_accesses: 0 };
    let mut time_dimensions: Option<(usize, &str)> = None;
    for (fs, &id) in file.statements.iter().zip(&order) {
        ctx.reset_quota();
        let statement = &scop.statements[id];
        let name = &statement.name;
        // { S[i] -> [t0, ..., tn] }
        let what = format!("schedule of {name}");
        let dims = map_shape(ctx, scop, &fs.schedule, &what)?;
        if dims.source != *name || dims.inputs != statement.iterators.len() {
            return Err(ImportError::Mismatch(format!(
                "the {what} maps {}[{} dimensions], the statement is {name}[{} iterators]",
                dims.source,
                dims.inputs,
                statement.iterators.len()
            )));
        }
        if !dims.target.is_empty() {
            return Err(ImportError::Mismatch(format!("the {what} maps to the named space {}; times are anonymous", dims.target)));
        }
        match time_dimensions {
            Some((n, first)) if n != dims.outputs => {
                return Err(ImportError::Mismatch(format!(
                    "the {what} has {} time dimensions, the schedule of {first} {n}; all statements need the same number",
                    dims.outputs
                )))
            }
            _ => time_dimensions = Some((dims.outputs, &fs.name)),
        }
        if !crate::isl::sets_equal(ctx, &fs.domain, &statement.domain).map_err(|e| read_error(e, &format!("domain of {name}")))? {
            return Err(ImportError::Mismatch(format!("the domain of {name} differs from the SCoP's (domains are not imported)")));
        }
        let domain = ctx.union_set(&statement.domain)?;
        let schedule = ctx.union_map(&fs.schedule)?.intersect_domain(domain.copy()?)?;
        if !domain.is_subset(&schedule.copy()?.domain()?)? {
            return Err(ImportError::Unsupported(format!("the {what} does not give every instance of the domain a time")));
        }
        if !ctx.check(schedule.raw().is_single_valued())? {
            return Err(ImportError::Unsupported(format!("the {what} gives an instance more than one time")));
        }
        let original = ctx.union_map(&statement.schedule)?.intersect_domain(domain.copy()?)?;
        if !schedule.is_equal(&original)? {
            imported.changed_schedules.push(name.clone());
            imported.scop.statements[id].schedule = ctx.union_map(&fs.schedule)?.to_isl_string()?;
        }
        // In the dependences' numbering: the value's reads, then those of data-dependent
        // subscripts and of the guard (which the import may not change).
        let reads = statement.reads();
        let value_reads = statement.value.reads().len();
        if fs.accesses.len() != 1 + reads.len() {
            return Err(ImportError::Mismatch(format!(
                "{name} has {} accesses in the SCoP (its write, then {} reads), {} in the file",
                1 + reads.len(),
                reads.len(),
                fs.accesses.len()
            )));
        }
        let mut new_accesses = Vec::with_capacity(fs.accesses.len());
        for (k, fa) in fs.accesses.iter().enumerate() {
            let expected = if k == 0 { "write" } else { "read" };
            if fa.kind != expected {
                return Err(ImportError::Mismatch(format!(
                    "access {k} of {name} is a {expected} in the SCoP, '{}' in the file",
                    fa.kind
                )));
            }
            let access = if k == 0 { &statement.write } else { reads[k - 1] };
            let what = format!("access {k} of {name} ({expected})");
            let current = ctx.union_map(&scop.access_relation(statement, access))?.intersect_domain(domain.copy()?)?;
            let given = ctx.union_map(&fa.relation).map_err(|e| read_error(e, &what))?;
            let same = given.copy()?.intersect_domain(domain.copy()?)?.is_equal(&current)?;
            if !same && (access.is_may() || k > value_reads) {
                return Err(ImportError::Unsupported(format!(
                    "the {what} is a data-dependent access or reads for one (a subscript or a guard): not yet changed by an import"
                )));
            }
            new_accesses.push(if same { None } else { Some(changed_access(ctx, scop, id, access, &fa.relation, &what)?) });
        }
        let target = &mut imported.scop.statements[id];
        let mut new_accesses = new_accesses.into_iter();
        if let Some(Some(write)) = new_accesses.next() {
            target.write = write;
            imported.changed_accesses += 1;
        }
        target.value.visit_mut(&mut |e| {
            if let crate::model::Expr::Read(read) = e {
                if let Some(Some(new)) = new_accesses.next() {
                    *read = new;
                    imported.changed_accesses += 1;
                }
            }
        });
    }
    if imported.is_unchanged() {
        return Ok(imported);
    }
    check_injective(ctx, &imported.scop)?;
    check_legality(ctx, scop, &imported.scop)?;
    Ok(imported)
}

/// An isl reading error as a malformed file, naming what was read.
fn read_error(e: IslError, what: &str) -> ImportError {
    match e {
        IslError::Parse { message, .. } => ImportError::Malformed(format!("isl cannot read the {what}{}", suffix(&message))),
        other => ImportError::Isl(other),
    }
}

fn suffix(message: &str) -> String {
    if message.trim().is_empty() {
        String::new()
    } else {
        format!(": {}", message.trim())
    }
}

/// The spaces of a single map `[params] -> { Source[inputs] -> Target[outputs] }`.
struct MapShape {
    source: String,
    inputs: usize,
    target: String,
    outputs: usize,
}

/// Reads `text` as one map and checks that it uses only the SCoP's parameters.
fn map_shape(ctx: &IslContext, scop: &Scop, text: &str, what: &str) -> Result<MapShape, ImportError> {
    use isl_rs::DimType;
    let map = ctx.union_map(text).map_err(|e| read_error(e, what))?;
    let list = ctx.check(map.raw().get_map_list())?;
    if ctx.check(list.size())? != 1 {
        return Err(ImportError::Mismatch(format!("the {what} is not one map of the statement's space")));
    }
    let single = ctx.check(list.get_at(0))?;
    let parameters = ctx.check(single.dim(DimType::Param))?.max(0) as u32;
    for k in 0..parameters {
        let parameter = ctx.check(single.get_dim_name(DimType::Param, k))?.to_string();
        if !scop.params.iter().any(|p| p.name == parameter) {
            return Err(ImportError::Mismatch(format!(
                "the {what} uses the parameter '{parameter}', which SCoP {} does not have (parameters: {})",
                scop.name,
                scop.param_names().join(", ")
            )));
        }
    }
    // isl-rs reads an anonymous tuple's name from a null pointer: ask first.
    let tuple_name = |side: DimType| -> Result<String, ImportError> {
        Ok(match ctx.check(single.has_tuple_name(side))? {
            true => ctx.check(single.get_tuple_name(side))?.to_string(),
            false => String::new(),
        })
    };
    Ok(MapShape {
        source: tuple_name(DimType::In)?,
        inputs: ctx.check(single.dim(DimType::In))?.max(0) as usize,
        target: tuple_name(DimType::Out)?,
        outputs: ctx.check(single.dim(DimType::Out))?.max(0) as usize,
    })
}

/// The model's access of a changed access relation `{ S[i] -> A[f(i)] }` (see [`import`]).
fn changed_access(
    ctx: &IslContext,
    scop: &Scop,
    statement_id: usize,
    original: &Access,
    relation: &str,
    what: &str,
) -> Result<Access, ImportError> {
    use isl_rs::DimType;
    let statement = &scop.statements[statement_id];
    let array = &scop.arrays[original.array];
    let shape = map_shape(ctx, scop, relation, what)?;
    if shape.source != statement.name || shape.inputs != statement.iterators.len() {
        return Err(ImportError::Mismatch(format!(
            "the {what} maps {}[{} dimensions], the statement is {}[{} iterators]",
            shape.source,
            shape.inputs,
            statement.name,
            statement.iterators.len()
        )));
    }
    if shape.target != array.name {
        return Err(ImportError::Unsupported(format!(
            "the {what} goes to {} in the file, {} in the SCoP: an import may not change the array",
            if shape.target.is_empty() { "an anonymous space" } else { &shape.target },
            array.name
        )));
    }
    if shape.outputs != array.sizes.len() {
        return Err(ImportError::Mismatch(format!(
            "the {what} has {} subscripts, array {} has {} dimensions",
            shape.outputs,
            array.name,
            array.sizes.len()
        )));
    }
    // Coverage and memory: on the domain (under the analyses' parameter context), the new
    // access reads or writes only elements some access of the SCoP touches already.
    let context = crate::isl::analysis_context(ctx, scop)?;
    let domain = ctx.union_set(&statement.domain)?;
    let given = ctx.union_map(relation)?;
    if !domain.is_subset(&given.copy()?.domain()?)? {
        return Err(ImportError::Unsupported(format!("the {what} is not defined on every instance of the domain")));
    }
    let touched = given.copy()?.intersect_domain(domain.copy()?)?.range()?.intersect_params(&context)?;
    let mut accessed: Option<crate::isl::UnionSet<'_>> = None;
    for s in &scop.statements {
        for a in std::iter::once(&s.write).chain(s.reads()) {
            if a.array != original.array {
                continue;
            }
            let range = ctx.union_map(&scop.access_relation(s, a))?.intersect_domain(ctx.union_set(&s.domain)?)?.range()?;
            accessed = Some(match accessed {
                None => range,
                Some(previous) => previous.union(range)?,
            });
        }
    }
    let accessed = match accessed {
        Some(set) => set.intersect_params(&context)?,
        None => return Err(ImportError::Unsupported(format!("the {what}: the SCoP does not access {}", array.name))),
    };
    if !touched.is_subset(&accessed)? {
        return Err(ImportError::Unsupported(format!(
            "the {what} touches elements of {} that the SCoP does not access (the model cannot prove them in bounds)",
            array.name
        )));
    }
    // One affine function without division on the domain.
    let not_affine = || ImportError::Unsupported(format!("the {what} is not one affine function without division on the domain"));
    let map = ctx.map(relation)?;
    let domain_set = ctx.set(&statement.domain)?;
    let function = ctx.check(isl_rs::PwMultiAff::from_map(map))?;
    let function = ctx.check(ctx.check(function.gist(domain_set))?.coalesce())?;
    if !ctx.check(function.isa_multi_aff())? {
        return Err(not_affine());
    }
    let function = ctx.check(function.as_multi_aff())?;
    let mut subscripts = Vec::with_capacity(shape.outputs);
    for d in 0..shape.outputs {
        let aff = ctx.check(function.get_at(d as i32))?;
        if ctx.check(aff.involves_locals())? {
            return Err(not_affine());
        }
        let integer = |val: isl_rs::Val| -> Result<i64, ImportError> {
            if !ctx.check(val.is_int())? {
                return Err(not_affine());
            }
            Ok(ctx.check(val.get_num_si())?)
        };
        let mut expr = AffExpr::constant(integer(ctx.check(aff.get_constant_val())?)?);
        let mut add = |var: AffVar, coefficient: i64| -> Result<(), ImportError> {
            if coefficient != 0 {
                let term = AffExpr::var(var).scale(coefficient).ok_or_else(not_affine)?;
                expr = expr.add(&term).ok_or_else(not_affine)?;
            }
            Ok(())
        };
        for k in 0..shape.inputs {
            add(AffVar::Iter(k), integer(ctx.check(aff.get_coefficient_val(DimType::In, k as i32))?)?)?;
        }
        let parameters = ctx.check(aff.dim(DimType::Param))?.max(0);
        for k in 0..parameters {
            let name = ctx.check(aff.get_dim_name(DimType::Param, k as u32))?.to_string();
            let Some(p) = scop.params.iter().position(|p| p.name == name) else {
                return Err(not_affine());
            };
            add(AffVar::Param(p), integer(ctx.check(aff.get_coefficient_val(DimType::Param, k))?)?)?;
        }
        subscripts.push(expr);
    }
    Ok(Access::affine(original.array, subscripts))
}

/// The imported schedules, on their domains, give no two instances the same time.
pub(crate) fn check_injective(ctx: &IslContext, scop: &Scop) -> Result<(), ImportError> {
    ctx.reset_quota();
    // { S[i] -> [t] : i in I_S } over all statements
    let mut all: Option<UnionMap<'_>> = None;
    for s in &scop.statements {
        let timed = ctx.union_map(&s.schedule)?.intersect_domain(ctx.union_set(&s.domain)?)?;
        all = Some(match all {
            None => timed,
            Some(previous) => previous.union(timed)?,
        });
    }
    match all {
        Some(all) if !ctx.check(all.raw().is_injective())? => Err(ImportError::Unsupported(
            "the schedule gives two statement instances the same time (the model needs an injective schedule)".into(),
        )),
        _ => Ok(()),
    }
}

/// Whether every one of `dependences` runs source before sink under `imported`'s schedules,
/// checked on their union at once: one `lex_lt` over all statements' times instead of one per
/// dependence (nw's 17 accesses make dozens of dependences over piecewise schedules: 0.1 s).
/// `false` also where two statements' schedules differ in width (their instances are then
/// not compared); `check_legality` then checks dependence by dependence.
fn all_kept(ctx: &IslContext, imported: &Scop, dependences: &ScopDependences) -> crate::isl::IslResult<bool> {
    ctx.reset_quota();
    let timed = crate::isl::timed_instances(ctx, imported)?;
    let mut same = ctx.empty_union_map()?;
    for s in &imported.statements {
        let iterators = s.iterators.join(", ");
        same = same.union(ctx.union_map(&format!("{}{{ {}[{iterators}] -> {}[{iterators}] }}", imported.param_prefix(), s.name, s.name))?)?;
    }
    let mut all = ctx.empty_union_map()?;
    for d in &dependences.dependences {
        all = all.union(ctx.union_map(&d.relation)?)?;
    }
    let kept = timed.copy()?.lex_lt(timed)?;
    all.subtract(kept)?.subtract(same)?.is_empty()
}

/// Every dependence of `imported`'s accesses under `original`'s schedules runs source before
/// sink under `imported`'s schedules (see [`import`]).
pub(crate) fn check_legality(ctx: &IslContext, original: &Scop, imported: &Scop) -> Result<(), ImportError> {
    let mut before = imported.clone();
    for (s, o) in before.statements.iter_mut().zip(&original.statements) {
        s.schedule = o.schedule.clone();
    }
    ctx.reset_quota();
    let dependences: ScopDependences = dependences::compute_dependences(ctx, &before)?;
    if all_kept(ctx, imported, &dependences)? {
        return Ok(());
    }
    // Some dependence is violated (or the schedules' widths differ): find and name it.
    for d in &dependences.dependences {
        ctx.reset_quota();
        let source = &imported.statements[d.source.statement];
        let sink = &imported.statements[d.target.statement];
        // θ'_S and θ'_T on their domains: { S[i] -> [t] }, { T[j] -> [t] }
        let source_time = ctx.union_map(&source.schedule)?.intersect_domain(ctx.union_set(&source.domain)?)?;
        let sink_time = ctx.union_map(&sink.schedule)?.intersect_domain(ctx.union_set(&sink.domain)?)?;
        // { S[i] -> T[j] : θ'_S(i) <lex θ'_T(j) }
        let kept = source_time.lex_lt(sink_time)?;
        let mut violated = ctx.union_map(&d.relation)?.subtract(kept)?;
        if d.source.statement == d.target.statement {
            // { S[i] -> S[i] }: the reads of an instance come before its write.
            let iterators = source.iterators.join(", ");
            let same = format!("{}{{ {}[{iterators}] -> {}[{iterators}] }}", imported.param_prefix(), source.name, source.name);
            violated = violated.subtract(ctx.union_map(&same)?)?;
        }
        if !violated.is_empty()? {
            let array = d
                .source
                .resolve(imported)
                .and_then(|a| imported.arrays.get(a.array))
                .map_or("<array>".to_string(), |a| a.name.clone());
            return Err(ImportError::Illegal {
                kind: d.kind.name(),
                source_statement: source.name.clone(),
                sink_statement: sink.name.clone(),
                array,
                accesses: format!(
                    "{} -> {}",
                    dependences::describe_access(imported, d.source),
                    dependences::describe_access(imported, d.target)
                ),
            });
        }
    }
    Ok(())
}
