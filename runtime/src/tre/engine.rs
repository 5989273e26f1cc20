//! The search for one loop nest that regenerates a trace (paper 002, section 3: Algorithm 1
//! `Extract()` and Algorithm 2 `Grow()`, with the bounds of sections 3.4, 4.2 and 4.5).
//!
//! A partial solution `S_D^k = {c, U, w}` generates the first `k + 1` addresses with `D`
//! loops; it is extended one address at a time by the observed stride `sigma^k = a_{k+1} -
//! a_k` (the sequence of differences). By Lemma 2 only `D` successors `+(l, i^k)` (increment
//! loop `l` by its step, reset the inner ones to their lower bounds, 0 in the canonical form)
//! are sequential, and the stride of each is `c . delta_l` (Lemma 1). Per step:
//!
//! 1. Prediction (section 3.3, equation 5): `gamma_j = u_j(i) - i_j` counts the iterations
//!    left in loop `j` (over its step, for a loop with one, item 5); the innermost `j` with
//!    `gamma_j > 0` is the predicted successor. A
//!    loop that has not reset yet has an unknown bound and `gamma = infinity`. When the
//!    prediction is the innermost loop, the whole run of equal strides up to its bound is
//!    taken in one comparison loop: the search for the innermost period and stride.
//! 2. Brute force (section 3.1): any other `l` (innermost first) whose stride matches, with
//!    the bounds refitted to the new reset points (section 3.4); a bound that no longer fits
//!    discards the branch.
//! 3. New lower faces (section 4.3): `(+)(l, i^k)` restarts one inner loop (`K = 1`) at a
//!    value within one of those it has taken (`R = 1`) other than its known lower bound; a
//!    lower face is then fitted to the loop's starts as an upper face of `-i`. These are
//!    tried after the brute force and before growth, as in section 4.4.
//! 4. Growth (section 3.2, Algorithm 2): a new loop at each insertion point `p = 0..=D`,
//!    outermost first, with coefficient `c'_p = sigma^k + sum_{r >= p} i_r c_r`.
//! 5. Steps (ours, the last resort, only where none of the above gives the stride): a restart
//!    of item 3 between two values of a unit-step loop `r`, at a fraction `n / s` of its
//!    coefficient (`s <= 8`, read off the stride). Loop `r` takes on the step `s`: its values,
//!    hull points and faces are scaled by `s` and its coefficient divided by it, and the
//!    restart is then an ordinary new lower face. This is how a loop that C writes `for (l =
//!    max(2j + 2, 3); l <= 6; l += 3)` is found, whose start changes residue modulo 3 with
//!    `j` (3, 3, 4): no unit-step iterator with affine faces gives it in as many loops, since
//!    `l - 3t` would have to be affine in the outer iterators. The upper faces of a loop of
//!    step `s` are exact within `s - 1` (its last value is the bound rounded down to its
//!    lattice), and its lower faces may need the rotation of section 4.2
//!    ([`super::bounds::fit_lower`]). Last because a step is a rarer explanation than another
//!    face or loop: tried earlier, it lets a search that no single nest ends (section 4.6)
//!    cover a longer prefix with a nest that leaves the rest of the trace raw.
//!
//! Algorithm 1 takes a prediction whose stride matched without branching. That is only safe
//! once the bounds it relies on are settled: a loop's upper bound is settled when its faces
//! are known and its hull points span its outer iterators (`width + 1` affinely independent
//! prefixes, what equation 6 needs to fix a face). Before that the prediction may be wrong
//! although its stride matched, e.g. when the jump between the first two runs of an inner
//! loop equals the inner stride, so that they look like one run (section 4.4: any visited
//! point may lie on an undiscovered upper face). So a prediction `+(l)` taken on unsettled
//! bounds leaves its alternatives on the stack, below every branch of the prediction: `+(l')`
//! for an outer `l'` when loop `l` is not settled (it may have reached its bound), for an
//! inner `l'` that is not settled (it may not have reached its own), and, in a run of an
//! unsettled innermost loop, new loops that end the run there (Algorithm 2). A run is one
//! stack entry expanded point by point; the state is copied only when some alternative
//! exists. Those branches have a fixed step budget ([`Limits::doubt_quota`]) per depth cap, so
//! that backtracking into the first iterations of loops does not grow with the trace.
//!
//! Branches are explored depth first under a cap on `D` that grows from 1 (iterative
//! deepening): a nest of `D` loops is returned only once no nest of fewer loops was found,
//! which is the paper's breadth-first minimality (section 3.2) without keeping a level of
//! the tree in memory. A step quota bounds the search (out of quota: no nest). Every
//! candidate nest is regenerated and compared with the trace before it is returned, so the
//! engine never returns a nest that does not produce the trace exactly.
//!
//! Known limits: the fitness-driven exploration of section 4.4 and its speculative threads
//! are not implemented (the search is depth first with iterative deepening, and backtracks to
//! visited points only where a bound was not settled); what does not fit one nest in the
//! quota falls back to several pieces ([`super::pieces`]).

use super::bounds::{faces_fit, fit_lower, fit_upper, HullPoints, Span};
use super::nest::{Face, Loop, Nest};

/// Bounds on the search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most loops a nest may have.
    pub max_depth: usize,
    /// Steps (addresses handled one at a time, runs, branches) per depth cap, beyond the
    /// trace's length (one pass over the trace takes at most that many steps).
    pub quota: u64,
    /// Steps per depth cap for the alternatives to predictions taken on bounds that were not
    /// settled, and the branches below them: a fixed budget, not scaled by the trace's length,
    /// since those doubts come from the first iterations of loops.
    pub doubt_quota: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_depth: 6,
            quota: 200_000,
            doubt_quota: 20_000,
        }
    }
}

/// What one search found.
pub struct Outcome {
    pub nest: Option<Nest>,
    /// The longest prefix `trace[..cut]` that some branch covered up to the end of an
    /// iteration of its outermost loop: where a sequence of nests may split the trace.
    pub cut: usize,
}

/// Iteration vectors of the first points are kept exactly, for loops inserted innermost.
const HISTORY: usize = 1024;
/// Restart values tried for a new lower face are not enumerated beyond this range.
const MAX_RESTART_VALUES: i64 = 1024;
/// The largest step a loop may take on (see [`Partial::stepped_restarts`]).
const MAX_STEP: i64 = 8;

/// `S_D^k` with its iteration vector `i^k` and the hull points of every loop.
#[derive(Clone)]
struct Partial {
    coefficients: Vec<i64>,
    /// Per loop: its step, 1 unless a restart fell between its values
    /// ([`Partial::stepped_restarts`]); `index` holds values, `coefficients` the stride per 1.
    steps: Vec<i64>,
    index: Vec<i64>,
    /// Per loop `j`: the prefixes at which it reset (width `j`).
    hull: Vec<HullPoints>,
    /// Per loop: its faces, or `None` before its first reset (bound unknown).
    faces: Vec<Option<Vec<Face>>>,
    /// Per loop: lower faces as upper faces of `-i_j` (section 4.3: `i_j >= -min floor(f)`);
    /// empty while the loop starts at 0 at every prefix.
    lower: Vec<Vec<Face>>,
    /// Per loop with lower faces: `(prefix, -first value)` for every prefix so far.
    lower_hull: Vec<HullPoints>,
    /// Per loop: the span of its hull points, for [`Partial::settled`].
    span: Vec<Span>,
    /// The iteration vectors of the first [`HISTORY`] points, `depth` integers each.
    history: Vec<i64>,
    /// `k`: the last address generated so far.
    position: usize,
    /// Whether the branch is an alternative to a doubtful prediction (or below one): its
    /// steps count against [`Limits::doubt_quota`].
    doubtful: bool,
}

impl Partial {
    fn depth(&self) -> usize {
        self.coefficients.len()
    }

    /// `c . delta_l` for `+(l, i^k)` (Lemma 1 and Lemma 2).
    fn stride(&self, level: usize) -> i64 {
        if self.lower[level + 1..].iter().all(Vec::is_empty) {
            // Inner loops restart at 0: no successor vector to build on the hot path.
            return self.coefficients[level] * self.steps[level]
                - (level + 1..self.depth()).map(|r| self.coefficients[r] * self.index[r]).sum::<i64>();
        }
        self.stride_to(level, &self.successor(level))
    }

    /// `+(l, i^k)`: loop `l` steps, the loops inside it restart at their lower bounds.
    fn successor(&self, level: usize) -> Vec<i64> {
        let mut next = self.index.clone();
        next[level] += self.steps[level];
        for r in level + 1..self.depth() {
            next[r] = self.lower_bound(r, &next[..r]);
        }
        next
    }

    fn stride_to(&self, level: usize, next: &[i64]) -> i64 {
        (level..self.depth()).map(|r| self.coefficients[r] * (next[r] - self.index[r])).sum()
    }

    /// Section 4.3's `(+)(l, i^k)` with stride `sigma`: loop `l` steps and one loop inside it
    /// (the paper's `K = 1`) restarts at a value other than its known lower bound, within one
    /// of the values it has taken (`R = 1`); the loops inside that one restart at their
    /// lower bounds.
    fn lower_face_successors(&self, level: usize, sigma: i64) -> Vec<Vec<i64>> {
        let predicted = self.successor(level);
        let mut out = Vec::new();
        for r in level + 1..self.depth() {
            let (low, high) = self.value_range(r);
            if high - low > MAX_RESTART_VALUES {
                continue;
            }
            for start in low..=high {
                if start == predicted[r] {
                    continue;
                }
                let mut next = predicted.clone();
                next[r] = start;
                for q in r + 1..self.depth() {
                    next[q] = self.lower_bound(q, &next[..q]);
                }
                if self.stride_to(level, &next) == sigma {
                    out.push(next);
                }
            }
        }
        out
    }

    /// Section 4.3's `(+)(l, i^k)` where the one loop `r` that restarts off its lower bound
    /// (`K = 1`) restarts between two of its values, a fraction `n / s` of a step: `r` takes on
    /// the step `s` (its values and coefficient rescaled by [`Partial::with_step`]), and
    /// restarts at a value off the multiples of `s` within the range of its values (`R = 1`),
    /// where a lower face is fitted. This is how `for (l = max(2j + 2, 3); l <= 6; l += 3)`
    /// is found, whose start changes residue modulo 3 with `j`. `s` is read off the stride
    /// with the loops inside `r` at their lower bounds, and so is the restart value when those
    /// loops restart at 0; the state is copied only for a restart that gives the stride.
    fn stepped_restarts(&self, level: usize, sigma: i64) -> Vec<Partial> {
        let predicted = self.successor(level);
        let rise = sigma - self.stride_to(level, &predicted);
        let depth = self.depth();
        let mut out = Vec::new();
        for r in level + 1..depth {
            let coefficient = self.coefficients[r];
            if self.steps[r] != 1 || coefficient == 0 || rise == 0 {
                continue;
            }
            // sigma = stride + c_r * (start - predicted[r]) with start a multiple of 1 / s.
            let step = coefficient.abs() / gcd(rise.abs(), coefficient.abs());
            if !(2..=MAX_STEP).contains(&step) || coefficient % step != 0 {
                continue;
            }
            // The range of values of `R = 1`, in units of the old step.
            let (low, high) = self.value_range(r);
            let (low, high) = (low * step, high * step);
            // When the starts of the loops inside r do not depend on r or on each other, the
            // stride is affine in r's start: one start gives sigma.
            let independent = (r + 1..depth)
                .all(|q| self.lower[q].iter().all(|f| f.coefficients[r..q].iter().all(|&a| a == 0)));
            let starts: Vec<i64> = if independent {
                let start = step * predicted[r] + step * rise / coefficient;
                if !(low..=high).contains(&start) {
                    continue;
                }
                vec![start]
            } else if high - low <= MAX_RESTART_VALUES {
                (low..=high).filter(|v| v.rem_euclid(step) != 0).collect()
            } else {
                continue;
            };
            // The strides of those restarts, in the coordinates of step `s`, before any copy.
            let inner_lower: Vec<Vec<Face>> = (r + 1..depth)
                .map(|q| self.lower[q].iter().map(|f| face_over_scaled_axis(f, r, step)).collect())
                .collect();
            let mut next = predicted.clone();
            let mut matching = Vec::new();
            for start in starts {
                next[r] = start;
                for q in r + 1..depth {
                    next[q] = inner_lower[q - r - 1].iter().map(|f| f.value(&next[..q])).min().map_or(0, |m| -m);
                }
                let stride = (level..depth)
                    .map(|p| {
                        if p == r {
                            coefficient / step * (next[p] - step * self.index[p])
                        } else {
                            self.coefficients[p] * (next[p] - self.index[p])
                        }
                    })
                    .sum::<i64>();
                if stride == sigma {
                    matching.push(next.clone());
                }
            }
            if matching.is_empty() {
                continue;
            }
            let Some(scaled) = self.with_step(r, step) else {
                continue;
            };
            for next in matching {
                let mut child = scaled.clone();
                if child.advance_to(level, next) {
                    out.push(child);
                }
            }
        }
        out
    }

    /// The same partial solution with loop `r` stepping by `step` (from 1): its values, hull
    /// points and faces times `step`, its coefficient divided by it, and the faces of the loops
    /// inside it rewritten for the new coordinate. `None` when the coefficient is not a
    /// multiple of `step` or no lower faces fit the scaled starts.
    fn with_step(&self, r: usize, step: i64) -> Option<Partial> {
        if self.coefficients[r] % step != 0 {
            return None;
        }
        let mut scaled = self.clone();
        scaled.coefficients[r] /= step;
        scaled.steps[r] = step;
        scaled.index[r] *= step;
        let depth = self.depth();
        for point in scaled.history.chunks_exact_mut(depth) {
            point[r] *= step;
        }
        scaled.hull[r] = scale_values(&self.hull[r], step);
        // floor((s a . o + s b) / d) is within s - 1 above s * floor((a . o + b) / d): the
        // bound of a loop of step s.
        if let Some(faces) = &mut scaled.faces[r] {
            for face in faces {
                face.coefficients.iter_mut().for_each(|a| *a *= step);
                face.constant *= step;
            }
        }
        scaled.lower_hull[r] = scale_values(&self.lower_hull[r], step);
        if !scaled.lower[r].is_empty() {
            // Starts are exact: integer faces scale, rational ones are fitted again.
            if scaled.lower[r].iter().all(|f| f.divisor == 1) {
                for face in &mut scaled.lower[r] {
                    face.coefficients.iter_mut().for_each(|a| *a *= step);
                    face.constant *= step;
                }
            } else {
                let hull = &scaled.lower_hull[r];
                let last = hull.len().checked_sub(1)?;
                let (outer, value) = hull.point(last);
                scaled.lower[r] = fit_lower(hull, (&outer.to_vec(), value), step)?;
            }
        }
        for q in r + 1..depth {
            scaled.hull[q] = scale_axis(&self.hull[q], r, step);
            scaled.lower_hull[q] = scale_axis(&self.lower_hull[q], r, step);
            scaled.span[q] = Span::default();
            if let Some(faces) = &mut scaled.faces[q] {
                faces.iter_mut().for_each(|f| *f = face_over_scaled_axis(f, r, step));
            }
            scaled.lower[q].iter_mut().for_each(|f| *f = face_over_scaled_axis(f, r, step));
        }
        Some(scaled)
    }

    /// One below the least and one above the greatest value loop `r` has taken.
    fn value_range(&self, r: usize) -> (i64, i64) {
        let least = self.lower_hull[r].iter().map(|(_, v)| -v).min().unwrap_or(0).min(0);
        let greatest = self.hull[r].iter().map(|(_, v)| v).max().unwrap_or(0).max(self.index[r]);
        (least - 1, greatest + 1)
    }

    fn lower_bound(&self, level: usize, outer: &[i64]) -> i64 {
        self.lower[level].iter().map(|f| f.value(outer)).min().map_or(0, |m| -m)
    }

    fn upper(&self, level: usize, outer: &[i64]) -> Option<i64> {
        self.faces[level]
            .as_ref()
            .map(|faces| faces.iter().map(|f| f.value(outer)).min().unwrap())
    }

    /// `gamma_j` (equation 5): the steps left in loop `j`, `None` for an unknown bound.
    fn gamma(&self, level: usize) -> Option<i64> {
        self.upper(level, &self.index[..level])
            .map(|u| (u - self.index[level]).div_euclid(self.steps[level]))
    }

    /// Whether `+(l)` is sequential under the current bounds: loop `l` has iterations left and
    /// every loop inside it is at its bound and has at least one iteration at the new prefix.
    fn keeps_bounds(&self, level: usize) -> bool {
        if self.gamma(level).is_some_and(|g| g <= 0) {
            return false;
        }
        let next = self.successor(level);
        (level + 1..self.depth())
            .all(|r| self.gamma(r) == Some(0) && self.upper(r, &next[..r]).is_some_and(|u| u >= next[r]))
    }

    /// Whether loop `level`'s upper bound is pinned down by what the trace has shown: its faces
    /// are known and its hull points span the space of its outer iterators (`width + 1`
    /// affinely independent prefixes, as many as equation 6 needs to fix one face). Before
    /// that, a prediction `+(l)` whose stride matched may still be wrong: the loop may have
    /// reached its bound there, on a face not yet seen (section 4.4: any visited point may lie
    /// on an undiscovered upper face).
    fn settled(&mut self, level: usize) -> bool {
        self.faces[level].is_some() && self.span[level].spans(&self.hull[level])
    }

    /// The innermost loop with iterations left (section 3.3).
    fn predict(&self) -> Option<usize> {
        (0..self.depth())
            .rev()
            .find(|&j| self.gamma(j).is_none_or(|g| g > 0))
    }

    fn record_history(&mut self) {
        if self.position < HISTORY {
            self.history.extend_from_slice(&self.index);
        }
    }

    /// Applies `+(l, i^k)`: the inner loops reset (new hull points), loop `l` steps. False
    /// when a bound no longer fits (the branch is discarded).
    fn advance(&mut self, level: usize) -> bool {
        let next = self.successor(level);
        self.advance_to(level, next)
    }

    /// Steps loop `l` with the loops inside restarting at `next` (`+(l)`, or section 4.3's
    /// `(+)(l)` when some restart is not at the known lower bound).
    fn advance_to(&mut self, level: usize, next: Vec<i64>) -> bool {
        for r in level + 1..self.depth() {
            let (outer, value) = (self.index[..r].to_vec(), self.index[r]);
            self.hull[r].push(&outer, value);
        }
        self.index = next;
        self.position += 1;
        self.record_history();
        (level + 1..self.depth()).all(|r| self.refit_lower(r)) && (level..self.depth()).all(|r| self.refit_if_needed(r))
    }

    /// Records where loop `r` starts at the new prefix and keeps its lower faces exact there:
    /// the first start other than 0 turns on lower faces, with every earlier prefix (the
    /// loop's reset points) starting at 0.
    fn refit_lower(&mut self, r: usize) -> bool {
        let (outer, start) = (self.index[..r].to_vec(), self.index[r]);
        if self.lower[r].is_empty() {
            if start == 0 {
                return true;
            }
            let mut hull = HullPoints::new(r);
            for (prefix, _) in self.hull[r].iter() {
                hull.push(prefix, 0);
            }
            self.lower_hull[r] = hull;
        } else if self.lower_bound(r, &outer) == start {
            self.lower_hull[r].push(&outer, -start);
            return true;
        }
        self.lower_hull[r].push(&outer, -start);
        match fit_lower(&self.lower_hull[r], (&outer, -start), self.steps[r]) {
            Some(faces) => {
                self.lower[r] = faces;
                true
            }
            None => false,
        }
    }

    /// Keeps loop `r`'s faces when they still fit its hull points and prefix in progress,
    /// else fits new ones (section 3.4; several faces, section 4.2).
    fn refit_if_needed(&mut self, r: usize) -> bool {
        let current = (&self.index[..r], self.index[r]);
        let step = self.steps[r];
        let fits = match &self.faces[r] {
            Some(faces) => {
                let upper = faces.iter().map(|f| f.value(current.0)).min().unwrap();
                let last_exact = match self.hull[r].len().checked_sub(1) {
                    Some(n) => {
                        let (outer, value) = self.hull[r].point(n);
                        (0..step).contains(&(faces.iter().map(|f| f.value(outer)).min().unwrap() - value))
                    }
                    None => true,
                };
                upper >= current.1 && last_exact
            }
            None => self.hull[r].is_empty(),
        };
        if fits {
            return true;
        }
        match fit_upper(&self.hull[r], current, step) {
            Some(faces) => {
                self.faces[r] = Some(faces);
                true
            }
            None => false,
        }
    }

    /// Algorithm 2: a new loop at position `p`, stepping to 1 while every loop inside it
    /// resets, so that the next stride is `sigma`.
    fn grow(&self, p: usize, sigma: i64) -> Option<Partial> {
        let depth = self.depth();
        let coefficient = sigma
            + (p..depth)
                .map(|r| self.index[r] * self.coefficients[r])
                .sum::<i64>();
        let new_level_hull = self.completed_prefixes(p);
        let mut next = Partial {
            coefficients: self.coefficients.clone(),
            steps: self.steps.clone(),
            index: self.index.clone(),
            hull: Vec::with_capacity(depth + 1),
            faces: Vec::with_capacity(depth + 1),
            lower: Vec::with_capacity(depth + 1),
            lower_hull: Vec::with_capacity(depth + 1),
            span: Vec::with_capacity(depth + 1),
            history: Vec::new(),
            position: self.position,
            doubtful: self.doubtful,
        };
        next.coefficients.insert(p, coefficient);
        next.steps.insert(p, 1);
        for r in 0..depth {
            let (hull, faces) = if r < p {
                (self.hull[r].clone(), self.faces[r].clone())
            } else {
                let faces = self.faces[r]
                    .as_ref()
                    .map(|fs| fs.iter().map(|f| face_with_axis(f, p)).collect());
                (self.hull[r].with_axis(p), faces)
            };
            next.hull.push(hull);
            next.faces.push(faces);
            // A new outer axis: the span of the loops inside it is rebuilt.
            next.span.push(if r < p { self.span[r].clone() } else { Span::default() });
            if r < p {
                next.lower.push(self.lower[r].clone());
                next.lower_hull.push(self.lower_hull[r].clone());
            } else {
                next.lower.push(self.lower[r].iter().map(|f| face_with_axis(f, p)).collect());
                next.lower_hull.push(self.lower_hull[r].with_axis(p));
            }
        }
        next.hull.insert(p, new_level_hull);
        next.faces.insert(p, None);
        next.span.insert(p, Span::default());
        next.lower.insert(p, Vec::new());
        next.lower_hull.insert(p, HullPoints::new(p));
        next.history = widen(&self.history, depth, p);
        // The step itself: loops inside p reset (hull points), the new loop goes to 1.
        next.index.insert(p, 0);
        for r in p + 1..=depth {
            let (outer, value) = (next.index[..r].to_vec(), next.index[r]);
            next.hull[r].push(&outer, value);
        }
        next.index[p + 1..].iter_mut().for_each(|i| *i = 0);
        next.index[p] = 1;
        next.position += 1;
        next.record_history();
        if !next.hull[p].is_empty() {
            next.faces[p] = Some(fit_upper(&next.hull[p], (&next.index[..p], 1), 1)?);
        }
        (p + 1..=depth)
            .all(|r| next.refit_lower(r) && next.refit_if_needed(r))
            .then_some(next)
    }

    /// The prefixes of length `p` completed before the current one, each with value 0 for a
    /// loop inserted at `p`: the hull points of the loop at `p` (every prefix of length `p`
    /// ends with a reset of that loop), or for `p = D` the points so far.
    fn completed_prefixes(&self, p: usize) -> HullPoints {
        let mut hull = HullPoints::new(p);
        if p < self.depth() {
            for (outer, _) in self.hull[p].iter() {
                hull.push(outer, 0);
            }
            return hull;
        }
        let depth = self.depth();
        let kept = self.history.len() / depth;
        for n in 0..kept.min(self.position) {
            hull.push(&self.history[n * depth..(n + 1) * depth], 0);
        }
        if self.position >= HISTORY {
            // Past the history: the first point after every reset, a point of the domain.
            for r in 0..depth {
                for (outer, value) in self.hull[r].iter() {
                    let mut point = outer.to_vec();
                    point.push(value);
                    point.resize(depth, 0);
                    hull.push(&point, 0);
                }
            }
        }
        hull
    }

    /// The end of the trace: the last point completes every loop.
    fn finish(mut self, base: i64) -> Option<Nest> {
        for r in 0..self.depth() {
            let (outer, value) = (self.index[..r].to_vec(), self.index[r]);
            self.hull[r].push(&outer, value);
            if !self.refit_if_needed(r) {
                return None;
            }
            let faces = self.faces[r].as_ref()?;
            if !faces_fit(faces, &self.hull[r], (&outer, value), self.steps[r]) {
                return None;
            }
        }
        let loops = self
            .faces
            .into_iter()
            .zip(self.lower)
            .zip(self.steps)
            .map(|((faces, lower), step)| Loop {
                lower: lower_faces(lower),
                upper: faces.unwrap(),
                step,
            })
            .collect();
        Some(Nest {
            base,
            coefficients: self.coefficients,
            loops,
        })
    }
}

/// Lower faces kept as upper faces `f` of `-i` become `ceil(-f)` faces; a lone 0 is the
/// canonical lower bound (no face).
fn lower_faces(faces: Vec<Face>) -> Vec<Face> {
    if faces.iter().all(|f| f.constant == 0 && f.coefficients.iter().all(|&c| c == 0)) {
        return Vec::new();
    }
    faces
        .into_iter()
        .map(|f| Face {
            coefficients: f.coefficients.iter().map(|c| -c).collect(),
            constant: -f.constant,
            divisor: f.divisor,
        })
        .collect()
}

/// Hull points with their values times `step`.
fn scale_values(hull: &HullPoints, step: i64) -> HullPoints {
    let mut scaled = HullPoints::new(hull.width);
    for (outer, value) in hull.iter() {
        scaled.push(outer, value * step);
    }
    scaled
}

/// Hull points with outer coordinate `axis` times `step`.
fn scale_axis(hull: &HullPoints, axis: usize, step: i64) -> HullPoints {
    let mut scaled = HullPoints::new(hull.width);
    let mut prefix = Vec::with_capacity(hull.width);
    for (outer, value) in hull.iter() {
        prefix.clear();
        prefix.extend_from_slice(outer);
        prefix[axis] *= step;
        scaled.push(&prefix, value);
    }
    scaled
}

/// `face` over outer coordinates whose `axis` is now `step` times larger: the same values at
/// the scaled points (`a_axis / step`, or every other term and the divisor times `step`).
fn face_over_scaled_axis(face: &Face, axis: usize, step: i64) -> Face {
    let mut scaled = face.clone();
    if face.coefficients[axis] % step == 0 {
        scaled.coefficients[axis] /= step;
        return scaled;
    }
    for (n, a) in scaled.coefficients.iter_mut().enumerate() {
        if n != axis {
            *a *= step;
        }
    }
    scaled.constant *= step;
    scaled.divisor *= step;
    scaled
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn face_with_axis(face: &Face, p: usize) -> Face {
    let mut coefficients = face.coefficients.clone();
    coefficients.insert(p, 0);
    Face {
        coefficients,
        ..face.clone()
    }
}

/// Iteration vectors of width `depth` with a 0 inserted at `p`.
fn widen(history: &[i64], depth: usize, p: usize) -> Vec<i64> {
    let mut out = Vec::with_capacity(history.len() / depth.max(1) * (depth + 1));
    for point in history.chunks_exact(depth) {
        out.extend_from_slice(&point[..p]);
        out.push(0);
        out.extend_from_slice(&point[p..]);
    }
    out
}

/// The search state shared by all branches.
struct Search<'a> {
    trace: &'a [i64],
    cap: usize,
    steps: u64,
    quota: u64,
    /// Steps taken on doubtful branches, against `doubt_quota`.
    doubt_steps: u64,
    doubt_quota: u64,
    cut: usize,
}

/// One entry of the depth-first search's stack.
enum Branch {
    /// A partial solution to extend.
    Explore(Partial),
    /// The alternatives to predictions that were taken on bounds not yet settled: at the
    /// first of `points` consecutive points (the steps of one innermost run, or one step),
    /// loop `predicted` may instead have reached its bound, or a loop inside it may not have
    /// reached its own. Kept as one entry and expanded point by point, so that a run costs
    /// one copy of the state, and nothing more unless every branch above it fails.
    Alternatives {
        state: Partial,
        predicted: usize,
        points: usize,
    },
}

enum Extension {
    /// The partial solution generates the whole trace.
    Complete(Partial),
    /// Alternatives were pushed (or none existed): the branch is done.
    Branched,
}

impl Search<'_> {
    /// Runs Algorithm 1's loop on one branch until the trace ends or a step needs a choice.
    fn extend(&mut self, mut state: Partial, stack: &mut Vec<Branch>) -> Extension {
        let trace = self.trace;
        if state.doubtful && self.doubt_steps > self.doubt_quota {
            return Extension::Branched;
        }
        loop {
            let k = state.position;
            if k + 1 == trace.len() {
                return Extension::Complete(state);
            }
            if !self.count_step(&state, 1) {
                return Extension::Branched;
            }
            let sigma = trace[k + 1] - trace[k];
            let predicted = state
                .predict()
                .filter(|&l| state.stride(l) == sigma && state.keeps_bounds(l));
            match predicted {
                Some(l) if l + 1 == state.depth() => {
                    let run = self.innermost_run(&state);
                    self.defer_alternatives(&mut state, l, run, stack);
                    take_run(&mut state, run);
                }
                Some(l) => {
                    self.defer_alternatives(&mut state, l, 1, stack);
                    if l == 0 {
                        self.cut = self.cut.max(k + 1);
                    }
                    let kept = state.advance(l);
                    debug_assert!(kept, "a predicted step keeps the bounds");
                }
                None => {
                    self.branch(&state, sigma, stack);
                    return Extension::Branched;
                }
            }
        }
    }

    /// Counts `steps` for a branch; false when its quota is spent.
    fn count_step(&mut self, state: &Partial, steps: u64) -> bool {
        self.steps += steps;
        if state.doubtful {
            self.doubt_steps += steps;
            if self.doubt_steps > self.doubt_quota {
                return false;
            }
        }
        self.steps <= self.quota
    }

    /// The predicted innermost run: how many addresses up to the loop's bound (or, unknown, up
    /// to the first other stride) follow with its stride, in one pass over the differences.
    fn innermost_run(&self, state: &Partial) -> usize {
        let inner = state.depth() - 1;
        let stride = state.coefficients[inner] * state.steps[inner];
        let left = state.gamma(inner).map_or(usize::MAX, |g| g as usize);
        let trace = &self.trace[state.position..];
        let limit = left.min(trace.len() - 1);
        trace[..=limit]
            .windows(2)
            .take_while(|w| w[1] - w[0] == stride)
            .count()
    }

    /// Before `points` predicted steps of loop `predicted` are taken (Algorithm 1 takes a
    /// prediction whose stride matched without branching): when a bound the prediction relies
    /// on is not settled, the other successors with the same strides are kept for
    /// backtracking, behind every branch of the prediction itself, as one stack entry. Nothing
    /// is kept (no copy of the state) when no alternative can exist.
    fn defer_alternatives(&mut self, state: &mut Partial, predicted: usize, points: usize, stack: &mut Vec<Branch>) {
        let sigma = self.trace[state.position + 1] - self.trace[state.position];
        let inner = state.depth() - 1;
        let inner_stride = state.coefficients[inner] * state.steps[inner];
        let exist = self.grows_instead(state, predicted)
            || alternative_levels(state, predicted).into_iter().any(|l| {
                // Along an innermost run, `+(l)`'s stride falls by the inner stride per step.
                let first = state.stride(l);
                match points {
                    1 => first == sigma,
                    _ if inner_stride == 0 => first == sigma,
                    _ => {
                        let steps = first - sigma;
                        steps % inner_stride == 0 && (0..points as i64).contains(&(steps / inner_stride))
                    }
                }
            });
        if exist {
            stack.push(Branch::Alternatives {
                state: state.clone(),
                predicted,
                points,
            });
        }
    }

    /// Whether a new loop may end `predicted`'s run (Algorithm 2 at a point where the
    /// prediction matched): only in a run of the innermost loop whose bound is not settled,
    /// e.g. its first run, where two runs that meet with the inner stride look like one.
    fn grows_instead(&self, state: &mut Partial, predicted: usize) -> bool {
        predicted + 1 == state.depth() && state.depth() < self.cap && !state.settled(predicted)
    }

    /// Expands the first point of a [`Branch::Alternatives`]: the successors other than
    /// `+(predicted)` that give the observed stride there (brute force over the doubtful
    /// loops, section 3.1; new loops ending the run, section 3.2), pushed above the entry for
    /// the remaining points.
    fn expand_alternatives(&mut self, mut state: Partial, predicted: usize, points: usize, stack: &mut Vec<Branch>) {
        state.doubtful = true;
        if !self.count_step(&state, 1) {
            return;
        }
        let k = state.position;
        let sigma = self.trace[k + 1] - self.trace[k];
        let mut children = Vec::new();
        for l in alternative_levels(&mut state, predicted).into_iter().rev() {
            if state.stride(l) != sigma {
                continue;
            }
            let mut next = state.clone();
            if next.advance(l) {
                if l == 0 {
                    self.cut = self.cut.max(k + 1);
                }
                children.push(next);
            }
        }
        if self.grows_instead(&mut state, predicted) {
            children.extend((0..=predicted).filter_map(|p| state.grow(p, sigma)));
        }
        self.count_step(&state, children.len() as u64);
        if points > 1 {
            take_run(&mut state, 1);
            stack.push(Branch::Alternatives {
                state,
                predicted,
                points: points - 1,
            });
        }
        stack.extend(children.into_iter().rev().map(Branch::Explore));
    }

    /// The brute-force successors, the restarts on new lower faces and the grown nests, pushed
    /// so that the first is explored first: `+(l)` from the innermost loop out, restarts, then
    /// new loops from the outermost in; restarts with a new step only when there is none.
    fn branch(&mut self, state: &Partial, sigma: i64, stack: &mut Vec<Branch>) {
        let mut children = Vec::new();
        for l in (0..state.depth()).rev() {
            if state.stride(l) != sigma {
                continue;
            }
            let mut next = state.clone();
            if next.advance(l) {
                if l == 0 {
                    self.cut = self.cut.max(state.position + 1);
                }
                children.push(next);
            }
        }
        for l in (0..state.depth()).rev() {
            for next in state.lower_face_successors(l, sigma) {
                let mut child = state.clone();
                if child.advance_to(l, next) {
                    if l == 0 {
                        self.cut = self.cut.max(state.position + 1);
                    }
                    children.push(child);
                }
            }
        }
        if state.depth() < self.cap {
            children.extend((0..=state.depth()).filter_map(|p| state.grow(p, sigma)));
        }
        // Steps, the last resort: only where nothing else gives the stride.
        if children.is_empty() {
            for l in (0..state.depth()).rev() {
                let stepped = state.stepped_restarts(l, sigma);
                if l == 0 && !stepped.is_empty() {
                    self.cut = self.cut.max(state.position + 1);
                }
                children.extend(stepped);
            }
        }
        self.count_step(state, children.len() as u64);
        stack.extend(children.into_iter().rev().map(Branch::Explore));
    }
}

/// The loops `l` whose step `+(l)` is an alternative to the prediction `+(predicted)` because
/// a bound it relies on is not settled: an outer loop when `predicted` may have reached its
/// bound, an inner loop when it may not have reached its own.
fn alternative_levels(state: &mut Partial, predicted: usize) -> Vec<usize> {
    let mut levels = Vec::new();
    if !state.settled(predicted) {
        levels.extend(0..predicted);
    }
    levels.extend((predicted + 1..state.depth()).filter(|&l| !state.settled(l)));
    levels
}

/// Takes `run` steps of the innermost loop, whose stride the trace was checked to have.
fn take_run(state: &mut Partial, run: usize) {
    let inner = state.depth() - 1;
    let step = state.steps[inner];
    let recorded = run.min(HISTORY.saturating_sub(state.position + 1));
    for _ in 0..recorded {
        state.index[inner] += step;
        state.position += 1;
        state.record_history();
    }
    state.index[inner] += (run - recorded) as i64 * step;
    state.position += run - recorded;
}

/// Whether `nest` issues exactly `trace`.
pub fn regenerates(nest: &Nest, trace: &[i64]) -> bool {
    let mut n = 0;
    let all_equal = nest.generate(&mut |address| {
        let equal = trace.get(n) == Some(&address);
        n += 1;
        equal
    });
    all_equal && n == trace.len()
}

/// The nest with the fewest loops (up to `limits.max_depth`) that regenerates `trace`, found
/// within the quota; `None` otherwise. `trace` must not be empty.
pub fn reconstruct_nest(trace: &[i64], limits: Limits) -> Outcome {
    assert!(!trace.is_empty(), "an empty trace has no nest");
    if trace.len() == 1 {
        let nest = Nest {
            base: trace[0],
            coefficients: vec![0],
            loops: vec![Loop::new(Vec::new(), vec![Face::constant(0, 0)])],
        };
        return Outcome {
            nest: Some(nest),
            cut: 1,
        };
    }
    // S_1^2 (equation 3): one loop of two iterations with the first stride.
    let initial = Partial {
        coefficients: vec![trace[1] - trace[0]],
        steps: vec![1],
        index: vec![1],
        hull: vec![HullPoints::new(0)],
        faces: vec![None],
        lower: vec![Vec::new()],
        lower_hull: vec![HullPoints::new(0)],
        span: vec![Span::default()],
        history: vec![0, 1],
        position: 1,
        doubtful: false,
    };
    let mut cut = 0;
    for cap in 1..=limits.max_depth {
        let mut search = Search {
            trace,
            cap,
            steps: 0,
            quota: limits.quota + trace.len() as u64,
            doubt_steps: 0,
            doubt_quota: limits.doubt_quota,
            cut: 0,
        };
        let mut stack = vec![Branch::Explore(initial.clone())];
        while let Some(branch) = stack.pop() {
            if search.steps > search.quota {
                break;
            }
            let state = match branch {
                Branch::Explore(state) => state,
                Branch::Alternatives {
                    state,
                    predicted,
                    points,
                } => {
                    search.expand_alternatives(state, predicted, points, &mut stack);
                    continue;
                }
            };
            if let Extension::Complete(state) = search.extend(state, &mut stack) {
                if let Some(nest) = state.finish(trace[0]) {
                    if regenerates(&nest, trace) {
                        return Outcome {
                            nest: Some(nest),
                            cut: trace.len(),
                        };
                    }
                }
            }
        }
        cut = cut.max(search.cut);
    }
    Outcome { nest: None, cut }
}
