//! The schedule tree of a set of `2d + 1` schedule maps: the same order of instances, in the
//! form isl's algorithms exploit.
//!
//! Paper 003 writes every statement's schedule as a map `θ_S = { S[i] -> [t0, ..., tn] }`
//! (section 2.2), whose even dimensions are constants: the textual position of the statement
//! and of its loops. isl orders the instances of a union of such maps lexicographically,
//! which means comparing every pair of statements at every time dimension: the work grows
//! with the square of the number of statements. An isl schedule tree says the same order
//! with *sequence* nodes where the statements of a group have constants (children run one
//! after the other, whatever their instances) and one-dimensional *bands* elsewhere; isl's
//! dataflow analysis (`isl_union_access_info_set_schedule`) and AST generation
//! (`isl_ast_build_node_from_schedule`) then handle each child of a sequence on its own.
//!
//! [`ScheduleTree::of`] builds the tree: at time dimension `d`, a group of statements that
//! all have a constant there becomes a sequence of the subgroups sharing each constant, in
//! increasing order; otherwise a band of dimension `d` over the group; below the last
//! dimension, the group's domain. The tree orders instances exactly as the maps do.

use crate::isl::{IslContext, IslError, IslResult, UnionMap};
use isl_rs::{DimType, Map, MultiUnionPwAff, Schedule};
use std::collections::BTreeMap;
use std::marker::PhantomData;

/// An isl schedule tree (`isl_schedule`) in the context `'c`.
pub struct ScheduleTree<'c> {
    raw: Schedule,
    context: PhantomData<&'c IslContext>,
}

/// One statement's schedule restricted to its domain, `{ S[i] -> [t0, ..., tn] : i ∈ I_S }`,
/// with the constant of each time dimension where it has one.
struct Timed {
    map: Map,
    constants: Vec<Option<i64>>,
    /// Whether its innermost loop is generated separately (`ScheduleTree::separating`).
    separated: bool,
}

impl<'c> ScheduleTree<'c> {
    /// The tree of `schedule`, `{ S[i] -> [t0, ..., tn] }` for each statement `S`, restricted
    /// to the statements' domains. `None` when the statements' numbers of time dimensions
    /// differ (the caller keeps the map) or there is no statement.
    pub fn of(ctx: &'c IslContext, schedule: &UnionMap<'c>) -> IslResult<Option<ScheduleTree<'c>>> {
        Self::separating(ctx, schedule, &|_| false)
    }

    /// [`ScheduleTree::of`], where the innermost loop of each statement that `separated` names
    /// is generated separately per set of statements it runs (`isl_ast_loop_separate`): an
    /// interior of its own between the borders (`crate::interiors`), without a condition per
    /// iteration.
    pub fn separating(ctx: &'c IslContext, schedule: &UnionMap<'c>, separated: &dyn Fn(&str) -> bool) -> IslResult<Option<ScheduleTree<'c>>> {
        let Some((_, timed, dimensions)) = timed_statements(ctx, schedule, separated)? else { return Ok(None) };
        let all: Vec<usize> = (0..timed.len()).collect();
        let raw = subtree(ctx, &timed, &all, 0, dimensions)?;
        Ok(Some(ScheduleTree { raw, context: PhantomData }))
    }

    /// The isl object, handed over.
    pub fn into_raw(self) -> Schedule {
        self.raw
    }
}

/// The constant of each time dimension of a one-statement schedule `{ S[i] -> [t0, ..., tn] }`
/// (`None` where it varies); `None` if `schedule` is not one map.
pub fn time_constants(ctx: &IslContext, schedule: &UnionMap) -> IslResult<Option<Vec<Option<i64>>>> {
    let maps = ctx.check(schedule.raw().get_map_list())?;
    if ctx.check(maps.size())? != 1 {
        return Ok(None);
    }
    Ok(Some(Timed::new(ctx, ctx.check(maps.get_at(0))?, false)?.constants))
}

/// The time dimensions that become loops (bands) on the path of statement `statement` in
/// [`ScheduleTree::of`]'s tree of `schedule` (restricted to the domains), outermost first:
/// AST iterator `k` of that statement scans its dimension `bands[k]` (the others are
/// sequences, constants of its group). `None` when the tree is not built.
pub fn band_dimensions(ctx: &IslContext, schedule: &UnionMap, statement: &str) -> IslResult<Option<Vec<usize>>> {
    let Some((names, timed, dimensions)) = timed_statements(ctx, schedule, &|_| false)? else { return Ok(None) };
    let Some(target) = names.iter().position(|n| n == statement) else { return Ok(None) };
    let constant = |m: usize, d: usize| timed[m].constants[d];
    let mut group: Vec<usize> = (0..timed.len()).collect();
    let mut bands = Vec::new();
    for d in 0..dimensions {
        if group.iter().all(|&m| constant(m, d).is_some()) {
            group.retain(|&m| constant(m, d) == constant(target, d));
        } else {
            bands.push(d);
        }
    }
    Ok(Some(bands))
}

/// Each statement's map of `schedule` (its name and time constants), and their number of time
/// dimensions; `None` when there is no statement or their numbers of dimensions differ.
fn timed_statements(ctx: &IslContext, schedule: &UnionMap, separated: &dyn Fn(&str) -> bool) -> IslResult<Option<(Vec<String>, Vec<Timed>, usize)>> {
    let maps = ctx.check(schedule.raw().get_map_list())?;
    let (mut names, mut timed) = (Vec::new(), Vec::new());
    for k in 0..ctx.check(maps.size())? {
        let map = ctx.check(maps.get_at(k))?;
        let name = ctx.check(map.get_tuple_name(DimType::In))?.to_string();
        timed.push(Timed::new(ctx, map, separated(&name))?);
        names.push(name);
    }
    let Some(dimensions) = timed.first().map(|t| t.constants.len()) else { return Ok(None) };
    if timed.iter().any(|t| t.constants.len() != dimensions) {
        return Ok(None);
    }
    Ok(Some((names, timed, dimensions)))
}

/// Whether every instance of a statement with time constants `a` runs before every instance
/// of one with `b`: before their first varying dimension (a loop they share, in `2d + 1`
/// schedules) `a` takes a smaller constant. The order of children of a sequence.
pub fn runs_entirely_before(a: &[Option<i64>], b: &[Option<i64>]) -> bool {
    for (x, y) in a.iter().zip(b) {
        match (x, y) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(x), Some(y)) => return x < y,
            _ => return false,
        }
    }
    false
}

impl Timed {
    fn new(ctx: &IslContext, map: Map, separated: bool) -> IslResult<Timed> {
        let dimensions = ctx.check(map.dim(DimType::Out))?;
        let mut constants = Vec::with_capacity(dimensions.max(0) as usize);
        for dimension in 0..dimensions {
            constants.push(crate::isl::fixed_output(ctx, &map, dimension as usize)?);
        }
        Ok(Timed { map, constants, separated })
    }

    /// `{ S[i] -> [t_dimension] }`.
    fn dimension(&self, ctx: &IslContext, dimension: usize) -> IslResult<Map> {
        let total = self.constants.len() as u32;
        let d = dimension as u32;
        let map = ctx.check(self.map.copy())?;
        let map = ctx.check(map.project_out(DimType::Out, d + 1, total - d - 1))?;
        ctx.check(map.project_out(DimType::Out, 0, d))
    }
}

/// The tree of `group` from time dimension `dimension` on (see the module documentation).
fn subtree(ctx: &IslContext, timed: &[Timed], group: &[usize], dimension: usize, dimensions: usize) -> IslResult<Schedule> {
    if dimension == dimensions {
        let mut domain: Option<isl_rs::UnionSet> = None;
        for &member in group {
            let piece = ctx.check(isl_rs::UnionSet::from_set(ctx.check(ctx.check(timed[member].map.copy())?.domain())?))?;
            domain = Some(match domain {
                None => piece,
                Some(previous) => ctx.check(previous.union(piece))?,
            });
        }
        let domain = domain.ok_or_else(empty_group)?;
        return ctx.check(Schedule::from_domain(domain));
    }
    let constants: Option<Vec<i64>> = group.iter().map(|&m| timed[m].constants[dimension]).collect();
    if let Some(constants) = constants {
        let mut by_constant: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
        for (&member, constant) in group.iter().zip(constants) {
            by_constant.entry(constant).or_default().push(member);
        }
        let mut sequence: Option<Schedule> = None;
        for members in by_constant.values() {
            let child = subtree(ctx, timed, members, dimension + 1, dimensions)?;
            sequence = Some(match sequence {
                None => child,
                Some(previous) => ctx.check(previous.sequence(child))?,
            });
        }
        return sequence.ok_or_else(empty_group);
    }
    let child = subtree(ctx, timed, group, dimension + 1, dimensions)?;
    let mut band: Option<isl_rs::UnionMap> = None;
    for &member in group {
        let piece = ctx.check(isl_rs::UnionMap::from_map(timed[member].dimension(ctx, dimension)?))?;
        band = Some(match band {
            None => piece,
            Some(previous) => ctx.check(previous.union(piece))?,
        });
    }
    let partial = ctx.check(MultiUnionPwAff::from_union_map(band.ok_or_else(empty_group)?))?;
    let tree = ctx.check(child.insert_partial_schedule(partial))?;
    let innermost_of_separated = group.iter().any(|&m| timed[m].separated && timed[m].constants.iter().rposition(Option::is_none) == Some(dimension));
    if !innermost_of_separated {
        return Ok(tree);
    }
    // The band is the root's (the domain's) child.
    let band = ctx.check(ctx.check(tree.get_root())?.child(0))?;
    let band = ctx.check(band.band_member_set_ast_loop_type(0, isl_rs::ASTLoopType::Separate))?;
    ctx.check(band.get_schedule())
}

fn empty_group() -> IslError {
    IslError::Isl { message: "empty statement group in a schedule tree".into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree's order (`isl_schedule_get_map`, compared by lexicographic order of instance
    /// pairs) is the maps' order.
    fn same_order(maps: &[&str]) {
        let ctx = IslContext::with_default_quota();
        let union = ctx.union_map(&maps.join("; ").replace("}; [n] -> {", ";")).unwrap();
        let tree = ScheduleTree::of(&ctx, &union).unwrap().expect("a tree");
        let flat = ctx.check(tree.into_raw().get_map()).unwrap();
        let flat = ctx.union_map(flat.to_str().unwrap()).unwrap();
        let before_tree = flat.copy().unwrap().lex_lt(flat).unwrap();
        let before_maps = union.copy().unwrap().lex_lt(union).unwrap();
        assert!(before_tree.is_equal(&before_maps).unwrap(), "{maps:?}");
    }

    #[test]
    fn sequences_and_bands_keep_the_order() {
        same_order(&[
            "[n] -> { S0[i, j] -> [0, i, 0, j, 0] : 0 <= i, j < n }",
            "[n] -> { S1[i] -> [0, i, 1, 0, 0] : 0 <= i < n }",
            "[n] -> { S2[i, j] -> [1, j, 0, i, 0] : 0 <= i, j < n }",
        ]);
        // A dimension that is constant for one statement only is a band.
        same_order(&["[n] -> { S0[i] -> [i, 0] : 0 <= i < n }", "[n] -> { S1[i] -> [3, i] : 0 <= i < n }"]);
        // Several pieces of one statement (a split domain).
        same_order(&["[n] -> { S0[i] -> [0, i, 0] : 0 <= i < n and i mod 2 = 0; S0[i] -> [0, i, 1] : 0 <= i < n and i mod 2 = 1 }"]);
    }

    #[test]
    fn statements_of_different_depths_give_no_tree() {
        let ctx = IslContext::with_default_quota();
        let mixed = ctx.union_map("{ S0[i] -> [0, i]; S1[i] -> [1, i, 0] }").unwrap();
        assert!(ScheduleTree::of(&ctx, &mixed).unwrap().is_none());
        assert!(ScheduleTree::of(&ctx, &ctx.empty_union_map().unwrap()).unwrap().is_none());
    }
}
