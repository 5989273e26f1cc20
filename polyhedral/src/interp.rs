//! The reference interpreter: executes a SCoP model for given parameter values and returns the
//! final contents of every live-out location. It is the oracle that says whether a
//! transformation (paper 003, section 3: propagation must give "the same value that was
//! written") preserved the program's meaning.
//!
//! Execution order: every statement instance of every domain, for the given parameters, in
//! the lexicographic order of the schedules' time vectors (section 2.2, "Schedule", `≪lex`);
//! isl enumerates the instances. Within an instance the value expression is evaluated in tree
//! order (operands left to right, `Expr::visit` order), then the write happens.
//!
//! Arithmetic: floats in the element type of the expression (`f32` in `f32`, IEEE round to
//! nearest, Rust's `f32`/`f64` operations, math calls through the C library like `<math.h>`;
//! `fmuladd` is computed fused). Integers wrap at their width (stored sign-extended in an
//! `i64`; `i1` true is -1). So two programs that perform the same operations in the same
//! order give bit-identical results. Errors, not undefined behaviour: integer division by
//! zero or overflow, shift amounts out of range, float-to-integer conversions out of range,
//! out-of-bounds accesses, reads of never-written temporaries.
//!
//! Input fill (deterministic from a seed): every live-out array and scalar, and every
//! external, is filled element by element in row-major order from a SplitMix64 stream seeded
//! with `seed ^ fnv1a(name)` (independent of declaration order, so a C version can produce
//! the same inputs): float element `k` is `((x >> 11) % 2001 - 1000) / 256` (exact in `f32`),
//! integer element `(x >> 11) % 201 - 100`, where `x` is the next stream value. Temporaries
//! start unwritten.
//!
//! Arrays of unknown outermost size (`array t[*][C]`, a C model's `malloc`'d or pointer
//! arguments) get the extent their affine accesses reach for the given parameters
//! ([`outer_extents`]); comparing two programs, give both the original's
//! ([`interpret_with_extents`]), so that live-out arrays have the same size in both runs.

use crate::affine::AffExpr;
use crate::isl::{self, IslContext, IslError};
use crate::lang::typing::wrap_int;
use crate::model::*;
use std::fmt;

/// A value of one of the model's scalar types.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An integer of the given type, sign-extended from its width.
    Int(i64, ScalarType),
    F32(f32),
    F64(f64),
}

impl Value {
    pub fn ty(self) -> ScalarType {
        match self {
            Value::Int(_, t) => t,
            Value::F32(_) => ScalarType::F32,
            Value::F64(_) => ScalarType::F64,
        }
    }

    /// The bit pattern at the value's width (for checksums and bit-identical comparison).
    pub fn bits(self) -> u64 {
        match self {
            Value::Int(v, t) if t.bits() == 64 => v as u64,
            Value::Int(v, t) => (v as u64) & ((1u64 << t.bits()) - 1),
            Value::F32(v) => v.to_bits() as u64,
            Value::F64(v) => v.to_bits(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v, _) => write!(f, "{v}"),
            Value::F32(v) => write!(f, "{v:?}"),
            Value::F64(v) => write!(f, "{v:?}"),
        }
    }
}

/// Why a run failed.
#[derive(Clone, Debug, PartialEq)]
pub enum InterpError {
    /// A parameter has no value, or the values violate the SCoP's context.
    Parameters(String),
    /// An array's size is unknown or too large to allocate.
    Memory(String),
    Isl(IslError),
    /// A statement instance failed: out of bounds, never-written temporary, division by zero.
    Instance { statement: String, iteration: Vec<i64>, message: String },
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpError::Parameters(m) | InterpError::Memory(m) => f.write_str(m),
            InterpError::Isl(e) => write!(f, "{e}"),
            InterpError::Instance { statement, iteration, message } => {
                let iteration: Vec<String> = iteration.iter().map(|v| v.to_string()).collect();
                write!(f, "{statement}[{}]: {message}", iteration.join(", "))
            }
        }
    }
}

impl std::error::Error for InterpError {}

impl From<IslError> for InterpError {
    fn from(e: IslError) -> Self {
        InterpError::Isl(e)
    }
}

/// The final contents of one live-out location, row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveOutContents {
    pub name: String,
    pub element: ScalarType,
    pub values: Vec<Value>,
}

impl LiveOutContents {
    /// FNV-1a over the values' bit patterns: equal checksums for bit-identical contents.
    pub fn checksum(&self) -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for value in &self.values {
            for byte in value.bits().to_le_bytes() {
                hash = (hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        hash
    }
}

/// The result of a run: every live-out array and scalar in declaration order.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    pub live_out: Vec<LiveOutContents>,
    /// Number of statement instances executed.
    pub instances: usize,
}

/// Largest number of elements of one array the interpreter allocates.
pub const MAX_ELEMENTS: i64 = 1 << 26;

/// Per array of unknown outermost size, by name: the outermost size its accesses need.
pub type Extents = Vec<(String, i64)>;

/// Runs `scop` with `params` (name, value) and inputs filled from `seed`; arrays of unknown
/// outermost size get the extent `scop`'s accesses reach.
pub fn interpret(scop: &Scop, params: &[(String, i64)], seed: u64) -> Result<RunResult, InterpError> {
    let extents = outer_extents(scop, params)?;
    interpret_with_extents(scop, params, seed, &extents)
}

/// [`interpret`] with the outermost sizes of `extents` for arrays of unknown outermost size.
pub fn interpret_with_extents(
    scop: &Scop,
    params: &[(String, i64)],
    seed: u64,
    extents: &Extents,
) -> Result<RunResult, InterpError> {
    let values = parameter_values(scop, params)?;
    let ctx = IslContext::new(0);
    check_context(&ctx, scop, &values)?;
    let mut machine = Machine::new(scop, values, seed, extents)?;
    let instances = schedule_instances(&ctx, scop, &machine.params)?;
    for instance in &instances.order {
        let statement = &scop.statements[instance.statement];
        let iteration = &instances.coordinates[instance.offset..instance.offset + statement.iterators.len()];
        machine.execute(statement, iteration).map_err(|message| InterpError::Instance {
            statement: statement.name.clone(),
            iteration: iteration.to_vec(),
            message,
        })?;
    }
    Ok(RunResult { live_out: machine.live_out(), instances: instances.order.len() })
}

/// For each array whose outermost size is unknown: one more than the largest outermost
/// subscript of its affine accesses, over every statement instance for `params` (0 when
/// nothing reaches it). Data-dependent subscripts are left to the bounds checks of the run.
pub fn outer_extents(scop: &Scop, params: &[(String, i64)]) -> Result<Extents, InterpError> {
    let unknown: Vec<usize> =
        (0..scop.arrays.len()).filter(|&a| scop.arrays[a].sizes.first().is_some_and(|size| size.is_none())).collect();
    if unknown.is_empty() {
        return Ok(Vec::new());
    }
    let values = parameter_values(scop, params)?;
    let ctx = IslContext::new(0);
    let fixed = ctx.param_set(&fixed_parameters(scop, &values))?;
    let mut extents = Vec::new();
    for array in unknown {
        let reached = isl::accessed_elements(&ctx, scop, array, &fixed, |_, a| a.data_subscript(0).is_none())?;
        let largest = match reached {
            Some(reached) if !reached.is_empty()? => isl::outermost_maximum(&ctx, reached)?,
            _ => -1,
        };
        extents.push((scop.arrays[array].name.clone(), largest + 1));
    }
    Ok(extents)
}

fn parameter_values(scop: &Scop, given: &[(String, i64)]) -> Result<Vec<i64>, InterpError> {
    scop.params
        .iter()
        .map(|p| {
            let value = given.iter().find(|(name, _)| *name == p.name).map(|(_, v)| *v);
            value
                .map(|v| wrap_int(v, p.ty))
                .ok_or_else(|| InterpError::Parameters(format!("no value for parameter {}", p.name)))
        })
        .collect()
}

/// `[N, M] -> { : N = 64 and M = 3 }`.
fn fixed_parameters(scop: &Scop, values: &[i64]) -> String {
    let equalities: Vec<String> =
        scop.params.iter().zip(values).filter(|(p, _)| p.in_spaces).map(|(p, v)| format!("{} = {}", p.name, v)).collect();
    if equalities.is_empty() {
        return format!("{}{{ : }}", scop.param_prefix());
    }
    format!("{}{{ : {} }}", scop.param_prefix(), equalities.join(" and "))
}

fn check_context(ctx: &IslContext, scop: &Scop, values: &[i64]) -> Result<(), InterpError> {
    let fixed = ctx.param_set(&fixed_parameters(scop, values))?;
    let assumed = isl::assumed_context(ctx, scop)?;
    if assumed.intersect(fixed)?.is_empty()? {
        let shown: Vec<String> = scop.params.iter().zip(values).map(|(p, v)| format!("{}={}", p.name, v)).collect();
        return Err(InterpError::Parameters(format!(
            "parameters {} violate the context {}",
            shown.join(" "),
            scop.context
        )));
    }
    Ok(())
}

struct Instance {
    statement: usize,
    /// Start of `iterators ++ time` in `Instances::coordinates`.
    offset: usize,
}

struct Instances {
    coordinates: Vec<i64>,
    order: Vec<Instance>,
}

/// All statement instances in schedule order.
fn schedule_instances(ctx: &IslContext, scop: &Scop, params: &[i64]) -> Result<Instances, InterpError> {
    let fixed = fixed_parameters(scop, params);
    let mut coordinates = Vec::new();
    let mut order = Vec::new();
    let mut widths = Vec::new();
    for (id, statement) in scop.statements.iter().enumerate() {
        let width = isl::map_out_dims(ctx, &statement.schedule)?;
        widths.push(width);
        isl::for_each_instance(ctx, &statement.domain, &statement.schedule, &fixed, &mut |point| {
            order.push(Instance { statement: id, offset: coordinates.len() });
            coordinates.extend_from_slice(point);
        })?;
    }
    let time = |i: &Instance| {
        let start = i.offset + scop.statements[i.statement].iterators.len();
        &coordinates[start..start + widths[i.statement]]
    };
    order.sort_by(|a, b| time(a).cmp(time(b)).then(a.statement.cmp(&b.statement)));
    Ok(Instances { coordinates, order })
}

/// One array's memory.
struct Memory {
    sizes: Vec<i64>,
    values: Vec<Value>,
    /// `None` for live-out arrays (always initialized).
    written: Option<Vec<bool>>,
}

/// The private context of one run.
struct Machine<'s> {
    scop: &'s Scop,
    params: Vec<i64>,
    externals: Vec<Value>,
    memory: Vec<Memory>,
}

impl<'s> Machine<'s> {
    fn new(scop: &'s Scop, params: Vec<i64>, seed: u64, extents: &Extents) -> Result<Self, InterpError> {
        let mut memory = Vec::new();
        for array in &scop.arrays {
            let extent = extents.iter().find(|(name, _)| *name == array.name).map(|(_, e)| *e);
            memory.push(allocate(array, &params, seed, extent)?);
        }
        let externals = scop.externals.iter().map(|e| fill(&e.name, e.ty, 1, seed)[0]).collect();
        Ok(Machine { scop, params, externals, memory })
    }

    fn live_out(self) -> Vec<LiveOutContents> {
        self.scop
            .arrays
            .iter()
            .zip(self.memory)
            .filter(|(a, _)| a.liveness == Liveness::LiveOut)
            .map(|(a, m)| LiveOutContents { name: a.name.clone(), element: a.element, values: m.values })
            .collect()
    }

    fn execute(&mut self, statement: &Statement, iteration: &[i64]) -> Result<(), String> {
        if let Some(guard) = &statement.guard {
            match self.evaluate(guard, iteration)? {
                Value::Int(0, _) => return Ok(()),
                Value::Int(..) => {}
                other => return Err(format!("guard of the float {other}")),
            }
        }
        let value = self.evaluate(&statement.value, iteration)?;
        let array = &self.scop.arrays[statement.write.array];
        if value.ty() != array.element {
            return Err(format!("writes a {} value into {} of {}", value.ty(), array.name, array.element));
        }
        let index = self.index(&statement.write, iteration)?;
        let memory = &mut self.memory[statement.write.array];
        memory.values[index] = value;
        if let Some(written) = &mut memory.written {
            written[index] = true;
        }
        Ok(())
    }

    /// The row-major position of an access, checked against the array's sizes. The
    /// data-dependent subscripts of a may-access are evaluated here, as the statement does.
    fn index(&self, access: &Access, iteration: &[i64]) -> Result<usize, String> {
        let memory = &self.memory[access.array];
        let mut index: i64 = 0;
        let mut subscripts = Vec::with_capacity(access.subscripts.len());
        for (d, (subscript, size)) in access.subscripts.iter().zip(&memory.sizes).enumerate() {
            let value = match access.data_subscript(d) {
                Some(e) => match self.evaluate(e, iteration)? {
                    Value::Int(v, _) => v,
                    other => return Err(format!("data-dependent subscript of the float {other}")),
                },
                None => evaluate_affine(subscript, iteration, &self.params)?,
            };
            subscripts.push(value);
            // A may-access is checked against the whole array (its relation covers it): a
            // flattened index may be the innermost subscript of a delinearized array.
            if !access.is_may() && (value < 0 || value >= *size) {
                return Err(format!("out-of-bounds access {}", self.location(access, &subscripts)));
            }
            index = index.checked_mul(*size).and_then(|x| x.checked_add(value)).ok_or("subscript overflows")?;
        }
        let total: i64 = memory.sizes.iter().product();
        if access.is_may() && (index < 0 || index >= total) {
            return Err(format!("out-of-bounds may-access {}", self.location(access, &subscripts)));
        }
        Ok(index as usize)
    }

    fn location(&self, access: &Access, subscripts: &[i64]) -> String {
        let shown: String = subscripts.iter().map(|s| format!("[{s}]")).collect();
        format!("{}{}", self.scop.arrays[access.array].name, shown)
    }

    fn read(&self, access: &Access, iteration: &[i64]) -> Result<Value, String> {
        let index = self.index(access, iteration)?;
        let memory = &self.memory[access.array];
        if let Some(written) = &memory.written {
            if !written[index] {
                let subscripts: Vec<i64> = access
                    .subscripts
                    .iter()
                    .map(|s| evaluate_affine(s, iteration, &self.params))
                    .collect::<Result<_, _>>()?;
                if access.is_may() {
                    return Err(format!("may-read of never-written temporary {} at element {index}", self.scop.arrays[access.array].name));
                }
                return Err(format!("read of never-written temporary {}", self.location(access, &subscripts)));
            }
        }
        Ok(memory.values[index])
    }

    fn evaluate(&self, e: &Expr, iteration: &[i64]) -> Result<Value, String> {
        Ok(match e {
            Expr::Constant(Constant::Int(v, t)) => Value::Int(wrap_int(*v, *t), *t),
            Expr::Constant(Constant::Float(v, ScalarType::F32)) => Value::F32(*v as f32),
            Expr::Constant(Constant::Float(v, _)) => Value::F64(*v),
            Expr::Read(access) => self.read(access, iteration)?,
            Expr::Iterator(k) => Value::Int(*iteration.get(*k).ok_or("iterator out of range")?, ScalarType::I64),
            Expr::Parameter(k) => {
                let ty = self.scop.params[*k].ty;
                Value::Int(*self.params.get(*k).ok_or("parameter out of range")?, ty)
            }
            Expr::External(k) => *self.externals.get(*k).ok_or("external out of range")?,
            Expr::Unary(UnaryOp::FNeg, a) => match self.evaluate(a, iteration)? {
                Value::F32(v) => Value::F32(-v),
                Value::F64(v) => Value::F64(-v),
                other => return Err(format!("fneg of the integer {other}")),
            },
            Expr::Binary(op, a, b, _) => binary(*op, self.evaluate(a, iteration)?, self.evaluate(b, iteration)?)?,
            Expr::Compare(p, a, b) => compare(*p, self.evaluate(a, iteration)?, self.evaluate(b, iteration)?)?,
            Expr::Select(c, a, b) => match self.evaluate(c, iteration)? {
                Value::Int(0, _) => self.evaluate(b, iteration)?,
                Value::Int(..) => self.evaluate(a, iteration)?,
                other => return Err(format!("select on the float {other}")),
            },
            Expr::Cast(op, to, a) => cast(*op, *to, self.evaluate(a, iteration)?)?,
            Expr::Call(callee, ty, args) => {
                let f = match callee {
                    Callee::Math(f) => *f,
                    // Its code is in the program, not in the SCoP.
                    Callee::Pure(symbol) => return Err(format!("a call to the program's function {symbol} cannot be interpreted")),
                };
                let mut values = Vec::with_capacity(args.len());
                for arg in args {
                    values.push(self.evaluate(arg, iteration)?);
                }
                call(f, *ty, &values)?
            }
        })
    }
}

fn evaluate_affine(e: &AffExpr, iteration: &[i64], params: &[i64]) -> Result<i64, String> {
    e.evaluate(iteration, params).ok_or_else(|| "subscript overflows".to_string())
}

/// The memory of `array`; `outer_extent` stands for an unknown outermost size.
fn allocate(array: &Array, params: &[i64], seed: u64, outer_extent: Option<i64>) -> Result<Memory, InterpError> {
    let mut sizes = Vec::new();
    let mut total: i64 = 1;
    for (dimension, size) in array.sizes.iter().enumerate() {
        let size = match size {
            Some(size) => size.evaluate(&[], params),
            None if dimension == 0 => outer_extent,
            None => None,
        };
        let Some(size) = size else {
            return Err(InterpError::Memory(format!("the size of {} is unknown", array.name)));
        };
        total = total.saturating_mul(size.max(0));
        sizes.push(size.max(0));
    }
    if total > MAX_ELEMENTS {
        return Err(InterpError::Memory(format!("{} has {} elements, more than {}", array.name, total, MAX_ELEMENTS)));
    }
    let (values, written) = match array.liveness {
        Liveness::LiveOut => (fill(&array.name, array.element, total as usize, seed), None),
        Liveness::Temporary => (vec![zero(array.element); total as usize], Some(vec![false; total as usize])),
    };
    Ok(Memory { sizes, values, written })
}

fn zero(ty: ScalarType) -> Value {
    match ty {
        ScalarType::F32 => Value::F32(0.0),
        ScalarType::F64 => Value::F64(0.0),
        t => Value::Int(0, t),
    }
}

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// `count` input values for the location `name` (see the module documentation).
pub fn fill(name: &str, ty: ScalarType, count: usize, seed: u64) -> Vec<Value> {
    let mut state = seed ^ fnv1a(name);
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..count)
        .map(|_| {
            let x = next() >> 11;
            match ty {
                ScalarType::F32 => Value::F32(((x % 2001) as i64 - 1000) as f32 / 256.0),
                ScalarType::F64 => Value::F64(((x % 2001) as i64 - 1000) as f64 / 256.0),
                t => Value::Int(wrap_int((x % 201) as i64 - 100, t), t),
            }
        })
        .collect()
}

fn unsigned(v: i64, ty: ScalarType) -> u64 {
    if ty.bits() == 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << ty.bits()) - 1)
    }
}

fn binary(op: BinaryOp, a: Value, b: Value) -> Result<Value, String> {
    use BinaryOp::*;
    match (a, b) {
        (Value::Int(x, t), Value::Int(y, u)) if t == u => integer_binary(op, x, y, t).map(|v| Value::Int(v, t)),
        (Value::F32(x), Value::F32(y)) => Ok(Value::F32(match op {
            FAdd => x + y,
            FSub => x - y,
            FMul => x * y,
            FDiv => x / y,
            FRem => x % y,
            other => return Err(format!("{} on f32", other.name())),
        })),
        (Value::F64(x), Value::F64(y)) => Ok(Value::F64(match op {
            FAdd => x + y,
            FSub => x - y,
            FMul => x * y,
            FDiv => x / y,
            FRem => x % y,
            other => return Err(format!("{} on f64", other.name())),
        })),
        (a, b) => Err(format!("{} on {} and {}", op.name(), a.ty(), b.ty())),
    }
}

fn integer_binary(op: BinaryOp, x: i64, y: i64, t: ScalarType) -> Result<i64, String> {
    use BinaryOp::*;
    let bits = t.bits() as i64;
    let (ux, uy) = (unsigned(x, t), unsigned(y, t));
    let min = wrap_int(1i64 << (bits - 1).min(63), t);
    let shift = || if (0..bits).contains(&(uy as i64)) && uy < 64 { Ok(uy as u32) } else { Err(format!("shift by {y}")) };
    let divisor = || if y == 0 { Err("integer division by zero".to_string()) } else { Ok(()) };
    let value = match op {
        Add => x.wrapping_add(y),
        Sub => x.wrapping_sub(y),
        Mul => x.wrapping_mul(y),
        SDiv | SRem => {
            divisor()?;
            if x == min && y == -1 {
                return Err("integer division overflows".into());
            }
            if op == SDiv { x / y } else { x % y }
        }
        UDiv | URem => {
            divisor()?;
            (if op == UDiv { ux / uy } else { ux % uy }) as i64
        }
        Shl => x.wrapping_shl(shift()?),
        LShr => (ux >> shift()?) as i64,
        AShr => x >> shift()?,
        And => x & y,
        Or => x | y,
        Xor => x ^ y,
        SMin => x.min(y),
        SMax => x.max(y),
        UMin => ux.min(uy) as i64,
        UMax => ux.max(uy) as i64,
        other => return Err(format!("{} on {}", other.name(), t)),
    };
    Ok(wrap_int(value, t))
}

fn compare(p: ComparePredicate, a: Value, b: Value) -> Result<Value, String> {
    use ComparePredicate::*;
    let truth = |c: bool| Value::Int(if c { -1 } else { 0 }, ScalarType::I1);
    let floats = |x: f64, y: f64| -> Result<bool, String> {
        let unordered = x.is_nan() || y.is_nan();
        Ok(match p {
            FOeq => x == y,
            FOne => !unordered && x != y,
            FOlt => x < y,
            FOle => x <= y,
            FOgt => x > y,
            FOge => x >= y,
            FUeq => unordered || x == y,
            FUne => x != y,
            FUlt => unordered || x < y,
            FUle => unordered || x <= y,
            FUgt => unordered || x > y,
            FUge => unordered || x >= y,
            FOrd => !unordered,
            FUno => unordered,
            _ => return Err(format!("integer predicate {p:?} on floats")),
        })
    };
    match (a, b) {
        (Value::Int(x, t), Value::Int(y, u)) if t == u => {
            let (ux, uy) = (unsigned(x, t), unsigned(y, t));
            Ok(truth(match p {
                Eq => x == y,
                Ne => x != y,
                Slt => x < y,
                Sle => x <= y,
                Sgt => x > y,
                Sge => x >= y,
                Ult => ux < uy,
                Ule => ux <= uy,
                Ugt => ux > uy,
                Uge => ux >= uy,
                _ => return Err(format!("float predicate {p:?} on integers")),
            }))
        }
        // f32 values compare exactly as f64.
        (Value::F32(x), Value::F32(y)) => floats(x as f64, y as f64).map(truth),
        (Value::F64(x), Value::F64(y)) => floats(x, y).map(truth),
        (a, b) => Err(format!("comparison of {} and {}", a.ty(), b.ty())),
    }
}

fn cast(op: CastOp, to: ScalarType, v: Value) -> Result<Value, String> {
    use CastOp::*;
    let as_float = |x: f64| if to == ScalarType::F32 { Value::F32(x as f32) } else { Value::F64(x) };
    Ok(match (op, v) {
        (Trunc | SExt, Value::Int(x, _)) if !to.is_float() => Value::Int(wrap_int(x, to), to),
        (ZExt, Value::Int(x, t)) if !to.is_float() => Value::Int(wrap_int(unsigned(x, t) as i64, to), to),
        (FPTrunc | FPExt, Value::F64(x)) => as_float(x),
        (FPTrunc | FPExt, Value::F32(x)) => as_float(x as f64),
        (SIToFP, Value::Int(x, _)) if to == ScalarType::F32 => Value::F32(x as f32),
        (SIToFP, Value::Int(x, _)) => Value::F64(x as f64),
        (UIToFP, Value::Int(x, t)) if to == ScalarType::F32 => Value::F32(unsigned(x, t) as f32),
        (UIToFP, Value::Int(x, t)) => Value::F64(unsigned(x, t) as f64),
        (FPToSI | FPToUI, Value::F32(_) | Value::F64(_)) if !to.is_float() => {
            let x = match v {
                Value::F32(x) => x as f64,
                Value::F64(x) => x,
                Value::Int(..) => unreachable!("matched floats"),
            };
            let truncated = x.trunc();
            let bits = to.bits() as i32;
            let (low, high) = if op == FPToSI {
                (-(2f64.powi(bits - 1)), 2f64.powi(bits - 1))
            } else {
                (0.0, 2f64.powi(bits))
            };
            if !(truncated >= low && truncated < high) {
                return Err(format!("{} of {} does not fit {}", super::lang::typing::cast_name(op), x, to));
            }
            Value::Int(wrap_int(truncated as i128 as i64, to), to)
        }
        (op, v) => return Err(format!("{} of {} to {}", super::lang::typing::cast_name(op), v.ty(), to)),
    })
}

/// One math function in one float type: the same code for `f32` and `f64`.
macro_rules! apply_math {
    ($f:expr, $args:expr, $float:ty, $variant:ident, $suffix:expr) => {{
        let mut xs: [$float; 3] = [0.0; 3];
        for (slot, arg) in xs.iter_mut().zip($args) {
            let Value::$variant(x) = arg else {
                return Err(format!("{}{} of a {}", $f.name(), $suffix, arg.ty()));
            };
            *slot = *x;
        }
        let [a, b, c] = xs;
        Value::$variant(match $f {
            Sqrt => a.sqrt(),
            Exp => a.exp(),
            Exp2 => a.exp2(),
            Log => a.ln(),
            Pow => a.powf(b),
            Fabs => a.abs(),
            Floor => a.floor(),
            Ceil => a.ceil(),
            Sin => a.sin(),
            Cos => a.cos(),
            FMin => a.min(b),
            FMax => a.max(b),
            FMulAdd => a.mul_add(b, c),
        })
    }};
}

fn call(f: MathFunction, ty: ScalarType, args: &[Value]) -> Result<Value, String> {
    use MathFunction::*;
    if args.len() != f.arity() {
        return Err(format!("{} takes {} arguments", f.name(), f.arity()));
    }
    match ty {
        ScalarType::F32 => Ok(apply_math!(f, args, f32, F32, "f")),
        ScalarType::F64 => Ok(apply_math!(f, args, f64, F64, "")),
        other => Err(format!("{} in {}", f.name(), other)),
    }
}
