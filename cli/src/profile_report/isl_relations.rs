//! Folded dependences as isl relations, and isl's scheduler on them (paper 001, sections 4 and
//! 5: POLY-PROF's feedback is a polyhedral schedule of the folded dependence graph).
//!
//! The instruction records of one source line in one context of a nest form one isl statement
//! `I<id>` (named after the first; why: [`Statement`]), whose coordinates are the runtime's
//! loop counters, the IIVs of paper 001, section 3 (`c0` outermost). Its dynamic iteration
//! domain is the union of its records' folded pieces (paper 000, section 4.2), each written
//! from the piece's constraints:
//!
//! ```text
//! { I3[c0, c1] : c0 >= 0 and 63 - c0 >= 0 and c1 >= 0 and 63 - c1 >= 0 }
//! ```
//!
//! A dependence record's points are the consumer's (sink's) iteration vectors and its labels
//! the producer's (source's), so each of its pieces is the relation
//! `{ I<sink>[c] -> I<source>[label(c)] : c in piece }`; reversed, it is the source-to-sink
//! relation that validity, proximity and coincidence take:
//!
//! ```text
//! { I2[c0, c1] -> I5[c0, 1 + c1] : ... }    // the store at (i, j) feeds the load at (i, j + 1)
//! ```
//!
//! What is left out, and said in the report: dependences with a `Top` coefficient in some
//! piece (their labels are not affine: paper 000, section 5) or after the folder's geometric
//! give-up; streams with more than [`MAX_PIECES`] pieces (isl's scheduler would spend its
//! quota on the disjuncts); all but the [`scheduling::MAX_STATEMENTS`] hottest statements,
//! and the dependences to or from those (their statements: the hottest
//! lines). A give-up stream's domain is its last piece's box,
//! an over-approximation, which can only make the schedule more constrained.
//!
//! The schedule is computed by [`scheduling::band_structure`], with the static side's options,
//! operation quota and watchdog; any isl failure becomes a reason in the report.
//!
//! Known limits: the runtime traces read-after-write dependences through memory only, so the
//! schedule ignores register recurrences and write-after-read dependences (a parallel member
//! here may not be parallel in the program).

use polyhedral::isl::{IslContext, IslError, UnionMap, UnionSet};
use polyhedral::scheduling::{self, BandShape};
use runtime::folding::{Coefficient, Piece};
use runtime::profile::{DependenceRecord, InstructionRecord, Profile};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// Most pieces of one stream turned into isl disjuncts.
pub const MAX_PIECES: usize = 64;

/// isl's schedule of one nest's folded relations, as the report shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProfileSchedule {
    /// Instruction records scheduled (isl statements), of `nest_instructions`.
    pub instructions: usize,
    pub nest_instructions: usize,
    /// Dependence records given to isl.
    pub dependences: usize,
    /// Dependence records left out for a `Top` coefficient or a give-up.
    pub non_affine_dependences: usize,
    /// Dependence records left out for their ends, shape or size.
    pub other_left_out_dependences: usize,
    pub outcome: ScheduleOutcome,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ScheduleOutcome {
    /// The schedule tree's bands in preorder.
    Bands { bands: Vec<Band> },
    /// Why there is no schedule (an isl failure, the quota, nothing to schedule).
    Failed { reason: String },
}

impl ScheduleOutcome {
    /// The bands isl's scheduler computed, or why it computed none.
    pub fn of(result: Result<Vec<BandShape>, IslError>) -> ScheduleOutcome {
        match result {
            Ok(bands) => ScheduleOutcome::Bands { bands: bands.into_iter().map(Band::from).collect() },
            Err(IslError::Complexity) => ScheduleOutcome::Failed { reason: "out of quota or time, or isl found no schedule".into() },
            Err(other) => ScheduleOutcome::Failed { reason: other.to_string() },
        }
    }
}

/// One band of the schedule tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Band {
    /// Bands above it (0: outermost).
    pub depth: usize,
    pub members: usize,
    pub permutable: bool,
    /// The coincident members, 1 for the outermost: loops that carry no dependence.
    pub parallel_members: Vec<usize>,
    /// The members that combine two or more loop counters of some statement (`t + i`): the
    /// band is permutable only with those loops skewed.
    pub skewed_members: Vec<usize>,
}

impl From<BandShape> for Band {
    fn from(shape: BandShape) -> Band {
        let numbered = |flags: &[bool]| (0..shape.members).filter(|&m| flags.get(m) == Some(&true)).map(|m| m + 1).collect();
        Band {
            depth: shape.depth,
            members: shape.members,
            permutable: shape.permutable,
            parallel_members: numbered(&shape.coincident),
            skewed_members: numbered(&shape.skewed),
        }
    }
}

impl Band {
    /// A permutable band of two or more members, some of them skewed: isl tiles it only
    /// after skewing.
    pub fn permutable_after_skewing(&self) -> bool {
        self.permutable && self.members >= 2 && !self.skewed_members.is_empty()
    }
}

/// isl's schedule of the nest made of `records` (instruction records of `profile`).
pub fn schedule(profile: &Profile, records: &[&InstructionRecord]) -> ProfileSchedule {
    let statements = statements(records);
    let relations = relations(profile, records, &statements);
    let outcome = if statements.is_empty() {
        ScheduleOutcome::Failed { reason: "no instruction with a foldable domain".into() }
    } else {
        ScheduleOutcome::of(compute(&statements, &relations.dependences))
    };
    ProfileSchedule {
        instructions: statements.iter().map(|s| s.records.len()).sum(),
        nest_instructions: records.len(),
        dependences: relations.dependences.len(),
        non_affine_dependences: relations.non_affine,
        other_left_out_dependences: relations.other_left_out,
        outcome,
    }
}

/// One isl statement: the instruction records of one source line in one context, named after
/// the first (`I<id>`). The runtime sees dependences through memory only; within a line, the
/// value a load brings to the store goes through a register, and without it the scheduler
/// would shift the store of `a[i][j] = a[i][j - 1] * k` one iteration ahead of its load and
/// call the recurrence's loop parallel. One line is one C statement, which orders them.
struct Statement<'a> {
    name: String,
    space: usize,
    records: Vec<&'a InstructionRecord>,
    count: u64,
}

/// The statements of the nest's instructions whose streams have at most `MAX_PIECES` pieces:
/// the hottest `MAX_STATEMENTS`.
fn statements<'a>(records: &[&'a InstructionRecord]) -> Vec<Statement<'a>> {
    let mut statements: Vec<Statement> = Vec::new();
    let mut keys: HashMap<(u32, String), usize> = HashMap::new();
    let mut sorted: Vec<&InstructionRecord> = records.to_vec();
    sorted.sort_by_key(|r| r.id);
    for record in sorted {
        if record.folded.pieces.is_empty() || record.folded.pieces.len() > MAX_PIECES {
            continue;
        }
        // Records without a source line are statements of their own.
        let line = record.location.as_deref().map_or(format!("pc {:#x}", record.pc), line_of);
        let position = *keys.entry((record.context, line)).or_insert_with(|| {
            let name = format!("I{}", record.id);
            statements.push(Statement { name, space: record.folded.space, records: Vec::new(), count: 0 });
            statements.len() - 1
        });
        let statement = &mut statements[position];
        if statement.space != record.folded.space {
            continue; // not one space: a damaged profile
        }
        statement.records.push(record);
        statement.count = statement.count.saturating_add(record.count);
    }
    statements.sort_by(|a, b| b.count.cmp(&a.count));
    statements.truncate(scheduling::MAX_STATEMENTS);
    statements
}

/// `dir/k.c:12:7` as `dir/k.c:12`.
fn line_of(location: &str) -> String {
    match location.rsplit_once(':') {
        Some((line, column)) if column.chars().all(|c| c.is_ascii_digit()) => line.to_string(),
        _ => location.to_string(),
    }
}

/// The dependences between scheduled statements as isl text (sink to source, as folded),
/// and the counts of those left out.
struct Relations {
    /// `{ I<sink>[c] -> I<source>[label(c)] : ... }`, with whether source and sink are one.
    dependences: Vec<(String, bool)>,
    non_affine: usize,
    other_left_out: usize,
}

fn relations(profile: &Profile, records: &[&InstructionRecord], statements: &[Statement]) -> Relations {
    // Record id -> its statement's name and space.
    let statement_of: HashMap<u32, (&str, usize)> =
        statements.iter().flat_map(|s| s.records.iter().map(move |r| (r.id, (s.name.as_str(), s.space)))).collect();
    let in_nest: HashSet<u32> = records.iter().map(|r| r.id).collect();
    let mut relations = Relations { dependences: Vec::new(), non_affine: 0, other_left_out: 0 };
    for record in &profile.dependences {
        if !in_nest.contains(&record.source) || !in_nest.contains(&record.sink) {
            continue;
        }
        let (sink, source) = (statement_of.get(&record.sink), statement_of.get(&record.source));
        let text = match (sink, source) {
            (Some(&sink), Some(&source)) => dependence_text(record, sink, source),
            // An end left out of the statements.
            _ => None,
        };
        match text {
            _ if non_affine(record) => relations.non_affine += 1,
            Some(text) => relations.dependences.push((text, sink.map(|s| s.0) == source.map(|s| s.0))),
            None => relations.other_left_out += 1,
        }
    }
    relations
}

fn non_affine(record: &DependenceRecord) -> bool {
    record.folded.gave_up || !record.folded.pieces.iter().all(Piece::is_affine)
}

/// The dependence as isl text, or `None` when its shape does not match its ends' spaces or it
/// has too many pieces.
fn dependence_text(record: &DependenceRecord, (sink, sink_space): (&str, usize), (source, source_space): (&str, usize)) -> Option<String> {
    let folded = &record.folded;
    if folded.pieces.is_empty() || folded.pieces.len() > MAX_PIECES || folded.space != sink_space || folded.label_components != source_space {
        return None;
    }
    let names = coordinates(sink_space);
    let pieces: Option<Vec<String>> = folded
        .pieces
        .iter()
        .map(|piece| {
            let labels: Option<Vec<String>> = piece
                .label_functions
                .iter()
                .map(|f| {
                    let coefficients: Option<Vec<i64>> = f
                        .coefficients
                        .iter()
                        .map(|c| match c {
                            Coefficient::Integer(x) => Some(*x),
                            Coefficient::Unknown => Some(0),
                            Coefficient::Top => None,
                        })
                        .collect();
                    Some(affine_text(&coefficients?, f.remaining, &names))
                })
                .collect();
            Some(format!(
                "{sink}[{}] -> {source}[{}]{}",
                names.join(", "),
                labels?.join(", "),
                constraints_text(piece, &names)
            ))
        })
        .collect();
    Some(format!("{{ {} }}", pieces?.join("; ")))
}

/// `{ I<id>[c0, ...] : ... }`: the union of the statement's records' pieces.
fn domain_text(statement: &Statement) -> String {
    let names = coordinates(statement.space);
    let pieces: Vec<String> = statement
        .records
        .iter()
        .flat_map(|r| &r.folded.pieces)
        .map(|piece| format!("{}[{}]{}", statement.name, names.join(", "), constraints_text(piece, &names)))
        .collect();
    format!("{{ {} }}", pieces.join("; "))
}

fn coordinates(space: usize) -> Vec<String> {
    (0..space).map(|a| format!("c{a}")).collect()
}

/// ` : e0 >= 0 and e1 = 0 ...` from the piece's constraints (empty when it has none).
fn constraints_text(piece: &Piece, names: &[String]) -> String {
    let constraints: Vec<String> = piece
        .constraints()
        .iter()
        .map(|c| format!("{} {} 0", affine_text(&c.coefficients, c.constant, names), if c.equality { "=" } else { ">=" }))
        .collect();
    if constraints.is_empty() {
        String::new()
    } else {
        format!(" : {}", constraints.join(" and "))
    }
}

/// `2*c0 - c1 + 3` in isl's notation.
fn affine_text(coefficients: &[i64], constant: i64, names: &[String]) -> String {
    let mut text = String::new();
    let terms = coefficients.iter().zip(names).filter(|(&c, _)| c != 0).map(|(&c, n)| (c as i128, n.as_str()));
    for (c, name) in terms.chain((constant != 0).then_some((constant as i128, ""))) {
        let sign = if c < 0 { "-" } else { "+" };
        let magnitude = c.unsigned_abs();
        let term = match (magnitude, name.is_empty()) {
            (_, true) => magnitude.to_string(),
            (1, false) => name.to_string(),
            (_, false) => format!("{magnitude}*{name}"),
        };
        text = match (text.is_empty(), sign) {
            (true, "-") => format!("-{term}"),
            (true, _) => term,
            (false, _) => format!("{text} {sign} {term}"),
        };
    }
    if text.is_empty() {
        "0".into()
    } else {
        text
    }
}

/// The union of the domains and of the reversed dependences (self-dependences without their
/// identity part, which no schedule can satisfy strictly), coalesced, then isl's scheduler.
fn compute(statements: &[Statement], dependences: &[(String, bool)]) -> Result<Vec<BandShape>, IslError> {
    let ctx = IslContext::with_default_quota();
    let mut domain: UnionSet = ctx.union_set("{ }")?;
    for statement in statements {
        domain = domain.union(ctx.union_set(&domain_text(statement))?)?;
    }
    let domain = domain.coalesce()?;
    // { I<source>[...] -> I<sink>[...] }
    let mut validity: UnionMap = ctx.empty_union_map()?;
    for (text, is_self) in dependences {
        let mut relation = ctx.union_map(text)?.reverse()?;
        if *is_self {
            relation = relation.subtract(identity(&ctx, text)?)?;
        }
        validity = validity.union(relation)?;
    }
    let validity = validity.intersect_domain(domain.copy()?)?.intersect_range(domain.copy()?)?.coalesce()?;
    let (domain, validity) = (domain.to_isl_string()?, validity.to_isl_string()?);
    scheduling::band_structure(&ctx, &domain, &validity, &validity, &validity)
}

/// `{ I<id>[c] -> I<id>[c] }` for the statement of a self-dependence's text (instances of
/// one line in one iteration: ordered by the line itself).
fn identity<'c>(ctx: &'c IslContext, dependence: &str) -> Result<UnionMap<'c>, IslError> {
    // The text opens with `{ I<id>[c0, ..., cd] -> `.
    let tuple = dependence.trim_start_matches("{ ").split(" -> ").next().unwrap_or_default();
    ctx.union_map(&format!("{{ {tuple} -> {tuple} }}"))
}

/// The schedule in words: `band of 2 members, permutable, parallel members: 1, 2`; equal
/// bands in a row (independent groups of instructions) once, with their number; a band below
/// another after `inside it:`.
pub fn bands_text(bands: &[Band]) -> String {
    if bands.is_empty() {
        return "no band (no loop to schedule)".into();
    }
    let mut groups: Vec<(&Band, usize)> = Vec::new();
    for band in bands {
        match groups.last_mut() {
            Some((last, count)) if *last == band => *count += 1,
            _ => groups.push((band, 1)),
        }
    }
    let texts: Vec<String> = groups
        .iter()
        .map(|(band, count)| {
            let inside = if band.depth > 0 { "inside it: " } else { "" };
            let alike = if *count > 1 { format!(" ({count} alike, one per group of dependent instructions)") } else { String::new() };
            format!("{inside}{}{alike}", band_text(band))
        })
        .collect();
    texts.join("; ")
}

fn band_text(band: &Band) -> String {
    let members = if band.members == 1 { "1 member".to_string() } else { format!("{} members", band.members) };
    let permutable = if band.permutable { ", permutable" } else { "" };
    let parallel = if band.parallel_members.is_empty() {
        "no parallel member".to_string()
    } else {
        format!("parallel members: {}", members_text(&band.parallel_members))
    };
    let skewed = if band.skewed_members.is_empty() {
        String::new()
    } else {
        format!(", skewed members: {}", members_text(&band.skewed_members))
    };
    format!("band of {members}{permutable}, {parallel}{skewed}")
}

fn members_text(members: &[usize]) -> String {
    members.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests;
