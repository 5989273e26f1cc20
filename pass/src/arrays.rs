//! Arrays and access relations: base pointers, delinearization, liveness and aliasing.
//!
//! Every load and store address is split by ScalarEvolution into a base pointer and a byte
//! offset. Accesses with the same base form one array. If every offset is affine the array is
//! one-dimensional; otherwise (hand-linearized parametric subscripts such as
//! `c*(R*(C+4)) + (i-2)*(C+4) + j`) LLVM's delinearization recovers the dimensions from all
//! offsets of the array together. Delinearization is exact only while every inner subscript
//! stays inside its dimension: those bounds become assumptions (see `scop_builder`).
//!
//! Liveness (paper 003, section 5.1): a `malloc`'d buffer that is freed and never escapes,
//! and an `alloca` that never escapes, are temporary; everything else is live-out.

use crate::affinator::{sanitize, Affinator, Facts, NotAffine, Parameters};
use crate::domains::Domains;
use polyhedral::isl::IslContext;
use crate::bridge::{Analyses, Scev};
use crate::ir::{self, Block, Value};
use crate::reject::{Reject, RejectKind, RejectResult};
use crate::region::Region;
use llvm_sys::LLVMOpcode;
use polyhedral::affine::AffExpr;
use polyhedral::delinearization::{delinearize, Poly};
use polyhedral::model::{Access, AliasCheck, Array, ArrayId, Contents, Liveness, ScalarType};
use std::collections::{HashMap, HashSet};

pub struct Arrays {
    pub arrays: Vec<Array>,
    pub bases: Vec<Value>,
    /// Whether the array's dimensions came from delinearization (its inner subscripts are
    /// then assumed to stay inside their dimensions).
    pub delinearized: Vec<bool>,
    /// Per array, sizes that some accesses' strides give for a dimension (its index in the
    /// array's sizes) whose size is written otherwise: assumed equal to it.
    pub equal_sizes: Vec<Vec<(usize, AffExpr)>>,
    pub access_of: HashMap<Value, Access>,
    pub alias_checks: Vec<AliasCheck>,
    /// Bases read only under guards (`Affinator::guarded_base`), each with the blocks of the
    /// region's loads of its bytes: the new code reads it only where one of them runs.
    pub guarded_bases: Vec<(Value, Vec<Block>)>,
}

/// Smallest row size `rows_of_constant_size` takes: smaller constant strides are fields of a
/// record or channels of a pixel (`3*x + c`), whose subscripts their loops already bound.
const MIN_CONSTANT_ROW: i64 = 16;

/// Sizes (outermost unknown), subscripts per access, whether they were delinearized, and
/// the sizes assumed equal to a dimension's (see `Arrays::equal_sizes`).
type Shape = (Vec<Option<AffExpr>>, Vec<Vec<AffExpr>>, bool, Vec<(usize, AffExpr)>);

struct Group {
    base: Value,
    element: ScalarType,
    instructions: Vec<Value>,
    offsets: Vec<Scev>,
    /// For a table of row pointers (`Array::row_pointers`; `base` is the table), the byte
    /// offset into the table of each instruction's row pointer; empty otherwise.
    row_offsets: Vec<Scev>,
    row_pointers: bool,
    /// Accesses at a data-dependent address (may-accesses): they do not take part in the
    /// shape, which their GEP must agree with (`data_access`).
    data_instructions: Vec<Value>,
}

/// Resolves the accesses of `instructions` (loads and stores of the region).
pub fn resolve(
    a: Analyses,
    function: Value,
    region: &Region,
    domains: &Domains,
    isl: &IslContext,
    parameters: &mut Parameters,
    instructions: &[Value],
    data_operands: &HashMap<Value, Vec<u32>>,
    rows_seen_affine: &dyn Fn(Value) -> bool,
    constant_rows: bool,
    zero_filled: &HashSet<Value>,
) -> RejectResult<Arrays> {
    let mut groups: Vec<Group> = Vec::new();
    let mut guarded_bases = Vec::new();
    for &inst in instructions {
        let is_data = data_operands.get(&inst).is_some_and(|ops| !ops.is_empty());
        let at = || ir::location(inst);
        let pointer = ir::pointer_operand(inst).expect("load or store");
        let element = ir::accessed_type(inst).ok_or_else(|| {
            Reject::new(RejectKind::UnsupportedInstruction, "access of a non-scalar type").at(at())
        })?;
        let block = ir::block_of(inst).expect("instruction");
        let scev = a.scev(pointer).ok_or_else(|| {
            Reject::new(RejectKind::NonAffineSubscript, "address not analyzable").at(at())
        })?;
        let scev = a.scev_at_scope(scev, a.loop_for(block));
        let base_scev = a.pointer_base(scev);
        let base = base_scev.unknown_value().ok_or_else(|| {
            Reject::new(RejectKind::UnknownBasePointer, format!("no base pointer in {scev}")).at(at())
        })?;
        let row = match model_base(a, function, region, parameters, base, &mut guarded_bases) {
            Ok(base) => (base, None),
            Err(reject) => match row_pointer(a, region, base).and_then(|(table, offset)| {
                Some((model_base(a, function, region, parameters, table, &mut guarded_bases).ok()?, offset))
            }) {
                Some(_) if !rows_seen_affine(inst) => {
                    let message = format!("{} ({ROWS_WITHOUT_PROFILE})", reject.message);
                    return Err(Reject { message, ..reject }.at(at()));
                }
                Some(_) if is_data => return Err(data_reject(inst, "not yet: a data-dependent subscript into a row of a row-pointer table")),
                Some((table, row_offset)) => (table, Some(row_offset)),
                None => return Err(reject.at(at())),
            },
        };
        let (base, row_offset) = row;
        let offset = a.minus(scev, base_scev).ok_or_else(|| {
            Reject::new(RejectKind::NonAffineSubscript, format!("address {scev}")).at(at())
        })?;
        let row_pointers = row_offset.is_some();
        let index = match groups.iter().position(|g| g.base == base && g.row_pointers == row_pointers) {
            Some(k) => k,
            None => {
                groups.push(Group {
                    base,
                    element,
                    instructions: vec![],
                    offsets: vec![],
                    row_offsets: vec![],
                    row_pointers,
                    data_instructions: vec![],
                });
                groups.len() - 1
            }
        };
        let g = &mut groups[index];
        if g.element != element {
            return Err(Reject::new(RejectKind::UnsupportedInstruction, "array accessed with different element types").at(at()));
        }
        if groups.iter().filter(|g| g.base == base).count() > 1 {
            return Err(Reject::new(RejectKind::UnknownBasePointer, "a row-pointer table also accessed as an array of elements").at(at()));
        }
        let g = &mut groups[index];
        if is_data {
            g.data_instructions.push(inst);
        } else {
            g.instructions.push(inst);
            g.offsets.push(offset);
            g.row_offsets.extend(row_offset);
        }
    }
    let mut out = Arrays {
        arrays: Vec::new(),
        bases: Vec::new(),
        delinearized: Vec::new(),
        equal_sizes: Vec::new(),
        access_of: HashMap::new(),
        alias_checks: Vec::new(),
        guarded_bases,
    };
    let mut aff = Affinator { analyses: a, function, region, parameters, facts: None, products: true };
    for g in groups {
        let id = out.arrays.len();
        let ((sizes, subscripts, delinearized, equal_sizes), row_stride) = if g.row_pointers {
            row_shape(&mut aff, &g, domains, isl)?
        } else if g.instructions.is_empty() {
            (data_only_shape(&g)?, 1)
        } else {
            (shape(&mut aff, &g, domains, isl, constant_rows)?, 1)
        };
        let name = unique_name(&out.arrays, &array_name(function, g.base, id));
        // The rows of a table are wherever the program put them: live-out.
        let liveness = if g.row_pointers { Liveness::LiveOut } else { liveness(region, g.base) };
        let written = g.instructions.iter().chain(&g.data_instructions).any(|i| ir::opcode(*i) == Some(LLVMOpcode::LLVMStore));
        let initial = match liveness {
            Liveness::LiveOut if ir::is_constant_global(ir::strip_casts(g.base)) && !written => Contents::Constant,
            Liveness::LiveOut => Contents::Program,
            Liveness::Temporary if !region.allocated_per_run(g.base) => Contents::Carried,
            Liveness::Temporary if accessed_before(region, g.base) => Contents::Program,
            Liveness::Temporary if is_zeroed(g.base) || zero_filled.contains(&g.base) => Contents::Zeros,
            Liveness::Temporary => Contents::Indeterminate,
        };
        let row_pointers = g.row_pointers;
        out.arrays.push(Array { name, element: g.element, sizes: sizes.clone(), liveness, initial, row_pointers, row_stride, index_range: None, line_buffer: false });
        out.bases.push(value_at_entry(a, region, g.base));
        out.delinearized.push(delinearized);
        out.equal_sizes.push(equal_sizes);
        for (inst, subs) in g.instructions.iter().zip(subscripts) {
            out.access_of.insert(*inst, Access::affine(id, subs));
        }
        for &inst in &g.data_instructions {
            let access = data_access(&mut aff, &g, inst, &data_operands[&inst], &sizes, domains, isl)?;
            out.access_of.insert(inst, Access::with_data(id, access));
        }
    }
    out.alias_checks = alias_checks(a, region, &out, instructions);
    Ok(out)
}

/// The GEP of a may-access (`T* base, idx` or `[n x T]* base, 0?, i, ...`) and the sizes its
/// type gives: `[None]` for a single index, else the inner lengths after an unknown outermost.
fn data_gep(g: &Group, inst: Value) -> Option<(Value, Vec<Option<AffExpr>>)> {
    let gep = ir::strip_casts(ir::pointer_operand(inst)?);
    if !ir::is_gep(gep) || ir::strip_casts(ir::operand(gep, 0)) != ir::strip_casts(g.base) {
        return None;
    }
    if ir::num_operands(gep) == 2 && ir::scalar_type_of(ir::gep_source_element_type(gep)).is_some() {
        return Some((gep, vec![None]));
    }
    let lengths = ir::array_lengths(ir::gep_source_element_type(gep))?;
    if lengths.is_empty() || ir::num_operands(gep) as usize != lengths.len() + 2 {
        return None;
    }
    let mut sizes = vec![None];
    sizes.extend(lengths.iter().map(|n| Some(AffExpr::constant(*n as i64))));
    Some((gep, sizes))
}

fn data_reject(inst: Value, why: &str) -> Reject {
    Reject::new(RejectKind::NonAffineSubscript, format!("data-dependent subscript: {why}")).at(ir::location(inst))
}

/// The shape of an array that is only accessed at data-dependent addresses: its GEPs' type.
fn data_only_shape(g: &Group) -> RejectResult<Shape> {
    let first = g.data_instructions[0];
    let (_, sizes) = data_gep(g, first).ok_or_else(|| data_reject(first, "address is not an index into the array"))?;
    let delinearized = sizes.len() > 1;
    Ok((sizes, vec![], delinearized, Vec::new()))
}

/// The subscripts of a may-access in the array's shape `sizes`: affine ones as `Ok`, the
/// data-dependent ones as placeholders (`Err`) whose values the statement fills in
/// (`scop_builder::fill_data`).
fn data_access<'a>(
    aff: &mut Affinator<'a>,
    g: &Group,
    inst: Value,
    data_operands: &[u32],
    sizes: &[Option<AffExpr>],
    domains: &Domains,
    isl: &'a IslContext,
) -> RejectResult<Vec<Result<AffExpr, polyhedral::model::Expr>>> {
    let (gep, own_sizes) = data_gep(g, inst).ok_or_else(|| data_reject(inst, "address is not an index into the array"))?;
    if own_sizes.len() == 1 && sizes.len() > 1 {
        // A flattened index into an array the other accesses delinearize: the whole index
        // is the innermost subscript and the outer ones are 0, which gives the same address;
        // the access relation covers the array as for any data-dependent inner subscript.
        if !data_operands.contains(&1) {
            return Err(data_reject(inst, "the array's other accesses give it another shape"));
        }
        let mut out: Vec<Result<AffExpr, polyhedral::model::Expr>> = vec![Ok(AffExpr::constant(0)); sizes.len() - 1];
        out.push(Err(polyhedral::model::Expr::Constant(polyhedral::model::Constant::Int(0, ScalarType::I64))));
        return Ok(out);
    }
    let mut operands: Vec<u32> = (1..ir::num_operands(gep)).collect();
    // A leading 0 into a global's own dimension, dropped from the shape (`gep_shape`).
    if own_sizes.len() == sizes.len() + 1 && ir::const_int(ir::operand(gep, 1)) == Some(0) && !data_operands.contains(&1) {
        operands.remove(0);
    } else if own_sizes.len() != sizes.len() || own_sizes[1..] != sizes[1..] {
        return Err(data_reject(inst, "the array's other accesses give it another shape"));
    }
    let block = ir::block_of(inst).expect("instruction");
    aff.facts = Some(Facts::new(isl, domains.of_block[&block].clone(), aff.region.loops_around(aff.analyses, block).len()));
    let scope = aff.analyses.loop_for(block);
    let mut out = Vec::new();
    for op in operands {
        if data_operands.contains(&op) {
            out.push(Err(polyhedral::model::Expr::Constant(polyhedral::model::Constant::Int(0, ScalarType::I64))));
            continue;
        }
        let index = ir::operand(gep, op);
        let scev = aff.analyses.scev(index).ok_or_else(|| data_reject(inst, "index not analyzable"))?;
        let e = aff.affine(aff.analyses.scev_at_scope(scev, scope)).map_err(|e| data_reject(inst, &e.to_string()))?;
        out.push(Ok(e));
    }
    Ok(out)
}

/// Sizes (outermost unknown), subscripts per access, and whether delinearization was used.
fn shape<'a>(
    aff: &mut Affinator<'a>,
    g: &Group,
    domains: &Domains,
    isl: &'a IslContext,
    constant_rows: bool,
) -> RejectResult<Shape> {
    let bytes = g.element.size_in_bytes() as i64;
    let use_facts = |aff: &mut Affinator<'a>, k: usize| {
        let block = ir::block_of(g.instructions[k]).expect("instruction");
        aff.facts = Some(Facts::new(isl, domains.of_block[&block].clone(), aff.region.loops_around(aff.analyses, block).len()));
    };
    // What an abandoned reading (a GEP shape or a linear one that fails on a later access)
    // added to the parameters is forgotten before the next is tried.
    let before = aff.parameters.snapshot();
    if let Some(found) = gep_shape(aff, g, &use_facts) {
        return Ok(found);
    }
    aff.parameters.restore(before);
    // The reason is formatted only if the array is rejected in the end.
    let linear: Result<Vec<AffExpr>, NotAffine> = g
        .offsets
        .iter()
        .enumerate()
        .map(|(k, o)| {
            use_facts(aff, k);
            let e = aff.affine(*o)?;
            if e.constant % bytes != 0 || e.terms.iter().any(|(_, c)| c % bytes != 0) {
                return Err(NotAffine::at("offset not a multiple of the element size", *o));
            }
            e.floor_div(bytes).ok_or(NotAffine::at("overflow", *o))
        })
        .collect();
    if let Ok(subs) = linear {
        if let Some((size, split)) = constant_rows.then(|| rows_of_constant_size(&subs)).flatten() {
            return Ok((vec![None, Some(AffExpr::constant(size))], split, true, Vec::new()));
        }
        return Ok((vec![None], subs.into_iter().map(|s| vec![s]).collect(), false, Vec::new()));
    }
    let first_failure = linear.unwrap_err();
    aff.parameters.restore(before);
    let reject = |why: String| {
        Reject::new(RejectKind::NonAffineSubscript, why).at(ir::location(g.instructions[0]))
    };
    // Element offsets as polynomials; piecewise parts become atoms. The index of a
    // single-index GEP is read from the IR, which keeps `max(2*i - 1, 0) * C` as written;
    // other addresses come from their SCEV byte offsets.
    let mut atoms = Vec::new();
    let mut offsets = Vec::new();
    for (k, o) in g.offsets.iter().enumerate() {
        use_facts(aff, k);
        let mut index_failure = None;
        if let Some(index) = single_index(g.base, g.instructions[k]) {
            match aff.polynomial_of_value(index, &mut atoms) {
                Ok(p) => {
                    offsets.push(p);
                    continue;
                }
                Err(e) => index_failure = Some(e),
            }
        }
        // Where the index as written was understood but refused (an `int` product that may
        // wrap), that is the reason to report, not what SCEV makes of the same index.
        let p = aff.polynomial(*o, &mut atoms).map_err(|e| match index_failure {
            Some(i) if i.reason != crate::affinator::NOT_A_POLYNOMIAL => reject(i.to_string()),
            _ => reject(e.to_string()),
        })?;
        let whole = p.terms.values().all(|c| c % bytes == 0);
        if !whole {
            return Err(reject(format!("offset {o} is not a multiple of the element size")));
        }
        offsets.push(Poly { terms: p.terms.into_iter().map(|(m, c)| (m, c / bytes)).collect() });
    }
    let iterators = aff.region.loops().map(|(_, depth)| depth + 1).max().unwrap_or(0);
    if let Some(shape) = delinearize(&offsets, iterators, &atoms) {
        let mut dims = vec![None];
        dims.extend(shape.inner_sizes.into_iter().map(Some));
        let equal_sizes = shape.equal_sizes.into_iter().map(|(k, size)| (k + 1, size)).collect();
        return Ok((dims, shape.subscripts, true, equal_sizes));
    }
    // LLVM's delinearization as a second opinion: it finds other shapes (it divides by
    // sizes without their constant addends), always under the same assumptions.
    llvm_delinearization(aff, g, bytes).ok_or_else(|| reject(first_failure.to_string()))
}

/// Affine subscripts of one dimension read as rows of a constant size `N`: `C[i*N + j]`
/// (`#define N 256`) as `C[i][j]`, where every iterator's coefficient is 1, -1 or a multiple
/// of `N` (the common divisor of the others, at least `MIN_CONSTANT_ROW`) and some iterator
/// walks a row. Each subscript splits into the multiples of `N` (the row) and the rest (the
/// column; of the constant, its remainder nearest 0). The caller assumes every column inside
/// its row (`delinearized`): with loops bounded by parameters (`j < n`) the one-dimensional
/// model holds the pairs of rows that overlap where `n > N`, which keep isl's scheduler from
/// the new order and the register tiles; under `n <= N` (checked at run time) there are none.
/// Where the assumption never holds (windows that overlap by construction,
/// `a[16*i + k]` for `k < 32`) the SCoP builder reads the array again without rows.
fn rows_of_constant_size(subs: &[AffExpr]) -> Option<(i64, Vec<Vec<AffExpr>>)> {
    use polyhedral::affine::AffVar;
    let mut size = 0;
    let mut walks_row = false;
    for e in subs {
        for (v, c) in &e.terms {
            match v {
                AffVar::Iter(_) if c.abs() == 1 => walks_row = true,
                AffVar::Iter(_) => size = crate::affinator::gcd(size, c.abs()),
                AffVar::Param(_) => {}
                _ => return None,
            }
        }
    }
    // A parameter in a column (`buf[offset + i*N + j]`) would be assumed below N, which a
    // buffer's offset seldom is: such arrays stay one-dimensional.
    let in_column = |e: &AffExpr| e.terms.iter().any(|(v, c)| matches!(v, AffVar::Param(_)) && c % size != 0);
    if !walks_row || size < MIN_CONSTANT_ROW || subs.iter().any(in_column) {
        return None;
    }
    let split = subs
        .iter()
        .map(|e| {
            let (mut row, mut column) = (AffExpr::constant(0), AffExpr::constant(0));
            for (v, c) in &e.terms {
                let term = AffExpr::var(v.clone());
                match c % size {
                    0 => row = row.add(&term.scale(c / size)?)?,
                    _ => column = column.add(&term.scale(*c)?)?,
                }
            }
            let rows = (e.constant + size / 2).div_euclid(size);
            row.constant = rows;
            column.constant = e.constant - rows * size;
            Some(vec![row, column])
        })
        .collect::<Option<Vec<_>>>()?;
    Some((size, split))
}

/// The index of `getelementptr T, T* base, idx` when `base` (up to casts) is the array's
/// base and `T` is its element type.
fn single_index(base: Value, inst: Value) -> Option<Value> {
    let gep = ir::strip_casts(ir::pointer_operand(inst)?);
    if !ir::is_gep(gep) || ir::num_operands(gep) != 2 || ir::strip_casts(ir::operand(gep, 0)) != ir::strip_casts(base) {
        return None;
    }
    ir::scalar_type_of(ir::gep_source_element_type(gep))?;
    Some(ir::operand(gep, 1))
}

/// Fixed-size multidimensional arrays (`float A[64][128]`, `double C[][1100]`): every access
/// is a GEP over the same array type, whose indices are the subscripts and whose type gives
/// the inner sizes. A leading subscript that is 0 in every access (a global's own
/// dimension) is dropped.
fn gep_shape<'a>(
    aff: &mut Affinator<'a>,
    g: &Group,
    use_facts: &dyn Fn(&mut Affinator<'a>, usize),
) -> Option<Shape> {
    let mut shape: Option<Vec<u64>> = None;
    let mut all = Vec::new();
    for (k, &inst) in g.instructions.iter().enumerate() {
        let gep = ir::strip_casts(ir::pointer_operand(inst)?);
        if !ir::is_gep(gep) || ir::strip_casts(ir::operand(gep, 0)) != ir::strip_casts(g.base) {
            return None;
        }
        let lengths = ir::array_lengths(ir::gep_source_element_type(gep))?;
        if lengths.is_empty() || ir::num_operands(gep) as usize != lengths.len() + 2 {
            return None;
        }
        if shape.get_or_insert_with(|| lengths.clone()) != &lengths {
            return None;
        }
        use_facts(aff, k);
        let scope = aff.analyses.loop_for(ir::block_of(inst)?);
        let mut subs = Vec::new();
        for op in 1..ir::num_operands(gep) {
            let s = aff.analyses.scev(ir::operand(gep, op))?;
            subs.push(aff.affine(aff.analyses.scev_at_scope(s, scope)).ok()?);
        }
        all.push(subs);
    }
    let lengths = shape?;
    let mut sizes: Vec<Option<AffExpr>> = vec![None];
    sizes.extend(lengths.iter().map(|n| Some(AffExpr::constant(*n as i64))));
    if all.iter().all(|s| s[0].as_constant() == Some(0)) {
        sizes.remove(1);
        for s in &mut all {
            s.remove(0);
        }
    }
    Some((sizes, all, true, Vec::new()))
}

fn llvm_delinearization(
    aff: &mut Affinator<'_>,
    g: &Group,
    bytes: i64,
) -> Option<Shape> {
    let (sizes, subscripts) = aff.analyses.delinearize(&g.offsets, bytes as u64)?;
    let mut dims = vec![None];
    for s in sizes {
        let e = aff.affine(s).ok()?;
        if e.uses_iterators() {
            return None;
        }
        dims.push(Some(e));
    }
    let mut out = Vec::new();
    for subs in subscripts {
        out.push(subs.into_iter().map(|s| aff.affine(s).ok()).collect::<Option<Vec<_>>>()?);
    }
    Some((dims, out, true, Vec::new()))
}

/// What a base loaded from a row-pointer table lacks without a profile.
const ROWS_WITHOUT_PROFILE: &str =
    "row pointers: with a profile that saw this access affine (profile=FILE), the rows are checked at run time";

/// For an array base loaded inside the region from a table of row pointers (`w[k]` of
/// `float **w`, read again for each `w[k][j]`): the table's own base pointer, for
/// `model_base`, and the byte offset of the row pointer in it. The region reads the table and
/// may not write it (a pointer store is no statement); that no float store reaches its bytes
/// is checked at run time with the rows (`Array::row_pointers`).
fn row_pointer(a: Analyses, region: &Region, base: Value) -> Option<(Value, Scev)> {
    if ir::opcode(base) != Some(LLVMOpcode::LLVMLoad) || ir::is_volatile(base) || !region.defines(base) {
        return None;
    }
    let block = ir::block_of(base)?;
    let address = a.scev_at_scope(a.scev(ir::operand(base, 0))?, a.loop_for(block));
    let table_scev = a.pointer_base(address);
    Some((table_scev.unknown_value()?, a.minus(address, table_scev)?))
}

/// The shape of the rows of a row-pointer table: two dimensions of unknown size, the row
/// pointer's index in the table and the element's in its row, both affine.
fn row_shape<'a>(aff: &mut Affinator<'a>, g: &Group, domains: &Domains, isl: &'a IslContext) -> RejectResult<(Shape, u32)> {
    let element = g.element.size_in_bytes() as i64;
    let mut subscripts = Vec::new();
    let mut rows = Vec::new();
    for (k, &inst) in g.instructions.iter().enumerate() {
        let block = ir::block_of(inst).expect("instruction");
        aff.facts = Some(Facts::new(isl, domains.of_block[&block].clone(), aff.region.loops_around(aff.analyses, block).len()));
        let index = |aff: &mut Affinator<'a>, offset: Scev, bytes: i64| -> RejectResult<AffExpr> {
            let e = aff.affine(offset).map_err(|e| Reject::new(RejectKind::NonAffineSubscript, e.to_string()).at(ir::location(inst)))?;
            let whole = e.constant % bytes == 0 && e.terms.iter().all(|(_, c)| c % bytes == 0);
            whole.then(|| e.floor_div(bytes)).flatten().ok_or_else(|| {
                Reject::new(RejectKind::NonAffineSubscript, format!("offset {offset} into a row-pointer table or its row is not a multiple of the element size"))
                    .at(ir::location(inst))
            })
        };
        let row = index(aff, g.row_offsets[k], POINTER_BYTES)?;
        rows.push(row.clone());
        let column = index(aff, g.offsets[k], element)?;
        subscripts.push(vec![row, column]);
    }
    Ok(((vec![None, None], subscripts, false, Vec::new()), row_stride(&rows)))
}

/// Row pointers are 8 bytes on the targets polyprop runs on (x86-64).
const POINTER_BYTES: i64 = 8;

/// The pointers from one accessed row's to the next's: the greatest common divisor of the
/// row subscripts' coefficients and of the differences of their constants (3 where the rows
/// are a `std::vector`'s records of begin, end and capacity; 1 for `float **`).
fn row_stride(rows: &[AffExpr]) -> u32 {
    let gcd = |mut x: i64, mut y: i64| {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x.abs()
    };
    let first = rows.first().map_or(0, |r| r.constant);
    let stride = rows.iter().flat_map(|r| r.terms.iter().map(|(_, c)| *c).chain([r.constant - first])).fold(0, gcd);
    u32::try_from(stride).ok().filter(|s| *s > 0).unwrap_or(1)
}

/// Bases polyprop can model: arguments, globals, allocas, allocations made before use, and
/// pointers loaded from memory that the region does not write (a struct's `data` field): as
/// the one load that stands for all reloads of its address (`Affinator::invariant_base`), or,
/// for a field read only under the loops' guards, as one recorded in `guarded` with the
/// blocks that read it (`Affinator::guarded_base`).
fn model_base(
    a: Analyses,
    function: Value,
    region: &Region,
    parameters: &mut Parameters,
    base: Value,
    guarded: &mut Vec<(Value, Vec<Block>)>,
) -> RejectResult<Value> {
    if ir::is_argument(base) || ir::is_global(base) {
        return Ok(base);
    }
    match ir::opcode(base) {
        Some(LLVMOpcode::LLVMAlloca) => Ok(base),
        Some(LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke) if is_allocation(base) => {
            let block = ir::block_of(base).expect("instruction");
            if region.contains(block) && !region.loops_around(a, block).is_empty() {
                return Err(Reject::new(
                    RejectKind::UnknownBasePointer,
                    "array allocated inside a loop",
                ));
            }
            Ok(base)
        }
        // Loaded before the region: one value for all of it, whatever the region writes.
        Some(LLVMOpcode::LLVMLoad) if !region.defines(base) => Ok(base),
        Some(LLVMOpcode::LLVMLoad) => {
            let aff = Affinator { analyses: a, function, region, parameters, facts: None, products: true };
            if let Some(invariant) = aff.invariant_base(base) {
                return Ok(invariant);
            }
            if let Some(first) = aff.guarded_base(base) {
                if !guarded.iter().any(|(g, _)| *g == first) {
                    let blocks = aff.same_address_loads(first).into_iter().filter_map(ir::block_of).collect();
                    guarded.push((first, blocks));
                }
                return Ok(first);
            }
            let why = if aff.has_invariant_address(base) { " (of a field the region may write)" } else { "" };
            Err(Reject::new(
                RejectKind::UnknownBasePointer,
                format!("base address computed inside the region{why}: {}", ir::to_string(base)),
            ))
        }
        // Loop rotation merges two reloads of one field (`v[i]` of a `std::vector` reloads its
        // data pointer after a call that may write memory): the load they are reloads of,
        // modeled as a reload inside the region where there is one (which requires that the
        // region does not write the field: then every reload reads the same pointer).
        Some(LLVMOpcode::LLVMPHI) if ir::reloads_of_one_address(base).is_some() => {
            let reloads: Vec<Value> = ir::phi_incoming(base).into_iter().map(|(v, _)| v).filter(|v| *v != base).collect();
            let load = reloads.iter().copied().find(|v| region.defines(*v)).unwrap_or(reloads[0]);
            model_base(a, function, region, parameters, load, guarded)
        }
        // `n != 0 ? new T[n] : nullptr`, a `std::vector`'s storage: the allocation, the only
        // array it can point to (a null base is accessed nowhere, or the source is undefined).
        Some(LLVMOpcode::LLVMPHI) if allocation_or_null(base).is_some() => {
            let allocation = allocation_or_null(base).expect("matched");
            model_base(a, function, region, parameters, allocation, guarded)
        }
        _ if region.defines(base) => Err(Reject::new(
            RejectKind::UnknownBasePointer,
            format!("base address computed inside the region: {}", ir::to_string(base)),
        )),
        // Chosen before the region, as a loaded one: two grids that a time loop around the
        // region swaps by pointer (`tmp = a; a = b; b = tmp;`), one value for all of a run.
        Some(LLVMOpcode::LLVMPHI | LLVMOpcode::LLVMSelect) => Ok(base),
        _ => Err(Reject::new(
            RejectKind::UnknownBasePointer,
            format!("base address {}", ir::to_string(base)),
        )),
    }
}

/// The instructions of `function` that allocate an array: calls of an allocator
/// (`is_allocator`) and `alloca`s.
fn allocations(function: Value) -> impl Iterator<Item = Value> {
    ir::blocks(function).into_iter().flat_map(ir::instructions).filter(|&i| is_allocation(i) || ir::opcode(i) == Some(LLVMOpcode::LLVMAlloca))
}

/// Whether `function` allocates memory (`is_allocator`, or an `alloca`): without it no array
/// of any region of it can be temporary (see `liveness`).
pub fn allocates(function: Value) -> bool {
    allocations(function).next().is_some()
}

/// Whether some array allocated in `function` (`malloc`, `new[]`, a local array) is a
/// temporary of `region`: accessed in it and nowhere after it, and freed (`liveness`).
pub fn holds_temporary(region: &Region, function: Value) -> bool {
    // One the program wrote before the region is removable only where the region writes it.
    let removable = |i: Value| !accessed_before(region, i) || written_in(region, i);
    allocations(function).any(|i| liveness(region, i) == Liveness::Temporary && accessed_in(region, i) && removable(i))
}

/// Whether `region` accesses an array allocated in `function` before it (`malloc`, `new[]`, a
/// local array): one a loop around inner regions may carry from one run of them to the next.
pub fn accesses_earlier_allocation(region: &Region, function: Value) -> bool {
    allocations(function).any(|i| !region.defines(i) && accessed_in(region, i))
}

/// Whether a load or store inside `region` goes through `base` (through casts and GEPs).
fn accessed_in(region: &Region, base: Value) -> bool {
    address_users(base).into_iter().any(|(user, _)| {
        matches!(ir::opcode(user), Some(LLVMOpcode::LLVMLoad | LLVMOpcode::LLVMStore)) && region.defines(user)
    })
}

/// Whether a store inside `region` writes an element of the array at `base`.
fn written_in(region: &Region, base: Value) -> bool {
    address_users(base).into_iter().any(|(user, address)| {
        ir::opcode(user) == Some(LLVMOpcode::LLVMStore) && ir::operand(user, 1) == address && region.defines(user)
    })
}

/// An allocation whose contents start as zeros (`calloc`).
fn is_zeroed(base: Value) -> bool {
    ir::called_function_name(base).as_deref() == Some("calloc")
}

/// Arrays from C++'s `operator new` that the region fills with zeros before it accesses them
/// otherwise (a `std::vector<float> t(n)`'s value initialization: a store and a loop of zeros
/// after `operator new`), and the stores that do it (`instructions` are the region's memory
/// accesses, `stores` among them). Such an array starts as zeros, as `calloc`'s does, and the fill is no statement:
/// a one-dimensional loop over a whole image's elements has no place in its rows once the
/// array is delinearized. Exact where the fill covers the array; where it does not, the other
/// elements were indeterminate, and zeros are one of their values. A fill is a store of a
/// null value whose loops hold no other access of the array, and whose blocks come before
/// every other access in the region's order (forward edges only: nothing after runs before).
/// C's `malloc` followed by a loop of zeros written in the array's shape (bilateral grid's
/// histogram) stays a statement: it is modeled as it is, and the generated code keeps its
/// `malloc` and its loop, which measured 5% faster than `calloc` with a loop over the elements
/// read before they are written (38.5 against 40.4 ms, `polyprop-bench --only bilateral_grid`).
///
/// A `memset` of zeros into an allocation (`new float[n]()`, `memset(malloc(..), 0, ..)`;
/// `is_zero_fill_call`) is such a fill whatever the allocator: a call is no statement the
/// model could keep. `fill_calls` are the region's; one that is no fill is for the caller
/// to reject.
pub fn zero_fills(a: Analyses, region: &Region, stores: &[Value], fill_calls: &[Value], instructions: &[Value]) -> (HashSet<Value>, HashSet<Value>) {
    let allocations: HashMap<Value, Value> = instructions.iter().chain(fill_calls).filter_map(|&i| Some((i, allocation_accessed(a, i)?))).collect();
    let is_fill = |store: Value| ir::is_null_value(ir::operand(store, 0)) && !ir::is_volatile(store);
    let mut fills: HashMap<Value, Vec<Value>> = HashMap::new();
    let is_new = |base: Value| ir::called_function_name(base).is_some_and(|n| n == "_Znwm" || n == "_Znam");
    for &store in stores.iter().filter(|s| is_fill(**s)) {
        if let Some(&base) = allocations.get(&store).filter(|b| is_new(**b)) {
            fills.entry(base).or_default().push(store);
        }
    }
    // Zeros at each run's start only where the array starts as zeros in the model
    // (`resolve`'s `Contents::Zeros`): not where a run sees what an earlier one left.
    let starts_as_zeros = |base: Value| liveness(region, base) == Liveness::Temporary && region.allocated_per_run(base) && !accessed_before(region, base);
    for &call in fill_calls {
        if let Some(&base) = allocations.get(&call).filter(|b| starts_as_zeros(**b)) {
            fills.entry(base).or_default().push(call);
        }
    }
    let mut filled = HashSet::new();
    let mut fill_stores = HashSet::new();
    for (base, stores) in fills {
        let blocks: Vec<Block> = stores.iter().filter_map(|s| ir::block_of(*s)).collect();
        let last = blocks.iter().filter_map(|b| region.order_of(*b)).max();
        let others: Vec<Block> = allocations.iter().filter(|(i, b)| **b == base && !stores.contains(i)).filter_map(|(i, _)| ir::block_of(*i)).collect();
        let after = others.iter().all(|b| region.order_of(*b) > last);
        let apart = blocks.iter().all(|f| region.loops_around(a, *f).iter().all(|lp| others.iter().all(|b| !lp.contains(*b))));
        if last.is_some() && after && apart {
            filled.insert(base);
            fill_stores.extend(stores);
        }
    }
    (filled, fill_stores)
}

/// The allocation whose array a load, a store or a `memset` accesses, if any.
fn allocation_accessed(a: Analyses, inst: Value) -> Option<Value> {
    let pointer = if ir::opcode(inst) == Some(LLVMOpcode::LLVMStore) { ir::operand(inst, 1) } else { ir::operand(inst, 0) };
    a.pointer_base(a.scev(pointer)?).unknown_value().and_then(allocation_of)
}

/// `llvm.memset(p, 0, n)`, not volatile, into an array allocated by `malloc` or `new`.
pub fn is_zero_fill_call(a: Analyses, call: Value) -> bool {
    is_memset_of_zeros(call) && ir::const_int(ir::operand(call, 3)) == Some(0) && allocation_accessed(a, call).is_some()
}

/// A call of `llvm.memset` (`p` its operand 0).
fn is_memset(call: Value) -> bool {
    ir::called_function_name(call).is_some_and(|n| n.starts_with("llvm.memset."))
}

/// `llvm.memset(p, 0, n)`.
fn is_memset_of_zeros(call: Value) -> bool {
    is_memset(call) && ir::const_int(ir::operand(call, 1)) == Some(0)
}

/// The value of the array `base` where `region` starts, for the run-time check and the new
/// code: the base itself, or, for an allocation before the region that does not dominate it,
/// the phi that merges it with a null pointer and does (`std::vector<float> t(n)` made before
/// a time loop, whose storage is only allocated where `n != 0`).
fn value_at_entry(a: Analyses, region: &Region, base: Value) -> Value {
    let dominates_entry = |v: Value| ir::block_of(v).is_some_and(|b| !region.contains(b) && a.dominates(b, region.entry));
    match region.defines(base) || dominates_entry(base) {
        true => base,
        false => null_or_new(base).into_iter().find(|phi| dominates_entry(*phi)).unwrap_or(base),
    }
}

/// The allocation `base` is: the call itself, or the one a phi merges with null pointers.
fn allocation_of(base: Value) -> Option<Value> {
    match is_allocation(base) {
        true => Some(base),
        false if ir::opcode(base) == Some(LLVMOpcode::LLVMPHI) => allocation_or_null(base),
        false => None,
    }
}

/// The phis that merge the allocation `base` (through bitcasts) with null pointers only.
fn null_or_new(base: Value) -> Vec<Value> {
    let mut around = vec![base];
    around.extend(ir::users(base).into_iter().filter(|u| ir::opcode(*u) == Some(LLVMOpcode::LLVMBitCast)));
    around.iter().flat_map(|v| ir::users(*v)).filter(|u| ir::opcode(*u) == Some(LLVMOpcode::LLVMPHI) && allocation_or_null(*u) == Some(base)).collect()
}

/// The allocation a phi merges with null pointers only (through bitcasts).
fn allocation_or_null(phi: Value) -> Option<Value> {
    let mut allocation = None;
    for (v, _) in ir::phi_incoming(phi) {
        let v = ir::strip_casts(v);
        if ir::is_null_value(v) {
            continue;
        }
        if !is_allocation(v) || allocation.is_some_and(|x| x != v) {
            return None;
        }
        allocation = Some(v);
    }
    allocation
}

fn is_allocation(v: Value) -> bool {
    ir::called_function_name(v).is_some_and(|n| is_allocator(&n))
}

/// Functions that allocate a fresh array: C's, and C++'s `operator new[]` and `operator new`
/// (`_Znam`, `_Znwm`; the generated code allocates what it keeps with `malloc` either way).
pub fn is_allocator(name: &str) -> bool {
    matches!(name, "malloc" | "calloc" | "aligned_alloc" | "_Znam" | "_Znwm")
}

/// Functions that end an allocated array's life: `free`, and C++'s `operator delete[]` and
/// `operator delete` (plain and sized).
pub fn is_deallocator(name: &str) -> bool {
    matches!(name, "free" | "_ZdaPv" | "_ZdlPv" | "_ZdaPvm" | "_ZdlPvm")
}

fn array_name(function: Value, base: Value, id: usize) -> String {
    let named = |v: Value| crate::bridge::debug_name(function, v);
    named(base)
        // A `std::vector`'s storage: the variable's debug name is on the null-or-new phi.
        .or_else(|| null_or_new(base).into_iter().find_map(named))
        .or_else(|| Some(ir::name(base)).filter(|n| !n.is_empty() && !n.starts_with("call")))
        .map(|n| sanitize(&n))
        .unwrap_or_else(|| format!("MemRef{id}"))
}

fn unique_name(arrays: &[Array], name: &str) -> String {
    let mut out = name.to_string();
    let mut k = 1;
    while arrays.iter().any(|a| a.name == out) {
        out = format!("{name}_{k}");
        k += 1;
    }
    out
}

/// Temporary if allocated here, never escaping, (for `malloc`) freed, and, for a region
/// smaller than the function, neither read nor written outside the region but before it
/// (where its entry cannot reach). One allocated outside a loop that runs the region again
/// holds what the last run left (`Contents::Carried`), which the model settles.
fn liveness(region: &Region, base: Value) -> Liveness {
    let allocation = is_allocation(base);
    if !(allocation || ir::opcode(base) == Some(LLVMOpcode::LLVMAlloca)) {
        return Liveness::LiveOut;
    }
    let mut freed = false;
    // Zeros stored outside a loop that runs the region again (`std::vector<float> t(n)` made
    // before a time loop) could only be read by the region, and an array allocated there is a
    // temporary only where no run reads what was there before it (`Contents::Carried`).
    let carried = !region.allocated_per_run(base);
    let zeros_before_runs = |store: Value| carried && region.outside_reruns(store) && ir::is_null_value(ir::operand(store, 0));
    let after = region.reachable_from_entry();
    for (user, address) in address_users(base) {
        match ir::opcode(user) {
            Some(LLVMOpcode::LLVMStore) if !region.defines(user) && zeros_before_runs(user) => {}
            // Accesses that run only before the region (a C++ vector's zero fill, earlier
            // stages of a function whose body is no SCoP) give its contents at the entry
            // (`accessed_before`), and nothing after the region reads what it leaves.
            _ if runs_before(after, user) && accesses_element(user, address) => {}
            Some(LLVMOpcode::LLVMLoad | LLVMOpcode::LLVMStore) if !region.defines(user) => return Liveness::LiveOut,
            Some(LLVMOpcode::LLVMLoad) => {}
            Some(LLVMOpcode::LLVMStore) if ir::operand(user, 1) == address => {}
            // A comparison of the address (`if (!t) return -1;`) reads no element.
            Some(LLVMOpcode::LLVMICmp) => {}
            Some(LLVMOpcode::LLVMCall) => match ir::called_function_name(user).as_deref() {
                Some(n) if is_deallocator(n) => freed = true,
                Some(n) if n.starts_with("llvm.lifetime.") || n.starts_with("llvm.dbg.") => {}
                // Zeros written into it (`new float[n]()`): no read, no escape
                // (`zero_fills` takes them for its initial contents or rejects the region).
                _ if is_memset_of_zeros(user) => {}
                _ => return Liveness::LiveOut,
            },
            _ => return Liveness::LiveOut,
        }
    }
    if allocation && !freed {
        return Liveness::LiveOut;
    }
    Liveness::Temporary
}

/// Whether the instruction `v` runs only before a region whose entry reaches `after`.
fn runs_before(after: &HashSet<Block>, v: Value) -> bool {
    ir::block_of(v).is_some_and(|b| !after.contains(&b))
}

/// Whether `user` loads, stores or `memset`s the element at `address` (not: stores the address itself
/// somewhere, where anything may read it later).
fn accesses_element(user: Value, address: Value) -> bool {
    match ir::opcode(user) {
        Some(LLVMOpcode::LLVMLoad) => true,
        Some(LLVMOpcode::LLVMStore) => ir::operand(user, 1) == address && ir::operand(user, 0) != address,
        // A `memset` writes elements: before the region, what it leaves is the program's.
        Some(LLVMOpcode::LLVMCall) => is_memset(user) && ir::operand(user, 0) == address,
        _ => false,
    }
}

/// Whether an instruction that runs only before `region` loads or stores an element of the
/// array at `base`: the region finds there what the program left, whatever `base` is.
fn accessed_before(region: &Region, base: Value) -> bool {
    let after = region.reachable_from_entry();
    address_users(base).into_iter().any(|(user, address)| accesses_element(user, address) && runs_before(after, user))
}

/// The users of the addresses computed from `base` (through casts, GEPs and the phis of a
/// pointer that walks the array, `for (q = t; ...; ++q) *q = ...`) that compute no further
/// address, each with the address it uses.
fn address_users(base: Value) -> Vec<(Value, Value)> {
    let mut out = Vec::new();
    let mut work = vec![base];
    let mut seen = vec![base];
    while let Some(v) = work.pop() {
        for user in ir::users(v) {
            match ir::opcode(user) {
                Some(LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMPHI) if ir::is_pointer(user) => {
                    if !seen.contains(&user) {
                        seen.push(user);
                        work.push(user);
                    }
                }
                _ => out.push((user, v)),
            }
        }
    }
    out
}

/// The loads the region's parameters, externals and array bases are read from (`in->w`,
/// `in->data`: read once at the region's entry), each with the written arrays whose stores
/// alias analysis cannot keep apart from its bytes: the run-time check tests that the bytes
/// lie outside those arrays' accessed ranges. Arrays the region allocates are new objects.
pub fn field_checks(a: Analyses, region: &Region, arrays: &Arrays, roots: &[Value], instructions: &[Value]) -> Vec<(Value, ArrayId)> {
    let mut loads = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut work = roots.to_vec();
    while let Some(v) = work.pop() {
        if !region.defines(v) || !seen.insert(v) {
            continue;
        }
        if ir::opcode(v) == Some(LLVMOpcode::LLVMLoad) {
            loads.push(v);
        }
        work.extend((0..ir::value_operand_count(v)).map(|k| ir::operand(v, k)));
    }
    let mut out = Vec::new();
    for &load in &loads {
        for &store in instructions.iter().filter(|i| ir::opcode(**i) == Some(LLVMOpcode::LLVMStore)) {
            let array = arrays.access_of[&store].array;
            if !allocated_in(region, arrays.bases[array]) && !out.contains(&(load, array)) && a.accesses_may_alias(store, load) {
                out.push((load, array));
            }
        }
    }
    out
}

/// Whether the region allocates `base` (`malloc`, `new[]`, a local array).
fn allocated_in(region: &Region, base: Value) -> bool {
    region.defines(base) && (is_allocation(base) || ir::opcode(base) == Some(LLVMOpcode::LLVMAlloca))
}

/// Pairs of arrays that may overlap and of which one is written: checked at run time. An
/// array the region allocates is a new object, apart from every pointer that existed before
/// it: arguments, globals, values from before the region and the region's invariant loads
/// (`model_base`), which read what was there at its entry.
fn alias_checks(a: Analyses, region: &Region, arrays: &Arrays, instructions: &[Value]) -> Vec<AliasCheck> {
    let existed_before = |b: Value| !region.defines(b) || ir::opcode(b) == Some(LLVMOpcode::LLVMLoad);
    let apart = |x: Value, y: Value| {
        allocated_in(region, x) && existed_before(y) || allocated_in(region, y) && existed_before(x)
    };
    let written: Vec<bool> = (0..arrays.arrays.len())
        .map(|id| {
            instructions.iter().any(|i| {
                ir::opcode(*i) == Some(LLVMOpcode::LLVMStore) && arrays.access_of[i].array == id
            })
        })
        .collect();
    let mut out = Vec::new();
    let n = arrays.arrays.len();
    for first in 0..n {
        for second in first + 1..n {
            // Rows are wherever the program put them: checked against every array.
            let rows = arrays.arrays[first].row_pointers || arrays.arrays[second].row_pointers;
            // A write into constant data is undefined: no defined run overlaps them.
            let constant = |id: usize| arrays.arrays[id].initial == Contents::Constant;
            if (written[first] || written[second])
                && !constant(first)
                && !constant(second)
                && (rows || !apart(arrays.bases[first], arrays.bases[second]) && a.may_alias(arrays.bases[first], arrays.bases[second]))
            {
                out.push(AliasCheck { first: first as ArrayId, second: second as ArrayId });
            }
        }
    }
    out
}
