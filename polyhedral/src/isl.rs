//! A small safe layer over isl (through the `isl-rs` crate) for the analyses of polyprop.
//!
//! Every analysis owns one [`IslContext`]. The context has an operation quota
//! (`isl_ctx_set_max_operations`) and isl's `on_error` option set to *continue*, so a failing
//! isl call returns an error instead of printing or aborting. Running out of quota surfaces as
//! [`IslError::Complexity`], distinct from every other failure: callers reject the SCoP with
//! the reason "complexity" and leave the code unchanged (STYLE.md, "bounded work").
//!
//! The isl values polyprop keeps are wrapped in newtypes that say what they are, following
//! paper 003, section 2.2:
//! - [`Domain`]: iteration domains `I_S`, `{ S[i] : ... }` (a union over statements);
//! - [`AccessRelation`]: `{ S[i] -> A[subscripts] }`;
//! - [`Schedule`]: `θ_S`, `{ S[i] -> [t0, ..., tn] }`;
//! - [`Dependences`]: instance-wise dependences `{ S[i] -> T[j] }`;
//! - [`ParamSet`]: constraints on the parameters only, `[N] -> { : ... }`.
//!
//! All of them borrow the context (`'c`), so no isl object outlives its context.
//!
//! Known limits: only the operations the rest of polyprop needs are wrapped. The model keeps
//! sets and maps as isl strings (see `model`), so this layer reads strings and writes strings.

use crate::affine::AffExpr;
use crate::isl_reader;
use crate::schedule_tree::ScheduleTree;
use isl_rs::{Context, DimType, LibISLError};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::os::raw::{c_char, c_int, c_long, c_void};

/// The default quota of isl operations per analysis (the order of Polly's
/// `-polly-dependences-computeout`).
pub const DEFAULT_MAX_OPERATIONS: u64 = 2_000_000;

/// Why an isl computation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IslError {
    /// The operation quota ran out: reject with reason "complexity", not a bug.
    Complexity,
    /// isl could not read a string (a bug in whoever wrote the string).
    Parse { input: String, message: String },
    /// Any other isl failure.
    Isl { message: String },
}

impl fmt::Display for IslError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IslError::Complexity => f.write_str("isl operation quota exceeded (complexity)"),
            IslError::Parse { input, message } => write!(f, "isl cannot read '{input}': {message}"),
            IslError::Isl { message } => write!(f, "isl error: {message}"),
        }
    }
}

impl std::error::Error for IslError {}

pub type IslResult<T> = Result<T, IslError>;

const ISL_ON_ERROR_CONTINUE: c_int = 1;
/// `isl_dim_set` (equal to `isl_dim_out`).
const ISL_DIM_SET: c_int = 3;

extern "C" {
    fn isl_options_set_on_error(ctx: usize, val: c_int) -> c_int;
    /// Counts one operation; fails once the quota is used up (the state is sticky).
    fn isl_ctx_next_operation(ctx: usize) -> c_int;
    /// The message of the last error isl recorded on `ctx`; null if none.
    fn isl_ctx_last_error_msg(ctx: usize) -> *const c_char;
    fn isl_set_to_str(set: usize) -> *mut c_char;
    fn isl_map_to_str(map: usize) -> *mut c_char;
    fn isl_union_set_to_str(uset: usize) -> *mut c_char;
    fn isl_union_map_to_str(umap: usize) -> *mut c_char;
    fn isl_set_foreach_point(
        set: usize,
        callback: extern "C" fn(point: usize, user: *mut c_void) -> c_int,
        user: *mut c_void,
    ) -> c_int;
    fn isl_point_get_coordinate_val(point: usize, dim_type: c_int, pos: c_int) -> usize;
    fn isl_point_free(point: usize) -> usize;
    fn isl_val_get_num_si(val: usize) -> c_long;
    fn isl_val_is_int(val: usize) -> c_int;
    fn isl_val_free(val: usize) -> usize;
    fn isl_set_dim(set: usize, dim_type: c_int) -> c_int;
}

/// Takes ownership of a string isl allocated.
fn take_isl_string(raw: *mut c_char) -> Option<String> {
    if raw.is_null() {
        return None;
    }
    // SAFETY: isl returns a NUL-terminated, malloc'd string that we now own.
    let text = unsafe { std::ffi::CStr::from_ptr(raw) }.to_string_lossy().into_owned();
    unsafe { libc::free(raw as *mut c_void) };
    Some(text)
}

/// One isl context with an operation quota; see the module documentation.
pub struct IslContext {
    /// Objects read from text, by text: analyses read the same domains, schedules and
    /// accesses of a model many times (each propagation round rebuilds its relations from
    /// the model's text), and reading dominated their cost. Declared before `ctx`, so that
    /// they are freed before the context is.
    parsed: RefCell<Parsed>,
    ctx: Context,
}

#[derive(Default)]
struct Parsed {
    union_sets: HashMap<String, isl_rs::UnionSet>,
    union_maps: HashMap<String, isl_rs::UnionMap>,
    sets: HashMap<String, isl_rs::Set>,
    maps: HashMap<String, isl_rs::Map>,
    /// `analysis_context` by the texts of the parameters and assumptions.
    hulls: HashMap<String, isl_rs::Set>,
    /// `disjoint_texts` by its two texts.
    disjoint: HashMap<(String, String), bool>,
}

/// Texts longer than this are read each time rather than kept.
const MAX_CACHED_TEXT: usize = 16 * 1024;
/// At most this many objects of each kind are kept per context.
const MAX_CACHED_OBJECTS: usize = 4096;

impl IslContext {
    /// The text of a set. isl-rs's `Set::to_str` reads the string without a null check, and
    /// isl returns null when printing fails (a quota spent inside the printer): that was a
    /// segmentation fault of `opt` on local_laplacian.
    pub fn set_text(&self, set: &isl_rs::Set) -> IslResult<String> {
        // SAFETY: `set.ptr` is a live set; the string is freed by `take_isl_string`.
        let text = take_isl_string(unsafe { isl_set_to_str(set.ptr) });
        self.check(Ok(text))?.ok_or_else(|| IslError::Isl { message: "isl_set_to_str failed".into() })
    }

    /// The text of a map (see `set_text`).
    pub fn map_text(&self, map: &isl_rs::Map) -> IslResult<String> {
        // SAFETY: `map.ptr` is a live map; the string is freed by `take_isl_string`.
        let text = take_isl_string(unsafe { isl_map_to_str(map.ptr) });
        self.check(Ok(text))?.ok_or_else(|| IslError::Isl { message: "isl_map_to_str failed".into() })
    }

    /// A context that gives up after `max_operations` isl operations (0: no limit).
    pub fn new(max_operations: u64) -> Self {
        let ctx = Context::alloc();
        // SAFETY: `ctx.ptr` is a live context.
        unsafe { isl_options_set_on_error(ctx.ptr, ISL_ON_ERROR_CONTINUE) };
        ctx.set_max_operations(max_operations);
        ctx.reset_operations();
        IslContext { parsed: RefCell::default(), ctx }
    }

    /// A context with [`DEFAULT_MAX_OPERATIONS`].
    pub fn with_default_quota() -> Self {
        Self::new(DEFAULT_MAX_OPERATIONS)
    }

    /// Starts a new quota period: the quota bounds each step of an analysis (one block's
    /// domain, one statement's assumptions) rather than the whole region, so that work stays
    /// linear in the region's size while no single step can run away.
    pub fn reset_quota(&self) {
        self.ctx.reset_operations();
    }

    /// Whether the current quota period has run out: answers computed in it may be failures
    /// that their callers took for "no" (a condition found not affine), so a reject decided
    /// then is one of complexity.
    pub fn quota_exhausted(&self) -> bool {
        // SAFETY: `ctx.ptr` is a live context. The probe counts one operation; once the quota
        // is spent the state is sticky, so probing does not change the answer.
        unsafe { isl_ctx_next_operation(self.ctx.ptr) < 0 }
    }

    /// Lifts the quota for the rest of the context's life (checks that must not fail on
    /// complexity, such as a verification that only reads texts, which may then reuse the
    /// objects read from the same texts before).
    pub fn lift_quota(&self) {
        self.ctx.set_max_operations(0);
        self.ctx.reset_operations();
    }

    /// The wrapped `isl-rs` context, for code that needs an operation not wrapped here.
    pub fn raw(&self) -> &Context {
        &self.ctx
    }

    /// Converts an `isl-rs` result, telling a quota overrun from other errors. Resets the
    /// context's error state either way.
    pub fn check<T>(&self, result: Result<T, LibISLError>) -> IslResult<T> {
        match result {
            Ok(value) => {
                if self.ctx.last_error() != isl_rs::Error::None_ {
                    return Err(self.take_error(String::new()));
                }
                Ok(value)
            }
            Err(error) => Err(self.take_error(error.to_string())),
        }
    }

    /// isl's message for the last error on the context, if it recorded one.
    fn last_error_message(&self) -> Option<String> {
        // SAFETY: `ctx.ptr` is a live context; the message, when there is one, is a C string
        // the context owns until the next error.
        let text = unsafe { isl_ctx_last_error_msg(self.ctx.ptr) };
        (!text.is_null()).then(|| unsafe { std::ffi::CStr::from_ptr(text) }.to_string_lossy().into_owned())
    }

    fn take_error(&self, message: String) -> IslError {
        let pending = self.ctx.last_error();
        // An error isl flagged on the context without returning one: its own message, so that
        // a reject never reads a bare "isl error: ".
        let message = match message.is_empty() && pending != isl_rs::Error::None_ {
            true => self.last_error_message().unwrap_or_else(|| format!("{pending:?}")),
            false => message,
        };
        // A quota overrun inside the parser is reported as a syntax error: probe the quota.
        // SAFETY: `ctx.ptr` is a live context.
        let exhausted = unsafe { isl_ctx_next_operation(self.ctx.ptr) } < 0;
        self.ctx.reset_error();
        let quota = exhausted
            || pending == isl_rs::Error::Quota
            || message.starts_with("[Quota]")
            || message.contains("maximal number of operations exceeded");
        if quota {
            IslError::Complexity
        } else {
            IslError::Isl { message }
        }
    }

    fn valid_text(&self, text: &str) -> IslResult<()> {
        if text.contains('\0') {
            return Err(IslError::Parse { input: text.replace('\0', "\\0"), message: "NUL byte".into() });
        }
        Ok(())
    }

    fn parse_error(&self, text: &str, error: IslError) -> IslError {
        match error {
            IslError::Isl { message } => IslError::Parse { input: text.to_string(), message },
            other => other,
        }
    }

    /// Whether the union sets written `a` and `b` have no element in common. Answers are kept
    /// by text, like objects: model building asks the same question of a use's domain again
    /// for each use of a value (say, the zero extension of a parameter), and answering cost
    /// far more than reading.
    pub fn disjoint_texts(&self, a: &str, b: &str) -> IslResult<bool> {
        let key = (a.to_string(), b.to_string());
        if let Some(&answer) = self.parsed.borrow().disjoint.get(&key) {
            return Ok(answer);
        }
        let answer = self.union_set(a)?.intersect(self.union_set(b)?)?.is_empty()?;
        let mut parsed = self.parsed.borrow_mut();
        if a.len() + b.len() <= MAX_CACHED_TEXT && parsed.disjoint.len() < MAX_CACHED_OBJECTS {
            parsed.disjoint.insert(key, answer);
        }
        Ok(answer)
    }

    /// Reads a union set such as `[N] -> { S[i] : 0 <= i <= N; T[j] : j = 0 }`.
    pub fn union_set(&self, text: &str) -> IslResult<UnionSet<'_>> {
        let raw = self.read(text, |p| &mut p.union_sets, |ctx, t| read_union_set(ctx, t), |o| o.copy())?;
        Ok(UnionSet { raw, ctx: self })
    }

    /// Reads a union map such as `[N] -> { S[i] -> A[i + 1] }`.
    pub fn union_map(&self, text: &str) -> IslResult<UnionMap<'_>> {
        let raw = self.read(text, |p| &mut p.union_maps, |ctx, t| read_union_map(ctx, t), |o| o.copy())?;
        Ok(UnionMap { raw, ctx: self })
    }

    /// Reads a parameter set such as `[N] -> { : N >= 4 }`.
    pub fn param_set(&self, text: &str) -> IslResult<ParamSet<'_>> {
        Ok(ParamSet { raw: self.set(text)?, ctx: self })
    }

    /// Reads a set such as `[N] -> { S[i] : 0 <= i < N }` as an isl object, for the
    /// operations the wrappers do not have. Reading costs far more than copying (about a
    /// million instructions for a statement domain with five parameters), and model building
    /// and propagation read the same domains many times.
    pub fn set(&self, text: &str) -> IslResult<isl_rs::Set> {
        self.read(text, |p| &mut p.sets, |ctx, t| read_set(ctx, t), |o| o.copy())
    }

    /// The stride of set dimension `dim` of the set written `text` (`{ S[i] : i = 2k }` has
    /// stride 2 in `i`; 1 where every value between the bounds is taken).
    pub fn stride(&self, text: &str, dim: usize) -> IslResult<i64> {
        let set = self.set(text)?;
        let stride = self.check(set.get_stride(dim as i32))?;
        // A stride beyond 64 bits (a dimension fixed by a large equality) takes one value.
        Ok(stride.get_num_si().unwrap_or(0))
    }

    /// How many values set dimension `dim` of the set written `text` spans whatever the
    /// parameters (`{ S[c, i] : 0 <= c <= 2 and 0 <= i < N }` spans 3 in `c`); `None` when
    /// its bounds depend on the parameters or it is unbounded.
    pub fn constant_extent(&self, text: &str, dim: usize) -> IslResult<Option<i64>> {
        let bounds = self.constant_bounds(self.set(text)?, dim)?;
        Ok(bounds.and_then(|(min, max)| max.checked_sub(min)).and_then(|n| n.checked_add(1)))
    }

    /// The smallest and largest value of dimension `dim` of `set` whatever the parameters;
    /// `None` when they depend on the parameters, the set is unbounded there or empty.
    pub fn constant_bounds(&self, set: isl_rs::Set, dim: usize) -> IslResult<Option<(i64, i64)>> {
        let max = self.check(self.check(set.copy())?.dim_max_val(dim as i32))?;
        let min = self.check(set.dim_min_val(dim as i32))?;
        if !self.check(max.is_int())? || !self.check(min.is_int())? {
            return Ok(None);
        }
        // Bounds beyond 64 bits are as good as none.
        match (min.get_num_si(), max.get_num_si()) {
            (Ok(min), Ok(max)) => Ok(Some((min, max))),
            _ => Ok(None),
        }
    }

    /// Reads a map such as `[N] -> { S[i] -> A[i + 1] }` as an isl object (see `set`).
    pub fn map(&self, text: &str) -> IslResult<isl_rs::Map> {
        self.read(text, |p| &mut p.maps, |ctx, t| read_map(ctx, t), |o| o.copy())
    }

    /// Reads `text` with `parse`, or copies the object read from the same text before.
    fn read<T>(
        &self,
        text: &str,
        cache: impl Fn(&mut Parsed) -> &mut HashMap<String, T>,
        parse: impl Fn(&Context, &str) -> Result<T, LibISLError>,
        copy: impl Fn(&T) -> Result<T, LibISLError>,
    ) -> IslResult<T> {
        if let Some(kept) = cache(&mut self.parsed.borrow_mut()).get(text) {
            return self.check(copy(kept));
        }
        self.valid_text(text)?;
        let object = self.check(parse(&self.ctx, text)).map_err(|e| self.parse_error(text, e))?;
        let mut parsed = self.parsed.borrow_mut();
        let kept = cache(&mut parsed);
        if text.len() <= MAX_CACHED_TEXT && kept.len() < MAX_CACHED_OBJECTS {
            let copy = self.check(copy(&object))?;
            kept.insert(text.to_string(), copy);
        }
        Ok(object)
    }

    /// The empty union map (with no parameters).
    pub fn empty_union_map(&self) -> IslResult<UnionMap<'_>> {
        self.union_map("{ }")
    }
}

/// Reads with `isl_reader` where the text is in its subset, else with isl's parser. Under
/// `POLYPROP_CHECK_READER` both read every text in the subset, different objects are reported
/// (`polyprop-reader-mismatch:`, `reader_check`), and isl's object is used.
fn read_either<T>(
    ctx: &Context,
    text: &str,
    kind: isl_reader::Kind,
    unwrap: fn(isl_reader::Object) -> Option<T>,
    parse: fn(&Context, &str) -> Result<T, LibISLError>,
    compare: fn(&T, &T) -> (Option<String>, Option<String>, bool),
) -> Result<T, LibISLError> {
    let Some(fast) = isl_reader::read(ctx, text, kind).and_then(unwrap) else { return parse(ctx, text) };
    let Some(report) = reader_check() else { return Ok(fast) };
    let parsed = parse(ctx, text)?;
    let (a, b, equal) = compare(&fast, &parsed);
    // isl's parser drops some redundant constraints of a relation it printed (`p0 > 0` next to
    // `0 <= y < p0`): the same object, another text. Only different objects are reported.
    if !equal {
        let line = format!("polyprop-reader-mismatch: {text} | {} | {}\n", a.unwrap_or_default(), b.unwrap_or_default());
        match report {
            "1" => eprint!("{line}"),
            path => {
                use std::io::Write;
                if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
                    let _ = file.write_all(line.as_bytes());
                }
            }
        }
    }
    Ok(parsed)
}

/// `POLYPROP_CHECK_READER`: `1` (mismatches on stderr) or a file to append them to.
fn reader_check() -> Option<&'static str> {
    static CHECK: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    CHECK.get_or_init(|| std::env::var("POLYPROP_CHECK_READER").ok().filter(|v| !v.is_empty())).as_deref()
}

/// `read_either` for one isl type: `fn name(ctx, text)` reading an `isl_rs::Type`.
macro_rules! reader {
    ($name:ident, $type:ident, $to_str:ident) => {
        fn $name(ctx: &Context, text: &str) -> Result<isl_rs::$type, LibISLError> {
            let unwrap = |o| if let isl_reader::Object::$type(x) = o { Some(x) } else { None };
            // SAFETY: live objects; the strings are freed by `take_isl_string`.
            let compare = |a: &isl_rs::$type, b: &isl_rs::$type| unsafe {
                (take_isl_string($to_str(a.ptr)), take_isl_string($to_str(b.ptr)), a.is_equal(b).unwrap_or(false))
            };
            read_either(ctx, text, isl_reader::Kind::$type, unwrap, |c, t| isl_rs::$type::read_from_str(c, t), compare)
        }
    };
}

reader!(read_union_set, UnionSet, isl_union_set_to_str);
reader!(read_union_map, UnionMap, isl_union_map_to_str);
reader!(read_set, Set, isl_set_to_str);
reader!(read_map, Map, isl_map_to_str);

/// A union of sets of tuples, `{ S[i] : ... ; T[i, j] : ... }`.
pub struct UnionSet<'c> {
    raw: isl_rs::UnionSet,
    ctx: &'c IslContext,
}

/// A union of relations between tuples, `{ S[i] -> A[i + 1]; ... }`.
pub struct UnionMap<'c> {
    raw: isl_rs::UnionMap,
    ctx: &'c IslContext,
}

/// Constraints on parameters only, `[N] -> { : N >= 0 }`.
pub struct ParamSet<'c> {
    raw: isl_rs::Set,
    ctx: &'c IslContext,
}

impl<'c> UnionSet<'c> {
    fn wrap(&self, r: Result<isl_rs::UnionSet, LibISLError>) -> IslResult<UnionSet<'c>> {
        Ok(UnionSet { raw: self.ctx.check(r)?, ctx: self.ctx })
    }

    pub fn copy(&self) -> IslResult<UnionSet<'c>> {
        self.wrap(self.raw.copy())
    }

    pub fn union(self, other: UnionSet<'c>) -> IslResult<UnionSet<'c>> {
        let ctx = self.ctx;
        Ok(UnionSet { raw: ctx.check(self.raw.union(other.raw))?, ctx })
    }

    pub fn intersect(self, other: UnionSet<'c>) -> IslResult<UnionSet<'c>> {
        let ctx = self.ctx;
        Ok(UnionSet { raw: ctx.check(self.raw.intersect(other.raw))?, ctx })
    }

    pub fn subtract(self, other: UnionSet<'c>) -> IslResult<UnionSet<'c>> {
        let ctx = self.ctx;
        Ok(UnionSet { raw: ctx.check(self.raw.subtract(other.raw))?, ctx })
    }

    pub fn intersect_params(self, params: &ParamSet<'c>) -> IslResult<UnionSet<'c>> {
        let ctx = self.ctx;
        let params = ctx.check(params.raw.copy())?;
        Ok(UnionSet { raw: ctx.check(self.raw.intersect_params(params))?, ctx })
    }

    /// The parameter values for which the set has an element, `[params] -> { : ... }`.
    pub fn params(self) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        Ok(ParamSet { raw: ctx.check(self.raw.params())?, ctx })
    }

    pub fn coalesce(self) -> IslResult<UnionSet<'c>> {
        let ctx = self.ctx;
        let detected = ctx.check(self.raw.detect_equalities())?;
        Ok(UnionSet { raw: ctx.check(detected.coalesce())?, ctx })
    }

    pub fn is_empty(&self) -> IslResult<bool> {
        self.ctx.check(self.raw.is_empty())
    }

    pub fn is_equal(&self, other: &UnionSet<'c>) -> IslResult<bool> {
        self.ctx.check(self.raw.is_equal(&other.raw))
    }

    pub fn is_subset(&self, other: &UnionSet<'c>) -> IslResult<bool> {
        self.ctx.check(self.raw.is_subset(&other.raw))
    }

    /// isl's notation of the set.
    pub fn to_isl_string(&self) -> IslResult<String> {
        // SAFETY: `raw.ptr` is a live union set; the string is freed by `take_isl_string`.
        let text = take_isl_string(unsafe { isl_union_set_to_str(self.raw.ptr) });
        let text = self.ctx.check(Ok(text))?;
        text.ok_or_else(|| IslError::Isl { message: "isl_union_set_to_str failed".into() })
    }

    pub fn raw(&self) -> &isl_rs::UnionSet {
        &self.raw
    }
}

impl<'c> UnionMap<'c> {
    fn wrap(&self, r: Result<isl_rs::UnionMap, LibISLError>) -> IslResult<UnionMap<'c>> {
        Ok(UnionMap { raw: self.ctx.check(r)?, ctx: self.ctx })
    }

    pub fn copy(&self) -> IslResult<UnionMap<'c>> {
        self.wrap(self.raw.copy())
    }

    pub fn union(self, other: UnionMap<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.union(other.raw))?, ctx })
    }

    pub fn intersect(self, other: UnionMap<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.intersect(other.raw))?, ctx })
    }

    pub fn subtract(self, other: UnionMap<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.subtract(other.raw))?, ctx })
    }

    /// `{ x -> z : exists y: (x, y) in self and (y, z) in other }`.
    pub fn apply_range(self, other: UnionMap<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.apply_range(other.raw))?, ctx })
    }

    pub fn reverse(self) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.reverse())?, ctx })
    }

    pub fn intersect_domain(self, set: UnionSet<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.intersect_domain(set.raw))?, ctx })
    }

    pub fn intersect_range(self, set: UnionSet<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.intersect_range(set.raw))?, ctx })
    }

    pub fn intersect_params(self, params: &ParamSet<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        let params = ctx.check(params.raw.copy())?;
        Ok(UnionMap { raw: ctx.check(self.raw.intersect_params(params))?, ctx })
    }

    pub fn domain(self) -> IslResult<UnionSet<'c>> {
        let ctx = self.ctx;
        Ok(UnionSet { raw: ctx.check(self.raw.domain())?, ctx })
    }

    pub fn range(self) -> IslResult<UnionSet<'c>> {
        let ctx = self.ctx;
        Ok(UnionSet { raw: ctx.check(self.raw.range())?, ctx })
    }

    /// `{ x -> y : self(x) <lex other(y) }` for two maps into time vectors.
    pub fn lex_lt(self, other: UnionMap<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.lex_lt_union_map(other.raw))?, ctx })
    }

    /// `{ x -> y : self(x) <=lex other(y) }` for two maps into time vectors.
    pub fn lex_le(self, other: UnionMap<'c>) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        Ok(UnionMap { raw: ctx.check(self.raw.lex_le_union_map(other.raw))?, ctx })
    }

    pub fn coalesce(self) -> IslResult<UnionMap<'c>> {
        let ctx = self.ctx;
        let detected = ctx.check(self.raw.detect_equalities())?;
        Ok(UnionMap { raw: ctx.check(detected.coalesce())?, ctx })
    }

    pub fn is_empty(&self) -> IslResult<bool> {
        self.ctx.check(self.raw.is_empty())
    }

    pub fn is_equal(&self, other: &UnionMap<'c>) -> IslResult<bool> {
        self.ctx.check(self.raw.is_equal(&other.raw))
    }

    pub fn is_subset(&self, other: &UnionMap<'c>) -> IslResult<bool> {
        self.ctx.check(self.raw.is_subset(&other.raw))
    }

    /// Whether no two pairs of the relation share their range element.
    pub fn is_injective(&self) -> IslResult<bool> {
        self.ctx.check(self.raw.is_injective())
    }

    /// Whether no two pairs of the relation share their domain element.
    pub fn is_single_valued(&self) -> IslResult<bool> {
        self.ctx.check(self.raw.is_single_valued())
    }

    /// isl's notation of the relation.
    pub fn to_isl_string(&self) -> IslResult<String> {
        // SAFETY: `raw.ptr` is a live union map; the string is freed by `take_isl_string`.
        let text = take_isl_string(unsafe { isl_union_map_to_str(self.raw.ptr) });
        let text = self.ctx.check(Ok(text))?;
        text.ok_or_else(|| IslError::Isl { message: "isl_union_map_to_str failed".into() })
    }

    /// Splits the union into its pieces per pair of tuples: `(domain tuple name, range tuple
    /// name, the piece)`.
    /// An `isl-rs` union map of `ctx`, taken.
    pub fn from_raw(ctx: &'c IslContext, raw: isl_rs::UnionMap) -> UnionMap<'c> {
        UnionMap { raw, ctx }
    }

    pub fn pieces(&self) -> IslResult<Vec<(String, String, UnionMap<'c>)>> {
        let ctx = self.ctx;
        let list = ctx.check(self.raw.get_map_list())?;
        let count = ctx.check(list.size())?;
        let mut out = Vec::new();
        for index in 0..count {
            let map = ctx.check(list.get_at(index))?;
            // isl-rs reads a missing name (an unnamed time tuple) through a null pointer.
            let name = |kind: DimType| -> IslResult<String> {
                Ok(match ctx.check(map.has_tuple_name(kind))? {
                    true => ctx.check(map.get_tuple_name(kind))?.to_string(),
                    false => String::new(),
                })
            };
            let (source, target) = (name(DimType::In)?, name(DimType::Out)?);
            let piece = ctx.check(isl_rs::UnionMap::from_map(map))?;
            out.push((source, target, UnionMap { raw: piece, ctx }));
        }
        Ok(out)
    }

    pub fn raw(&self) -> &isl_rs::UnionMap {
        &self.raw
    }
}

impl<'c> ParamSet<'c> {
    pub fn raw(&self) -> &isl_rs::Set {
        &self.raw
    }

    pub fn intersect(self, other: ParamSet<'c>) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        Ok(ParamSet { raw: ctx.check(self.raw.intersect(other.raw))?, ctx })
    }

    pub fn is_empty(&self) -> IslResult<bool> {
        self.ctx.check(self.raw.is_empty())
    }

    pub fn copy(&self) -> IslResult<ParamSet<'c>> {
        Ok(ParamSet { raw: self.ctx.check(self.raw.copy())?, ctx: self.ctx })
    }

    pub fn union(self, other: ParamSet<'c>) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        Ok(ParamSet { raw: ctx.check(self.raw.union(other.raw))?, ctx })
    }

    pub fn subtract(self, other: ParamSet<'c>) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        Ok(ParamSet { raw: ctx.check(self.raw.subtract(other.raw))?, ctx })
    }

    pub fn coalesce(self) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        Ok(ParamSet { raw: ctx.check(self.raw.coalesce())?, ctx })
    }

    /// The values where every parameter is at least `bound`.
    pub fn with_parameters_at_least(self, bound: i32) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        let n = ctx.check(self.raw.dim(isl_rs::DimType::Param))?;
        let mut raw = self.raw;
        for k in 0..n {
            raw = ctx.check(raw.lower_bound_si(isl_rs::DimType::Param, k as u32, bound))?;
        }
        Ok(ParamSet { raw, ctx })
    }

    /// The same set, written with fewer disjuncts and constraints: equalities made explicit
    /// (a stack of `2^k*floor((2^(k-1) + p)/2^k) <= p` becomes `p mod 128 = 0`), disjuncts
    /// merged, redundant constraints dropped. Each step is exact.
    pub fn simplify(self) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        let raw = ctx.check(self.raw.detect_equalities())?;
        let raw = ctx.check(raw.coalesce())?;
        Ok(ParamSet { raw: ctx.check(raw.remove_redundancies())?, ctx })
    }

    /// A superset without existentially quantified variables: their constraints dropped
    /// (`p mod 512 = 0` goes, `p >= 512` stays).
    pub fn without_divs(self) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        Ok(ParamSet { raw: ctx.check(self.raw.remove_divs())?, ctx })
    }

    /// A convex superset: the simple hull, `[params] -> { : ... }` without disjunctions.
    pub fn simple_hull(self) -> IslResult<ParamSet<'c>> {
        let ctx = self.ctx;
        let hull = ctx.check(self.raw.simple_hull())?;
        Ok(ParamSet { raw: ctx.check(isl_rs::Set::from_basic_set(hull))?, ctx })
    }

    pub fn to_isl_string(&self) -> IslResult<String> {
        // SAFETY: `raw.ptr` is a live set; the string is freed by `take_isl_string`.
        let text = take_isl_string(unsafe { isl_set_to_str(self.raw.ptr) });
        let text = self.ctx.check(Ok(text))?;
        text.ok_or_else(|| IslError::Isl { message: "isl_set_to_str failed".into() })
    }
}

/// Value-based flow (the last writer before each read, paper 003 section 2.2 RAW):
/// `isl_union_access_info_compute_flow` with every source a *must* source.
/// `sink` is `{ T[j] -> A[...] }`, `must_source` is `{ S[i] -> A[...] }`, `schedule` is
/// `{ S[i] -> [t] }` over both; returns `{ S[i] -> T[j] }` (the must dependences).
pub fn must_flow<'c>(
    sink: UnionMap<'c>,
    must_source: UnionMap<'c>,
    schedule: UnionMap<'c>,
) -> IslResult<UnionMap<'c>> {
    let ctx = sink.ctx;
    let flow = compute_flow(sink, must_source, None, schedule)?;
    Ok(UnionMap { raw: ctx.check(flow.get_must_dependence())?, ctx })
}

/// Value-based dataflow with may-sources as well (`isl_union_access_info_set_may_source`): a
/// may-write is a possible last writer and never kills an earlier write. Returns isl's may
/// dependences, which include the must ones: `{ W[i] -> R[j] }`.
pub fn may_flow<'c>(
    sink: UnionMap<'c>,
    must_source: UnionMap<'c>,
    may_source: UnionMap<'c>,
    schedule: UnionMap<'c>,
) -> IslResult<UnionMap<'c>> {
    let ctx = sink.ctx;
    let flow = compute_flow(sink, must_source, Some(may_source), schedule)?;
    Ok(UnionMap { raw: ctx.check(flow.get_may_dependence())?, ctx })
}

/// `isl_union_access_info_compute_flow` of `sink` from the sources, in `schedule`'s order.
/// The order goes to isl as a schedule tree where it can ([`ScheduleTree`]): isl then
/// compares only instances of statements under a common band instead of every pair of
/// statements at every time dimension (seconds on image pipelines of a hundred statements).
fn compute_flow<'c>(
    sink: UnionMap<'c>,
    must_source: UnionMap<'c>,
    may_source: Option<UnionMap<'c>>,
    schedule: UnionMap<'c>,
) -> IslResult<isl_rs::UnionFlow> {
    let ctx = sink.ctx;
    // Sinks are unions of reads of one location by the same statements, often one piece per
    // clamped border: coalesced, isl's flow computation handles fewer pieces (same
    // dependences; interpolate's propagation 30.8 -> 16.2 s user time, pyramid blending
    // 13.7 -> 11.7 s).
    let sink = sink.coalesce()?;
    let info = ctx.check(isl_rs::UnionAccessInfo::from_sink(sink.raw))?;
    let mut info = ctx.check(info.set_must_source(must_source.raw))?;
    if let Some(may) = may_source {
        info = ctx.check(info.set_may_source(may.raw))?;
    }
    let info = match ScheduleTree::of(ctx, &schedule)? {
        Some(tree) => ctx.check(info.set_schedule(tree.into_raw()))?,
        None => ctx.check(info.set_schedule_map(schedule.raw))?,
    };
    ctx.check(info.compute_flow())
}

/// The value of output dimension `dimension` of `map` where isl sees it fixed to an integer
/// (a `2d + 1` schedule's position), `None` otherwise.
pub fn fixed_output(ctx: &IslContext, map: &isl_rs::Map, dimension: usize) -> IslResult<Option<i64>> {
    let value = ctx.check(map.plain_get_val_if_fixed(isl_rs::DimType::Out, dimension as u32))?;
    let fixed = !ctx.check(value.is_nan())? && ctx.check(value.is_int())?;
    Ok(if fixed { Some(ctx.check(value.get_num_si())?) } else { None })
}

/// The number of output dimensions of the (first) map in a union map: the length of a
/// schedule's time vector.
pub fn map_out_dims(ctx: &IslContext, text: &str) -> IslResult<usize> {
    let map = ctx.union_map(text)?;
    let list = ctx.check(map.raw.get_map_list())?;
    if ctx.check(list.size())? == 0 {
        return Err(IslError::Isl { message: format!("'{text}' is empty") });
    }
    let first = ctx.check(list.get_at(0))?;
    Ok(ctx.check(first.dim(DimType::Out))?.max(0) as usize)
}

/// Iteration domains of statements: `{ S[i] : ... }`.
pub struct Domain<'c>(pub UnionSet<'c>);
/// Access relations: `{ S[i] -> A[subscripts] }`, restricted to the domain.
pub struct AccessRelation<'c>(pub UnionMap<'c>);
/// Schedules: `{ S[i] -> [t0, ..., tn] }`, restricted to the domain.
pub struct Schedule<'c>(pub UnionMap<'c>);
/// Instance-wise dependences: `{ S[i] -> T[j] }`.
pub struct Dependences<'c>(pub UnionMap<'c>);

/// Every statement's instances at their times, `{ S[i] -> θ_S(i) : i ∈ I_S }` (paper 003,
/// section 2.2), as one union.
pub fn timed_instances<'c>(ctx: &'c IslContext, scop: &crate::model::Scop) -> IslResult<UnionMap<'c>> {
    timed_statements(ctx, &scop.statements)
}

/// [`timed_instances`] of some statements only.
pub fn timed_statements<'c, 's>(ctx: &'c IslContext, statements: impl IntoIterator<Item = &'s crate::model::Statement>) -> IslResult<UnionMap<'c>> {
    let mut timed = ctx.empty_union_map()?;
    for s in statements {
        timed = timed.union(ctx.union_map(&s.schedule)?.intersect_domain(ctx.union_set(&s.domain)?)?)?;
    }
    Ok(timed)
}

/// The intersection of a SCoP's context and all its assumptions: the parameter values for
/// which the model is exact, `[params] -> { : ... }`.
pub fn assumed_context<'c>(
    ctx: &'c IslContext,
    scop: &crate::model::Scop,
) -> IslResult<ParamSet<'c>> {
    let context = if scop.context.trim().is_empty() {
        format!("{}{{ : }}", scop.param_prefix())
    } else {
        scop.context.clone()
    };
    let mut result = ctx.param_set(&context)?;
    for assumption in &scop.assumptions {
        result = result.intersect(ctx.param_set(&assumption.set)?)?;
    }
    Ok(result)
}

/// The parameters under which analyses restrict their relations: a convex superset of the
/// assumed context, the simple hull of the assumptions alone (the context's type ranges only
/// add large constants to every relation). Delinearization assumes, per array, "the loop does not
/// run, or its bound fits the dimension": a disjunction. The conjunction of a few of them has
/// many disjuncts, which every relation intersected with it would inherit (3mm: a few hundred),
/// multiplying the cost of every later operation. Analyses are pointwise in the parameters, so
/// a superset leaves every result exact for the parameters of the assumed context; only an
/// emptiness test can say "non-empty" for parameters outside it, which is conservative. The
/// run-time check of code generation still uses the exact assumed context.
pub fn analysis_context<'c>(ctx: &'c IslContext, scop: &crate::model::Scop) -> IslResult<ParamSet<'c>> {
    let universe = format!("{}{{ : }}", scop.param_prefix());
    let key = std::iter::once(universe.as_str())
        .chain(scop.assumptions.iter().map(|a| a.set.as_str()))
        .collect::<Vec<_>>()
        .join("\n");
    if let Some(kept) = ctx.parsed.borrow().hulls.get(&key) {
        return Ok(ParamSet { raw: ctx.check(kept.copy())?, ctx });
    }
    let mut hull = ctx.param_set(&universe)?;
    for assumption in &scop.assumptions {
        hull = hull.intersect(ctx.param_set(&assumption.set)?)?;
    }
    let hull = hull.simple_hull()?;
    let kept = ctx.check(hull.raw.copy())?;
    ctx.parsed.borrow_mut().hulls.insert(key, kept);
    Ok(hull)
}

/// Reads, simplifies (detects equalities) and coalesces a union set; returns isl's notation.
pub fn simplify_set(ctx: &IslContext, text: &str) -> IslResult<String> {
    ctx.union_set(text)?.coalesce()?.to_isl_string()
}

/// Reads, simplifies and coalesces a union map; returns isl's notation.
pub fn simplify_map(ctx: &IslContext, text: &str) -> IslResult<String> {
    ctx.union_map(text)?.coalesce()?.to_isl_string()
}

/// Whether two union sets in isl notation are equal as sets.
pub fn sets_equal(ctx: &IslContext, a: &str, b: &str) -> IslResult<bool> {
    ctx.union_set(a)?.is_equal(&ctx.union_set(b)?)
}

/// Whether two union maps in isl notation are equal as relations.
pub fn maps_equal(ctx: &IslContext, a: &str, b: &str) -> IslResult<bool> {
    ctx.union_map(a)?.is_equal(&ctx.union_map(b)?)
}

/// Whether a union set or map in isl notation is empty.
pub fn set_is_empty(ctx: &IslContext, text: &str) -> IslResult<bool> {
    ctx.union_set(text)?.is_empty()
}

/// Calls `visit` with the coordinates of every point of a bounded set (`{ [a, b] : ... }`,
/// no parameters left), in isl's order. Used by the reference interpreter.
pub fn for_each_point(
    ctx: &IslContext,
    set_text: &str,
    visit: &mut dyn FnMut(&[i64]),
) -> IslResult<()> {
    visit_points(ctx, ctx.set(set_text)?, visit)
}

/// `{ A[subscripts] }` accessed by some instance of some statement (its write and reads of
/// `array` that `include` takes, with their statement, over its domain) for the parameters of
/// `params`; `None` when none is taken. A may-access reaches anywhere in the array: its
/// declared extent.
pub fn accessed_elements<'c>(
    ctx: &'c IslContext,
    scop: &crate::model::Scop,
    array: usize,
    params: &ParamSet<'c>,
    include: impl Fn(&crate::model::Statement, &crate::model::Access) -> bool,
) -> IslResult<Option<UnionSet<'c>>> {
    let mut accessed: Option<UnionSet<'c>> = None;
    let mut seen: std::collections::HashSet<(String, String, bool)> = std::collections::HashSet::new();
    for statement in &scop.statements {
        let accesses = std::iter::once(&statement.write).chain(statement.reads());
        for access in accesses.filter(|a| a.array == array && include(statement, a)) {
            // Statements split by propagation share domains and subscripts: once each.
            let text = scop.access_relation(statement, access);
            if !seen.insert((text.clone(), statement.domain.clone(), access.is_may())) {
                continue;
            }
            let relation = ctx.union_map(&text)?;
            let mut range = relation.intersect_domain(ctx.union_set(&statement.domain)?)?.range()?;
            if access.is_may() {
                range = range.intersect(ctx.union_set(&scop.array_extent(array))?)?;
            }
            // Coalesced as it grows: after propagation an input is read at many offsets by
            // many statements, and the minimum and maximum of an uncoalesced union cost more
            // than the quota.
            accessed = Some(match accessed {
                None => range.coalesce()?,
                Some(previous) => previous.union(range)?.coalesce()?,
            });
        }
    }
    // The parameters' constraints once, on the union (the range of a relation restricted to
    // them is its range restricted to them): the assumed context can have many disjuncts,
    // and restricting each access to it cost a third of bilateral grid's run-time check.
    accessed.map(|a| a.intersect_params(params)?.coalesce()).transpose()
}

/// The largest value of the image of `domain` (`[params] -> { [i0, ...] : ... }`) under
/// `image` (`[params] -> { [i0, ...] -> [e] }`) as an affine expression of the parameters
/// `names`, where isl finds it to be one affine piece: `max(i0) = h - 1` on
/// `{ [i0, i1] : 0 <= i0 < h and 0 <= i1 < w }`. `None` for a maximum of several pieces (a
/// minimum of bounds), with a division, or unbounded. Where the domain is empty the
/// expression means nothing: the piece's own domain (the parameters for which the domain has
/// points) is simplified away.
pub fn affine_maximum(ctx: &IslContext, domain: &str, image: &str, names: &[String]) -> IslResult<Option<AffExpr>> {
    let values = ctx.check(ctx.set(domain)?.apply(ctx.map(image)?))?;
    let maximum = ctx.check(ctx.check(values.dim_max(0))?.coalesce())?;
    if ctx.check(maximum.n_piece())? != 1 || ctx.check(maximum.involves_nan())? {
        return Ok(None);
    }
    let piece = ctx.check(maximum.copy())?;
    let maximum = ctx.check(maximum.gist(ctx.check(piece.domain())?))?;
    // One piece on a domain that is not the universe after all: not an affine expression.
    let aff = match ctx.check(maximum.as_aff()) {
        Ok(aff) => aff,
        Err(IslError::Complexity) => return Err(IslError::Complexity),
        Err(_) => return Ok(None),
    };
    let integer = |v: isl_rs::Val| -> IslResult<Option<i64>> {
        Ok(if ctx.check(v.is_int())? { Some(ctx.check(v.get_num_si())?) } else { None })
    };
    if ctx.check(aff.dim(DimType::Div))? != 0 || integer(ctx.check(aff.get_denominator_val())?)? != Some(1) {
        return Ok(None);
    }
    let Some(constant) = integer(ctx.check(aff.get_constant_val())?)? else { return Ok(None) };
    let mut e = AffExpr::constant(constant);
    for k in 0..ctx.check(aff.dim(DimType::Param))? {
        let Some(c) = integer(ctx.check(aff.get_coefficient_val(DimType::Param, k))?)? else { return Ok(None) };
        if c == 0 {
            continue;
        }
        let name = ctx.check(aff.get_dim_name(DimType::Param, k as u32))?;
        let Some(index) = names.iter().position(|n| n == name) else { return Ok(None) };
        let Some(sum) = AffExpr::param(index).scale(c).and_then(|t| e.add(&t)) else { return Ok(None) };
        e = sum;
    }
    Ok(Some(e))
}

/// The largest outermost coordinate of `set`, a non-empty bounded set whose parameters are
/// fixed (`intersect_params` with equalities).
pub fn outermost_maximum(ctx: &IslContext, set: UnionSet<'_>) -> IslResult<i64> {
    let set = ctx.check(isl_rs::Set::from_union_set(set.raw))?;
    let set = ctx.check(set.project_out_all_params())?;
    let maximum = ctx.check(set.dim_max_val(0))?;
    if !ctx.check(maximum.is_int())? {
        return Err(IslError::Isl { message: "the outermost subscript has no largest value".into() });
    }
    ctx.check(maximum.get_num_si())
}

/// Calls `visit` with `(iterators ++ time vector)` for every instance of one statement, for
/// fixed parameter values: `domain` is `[params] -> { S[i] : ... }`, `schedule`
/// `[params] -> { S[i] -> [t] }`, `params` `[params] -> { : N = 64 and ... }`.
pub fn for_each_instance(
    ctx: &IslContext,
    domain: &str,
    schedule: &str,
    params: &str,
    visit: &mut dyn FnMut(&[i64]),
) -> IslResult<()> {
    let domain = ctx.set(domain)?;
    let fixed = ctx.set(params)?;
    let map = ctx.check(ctx.map(schedule)?.intersect_domain(domain))?;
    let map = ctx.check(map.intersect_params(fixed))?;
    let instances = ctx.check(map.wrap())?;
    let n_params = ctx.check(instances.dim(DimType::Param))?.max(0) as u32;
    let instances = ctx.check(instances.project_out(DimType::Param, 0, n_params))?;
    visit_points(ctx, instances, visit)
}

fn visit_points(ctx: &IslContext, set: isl_rs::Set, visit: &mut dyn FnMut(&[i64])) -> IslResult<()> {
    // SAFETY: `set.ptr` is live.
    let dims = unsafe { isl_set_dim(set.ptr, ISL_DIM_SET) };
    let mut state = PointVisit { dims, visit, failed: false, _marker: PhantomData };
    let mut set = set;
    set.do_not_free_on_drop();
    // SAFETY: isl takes the set; the callback only runs during this call.
    let status = unsafe {
        isl_set_foreach_point(set.ptr, point_callback, &mut state as *mut PointVisit as *mut c_void)
    };
    if status < 0 || state.failed {
        return Err(ctx.take_error("cannot enumerate the points of an unbounded set".into()));
    }
    Ok(())
}

struct PointVisit<'v> {
    dims: c_int,
    visit: &'v mut dyn FnMut(&[i64]),
    failed: bool,
    _marker: PhantomData<&'v ()>,
}

extern "C" fn point_callback(point: usize, user: *mut c_void) -> c_int {
    // SAFETY: `user` is the `PointVisit` passed to `isl_set_foreach_point`.
    let state = unsafe { &mut *(user as *mut PointVisit) };
    let mut coordinates = Vec::with_capacity(state.dims.max(0) as usize);
    for pos in 0..state.dims {
        // SAFETY: `point` is live until freed below.
        let value = unsafe { isl_point_get_coordinate_val(point, ISL_DIM_SET, pos) };
        if value == 0 || unsafe { isl_val_is_int(value) } != 1 {
            state.failed = true;
        } else {
            coordinates.push(unsafe { isl_val_get_num_si(value) } as i64);
        }
        unsafe { isl_val_free(value) };
    }
    unsafe { isl_point_free(point) };
    if state.failed {
        return -1;
    }
    (state.visit)(&coordinates);
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_intersects_and_compares() {
        let ctx = IslContext::with_default_quota();
        let a = ctx.union_set("[N] -> { S[i] : 0 <= i <= N }").unwrap();
        let b = ctx.union_set("[N] -> { S[i] : i >= 1 }").unwrap();
        let both = a.intersect(b).unwrap();
        let expected = ctx.union_set("[N] -> { S[i] : 1 <= i <= N }").unwrap();
        assert!(both.is_equal(&expected).unwrap());
        assert!(sets_equal(&ctx, "{ S[i] : 0 <= i < 2 }", "{ S[0]; S[1] }").unwrap());
        assert!(!set_is_empty(&ctx, "{ S[i] : 0 <= i < 2 }").unwrap());
    }

    #[test]
    fn parse_errors_are_typed() {
        let ctx = IslContext::with_default_quota();
        assert!(matches!(ctx.union_set("{ S[i] : i >= }"), Err(IslError::Parse { .. })));
        assert!(matches!(ctx.union_set("{ S[i] \0 }"), Err(IslError::Parse { .. })));
        // The context still works after an error.
        assert!(ctx.union_set("{ S[0] }").is_ok());
    }

    #[test]
    fn running_out_of_quota_is_complexity() {
        let ctx = IslContext::new(50);
        let mut result = Ok(false);
        for _ in 0..100 {
            result = ctx
                .union_map("[N, M] -> { S[i, j] -> T[a, b] : 0 <= i, a <= N and 0 <= j, b <= M and a + b <= i + j }")
                .and_then(|m| m.apply_range(ctx.union_map("[N] -> { T[a, b] -> S[a - 1, b] }")?))
                .and_then(|m| m.coalesce())
                .and_then(|m| m.is_empty());
            if result.is_err() {
                break;
            }
        }
        assert_eq!(result, Err(IslError::Complexity));
    }

    #[test]
    fn enumerates_points() {
        let ctx = IslContext::new(0);
        let mut points = Vec::new();
        for_each_point(&ctx, "{ [i, j] : 0 <= i <= 1 and 0 <= j <= i }", &mut |p| {
            points.push(p.to_vec())
        })
        .unwrap();
        points.sort();
        assert_eq!(points, vec![vec![0, 0], vec![1, 0], vec![1, 1]]);
        assert!(for_each_point(&ctx, "{ [i] : i >= 0 }", &mut |_| {}).is_err());
    }

    #[test]
    fn assumed_context_intersects_assumptions() {
        use crate::model::*;
        let scop = Scop {
            name: "s".into(),
            params: vec![Parameter::new("N", ScalarType::I64)],
            context: "[N] -> { : N >= 0 }".into(),
            assumptions: vec![Assumption { reason: "r".into(), set: "[N] -> { : N <= 10 }".into() }],
            arrays: vec![],
            externals: vec![],
            statements: vec![],
            alias_checks: vec![],
        };
        let ctx = IslContext::with_default_quota();
        let assumed = assumed_context(&ctx, &scop).unwrap().to_isl_string().unwrap();
        assert_eq!(assumed, "[N] -> {  : 0 <= N <= 10 }");
    }
}

/// The set `text` with its tuple named `name`.
pub fn rename_set(ctx: &IslContext, text: &str, name: &str) -> IslResult<String> {
    let set = ctx.set(text)?;
    let set = ctx.check(set.set_tuple_name(name))?;
    ctx.set_text(&set)
}

/// The relation `text` with its `tuple` (`DimType::In` or `DimType::Out`) named `name`.
pub fn rename_map(ctx: &IslContext, text: &str, tuple: isl_rs::DimType, name: &str) -> IslResult<String> {
    let map = ctx.map(text)?;
    let map = ctx.check(map.set_tuple_name(tuple, name))?;
    ctx.map_text(&map)
}
