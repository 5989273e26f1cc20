//! Fusion of the sibling bands isl's scheduler leaves apart (paper 001, section 5: fusing
//! consecutive nests over the same data is one of the transformations its feedback suggests).
//!
//! The scheduler runs with `serialize_sccs` (compile time: 2mm at LARGE sizes), so each
//! strongly connected component of the dependence graph gets its own band under a sequence,
//! even where one band could run them together. Rodinia's `adjust_weights` updates two
//! row-pointer matrices in one loop nest, the second write after the first read of the same
//! element: serialized, the two updates become two nests and each row is walked twice.
//!
//! [`fuse_sibling_bands`] puts consecutive bands of the top-level sequence back into one band
//! when that band is permutable: every conflict among their instances has a non-negative
//! distance in each member of the fused band (`{ S[i] -> T[j] } ∘ θ`, deltas in the band's
//! space). Instances at the same point of the fused band then run in the order of the
//! sequence below it, which keeps the scheduler's order of the components. Only bands that
//! share data (a conflict from one to the next) are fused: unrelated nests gain nothing.
//! The caller's legality check (`jscop::check_legality`) still judges the result.
//!
//! Not yet: sequences below a band, bands with subtrees below them, shifting a band so that
//! its distances become non-negative.

use crate::isl::{IslContext, IslResult, UnionMap};
use isl_rs::{DimType, MultiUnionPwAff, Schedule, ScheduleNode, ScheduleNodeType, Set, UnionSet, UnionSetList};

/// One child of the top-level sequence: its filter, and its band when the child is one band
/// over a leaf (`None`: a leaf, a statement without loops).
struct Child {
    filter: UnionSet,
    band: Option<Band>,
}

struct Band {
    /// `{ S[i] -> [t0, ..., tn-1] }`, isl's partial schedule of the band.
    schedule: MultiUnionPwAff,
    members: i32,
    coincident: Vec<bool>,
}

/// `computed` with consecutive bands of its top-level sequence fused where that is legal and
/// they share data (module documentation), and how many bands fusion removed; unchanged
/// (0) when nothing is fused or the tree has another shape. `ordered` holds the conflicts
/// `{ S[i] -> T[j] }` any new order must keep.
pub fn fuse_sibling_bands(ctx: &IslContext, computed: Schedule, ordered: &UnionMap) -> IslResult<(Schedule, usize)> {
    let root = ctx.check(computed.get_root())?;
    let Some(children) = sequence_children(ctx, &root)? else { return Ok((computed, 0)) };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for k in 0..children.len() {
        if let Some(group) = groups.last_mut() {
            if fusable(ctx, &children, group, k, ordered)? {
                group.push(k);
                continue;
            }
        }
        groups.push(vec![k]);
    }
    let removed = children.len() - groups.len();
    if removed == 0 {
        return Ok((computed, 0));
    }
    Ok((rebuild(ctx, ctx.check(root.domain_get_domain())?, &children, &groups, ordered)?, removed))
}

/// The children of a top-level sequence (`domain -> sequence -> filter*`), each a leaf or a
/// band over a leaf; `None` for any other tree.
fn sequence_children(ctx: &IslContext, root: &ScheduleNode) -> IslResult<Option<Vec<Child>>> {
    if ctx.check(root.n_children())? != 1 {
        return Ok(None);
    }
    let sequence = ctx.check(root.get_child(0))?;
    if ctx.check(sequence.get_type())? != ScheduleNodeType::Sequence {
        return Ok(None);
    }
    let mut children = Vec::new();
    for k in 0..ctx.check(sequence.n_children())? {
        let filter = ctx.check(sequence.get_child(k))?;
        let below = ctx.check(filter.get_child(0))?;
        let band = match ctx.check(below.get_type())? {
            ScheduleNodeType::Leaf => None,
            ScheduleNodeType::Band if ctx.check(ctx.check(below.get_child(0))?.get_type())? == ScheduleNodeType::Leaf => {
                let members = ctx.check(below.band_n_member())?;
                if !ctx.check(below.band_get_permutable())? && members > 1 {
                    return Ok(None);
                }
                let coincident = (0..members).map(|m| ctx.check(below.band_member_get_coincident(m))).collect::<IslResult<_>>()?;
                Some(Band { schedule: ctx.check(below.band_get_partial_schedule())?, members, coincident })
            }
            _ => return Ok(None),
        };
        children.push(Child { filter: ctx.check(filter.filter_get_filter())?, band });
    }
    Ok(Some(children))
}

/// Whether child `next` joins `group` (consecutive children before it): all are bands of as
/// many members in the same space, some conflict runs from the group to `next`, and the fused
/// band keeps every conflict among them at a non-negative distance in each member.
fn fusable(ctx: &IslContext, children: &[Child], group: &[usize], next: usize, ordered: &UnionMap) -> IslResult<bool> {
    // The group's bands all match its first (each joined it so).
    let (Some(band), Some(first)) = (&children[next].band, &children[group[0]].band) else { return Ok(false) };
    if band.members != first.members || !ctx.check(ctx.check(band.schedule.get_space())?.is_equal(&ctx.check(first.schedule.get_space())?))? {
        return Ok(false);
    }
    let before = filters(ctx, children, group)?;
    let between = conflicts_among(ctx, ordered, before, ctx.check(children[next].filter.copy())?)?;
    if ctx.check(between.is_empty())? {
        return Ok(false);
    }
    let members: Vec<usize> = group.iter().copied().chain([next]).collect();
    let all = filters(ctx, children, &members)?;
    let Some(distances) = distances(ctx, children, &members, conflicts_among(ctx, ordered, ctx.check(all.copy())?, all)?)? else { return Ok(true) };
    for m in 0..band.members {
        // Some conflict at a negative distance in member m: the fused band would run it backwards.
        if some_distance(ctx, &distances, m, Sign::Negative)? {
            return Ok(false);
        }
    }
    Ok(true)
}

pub(crate) enum Sign {
    Negative,
    Positive,
}

/// Whether some distance in `distances` has the sign `sign` in member `m`.
pub(crate) fn some_distance(ctx: &IslContext, distances: &Set, m: i32, sign: Sign) -> IslResult<bool> {
    let copy = ctx.check(distances.copy())?;
    let those = match sign {
        Sign::Negative => ctx.check(copy.upper_bound_si(DimType::Set, m as u32, -1))?,
        Sign::Positive => ctx.check(copy.lower_bound_si(DimType::Set, m as u32, 1))?,
    };
    Ok(!ctx.check(those.is_empty())?)
}

/// The union of the filters of `members`.
fn filters(ctx: &IslContext, children: &[Child], members: &[usize]) -> IslResult<UnionSet> {
    let mut union = ctx.check(children[members[0]].filter.copy())?;
    for &k in &members[1..] {
        union = ctx.check(union.union(ctx.check(children[k].filter.copy())?))?;
    }
    Ok(union)
}

/// The conflicts from instances in `from` to instances in `to`.
fn conflicts_among(ctx: &IslContext, ordered: &UnionMap, from: UnionSet, to: UnionSet) -> IslResult<isl_rs::UnionMap> {
    let raw = ctx.check(ordered.raw().copy())?;
    ctx.check(ctx.check(raw.intersect_domain(from))?.intersect_range(to))
}

/// The fused schedule of `members` (their bands' partial schedules, one space).
fn fused_schedule(ctx: &IslContext, children: &[Child], members: &[usize]) -> IslResult<MultiUnionPwAff> {
    let band = |k: usize| children[k].band.as_ref().expect("a fused child is a band");
    let mut fused = ctx.check(band(members[0]).schedule.copy())?;
    for &k in &members[1..] {
        fused = ctx.check(fused.union_add(ctx.check(band(k).schedule.copy())?))?;
    }
    Ok(fused)
}

/// `{ [d0, ..., dn-1] }`: the distances of `conflicts` in the fused band of `members`; `None`
/// when there is no conflict.
fn distances(ctx: &IslContext, children: &[Child], members: &[usize], conflicts: isl_rs::UnionMap) -> IslResult<Option<Set>> {
    if ctx.check(conflicts.is_empty())? {
        return Ok(None);
    }
    let theta = ctx.check(isl_rs::UnionMap::from_multi_union_pw_aff(fused_schedule(ctx, children, members)?))?;
    distances_under(ctx, conflicts, theta)
}

/// `{ [d0, ..., dn-1] }`: the distances of `conflicts` under the schedule `theta` (one
/// space of times); `None` when there is no conflict.
pub(crate) fn distances_under(ctx: &IslContext, conflicts: isl_rs::UnionMap, theta: isl_rs::UnionMap) -> IslResult<Option<Set>> {
    // Conflicts with instances `theta` does not schedule drop out.
    let timed = ctx.check(ctx.check(conflicts.apply_domain(ctx.check(theta.copy())?))?.apply_range(theta))?;
    if ctx.check(timed.is_empty())? {
        return Ok(None);
    }
    Ok(Some(ctx.check(Set::from_union_set(ctx.check(timed.deltas())?))?))
}

/// A new tree over `domain`: a sequence of the groups, each group's band (fused: over a
/// sequence of its children's filters, in their order).
fn rebuild(ctx: &IslContext, domain: UnionSet, children: &[Child], groups: &[Vec<usize>], ordered: &UnionMap) -> IslResult<Schedule> {
    let mut list = ctx.check(UnionSetList::alloc(ctx.raw(), groups.len() as i32))?;
    for group in groups {
        list = ctx.check(list.add(filters(ctx, children, group)?))?;
    }
    let tree = ctx.check(Schedule::from_domain(domain))?;
    let mut node = ctx.check(ctx.check(ctx.check(tree.get_root())?.child(0))?.insert_sequence(list))?;
    for (p, group) in groups.iter().enumerate() {
        node = ctx.check(ctx.check(node.child(p as i32))?.child(0))?;
        let mut depth = 2;
        if let Some(band) = &children[group[0]].band {
            let coincident = fused_coincidence(ctx, children, group, ordered, band)?;
            node = ctx.check(node.insert_partial_schedule(fused_schedule(ctx, children, group)?))?;
            node = ctx.check(node.band_set_permutable(1))?;
            for (m, &parallel) in coincident.iter().enumerate() {
                node = ctx.check(node.band_member_set_coincident(m as i32, i32::from(parallel)))?;
            }
            if group.len() > 1 {
                let mut inner = ctx.check(UnionSetList::alloc(ctx.raw(), group.len() as i32))?;
                for &k in group {
                    inner = ctx.check(inner.add(ctx.check(children[k].filter.copy())?))?;
                }
                node = ctx.check(ctx.check(node.child(0))?.insert_sequence(inner))?;
                depth += 1;
            }
        }
        for _ in 0..depth {
            node = ctx.check(node.parent())?;
        }
    }
    ctx.check(node.get_schedule())
}

/// Per member of the fused band of `group`: parallel when it is in every child's band and
/// no conflict between two of the children has a non-zero distance in it.
fn fused_coincidence(ctx: &IslContext, children: &[Child], group: &[usize], ordered: &UnionMap, first: &Band) -> IslResult<Vec<bool>> {
    let mut coincident: Vec<bool> = (0..first.members as usize)
        .map(|m| group.iter().all(|&k| children[k].band.as_ref().map_or(false, |b| b.coincident[m])))
        .collect();
    // The conflicts from each child to a later one, together.
    let mut between = ctx.check(isl_rs::UnionMap::empty(ctx.check(ordered.raw().get_space())?))?;
    for (i, &from) in group.iter().enumerate() {
        for &to in &group[i + 1..] {
            let f = ctx.check(children[from].filter.copy())?;
            let t = ctx.check(children[to].filter.copy())?;
            between = ctx.check(between.union(conflicts_among(ctx, ordered, f, t)?))?;
        }
    }
    let Some(distances) = distances(ctx, children, group, between)? else { return Ok(coincident) };
    for (m, parallel) in coincident.iter_mut().enumerate() {
        let m = m as i32;
        *parallel &= !some_distance(ctx, &distances, m, Sign::Negative)? && !some_distance(ctx, &distances, m, Sign::Positive)?;
    }
    Ok(coincident)
}
