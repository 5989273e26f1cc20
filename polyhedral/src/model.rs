//! The polyhedral model of a static control part (SCoP).
//!
//! Paper 003, section 2: a SCoP is a set of *single-write statements* (section 2.1: "each
//! assignment statement is identified by the single write access it contains"), each with an
//! iteration domain, a schedule, one write access and a value expression whose leaves are read
//! accesses, constants, iterators, parameters and region-invariant values.
//!
//! Both front ends build this model: the LLVM front end (`pass/`) and the textual SCoP
//! language (`lang`). Everything later (dependences, propagation, code generation) reads only
//! this model.
//!
//! Sets and maps are kept in isl notation (`String`), so the model is plain data: it can be
//! cloned, compared, printed and sent across threads without an isl context. Subscripts stay
//! structured (`AffExpr`) because propagation rewrites them (Algorithm 1).
//!
//! Invariants:
//! - `Statement::domain` is an isl set whose tuple is the statement's name and whose
//!   dimensions are its `iterators`, over the SCoP's `params` (`[N] -> { S1[i] : ... }`).
//! - `Statement::schedule` is an isl map from that tuple to a time vector; all statements'
//!   time vectors have the same length (2d+1 form padded with zeros).
//! - A scalar is an `Array` with no dimensions; its accesses have no subscripts.

use crate::affine::AffExpr;
use std::fmt;

pub type ArrayId = usize;
pub type StatementId = usize;

/// Element and value types, as LLVM sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarType {
    I1,
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
}

impl ScalarType {
    pub fn is_float(self) -> bool {
        matches!(self, ScalarType::F32 | ScalarType::F64)
    }

    pub fn bits(self) -> u32 {
        match self {
            ScalarType::I1 => 1,
            ScalarType::I8 => 8,
            ScalarType::I16 => 16,
            ScalarType::I32 | ScalarType::F32 => 32,
            ScalarType::I64 | ScalarType::F64 => 64,
        }
    }

    /// The integer type of `bits` bits, if there is one.
    pub fn integer(bits: u32) -> Option<Self> {
        Some(match bits {
            1 => ScalarType::I1,
            8 => ScalarType::I8,
            16 => ScalarType::I16,
            32 => ScalarType::I32,
            64 => ScalarType::I64,
            _ => return None,
        })
    }

    pub fn size_in_bytes(self) -> u64 {
        (self.bits() as u64).div_ceil(8)
    }

    pub fn name(self) -> &'static str {
        match self {
            ScalarType::I1 => "i1",
            ScalarType::I8 => "i8",
            ScalarType::I16 => "i16",
            ScalarType::I32 => "i32",
            ScalarType::I64 => "i64",
            ScalarType::F32 => "f32",
            ScalarType::F64 => "f64",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "i1" => ScalarType::I1,
            "i8" => ScalarType::I8,
            "i16" => ScalarType::I16,
            "i32" => ScalarType::I32,
            "i64" => ScalarType::I64,
            "f32" => ScalarType::F32,
            "f64" => ScalarType::F64,
            _ => return None,
        })
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a location's final contents matter after the SCoP (paper 003, section 5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Liveness {
    /// Read or written memory that is visible after the SCoP (arguments, globals, escaping).
    LiveOut,
    /// Memory that only the SCoP uses: `malloc`'d and freed, non-escaping `alloca`s, scalars
    /// local to the region. Propagation may remove all its writes.
    Temporary,
}

/// The contents of an array at the SCoP's entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contents {
    /// Whatever the program stored there before (arguments, globals, live-out memory, and a
    /// temporary of a sequence of nests that earlier code wrote: a vector's zero fill).
    Program,
    /// Indeterminate: a temporary from `malloc`, `new[]` or a local array. A read that no
    /// write of the SCoP reaches reads garbage, and propagation may assume at run time that
    /// none happens (`propagation::uninitialized`).
    Indeterminate,
    /// All bytes zero: a temporary from `calloc`. A read that no write of the SCoP reaches
    /// reads zero, which propagation writes first (`propagation::zero_initialized`).
    Zeros,
    /// What the previous run of the SCoP left: an array allocated before a loop that runs the
    /// SCoP again. A temporary only until `propagation::settle_carried` has looked at it: then
    /// indeterminate where no run reads an earlier run's values, else live-out.
    Carried,
    /// The initializer of a constant global (`static const float m[3][4]`), which the SCoP
    /// only reads: no defined execution writes it, through any pointer. A read of one fixed
    /// element is a constant of the generated code, which LLVM folds.
    Constant,
}

/// An array or scalar location.
#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    pub name: String,
    pub element: ScalarType,
    /// Size of each dimension, outermost first, as an affine expression of the parameters.
    /// The outermost size may be unknown (`None`): accesses are then only bounded below.
    /// Empty for scalars.
    pub sizes: Vec<Option<AffExpr>>,
    pub liveness: Liveness,
    /// What the array holds at the SCoP's entry, where the SCoP has not written it yet.
    pub initial: Contents,
    /// Whether the array is a table of row pointers (`float **w`, read as `w[k][j]`): the
    /// outermost subscript selects a row pointer at the base, the inner one an element of
    /// that row; the inner size is unknown. The model takes the rows for one two-dimensional
    /// array, which holds only where they are disjoint from one another and from every other
    /// array: code generation checks it at run time, in one pass over the table (issue 15;
    /// paper 001, section 5: the profile saw the accesses behave affinely).
    pub row_pointers: bool,
    /// For a row-pointer table, the pointers from one row's to the next's: 1 for `float **`,
    /// 3 for a `std::vector<std::vector<float>>`, whose rows are records of three pointers
    /// (begin, end, capacity) of which the subscripts read the first. The outermost subscript
    /// counts pointers, so it steps by this; the run-time check reads every this-th pointer.
    pub row_stride: u32,
    /// For an index array (`north[i]` in `image[north[i] + rows * j]`; issue 15, where the
    /// profiled run executed the indexed access): the parameters `(min, max)` that hold
    /// the smallest and the largest of its elements the SCoP reads, computed at run time in one
    /// pass over them before the check. A subscript that is such an element lies between them
    /// (`range`), so the indexed array's extent and its alias checks are known; an inner one
    /// stays inside its dimension under the assumptions `0 <= min` and `max < size`.
    pub index_range: Option<(usize, usize)>,
    /// A line buffer (`line_buffers`): the model's sizes are its storage (a few rows, indexed
    /// modulo their number), which the generated code allocates itself; never shared with
    /// another temporary's.
    pub line_buffer: bool,
}

impl Array {
    /// A scalar: no dimensions, contents defined at entry.
    pub fn scalar(name: String, element: ScalarType, liveness: Liveness) -> Array {
        Array { name, element, sizes: Vec::new(), liveness, initial: Contents::Program, row_pointers: false, row_stride: 1, index_range: None, line_buffer: false }
    }

    pub fn is_scalar(&self) -> bool {
        self.sizes.is_empty()
    }

    /// The number of elements where every size is a non-negative constant (1 for a scalar).
    pub fn constant_elements(&self) -> Option<u64> {
        self.sizes.iter().try_fold(1u64, |n, s| n.checked_mul(u64::try_from(s.as_ref()?.as_constant()?).ok()?))
    }
}

/// A memory access: `array[subscripts]`, subscripts affine in the statement's iterators.
///
/// A *may-access* (paper 004's non-affine access, Polly's non-affine subscripts) has some
/// subscripts computed from data (`lut[(int)x]`, `grid[z][y][x]` with a loaded `z`, a clamp of
/// a loaded value): `data` then holds, per dimension, the `i64` value expression of a
/// data-dependent subscript (`Some`) or `None` where `subscripts` holds the affine one (the
/// slot of a data-dependent dimension in `subscripts` is the constant 0 and means nothing).
/// The statement computes those expressions itself, before the access. Which elements it
/// touches is not known to the model: its access relation is the whole array, except that the
/// affine subscripts of an access whose only data-dependent dimension is the outermost stay
/// exact (`Scop::access_relation`). A may-read reads some element of that set; a may-write
/// writes some element of it and overwrites nothing the model can rely on (it never kills a
/// dependence).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Access {
    pub array: ArrayId,
    pub subscripts: Vec<AffExpr>,
    /// Empty for an affine access; one entry per dimension for a may-access.
    pub data: DataSubscripts,
}

impl Access {
    /// An affine access.
    pub fn affine(array: ArrayId, subscripts: Vec<AffExpr>) -> Self {
        Access { array, subscripts, data: DataSubscripts::default() }
    }

    /// A may-access: `subscripts[d]` is data-dependent where `subscripts[d]` is `Err(e)`.
    pub fn with_data(array: ArrayId, subscripts: Vec<Result<AffExpr, Expr>>) -> Self {
        if subscripts.iter().all(|s| s.is_ok()) {
            return Access::affine(array, subscripts.into_iter().map(|s| s.ok().expect("affine")).collect());
        }
        let mut affine = Vec::new();
        let mut data = Vec::new();
        for s in subscripts {
            match s {
                Ok(a) => {
                    affine.push(a);
                    data.push(None);
                }
                Err(e) => {
                    affine.push(AffExpr::constant(0));
                    data.push(Some(e));
                }
            }
        }
        Access { array, subscripts: affine, data: DataSubscripts(data) }
    }

    /// Whether some subscript is computed from data (a may-access).
    pub fn is_may(&self) -> bool {
        self.data.0.iter().any(|d| d.is_some())
    }

    /// The data-dependent subscript of dimension `d`, if it is one.
    pub fn data_subscript(&self, d: usize) -> Option<&Expr> {
        self.data.0.get(d).and_then(|e| e.as_ref())
    }

    /// Every subscript in dimension order, affine ones as `Ok`.
    pub fn mixed_subscripts(&self) -> Vec<Result<&AffExpr, &Expr>> {
        (0..self.subscripts.len())
            .map(|d| match self.data_subscript(d) {
                Some(e) => Err(e),
                None => Ok(&self.subscripts[d]),
            })
            .collect()
    }
}

/// The data-dependent subscripts of a may-access, per dimension (see [`Access`]).
///
/// Equality is the expressions' (`Expr`'s structural equality); the hash covers only which
/// dimensions are data-dependent, which is consistent with it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DataSubscripts(pub Vec<Option<Expr>>);

impl Eq for DataSubscripts {}

impl std::hash::Hash for DataSubscripts {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for d in &self.0 {
            d.is_some().hash(state);
        }
    }
}

/// A region-invariant value that is not an integer parameter (a `float alpha` argument).
#[derive(Clone, Debug, PartialEq)]
pub struct External {
    pub name: String,
    pub ty: ScalarType,
}

/// A constant leaf; floats are stored exactly (an `f32` constant is an exact `f64`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Constant {
    Int(i64, ScalarType),
    Float(f64, ScalarType),
}

impl Constant {
    pub fn ty(&self) -> ScalarType {
        match self {
            Constant::Int(_, t) | Constant::Float(_, t) => *t,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    FNeg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    SDiv,
    UDiv,
    SRem,
    URem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    SMin,
    SMax,
    UMin,
    UMax,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

impl BinaryOp {
    pub fn name(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "add",
            Sub => "sub",
            Mul => "mul",
            SDiv => "sdiv",
            UDiv => "udiv",
            SRem => "srem",
            URem => "urem",
            Shl => "shl",
            LShr => "lshr",
            AShr => "ashr",
            And => "and",
            Or => "or",
            Xor => "xor",
            SMin => "smin",
            SMax => "smax",
            UMin => "umin",
            UMax => "umax",
            FAdd => "fadd",
            FSub => "fsub",
            FMul => "fmul",
            FDiv => "fdiv",
            FRem => "frem",
        }
    }
}

/// The no-wrap and exactness flags of an integer operation (`add nsw`, `sdiv exact`), taken
/// from the source instruction it was built from. They promise something about the values the
/// operation sees, so they stay true wherever the same operation computes on the same values:
/// copied unchanged, or after propagation substituted its operands (each instance still
/// computes what the source instance did). Operations the front ends build themselves
/// (affine subscripts, floor divisions, the textual language) have none. Not printed: the
/// textual language has no syntax for them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WrapFlags {
    pub nsw: bool,
    pub nuw: bool,
    pub exact: bool,
}

impl WrapFlags {
    pub const NONE: WrapFlags = WrapFlags { nsw: false, nuw: false, exact: false };
}

/// Comparison predicates with LLVM's meaning (`O*` ordered, `U*` unordered for floats;
/// `S*`/`U*` signed/unsigned for integers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComparePredicate {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
    FOeq,
    FOne,
    FOlt,
    FOle,
    FOgt,
    FOge,
    FUeq,
    FUne,
    FUlt,
    FUle,
    FUgt,
    FUge,
    FOrd,
    FUno,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FPTrunc,
    FPExt,
    FPToSI,
    FPToUI,
    SIToFP,
    UIToFP,
}

/// Pure math functions a statement may call; the float type is the call's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathFunction {
    Sqrt,
    Exp,
    Exp2,
    Log,
    Pow,
    Fabs,
    Floor,
    Ceil,
    Sin,
    Cos,
    /// `llvm.minnum` / `fminf`.
    FMin,
    /// `llvm.maxnum` / `fmaxf`.
    FMax,
    /// `llvm.fmuladd`: `a * b + c`, fused or not as the target decides (C's default
    /// `-ffp-contract=on`); code generation emits the same intrinsic again.
    FMulAdd,
}

impl MathFunction {
    pub fn name(self) -> &'static str {
        use MathFunction::*;
        match self {
            Sqrt => "sqrt",
            Exp => "exp",
            Exp2 => "exp2",
            Log => "log",
            Pow => "pow",
            Fabs => "fabs",
            Floor => "floor",
            Ceil => "ceil",
            Sin => "sin",
            Cos => "cos",
            FMin => "fmin",
            FMax => "fmax",
            FMulAdd => "fmuladd",
        }
    }

    pub fn arity(self) -> usize {
        match self {
            MathFunction::Pow | MathFunction::FMin | MathFunction::FMax => 2,
            MathFunction::FMulAdd => 3,
            _ => 1,
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        use MathFunction::*;
        Some(match name {
            "sqrt" => Sqrt,
            "exp" => Exp,
            "exp2" => Exp2,
            "log" => Log,
            "pow" => Pow,
            "fabs" => Fabs,
            "floor" => Floor,
            "ceil" => Ceil,
            "sin" => Sin,
            "cos" => Cos,
            "fmin" => FMin,
            "fmax" => FMax,
            "fmuladd" => FMulAdd,
            _ => return None,
        })
    }
}

/// The function a statement calls: a math function of the C library or LLVM, or a function
/// of the program that neither touches memory, throws nor runs forever (`readnone nounwind
/// willreturn`, C's
/// `__attribute__((const))`, as Polly accepts it), called by its symbol. Recomputing such
/// a call where a propagated value is read gives the value the original call gave.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    Math(MathFunction),
    Pure(String),
}

/// A statement's value expression (paper 003, Figure 3, `<rexp>`), evaluated in tree order.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Constant(Constant),
    /// A read access; its value has the array's element type.
    Read(Access),
    /// An iterator of the statement as an `i64`.
    Iterator(usize),
    /// A parameter of the SCoP as an `i64`.
    Parameter(usize),
    /// A region-invariant value (`Scop::externals`).
    External(usize),
    Unary(UnaryOp, Box<Expr>),
    /// The flags are the source instruction's (`WrapFlags`), none on floating-point operations.
    Binary(BinaryOp, Box<Expr>, Box<Expr>, WrapFlags),
    /// Yields an `i1`.
    Compare(ComparePredicate, Box<Expr>, Box<Expr>),
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
    Cast(CastOp, ScalarType, Box<Expr>),
    /// A call of `Callee` whose value has the scalar type; the arguments' types are theirs.
    Call(Callee, ScalarType, Vec<Expr>),
}

impl Expr {
    /// Every read access in evaluation order.
    pub fn reads(&self) -> Vec<&Access> {
        let mut out = Vec::new();
        self.visit(&mut |e| {
            if let Expr::Read(a) = e {
                out.push(a);
            }
        });
        out
    }

    /// The access of an element read at affine subscripts, sign-extended or not: what an
    /// index array's element is as a subscript (`Scop::index_read`).
    pub fn affine_element_read(&self) -> Option<&Access> {
        let read = match self {
            Expr::Cast(CastOp::SExt, _, x) => x.as_ref(),
            other => other,
        };
        match read {
            Expr::Read(a) if !a.is_may() => Some(a),
            _ => None,
        }
    }

    /// Pre-order visit of every node.
    ///
    /// The data-dependent subscripts of a may-read are visited right after the read (they
    /// are computed before it, but `Expr::reads` numbers the read first).
    pub fn visit<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        f(self);
        match self {
            Expr::Read(access) => access.data.0.iter().flatten().for_each(|e| e.visit(f)),
            Expr::Unary(_, a) | Expr::Cast(_, _, a) => a.visit(f),
            Expr::Binary(_, a, b, _) | Expr::Compare(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Expr::Select(c, a, b) => {
                c.visit(f);
                a.visit(f);
                b.visit(f);
            }
            Expr::Call(_, _, args) => args.iter().for_each(|a| a.visit(f)),
            _ => {}
        }
    }

    /// Pre-order visit of every node, mutably.
    pub fn visit_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        f(self);
        match self {
            Expr::Read(access) => access.data.0.iter_mut().flatten().for_each(|e| e.visit_mut(f)),
            Expr::Unary(_, a) | Expr::Cast(_, _, a) => a.visit_mut(f),
            Expr::Binary(_, a, b, _) | Expr::Compare(_, a, b) => {
                a.visit_mut(f);
                b.visit_mut(f);
            }
            Expr::Select(c, a, b) => {
                c.visit_mut(f);
                a.visit_mut(f);
                b.visit_mut(f);
            }
            Expr::Call(_, _, args) => args.iter_mut().for_each(|a| a.visit_mut(f)),
            _ => {}
        }
    }

    /// The reads performed whatever its selects decide: every read outside a select's sides
    /// (conditions included), with the reads of their data-dependent subscripts.
    pub fn unconditional_reads(&self) -> Vec<Access> {
        let mut out = Vec::new();
        self.collect_unconditional(&mut out);
        out
    }

    fn collect_unconditional(&self, out: &mut Vec<Access>) {
        match self {
            Expr::Read(a) => {
                out.push(a.clone());
                a.data.0.iter().flatten().for_each(|d| d.collect_unconditional(out));
            }
            Expr::Select(c, _, _) => c.collect_unconditional(out),
            Expr::Unary(_, x) | Expr::Cast(_, _, x) => x.collect_unconditional(out),
            Expr::Binary(_, x, y, _) | Expr::Compare(_, x, y) => {
                x.collect_unconditional(out);
                y.collect_unconditional(out);
            }
            Expr::Call(_, _, args) => args.iter().for_each(|a| a.collect_unconditional(out)),
            _ => {}
        }
    }

    /// Whether evaluating the expression can trap: an integer division or remainder by a
    /// divisor that may be 0 (or -1 when signed: the smallest value's quotient overflows, and
    /// x86's `idiv` faults), or a call of one of the program's functions (its body may divide).
    /// A select's side that can trap is evaluated only when taken, as the source did.
    pub fn may_trap(&self) -> bool {
        let mut trap = false;
        self.visit(&mut |e| {
            trap |= match e {
                Expr::Binary(op @ (BinaryOp::SDiv | BinaryOp::SRem | BinaryOp::UDiv | BinaryOp::URem), _, divisor, _) => {
                    let signed = matches!(op, BinaryOp::SDiv | BinaryOp::SRem);
                    !matches!(**divisor, Expr::Constant(Constant::Int(v, _)) if v != 0 && !(signed && v == -1))
                }
                Expr::Call(Callee::Pure(_), _, _) => true,
                _ => false,
            }
        });
        trap
    }

    /// Whether the node is an operation, for which code generation emits an instruction of its
    /// own (not a read or a leaf).
    pub fn is_operation(&self) -> bool {
        !matches!(self, Expr::Constant(_) | Expr::Read(_) | Expr::Iterator(_) | Expr::Parameter(_) | Expr::External(_))
    }

    /// Number of operations (`is_operation`) in the tree: the instructions it costs.
    pub fn operations(&self) -> usize {
        let mut n = 0;
        self.visit(&mut |e| n += usize::from(e.is_operation()));
        n
    }

    /// Number of nodes, a measure of code complexity.
    pub fn size(&self) -> usize {
        let mut n = 0;
        self.visit(&mut |_| n += 1);
        n
    }
}

/// Where a statement came from, for messages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceLocation {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.file.is_empty() && self.line == 0 {
            return f.write_str("<unknown>");
        }
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// A single-write statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    pub name: String,
    /// Iterator names, outermost first.
    pub iterators: Vec<String>,
    /// `[params] -> { name[iterators] : constraints }`.
    pub domain: String,
    /// `[params] -> { name[iterators] -> [t0, ..., tn] }`.
    pub schedule: String,
    pub write: Access,
    pub value: Expr,
    /// A data-dependent condition (an `i1` expression, Polly's non-affine subregion): the
    /// statement writes only where it holds, so its write is a may-write. `None`: always.
    pub guard: Option<Expr>,
    pub location: Option<SourceLocation>,
}

impl Statement {
    /// The statement's expressions: its value, the data-dependent subscripts of a may-write,
    /// then its guard.
    pub fn expressions(&self) -> Vec<&Expr> {
        let mut out = vec![&self.value];
        out.extend(self.write.data.0.iter().flatten());
        out.extend(&self.guard);
        out
    }

    /// `expressions`, to rewrite in place.
    pub fn expressions_mut(&mut self) -> Vec<&mut Expr> {
        let mut out = vec![&mut self.value];
        out.extend(self.write.data.0.iter_mut().flatten());
        out.extend(&mut self.guard);
        out
    }

    /// Every read of the statement in evaluation order of the model's numbering: the reads
    /// of the value expression (`Expr::reads`), then those of the data-dependent subscripts of
    /// a may-write, then those of the guard (`expressions`). `AccessIndex::Read(k)` of the
    /// dependences counts in this order.
    pub fn reads(&self) -> Vec<&Access> {
        self.expressions().into_iter().flat_map(Expr::reads).collect()
    }

    /// The reads the statement performs whatever its selects decide (`Expr::unconditional_reads`
    /// of the value, the may-write's subscripts and the guard), in the order of `reads`.
    pub fn unconditional_reads(&self) -> Vec<Access> {
        self.expressions().into_iter().flat_map(Expr::unconditional_reads).collect()
    }

    /// Whether the write is a may-write: at a data-dependent subscript or under a guard.
    pub fn may_write(&self) -> bool {
        self.write.is_may() || self.guard.is_some()
    }
}

/// A run-time condition under which the model is exact (delinearization bounds, no wrapping,
/// unsigned comparisons of non-negative values), with the reason it was assumed.
#[derive(Clone, Debug, PartialEq)]
pub struct Assumption {
    pub reason: String,
    /// `[params] -> { : constraints }`.
    pub set: String,
}

/// A pair of arrays that may overlap in memory: code generation checks at run time that the
/// accessed ranges are disjoint.
#[derive(Clone, Debug, PartialEq)]
pub struct AliasCheck {
    pub first: ArrayId,
    pub second: ArrayId,
}

/// Integer parameters: region-invariant values the domains and subscripts depend on.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    pub name: String,
    pub ty: ScalarType,
    /// Whether the isl spaces of the model carry it (`Scop::param_prefix`): not a parameter
    /// that only values read (`unused_params::value_only_out_of_spaces`).
    pub in_spaces: bool,
}

impl Parameter {
    pub fn new(name: impl Into<String>, ty: ScalarType) -> Parameter {
        Parameter { name: name.into(), ty, in_spaces: true }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scop {
    pub name: String,
    pub params: Vec<Parameter>,
    /// What is known about the parameters: `[params] -> { : constraints }`.
    pub context: String,
    pub assumptions: Vec<Assumption>,
    pub arrays: Vec<Array>,
    pub externals: Vec<External>,
    pub statements: Vec<Statement>,
    pub alias_checks: Vec<AliasCheck>,
}

impl Scop {
    pub fn param_names(&self) -> Vec<String> {
        self.params.iter().map(|p| p.name.clone()).collect()
    }

    /// `[N, M] -> ` prefix for isl strings: the parameters the spaces carry.
    pub fn param_prefix(&self) -> String {
        let names: Vec<&str> = self.params.iter().filter(|p| p.in_spaces).map(|p| p.name.as_str()).collect();
        format!("[{}] -> ", names.join(", "))
    }

    pub fn array_id(&self, name: &str) -> Option<ArrayId> {
        self.arrays.iter().position(|a| a.name == name)
    }

    /// The access relation `{ S[i] -> A[subscripts] }` of `access` in `stmt`, restricted to
    /// nothing (the domain is applied by the caller when needed).
    pub fn access_relation(&self, stmt: &Statement, access: &Access) -> String {
        let params = self.param_names();
        let array = &self.arrays[access.array];
        // A data-dependent inner subscript may reach any element (the linearized address
        // crosses rows), unless it is an element of an index array, which the assumptions keep
        // inside the dimension; a data-dependent outermost one leaves the inner subscripts exact.
        let everything = (1..access.subscripts.len()).any(|d| access.data_subscript(d).is_some_and(|e| self.index_read(e).is_none()));
        let subs: Vec<String> = access
            .subscripts
            .iter()
            .enumerate()
            .map(|(d, s)| {
                if everything || access.data_subscript(d).is_some() {
                    format!("may{d}")
                } else {
                    s.display(&stmt.iterators, &params).to_string()
                }
            })
            .collect();
        // A data-dependent outermost subscript lies within the bounds of its value (a clamp,
        // a narrow type): `range` (inner ones could cross rows, so they stay unbounded).
        let mut bounds = Vec::new();
        if !everything {
            for (d, subscript) in access.data.0.iter().enumerate().filter_map(|(d, s)| Some((d, s.as_ref()?))) {
                let r = crate::range::range(self, subscript);
                let show = |e: &AffExpr| e.display(&stmt.iterators, &params).to_string();
                // The ends of a 32-bit type say nothing an alias check or a dependence can use.
                let useful = |e: &&AffExpr| e.as_constant().is_none_or(|c| c.unsigned_abs() < i32::MAX as u64);
                bounds.extend(r.lower.as_ref().filter(useful).map(|l| format!("may{d} >= {}", show(l))));
                bounds.extend(r.upper.as_ref().filter(useful).map(|u| format!("may{d} <= {}", show(u))));
            }
        }
        let condition = if bounds.is_empty() { String::new() } else { format!(" : {}", bounds.join(" and ")) };
        format!(
            "{}{{ {}[{}] -> {}[{}]{condition} }}",
            self.param_prefix(),
            stmt.name,
            stmt.iterators.join(", "),
            array.name,
            subs.join(", ")
        )
    }

    /// The index array (`Array::index_range`) of which `e` is an element read at an affine
    /// subscript, sign-extended to `i64` or not (the run-time check takes signed values).
    pub fn index_read(&self, e: &Expr) -> Option<ArrayId> {
        e.affine_element_read().filter(|a| self.arrays[a.array].index_range.is_some()).map(|a| a.array)
    }

    /// `[params] -> { A[o0, ...] : 0 <= o_d < size_d }` over the dimensions of known size: the
    /// elements of the array (an unknown outermost size leaves that dimension unbounded).
    pub fn array_extent(&self, array: ArrayId) -> String {
        let params = self.param_names();
        let a = &self.arrays[array];
        let dims: Vec<String> = (0..a.sizes.len()).map(|d| format!("o{d}")).collect();
        let constraints: Vec<String> = a
            .sizes
            .iter()
            .enumerate()
            .filter_map(|(d, s)| s.as_ref().map(|s| format!("0 <= o{d} < {}", s.display(&[], &params))))
            .collect();
        let condition = if constraints.is_empty() { String::new() } else { format!(" : {}", constraints.join(" and ")) };
        format!("{}{{ {}[{}]{} }}", self.param_prefix(), a.name, dims.join(", "), condition)
    }

    /// The arrays (not scalars) some statement writes, each once, in order.
    pub fn written_arrays(&self) -> Vec<ArrayId> {
        let mut out: Vec<ArrayId> = self.statements.iter().map(|s| s.write.array).filter(|&a| !self.arrays[a].is_scalar()).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether some statement writes `array` with a may-write.
    pub fn has_may_writes(&self, array: ArrayId) -> bool {
        self.statements.iter().any(|s| s.write.array == array && s.may_write())
    }
}

/// `base_suffix`, or with `_1` appended until no statement of `names` has it; taken into `names`.
pub fn fresh_name(base: &str, suffix: &str, names: &mut std::collections::HashSet<String>) -> String {
    let mut name = format!("{base}_{suffix}");
    while names.contains(&name) {
        name.push_str("_1");
    }
    names.insert(name.clone());
    name
}
