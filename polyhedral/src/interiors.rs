//! Interiors of clamped innermost reads (ours; paper 003, section 4, splits each reader per
//! border *before* propagation, which `clamped-reads=split` keeps).
//!
//! Propagation replaces a clamped read of a whole producer with one expression
//! (`t[max(2x - 2, 0)]`), so that the code-complexity heuristic (section 4.3) does not count
//! a part per border and per propagated stage. The clamps stay in the subscripts, and a
//! clamp of the innermost iterator costs a min/max per element: LLVM vectorizes such a read
//! as a gather instead of a (strided) vector load, and its members are shifts of each other
//! only where no clamp bites, which the recurrences must prove.
//!
//! After propagation, each statement whose reads clamp its innermost iterator is split in
//! two, with the schedule of the statement: its *interior*, where no such clamp bites, with
//! each of them replaced by the side that holds there, and the rest (the borders, at most
//! `BORDER_WIDTH` iterations at the ends of the loop for each clamp), unchanged. A clamp that
//! bites on more of the loop (`min(x, M)`) stays in the interior. The parts are disjoint, so the schedule stays
//! injective; isl's AST gives the interior loops of its own. Every replacement holds on the
//! interior by construction: `min(a, b) = a` where `a <= b`.
//!
//! Pyramid blending, whose every downsampling reads `max(2x - 2, 0)` to `min(2x + 2, C - 1)`:
//! 121-125 ms with the clamps, 85-89 ms with the paper's split before propagation (which
//! refuses other propagations elsewhere: interpolate 39 -> 85 ms), 59-60 ms with interiors
//! (full size, this machine; `docs/benchmarks/interiors.txt`).

use crate::affine::{AffExpr, AffVar};
use crate::isl::{rename_map, rename_set, IslContext, IslError, IslResult, UnionSet};
use crate::model::{fresh_name, Access, Expr, Scop, Statement};
use isl_rs::DimType;
use std::collections::{HashMap, HashSet};

/// The suffix of an interior's name: `S1_interior` (`_1` appended where taken).
const INTERIOR: &str = "interior";

/// Whether `statement` names an interior, whose innermost loop the AST generates apart from
/// its borders' (`ScheduleTree::separating`): a name no statement of the source has.
pub fn is_interior(statement: &str) -> bool {
    statement.contains(&format!("_{INTERIOR}"))
}

/// `scop` with each statement that clamps its innermost iterator in a read split into its
/// interior and its borders (module documentation); statements without such a clamp, and
/// any isl failure, leave the statement as it is.
pub fn split_interiors(ctx: &IslContext, scop: &Scop) -> Scop {
    let mut names: HashSet<String> = scop.statements.iter().map(|s| s.name.clone()).collect();
    let mut out = scop.clone();
    out.statements.clear();
    for statement in &scop.statements {
        // One quota period per statement: past it, the statement stays whole.
        ctx.reset_quota();
        match interior_and_borders(ctx, scop, statement, &mut names) {
            Ok(Some(parts)) => out.statements.extend(parts),
            _ => out.statements.push(statement.clone()),
        }
    }
    out
}

/// The widest border taken: a clamp whose argument holds on all but at most this many
/// iterations of the innermost loop (per iteration of the outer ones) is replaced in the
/// interior. Stencils clamp a few iterations at each end.
const BORDER_WIDTH: i64 = 16;

/// The statement's borders (keeping its name) and interior (a fresh name), or only the
/// interior where the borders are empty; `None` where no read clamps the innermost iterator
/// or the interior is empty.
fn interior_and_borders(
    ctx: &IslContext,
    scop: &Scop,
    statement: &Statement,
    names: &mut HashSet<String>,
) -> IslResult<Option<Vec<Statement>>> {
    let Some(innermost) = statement.iterators.len().checked_sub(1) else { return Ok(None) };
    if statement.write.subscripts.iter().any(|s| s.is_piecewise() && s.uses_iterator(innermost)) {
        return Ok(None);
    }
    // A loop of step 2 or more: its recurrences keep LLVM from vectorizing it ("could not
    // determine number of loop iterations"), where its clamps did not (interpolate's last
    // stage, every other column a statement: 41 -> 46 ms with interiors).
    if ctx.stride(&statement.domain, innermost)? != 1 {
        return Ok(None);
    }
    let domain = ctx.union_set(&statement.domain)?;
    let mut sides = Sides {
        ctx,
        statement,
        domain: domain.copy()?,
        params: scop.param_names(),
        prefix: scop.param_prefix(),
        innermost,
        conditions: Vec::new(),
        decided: HashMap::new(),
        failed: None,
    };
    let mut interior = statement.clone();
    let mut overflow = false;
    interior.value.visit_mut(&mut |e| {
        if let Expr::Read(access) = e {
            match sides.unclamped_access(access) {
                Some(a) => *access = a,
                None => overflow = true,
            }
        }
    });
    if let Some(e) = sides.failed {
        return Err(e);
    }
    if overflow || sides.conditions.is_empty() {
        return Ok(None);
    }
    let mut inside = domain.copy()?;
    for (small, large) in &sides.conditions {
        inside = inside.intersect(ctx.union_set(&sides.set_where(small, large))?)?;
    }
    let inside = inside.coalesce()?;
    if inside.is_empty()? {
        return Ok(None);
    }
    let borders = domain.subtract(inside.copy()?)?.coalesce()?;
    if borders.is_empty()? {
        interior.domain = inside.to_isl_string()?;
        return Ok(Some(vec![interior]));
    }
    let name = fresh_name(&statement.name, INTERIOR, names);
    interior.domain = rename_set(ctx, &inside.to_isl_string()?, &name)?;
    interior.schedule = rename_map(ctx, &statement.schedule, DimType::In, &name)?;
    interior.name = name;
    let mut border = statement.clone();
    border.domain = borders.to_isl_string()?;
    Ok(Some(vec![border, interior]))
}

/// Which side of each clamp of one statement's innermost iterator its interior takes.
struct Sides<'a, 'c> {
    ctx: &'c IslContext,
    statement: &'a Statement,
    /// The statement's domain.
    domain: UnionSet<'c>,
    params: Vec<String>,
    prefix: String,
    innermost: usize,
    /// The conditions `small <= large` the interior is cut by.
    conditions: Vec<(AffExpr, AffExpr)>,
    /// Whether `small <= large` holds on all but the borders, per condition asked.
    decided: HashMap<(AffExpr, AffExpr), bool>,
    failed: Option<IslError>,
}

impl Sides<'_, '_> {
    /// `access` with its clamps of the innermost iterator replaced (`unclamped`); `None` on
    /// overflow or an isl failure (kept in `failed`).
    fn unclamped_access(&mut self, access: &Access) -> Option<Access> {
        let mut out = access.clone();
        for (d, subscript) in access.subscripts.iter().enumerate() {
            if access.data_subscript(d).is_none() {
                out.subscripts[d] = self.unclamped(subscript)?;
            }
        }
        Some(out)
    }

    /// `e` with each `min(a, b)` (`max`) where one side uses the innermost iterator and the
    /// other does not, inner clamps first, replaced by the side that holds on all but the
    /// borders (`holds_inside`), whose condition is taken.
    fn unclamped(&mut self, e: &AffExpr) -> Option<AffExpr> {
        let mut out = AffExpr::constant(e.constant);
        for (v, c) in &e.terms {
            let term = match v {
                AffVar::Iter(_) | AffVar::Param(_) => AffExpr::var(v.clone()),
                AffVar::FloorDiv(inner, d) => self.unclamped(inner)?.floor_div(*d)?,
                AffVar::Min(a, b) | AffVar::Max(a, b) => {
                    let (a, b) = (self.unclamped(a)?, self.unclamped(b)?);
                    let is_min = matches!(v, AffVar::Min(..));
                    match a.uses_iterator(self.innermost) != b.uses_iterator(self.innermost) {
                        true => self.interior_side(a, b, is_min)?,
                        false if is_min => a.minimum(&b),
                        false => a.maximum(&b),
                    }
                }
            };
            out = out.add(&term.scale(*c)?)?;
        }
        Some(out)
    }

    /// The side of `min(a, b)` (`is_min`, else `max`) that holds on all but the borders, its
    /// condition taken; the clamp itself where neither does.
    fn interior_side(&mut self, a: AffExpr, b: AffExpr, is_min: bool) -> Option<AffExpr> {
        // min(a, b) is a where a <= b; max(a, b) is a where b <= a.
        let a_holds = |a: &AffExpr, b: &AffExpr| match is_min {
            true => (a.clone(), b.clone()),
            false => (b.clone(), a.clone()),
        };
        for (side, condition) in [(a.clone(), a_holds(&a, &b)), (b.clone(), a_holds(&b, &a))] {
            if self.holds_inside(&condition)? {
                self.conditions.push(condition);
                return Some(side);
            }
        }
        Some(if is_min { a.minimum(&b) } else { a.maximum(&b) })
    }

    /// Whether `small <= large` holds on the statement's domain except for at most
    /// `BORDER_WIDTH` innermost iterations per iteration of the outer loops.
    fn holds_inside(&mut self, condition: &(AffExpr, AffExpr)) -> Option<bool> {
        if let Some(&known) = self.decided.get(condition) {
            return Some(known);
        }
        match self.borders_are_narrow(condition) {
            Ok(narrow) => {
                self.decided.insert(condition.clone(), narrow);
                Some(narrow)
            }
            Err(e) => {
                self.failed = Some(e);
                None
            }
        }
    }

    fn borders_are_narrow(&self, (small, large): &(AffExpr, AffExpr)) -> IslResult<bool> {
        let ctx = self.ctx;
        let borders = self.domain.copy()?.subtract(ctx.union_set(&self.set_where(small, large))?)?;
        // [params] -> { S[o, j] -> S[o, j'] : j' >= j + BORDER_WIDTH }: two iterations of one
        // innermost loop farther apart than a border is wide.
        let (name, iterators) = (&self.statement.name, &self.statement.iterators);
        let mut moved = iterators.clone();
        moved[self.innermost] = format!("{}_far", iterators[self.innermost]);
        let apart = format!(
            "{}{{ {name}[{}] -> {name}[{}] : {} >= {} + {BORDER_WIDTH} }}",
            self.prefix,
            iterators.join(", "),
            moved.join(", "),
            moved[self.innermost],
            iterators[self.innermost]
        );
        let wide = ctx.union_map(&apart)?.intersect_domain(borders.copy()?)?.intersect_range(borders)?;
        wide.is_empty()
    }

    /// `[params] -> { S[iterators] : small <= large }`.
    fn set_where(&self, small: &AffExpr, large: &AffExpr) -> String {
        let (iterators, params) = (&self.statement.iterators, &self.params);
        format!(
            "{}{{ {}[{}] : {} <= {} }}",
            self.prefix,
            self.statement.name,
            iterators.join(", "),
            small.display(iterators, params),
            large.display(iterators, params)
        )
    }
}
