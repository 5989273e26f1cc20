//! The explanation of every decision (`print<polyprop-propagation>`, `polyprop propagate
//! --explain`): per location, whether it was propagated and, if not, which legality condition
//! (section 3) or heuristic (section 4) stopped it, with its numbers.

use crate::cost::Prediction;
use crate::recomputation::Recomputation;
use polyhedral::line_buffers::{LineBuffer, NotBuilt};
use polyhedral::model::{ArrayId, Liveness};
use std::fmt;

/// Why a location was not (or not completely) propagated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Live-out locations are only propagated with `Options::propagate_live_out`.
    LiveOutNotEnabled,
    /// The user asked to keep the location (`Options::keep`).
    Kept,
    /// The value written reads the location itself through a chain of its own writers
    /// (Figure 7a): the propagation expression would read the location again (section 3.3,
    /// limitation 1).
    Recurrence { statement: String },
    /// A writer reads the location where no statement wrote it: the read cannot be propagated.
    SourceReadsUnwritten { statement: String },
    /// `statement` writes the location at a data-dependent subscript (a may-write): which
    /// value a read sees is not known, so the location is never propagated.
    MayWrite { statement: String },
    /// `statement` reads the location at a data-dependent subscript (a may-read): the element
    /// it reads is not known, the read cannot become an expression and the location stays.
    MayRead { statement: String },
    /// `statement` reads the location and writes at a data-dependent subscript: nothing is
    /// propagated into a statement with a may-write.
    IntoMayWrite { statement: String },
    /// The reload test (section 3.2) failed: `overwriter` writes `array`, read by the source,
    /// between the source and the target (Figure 7b); the non-live-out heuristic needs all
    /// RAW dependences.
    OverwrittenReload { source: String, target: String, array: String, overwriter: String },
    /// No affine function of the target's iterators gives the source instance (equation 3).
    NoAffineExpression { source: String, target: String },
    /// The cache-miss heuristic (section 4.2): `statement` would need `lines` cache lines per
    /// iteration, more than `limit`.
    CacheMisses { statement: String, lines: usize, limit: usize },
    /// The code-complexity heuristic (section 4.3): splitting `statement` would specialize a
    /// single iteration of `dimension`, which lies between two loop dimensions.
    /// `specialized_passes`: the split would pass under `Options::specialization`.
    CodeComplexity { statement: String, dimension: usize, specialized_passes: bool },
    /// The propagation expression would make `statement` larger than the limit (nodes).
    ExpressionSize { statement: String, size: usize, limit: usize },
    /// `statement` would call the program's functions `calls` times per iteration, more than
    /// `limit`: its own calls and each source's once (a call of unknown cost, recomputed at
    /// every read of a stencil, costs more than the memory traffic saved).
    RepeatedCalls { statement: String, calls: usize, limit: usize },
    /// The location would have more RAW dependences propagated than the limit.
    TooManyDependences { dependences: usize, limit: usize },
    /// `target` reads some instance of `source`, which calls the program's functions, more
    /// than once: propagation would call them again for each of those reads.
    RepeatedSourceCalls { source: String, target: String },
    /// `source` gathers (reads at a data-dependent subscript) and `target` would recompute
    /// some instance of it more than once (`location::repeated_gather`).
    RepeatedGather { source: String, target: String },
    /// The location's value reaches `gather`, which reads 8- or 16-bit elements at a
    /// data-dependent subscript (a loop LLVM keeps scalar), and `target` would compute some
    /// instance of it at more than one iteration (`location::recomputed_into_scalar_code`).
    ScalarRecomputation { target: String, gather: String },
    /// The recomputation heuristic (`recomputation`): propagation would add more operations
    /// per element than `limit` by evaluating the writers' value several times.
    Recomputation { recomputation: Recomputation, limit: usize },
    /// The cost model (`cost`) predicts that the temporary costs less kept than propagated.
    Cost { recomputation: Recomputation, prediction: Prediction },
    /// Propagation would split `statement` into more parts than the limit.
    /// `specialized_passes`: the split would pass under `Options::specialization`.
    SplitParts { statement: String, parts: usize, limit: usize, specialized_passes: bool },
    /// Splits did not converge within the round limit.
    TooManyRounds { rounds: usize },
    /// The isl operation quota ran out ("complexity"): the location is left unchanged.
    Complexity,
    /// Any other isl failure (a bug): the location is left unchanged.
    Isl(String),
    /// Not tried: every temporary array was tried and none can be removed, and the caller
    /// keeps the result only if one is (`Options::only_if_array_removed`).
    NoArrayRemovable,
    /// Not tried: decided before propagation started (`hopeless`), the attempt would fail
    /// for `0` in every model propagation can make.
    Hopeless(Box<Reason>),
}

/// What a split refusal says when the split would pass with sizes specialized.
fn passes_when_specialized(passes: bool) -> &'static str {
    match passes {
        true => " (passes with sizes specialized)",
        false => "",
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::LiveOutNotEnabled => write!(f, "live-out location (propagation of live-out memory is disabled)"),
            Reason::Kept => write!(f, "kept by the option keep="),
            Reason::Recurrence { statement } => {
                write!(f, "recurrence: {statement} reads the location it writes (propagation expression would read it again)")
            }
            Reason::SourceReadsUnwritten { statement } => {
                write!(f, "{statement} reads the location where it was never written")
            }
            Reason::MayWrite { statement } => {
                write!(f, "may-write: {statement} writes the location at a data-dependent subscript or under a data-dependent condition")
            }
            Reason::MayRead { statement } => {
                write!(f, "may-read: {statement} reads the location at a data-dependent subscript (the location stays)")
            }
            Reason::IntoMayWrite { statement } => {
                write!(f, "{statement} writes at a data-dependent subscript or reads the location in its data-dependent condition: nothing is propagated into it")
            }
            Reason::OverwrittenReload { source, target, array, overwriter } => write!(
                f,
                "reload test: {overwriter} overwrites {array}, read by {source}, before {target} (overwritten reload)"
            ),
            Reason::NoAffineExpression { source, target } => {
                write!(f, "no affine propagation expression from {source} to {target}")
            }
            Reason::CacheMisses { statement, lines, limit } => {
                write!(f, "cache-miss heuristic: {statement} would need {lines} cache lines per iteration, limit {limit}")
            }
            Reason::CodeComplexity { statement, dimension, specialized_passes } => write!(
                f,
                "code-complexity heuristic: splitting {statement} fixes dimension {dimension} between two loop dimensions{}",
                passes_when_specialized(*specialized_passes)
            ),
            Reason::ExpressionSize { statement, size, limit } => write!(
                f,
                "code-complexity heuristic: {statement} would have {size} expression nodes, limit {limit}"
            ),
            Reason::RepeatedCalls { statement, calls, limit } => write!(
                f,
                "code-complexity heuristic: {statement} would call the program's functions {calls} times per iteration, limit {limit}"
            ),
            Reason::Recomputation { recomputation, limit } => write!(
                f,
                "recomputation heuristic: {recomputation}, {:.0} operations more per element, limit {limit}",
                recomputation.extra_operations()
            ),
            Reason::Cost { recomputation, prediction } => write!(f, "cost model: {recomputation}; {prediction}"),
            Reason::RepeatedSourceCalls { source, target } => write!(
                f,
                "code-complexity heuristic: {target} reads instances of {source} more than once, and {source} calls the program's functions"
            ),
            Reason::RepeatedGather { source, target } => write!(
                f,
                "recomputed gather: {source} reads at a data-dependent subscript, and {target} would compute some instance of it more than once"
            ),
            Reason::ScalarRecomputation { target, gather } => write!(
                f,
                "recomputation in scalar code: the value reaches {gather}, a narrow gather that stays scalar, and {target} would compute some instance at more than one iteration"
            ),
            Reason::TooManyDependences { dependences, limit } => {
                write!(f, "code-complexity heuristic: {dependences} RAW dependences or more to propagate, limit {limit}")
            }
            Reason::SplitParts { statement, parts, limit, specialized_passes } => write!(
                f,
                "code-complexity heuristic: {statement} would be split into {parts} statements, limit {limit}{}",
                passes_when_specialized(*specialized_passes)
            ),
            Reason::TooManyRounds { rounds } => write!(f, "splitting did not converge in {rounds} rounds"),
            Reason::Complexity => write!(f, "complexity (isl operation quota exceeded)"),
            Reason::Isl(message) => write!(f, "isl error: {message}"),
            Reason::NoArrayRemovable => write!(f, "not tried: no temporary array can be removed any more"),
            Reason::Hopeless(reason) => write!(f, "hopeless, decided before propagation: {reason}"),
        }
    }
}

/// What happened to one location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every RAW dependence was propagated (for a temporary, all its writes are removed).
    Propagated {
        /// RAW dependences propagated.
        dependences: usize,
        /// Statements whose reads were replaced, before splitting.
        targets: Vec<String>,
        /// Statements created by splitting (section 3, Figure 5).
        split_statements: Vec<String>,
        /// Writes removed as dead (section 4.1).
        removed_writes: Vec<String>,
        /// The largest number of cache lines per iteration among the new statements.
        cache_lines: usize,
        /// How often the writers' value is evaluated per element now.
        recomputation: Recomputation,
        /// What the cost model predicted, when it decided.
        prediction: Option<Prediction>,
    },
    /// A live-out location: some RAW dependences propagated, others not (the first reason).
    PartiallyPropagated { dependences: usize, targets: Vec<String>, split_statements: Vec<String>, cache_lines: usize, reason: Reason },
    NotPropagated(Reason),
    /// Nothing to do: no RAW dependence and no write to remove.
    NothingToPropagate,
}

impl Outcome {
    /// Whether the model changed: propagated dependences or removed writes.
    pub fn changes_the_model(&self) -> bool {
        matches!(self, Outcome::Propagated { .. } | Outcome::PartiallyPropagated { .. })
    }
}

/// The decision for one location, in the order locations were tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocationReport {
    pub array: ArrayId,
    pub name: String,
    pub liveness: Liveness,
    /// Position in the propagation order (section 4.4), from 0; `None` if never tried.
    pub order: Option<usize>,
    pub outcome: Outcome,
}

/// Everything `propagate` decided.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub locations: Vec<LocationReport>,
    /// Temporaries no statement accesses any more: their allocations can be removed. The
    /// arrays stay in the transformed model (array ids do not change).
    pub removable_arrays: Vec<ArrayId>,
    pub cache_line: usize,
    pub cache_limit: usize,
    /// Temporaries read where no write reaches, and the assumption (a parameter set) under
    /// which those reads do not happen (`uninitialized`).
    pub assumed: Option<(Vec<String>, String)>,
    /// Zero-initialized temporaries read before they are written, whose zeros got a statement
    /// (`zero_initialized`).
    pub zeros_written: Vec<String>,
    /// Scalar updates split per iteration of their few constant iterations (`unrolling`), with
    /// their parts.
    pub split_reductions: Vec<(String, usize)>,
    /// Narrow tables read only by gathers, stored as 32-bit integers (`widened_tables`).
    pub widened: Vec<String>,
    /// Kept temporaries tried as line buffers (`line_buffers`), by name, with the buffer
    /// built or why not.
    pub line_buffers: Vec<(String, Result<LineBuffer, NotBuilt>)>,
}

impl Report {
    pub fn location(&self, name: &str) -> Option<&LocationReport> {
        self.locations.iter().find(|l| l.name == name)
    }

    pub fn is_propagated(&self, name: &str) -> bool {
        matches!(self.location(name).map(|l| &l.outcome), Some(Outcome::Propagated { .. }))
    }

    pub fn reason(&self, name: &str) -> Option<&Reason> {
        match &self.location(name)?.outcome {
            Outcome::NotPropagated(r) => Some(r),
            Outcome::PartiallyPropagated { reason, .. } => Some(reason),
            _ => None,
        }
    }
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "propagation (cache line {} elements, limit {} lines per iteration):", self.cache_line, self.cache_limit)?;
        if !self.zeros_written.is_empty() {
            writeln!(f, "  initial zeros written first (calloc): {}", self.zeros_written.join(", "))?;
        }
        if !self.widened.is_empty() {
            writeln!(f, "  stored as 32-bit integers (tables read only by gathers): {}", self.widened.join(", "))?;
        }
        if let Some((arrays, set)) = &self.assumed {
            writeln!(f, "  assumed: no read of indeterminate {}: {set}", arrays.join(", "))?;
        }
        if !self.split_reductions.is_empty() {
            let split: Vec<String> = self.split_reductions.iter().map(|(s, n)| format!("{s} into {n}")).collect();
            writeln!(f, "  reductions split per constant iteration: {}", split.join(", "))?;
        }
        for l in &self.locations {
            let liveness = match l.liveness {
                Liveness::LiveOut => "live-out",
                Liveness::Temporary => "temporary",
            };
            let order = l.order.map(|o| format!("#{o}")).unwrap_or_else(|| "-".into());
            write!(f, "  {order} {} ({liveness}): ", l.name)?;
            match &l.outcome {
                Outcome::Propagated { dependences, targets, split_statements, removed_writes, cache_lines, recomputation, prediction } => writeln!(
                    f,
                    "propagated {dependences} RAW dependences into {}; split into {}; removed writes {}; {cache_lines}/{} cache lines; {recomputation}{}",
                    list(targets),
                    list(split_statements),
                    list(removed_writes),
                    self.cache_limit,
                    prediction.map(|p| format!("; {p}")).unwrap_or_default()
                )?,
                Outcome::PartiallyPropagated { dependences, targets, split_statements, cache_lines, reason } => writeln!(
                    f,
                    "partially propagated {dependences} RAW dependences into {}; split into {}; {cache_lines}/{} cache lines; rest not propagated: {reason}",
                    list(targets),
                    list(split_statements),
                    self.cache_limit
                )?,
                Outcome::NotPropagated(reason) => writeln!(f, "not propagated: {reason}")?,
                Outcome::NothingToPropagate => writeln!(f, "nothing to propagate")?,
            }
        }
        for (name, buffer) in &self.line_buffers {
            match buffer {
                Ok(buffer) => writeln!(f, "  line buffer {name}: {buffer}")?,
                Err(why) => writeln!(f, "  {name} kept whole, no line buffer: {why}")?,
            }
        }
        Ok(())
    }
}
