//! Code generation: the (transformed) model back to LLVM IR, behind a run-time check.
//!
//! For a SCoP that is a whole `void` function body (every stage of a pipeline), the new code
//! is a new internal function `<name>.polyprop` with the same arguments, emitted from the
//! isl AST of the model (`polyhedral::ast`): loops with 64-bit iterators, guards, and each
//! statement's value expression with the same operations, types and order as the source,
//! so results are bit-identical without fast-math. Temporaries still read after propagation
//! are allocated there; the ones propagation removed are not allocated at all.
//!
//! The original function gets a new entry block that evaluates the run-time check (the
//! model's assumptions and the disjointness of possibly aliasing arrays) and, if it holds,
//! calls the new function and returns; otherwise the original code runs. The rest of the
//! -O3 pipeline inlines the call and optimizes the result.
//!
//! Known limits (not yet): SCoPs that are loop nests inside a function, functions that
//! return a value, arrays whose base is not an argument, a global or a `malloc` whose size
//! is computed from arguments, and live-out scalars are left untransformed with a reason.

use crate::ir::{self, Value};
use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyFunction};
use llvm_sys::core::*;
use llvm_sys::debuginfo::{LLVMDIBuilderCreateDebugLocation, LLVMDISubprogramGetLine};
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMLinkage, LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};
use polyhedral::ast::{Ast, AstExpr, AstNode};
use polyhedral::model::*;
use std::collections::HashMap;
use std::ffi::CString;

/// What the run-time check compares: an array's accessed subscript range per dimension.
pub struct ArrayBounds {
    pub array: ArrayId,
    pub bounds: Vec<(AstExpr, AstExpr)>,
}

/// Inputs of code generation besides the model.
pub struct Plan<'a> {
    pub scop: &'a Scop,
    pub ast: &'a Ast,
    /// The assumptions as one boolean expression over the parameters.
    pub assumptions: AstExpr,
    pub bounds: Vec<ArrayBounds>,
    /// Base value of each memory array (argument, global or allocation call), by array id.
    pub bases: &'a [Value],
    pub parameters: &'a [Value],
    pub externals: &'a [Value],
    /// Fast-math flags and TBAA tags of the source, for the generated instructions.
    pub fidelity: &'a crate::fidelity::Fidelity,
}

fn c(s: &str) -> CString {
    CString::new(s).expect("no NUL in names")
}

/// Generates the new function and the versioned entry; returns why it did not when it did
/// not (the IR is then unchanged).
pub fn generate(function: Value, plan: &Plan<'_>) -> Result<(), String> {
    check_supported(function, plan)?;
    let module = unsafe { LLVMGetGlobalParent(function) };
    let context = unsafe { LLVMGetModuleContext(module) };
    let name = format!("{}.polyprop", ir::function_name(function));
    let fn_type = unsafe { LLVMGlobalGetValueType(function) };
    let new_fn = unsafe { LLVMAddFunction(module, c(&name).as_ptr(), fn_type) };
    unsafe {
        LLVMSetLinkage(new_fn, LLVMLinkage::LLVMInternalLinkage);
        copy_function_attributes(function, new_fn);
        let attr = LLVMCreateStringAttribute(context, c("polyprop-generated").as_ptr(), 18, c("").as_ptr(), 0);
        LLVMAddAttributeAtIndex(new_fn, u32::MAX, attr);
    }
    let mut e = Emitter::new(context, module, function, new_fn, plan);
    let result = e.emit_function();
    drop(e);
    if let Err(why) = result {
        unsafe { LLVMDeleteFunction(new_fn) };
        return Err(why);
    }
    if unsafe { LLVMVerifyFunction(new_fn, LLVMVerifierFailureAction::LLVMReturnStatusAction) } != 0 {
        unsafe { LLVMDeleteFunction(new_fn) };
        return Err("internal error: generated function does not verify".into());
    }
    let undo = version_entry(context, module, function, new_fn, plan)?;
    if unsafe { LLVMVerifyFunction(function, LLVMVerifierFailureAction::LLVMReturnStatusAction) } != 0 {
        undo();
        unsafe { LLVMDeleteFunction(new_fn) };
        return Err("internal error: versioned function does not verify".into());
    }
    Ok(())
}

/// The original function's attributes (`target-cpu`, `target-features`, the fp-math ones,
/// `nounwind`, ...) on the new one, so that `-march=native` and `-ffast-math` apply to the
/// generated code as they did to the source.
unsafe fn copy_function_attributes(from: Value, to: Value) {
    const FUNCTION: u32 = u32::MAX;
    let count = LLVMGetAttributeCountAtIndex(from, FUNCTION);
    let mut attributes = vec![std::ptr::null_mut(); count as usize];
    LLVMGetAttributesAtIndex(from, FUNCTION, attributes.as_mut_ptr());
    for attribute in attributes {
        LLVMAddAttributeAtIndex(to, FUNCTION, attribute);
    }
}

fn check_supported(function: Value, plan: &Plan<'_>) -> Result<(), String> {
    let ret = unsafe { LLVMGetReturnType(LLVMGlobalGetValueType(function)) };
    if unsafe { LLVMGetTypeKind(ret) } != LLVMTypeKind::LLVMVoidTypeKind {
        return Err("not yet: code generation for functions that return a value".into());
    }
    if unsafe { LLVMIsFunctionVarArg(LLVMGlobalGetValueType(function)) } != 0 {
        return Err("not yet: variadic functions".into());
    }
    for (id, array) in plan.scop.arrays.iter().enumerate() {
        if array.is_scalar() && array.liveness == Liveness::LiveOut {
            return Err(format!("not yet: live-out scalar {}", array.name));
        }
        if !array.is_scalar() {
            let base = plan.bases[id];
            let ok = ir::is_argument(base)
                || ir::is_global(base)
                || (ir::called_function_name(base).as_deref() == Some("malloc")
                    && invariant(ir::call_arguments(base)[0]));
            if !ok {
                return Err(format!("not yet: base of {} is not an argument, global or malloc of an argument-derived size", array.name));
            }
        }
    }
    for &p in plan.parameters.iter().chain(plan.externals) {
        if !invariant(p) {
            return Err(format!("not yet: parameter {} not computable from the arguments", ir::to_string(p)));
        }
    }
    Ok(())
}

/// Whether a value is computable at function entry from arguments and constants only.
fn invariant(v: Value) -> bool {
    if ir::is_argument(v) || ir::is_constant(v) {
        return true;
    }
    match ir::opcode(v) {
        Some(
            LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMSub | LLVMOpcode::LLVMMul | LLVMOpcode::LLVMSDiv
            | LLVMOpcode::LLVMUDiv | LLVMOpcode::LLVMSRem | LLVMOpcode::LLVMURem | LLVMOpcode::LLVMShl
            | LLVMOpcode::LLVMLShr | LLVMOpcode::LLVMAShr | LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr
            | LLVMOpcode::LLVMXor | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMTrunc
            | LLVMOpcode::LLVMSelect | LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMBitCast
            | LLVMOpcode::LLVMGetElementPtr,
        ) => (0..ir::num_operands(v)).all(|k| invariant(ir::operand(v, k))),
        // A parameter loaded before the loops: the model checked that the region does not
        // write it, so reading it at entry gives the same value.
        Some(LLVMOpcode::LLVMLoad) => !ir::is_volatile(v) && invariant(ir::operand(v, 0)),
        Some(LLVMOpcode::LLVMCall) => {
            ir::called_function_name(v).is_some_and(|n| n.starts_with("llvm.smax.") || n.starts_with("llvm.smin."))
                && ir::call_arguments(v).into_iter().all(invariant)
        }
        _ => false,
    }
}

/// Copies an argument-derived value into the block of `builder`, mapping arguments.
fn materialize(
    builder: LLVMBuilderRef,
    v: Value,
    args: &HashMap<Value, Value>,
    cache: &mut HashMap<Value, Value>,
) -> Value {
    if let Some(m) = args.get(&v).or_else(|| cache.get(&v)) {
        return *m;
    }
    if ir::is_constant(v) {
        return v;
    }
    let clone = unsafe { LLVMInstructionClone(v) };
    let n = if ir::opcode(v) == Some(LLVMOpcode::LLVMCall) { ir::call_arguments(v).len() as u32 } else { ir::num_operands(v) };
    for k in 0..n {
        let m = materialize(builder, ir::operand(v, k), args, cache);
        unsafe { LLVMSetOperand(clone, k, m) };
    }
    unsafe { LLVMInsertIntoBuilder(builder, clone) };
    cache.insert(v, clone);
    clone
}

struct Emitter<'a> {
    original: Value,
    context: LLVMContextRef,
    module: LLVMModuleRef,
    new_fn: Value,
    builder: LLVMBuilderRef,
    plan: &'a Plan<'a>,
    args: HashMap<Value, Value>,
    cache: HashMap<Value, Value>,
    params: Vec<Value>,
    externals: Vec<Value>,
    /// Element pointer of each array that the model still accesses (None: unused).
    arrays: Vec<Option<Value>>,
    /// Inner sizes of each array as i64 values.
    sizes: Vec<Vec<Value>>,
    iterators: Vec<Option<Value>>,
    to_free: Vec<Value>,
    /// The `!tbaa` kind id, and the debug-info scope of the emitted code (if the source has
    /// debug info) with the line of its function.
    tbaa_kind: u32,
    scope: Option<(llvm_sys::prelude::LLVMMetadataRef, u32)>,
    /// One alias scope per array: in the generated function, which runs only when the
    /// run-time check proved the arrays disjoint, no two arrays alias.
    alias_scopes: Vec<LLVMMetadataRef>,
    /// Reads the current statement performs whatever its selects choose: a select whose
    /// sides read only these may evaluate both sides.
    unconditional: Vec<Access>,
}

impl Drop for Emitter<'_> {
    fn drop(&mut self) {
        unsafe { LLVMDisposeBuilder(self.builder) };
    }
}

impl<'a> Emitter<'a> {
    fn new(context: LLVMContextRef, module: LLVMModuleRef, original: Value, new_fn: Value, plan: &'a Plan<'a>) -> Self {
        let mut args = HashMap::new();
        let n = unsafe { LLVMCountParams(original) };
        for k in 0..n {
            args.insert(unsafe { LLVMGetParam(original, k) }, unsafe { LLVMGetParam(new_fn, k) });
        }
        Emitter {
            context,
            module,
            original,
            new_fn,
            builder: unsafe { LLVMCreateBuilderInContext(context) },
            plan,
            args,
            cache: HashMap::new(),
            params: Vec::new(),
            externals: Vec::new(),
            arrays: Vec::new(),
            sizes: Vec::new(),
            iterators: vec![None; plan.ast.iterators.len()],
            to_free: Vec::new(),
            tbaa_kind: crate::fidelity::tbaa_kind(original),
            scope: None,
            alias_scopes: Vec::new(),
            unconditional: Vec::new(),
        }
    }

    /// The debug location of emitted instructions: `line:column` of the source when it lies
    /// in the scope's file (a statement from an inlined header keeps the function's line).
    fn set_location(&self, at: Option<&polyhedral::model::SourceLocation>) {
        let Some((scope, function_line)) = self.scope else { return };
        let file = ir::subprogram_file(scope);
        let (line, column) = match at {
            Some(l) if Some(&l.file) == file.as_ref() && l.line > 0 => (l.line, l.column),
            _ => (function_line, 0),
        };
        unsafe {
            let loc = LLVMDIBuilderCreateDebugLocation(self.context, line, column, scope, std::ptr::null_mut());
            LLVMSetCurrentDebugLocation2(self.builder, loc);
        }
    }

    /// The source's fast-math flags on a floating-point operation just emitted.
    fn fast_math(&self, v: Value) -> Value {
        if self.plan.fidelity.fast_math != 0 {
            crate::bridge::set_fast_math_flags(v, self.plan.fidelity.fast_math);
        }
        v
    }

    /// On a load or store of `array` just emitted: the source's TBAA tag, and the array's
    /// alias scope (memory arrays; scalars are registers after -O3).
    fn memory_metadata(&self, array: ArrayId, access: Value) -> Value {
        if let Some(Some(tag)) = self.plan.fidelity.tbaa.get(array) {
            unsafe { LLVMSetMetadata(access, self.tbaa_kind, *tag) };
        }
        if !self.alias_scopes.is_empty() && !self.plan.scop.arrays[array].is_scalar() {
            crate::bridge::set_alias_scopes(access, &self.alias_scopes, array);
        }
        access
    }

    fn i64(&self) -> LLVMTypeRef {
        unsafe { LLVMInt64TypeInContext(self.context) }
    }

    fn int(&self, v: i64) -> Value {
        unsafe { LLVMConstInt(self.i64(), v as u64, 1) }
    }

    fn block(&self, name: &str) -> LLVMBasicBlockRef {
        unsafe { LLVMAppendBasicBlockInContext(self.context, self.new_fn, c(name).as_ptr()) }
    }

    fn ty(&self, t: ScalarType) -> LLVMTypeRef {
        unsafe {
            match t {
                ScalarType::I1 => LLVMInt1TypeInContext(self.context),
                ScalarType::I8 => LLVMInt8TypeInContext(self.context),
                ScalarType::I16 => LLVMInt16TypeInContext(self.context),
                ScalarType::I32 => LLVMInt32TypeInContext(self.context),
                ScalarType::I64 => LLVMInt64TypeInContext(self.context),
                ScalarType::F32 => LLVMFloatTypeInContext(self.context),
                ScalarType::F64 => LLVMDoubleTypeInContext(self.context),
            }
        }
    }

    fn emit_function(&mut self) -> Result<(), String> {
        let entry = self.block("entry");
        unsafe { LLVMPositionBuilderAtEnd(self.builder, entry) };
        self.alias_scopes = crate::bridge::alias_scopes(self.context, self.plan.scop.arrays.len());
        self.scope = crate::bridge::copy_subprogram(self.original, self.new_fn)
            .map(|sp| (sp, unsafe { LLVMDISubprogramGetLine(sp) }));
        self.set_location(None);
        self.prepare()?;
        let ast = self.plan.ast;
        self.node(&ast.root)?;
        for p in std::mem::take(&mut self.to_free) {
            let free = self.function("free", unsafe { LLVMVoidTypeInContext(self.context) }, &[self.i8_ptr()]);
            let cast = unsafe { LLVMBuildBitCast(self.builder, p, self.i8_ptr(), c("").as_ptr()) };
            self.call(free, &[cast]);
        }
        unsafe { LLVMBuildRetVoid(self.builder) };
        Ok(())
    }

    fn i8_ptr(&self) -> LLVMTypeRef {
        unsafe { LLVMPointerType(LLVMInt8TypeInContext(self.context), 0) }
    }

    /// Parameters, invariant values, array base pointers and sizes, scalar slots.
    fn prepare(&mut self) -> Result<(), String> {
        let plan = self.plan;
        self.materialize_parameters();
        for &x in plan.externals {
            let v = materialize(self.builder, x, &self.args, &mut self.cache);
            self.externals.push(v);
        }
        let used = used_arrays(plan.scop);
        for (id, array) in plan.scop.arrays.iter().enumerate() {
            let elem = self.ty(array.element);
            let ptr_ty = unsafe { LLVMPointerType(elem, 0) };
            let sizes = self.inner_sizes(array)?;
            self.sizes.push(sizes);
            if !used[id] {
                self.arrays.push(None);
                continue;
            }
            if array.is_scalar() {
                let slot = unsafe { LLVMBuildAlloca(self.builder, elem, c(&array.name).as_ptr()) };
                self.arrays.push(Some(slot));
                continue;
            }
            let base = plan.bases[id];
            let pointer = if ir::called_function_name(base).as_deref() == Some("malloc") {
                let size = materialize(self.builder, ir::call_arguments(base)[0], &self.args, &mut self.cache);
                let malloc = self.function("malloc", self.i8_ptr(), &[unsafe { LLVMTypeOf(size) }]);
                let raw = self.call(malloc, &[size]);
                let p = unsafe { LLVMBuildBitCast(self.builder, raw, ptr_ty, c(&array.name).as_ptr()) };
                self.to_free.push(p);
                p
            } else {
                let b = self.args.get(&base).copied().unwrap_or(base);
                unsafe { LLVMBuildBitCast(self.builder, b, ptr_ty, c(&array.name).as_ptr()) }
            };
            self.arrays.push(Some(pointer));
        }
        Ok(())
    }

    /// The parameters' values at the builder's position, as `i64`.
    fn materialize_parameters(&mut self) {
        for &p in self.plan.parameters {
            let v = materialize(self.builder, p, &self.args, &mut self.cache);
            let bits = unsafe { LLVMGetIntTypeWidth(LLVMTypeOf(v)) };
            let v = if bits < 64 { unsafe { LLVMBuildSExt(self.builder, v, self.i64(), c("").as_ptr()) } } else { v };
            self.params.push(v);
        }
    }

    fn function(&self, name: &str, ret: LLVMTypeRef, params: &[LLVMTypeRef]) -> Value {
        let f = unsafe { LLVMGetNamedFunction(self.module, c(name).as_ptr()) };
        if !f.is_null() {
            return f;
        }
        let mut ps = params.to_vec();
        let ty = unsafe { LLVMFunctionType(ret, ps.as_mut_ptr(), ps.len() as u32, 0) };
        unsafe { LLVMAddFunction(self.module, c(name).as_ptr(), ty) }
    }

    fn call(&self, f: Value, args: &[Value]) -> Value {
        let mut a = args.to_vec();
        unsafe {
            let ty = LLVMGlobalGetValueType(f);
            LLVMBuildCall2(self.builder, ty, f, a.as_mut_ptr(), a.len() as u32, c("").as_ptr())
        }
    }

    fn intrinsic(&self, name: &str, types: &[LLVMTypeRef]) -> Value {
        unsafe {
            let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
            let mut t = types.to_vec();
            LLVMGetIntrinsicDeclaration(self.module, id, t.as_mut_ptr(), t.len())
        }
    }

    /// An affine expression of the statement's iterators (given) and the parameters, in i64.
    fn affine(&self, e: &polyhedral::affine::AffExpr, iters: &[Value]) -> Value {
        use polyhedral::affine::AffVar;
        let b = self.builder;
        let mut acc = self.int(e.constant);
        for (v, k) in &e.terms {
            let x = match v {
                AffVar::Iter(i) => iters[*i],
                AffVar::Param(p) => self.params[*p],
                AffVar::FloorDiv(inner, d) => {
                    let n = self.affine(inner, iters);
                    self.floor_div(n, self.int(*d))
                }
                AffVar::Min(x, y) => {
                    let (x, y) = (self.affine(x, iters), self.affine(y, iters));
                    self.min_max(x, y, LLVMIntPredicate::LLVMIntSLT)
                }
                AffVar::Max(x, y) => {
                    let (x, y) = (self.affine(x, iters), self.affine(y, iters));
                    self.min_max(x, y, LLVMIntPredicate::LLVMIntSGT)
                }
            };
            let term = if *k == 1 { x } else { unsafe { LLVMBuildMul(b, self.int(*k), x, c("").as_ptr()) } };
            acc = unsafe { LLVMBuildAdd(b, acc, term, c("").as_ptr()) };
        }
        acc
    }

    fn min_max(&self, x: Value, y: Value, pred: LLVMIntPredicate) -> Value {
        unsafe {
            let cmp = LLVMBuildICmp(self.builder, pred, x, y, c("").as_ptr());
            LLVMBuildSelect(self.builder, cmp, x, y, c("").as_ptr())
        }
    }

    /// `floor(n / d)` for `d > 0`.
    fn floor_div(&self, n: Value, d: Value) -> Value {
        unsafe {
            let b = self.builder;
            let q = LLVMBuildSDiv(b, n, d, c("").as_ptr());
            let r = LLVMBuildSRem(b, n, d, c("").as_ptr());
            let neg = LLVMBuildICmp(b, LLVMIntPredicate::LLVMIntSLT, r, self.int(0), c("").as_ptr());
            let q1 = LLVMBuildSub(b, q, self.int(1), c("").as_ptr());
            LLVMBuildSelect(b, neg, q1, q, c("").as_ptr())
        }
    }

    fn ast_expr(&self, e: &AstExpr) -> Result<Value, String> {
        let b = self.builder;
        let bin = |x: &AstExpr, y: &AstExpr| -> Result<(Value, Value), String> { Ok((self.ast_expr(x)?, self.ast_expr(y)?)) };
        let icmp = |p, x: &AstExpr, y: &AstExpr| -> Result<Value, String> {
            let (x, y) = bin(x, y)?;
            Ok(unsafe { LLVMBuildICmp(b, p, x, y, c("").as_ptr()) })
        };
        use LLVMIntPredicate::*;
        Ok(unsafe {
            match e {
                AstExpr::Int(v) => self.int(*v),
                AstExpr::Param(k) => self.params[*k],
                AstExpr::Iterator(k) => self.iterators[*k].ok_or("AST iterator used outside its loop")?,
                AstExpr::Neg(x) => LLVMBuildNeg(b, self.ast_expr(x)?, c("").as_ptr()),
                AstExpr::Add(x, y) => { let (x, y) = bin(x, y)?; LLVMBuildAdd(b, x, y, c("").as_ptr()) }
                AstExpr::Sub(x, y) => { let (x, y) = bin(x, y)?; LLVMBuildSub(b, x, y, c("").as_ptr()) }
                AstExpr::Mul(x, y) => { let (x, y) = bin(x, y)?; LLVMBuildMul(b, x, y, c("").as_ptr()) }
                AstExpr::FloorDiv(x, y) => { let (x, y) = bin(x, y)?; self.floor_div(x, y) }
                AstExpr::ExactDiv(x, y) => { let (x, y) = bin(x, y)?; LLVMBuildSDiv(b, x, y, c("").as_ptr()) }
                AstExpr::Rem(x, y) => { let (x, y) = bin(x, y)?; LLVMBuildSRem(b, x, y, c("").as_ptr()) }
                AstExpr::Min(xs) | AstExpr::Max(xs) => {
                    let pred = if matches!(e, AstExpr::Min(_)) { LLVMIntSLT } else { LLVMIntSGT };
                    let mut acc = self.ast_expr(xs.first().ok_or("empty min/max")?)?;
                    for x in &xs[1..] {
                        let v = self.ast_expr(x)?;
                        acc = self.min_max(acc, v, pred);
                    }
                    acc
                }
                AstExpr::Select(cond, x, y) => {
                    let cv = self.ast_condition(cond)?;
                    let (x, y) = bin(x, y)?;
                    LLVMBuildSelect(b, cv, x, y, c("").as_ptr())
                }
                AstExpr::Eq(x, y) => icmp(LLVMIntEQ, x, y)?,
                AstExpr::Le(x, y) => icmp(LLVMIntSLE, x, y)?,
                AstExpr::Lt(x, y) => icmp(LLVMIntSLT, x, y)?,
                AstExpr::Ge(x, y) => icmp(LLVMIntSGE, x, y)?,
                AstExpr::Gt(x, y) => icmp(LLVMIntSGT, x, y)?,
                AstExpr::And(x, y) => { let (x, y) = bin(x, y)?; LLVMBuildAnd(b, x, y, c("").as_ptr()) }
                AstExpr::Or(x, y) => { let (x, y) = bin(x, y)?; LLVMBuildOr(b, x, y, c("").as_ptr()) }
            }
        })
    }

    /// A boolean AST expression as an `i1` (isl writes `1` for "always").
    fn ast_condition(&self, e: &AstExpr) -> Result<Value, String> {
        let v = self.ast_expr(e)?;
        if unsafe { LLVMGetIntTypeWidth(LLVMTypeOf(v)) } == 1 {
            return Ok(v);
        }
        Ok(unsafe { LLVMBuildICmp(self.builder, LLVMIntPredicate::LLVMIntNE, v, self.int(0), c("").as_ptr()) })
    }

    fn node(&mut self, n: &AstNode) -> Result<(), String> {
        match n {
            AstNode::Block(children) => children.iter().try_for_each(|c| self.node(c)),
            AstNode::If { cond, then, otherwise } => {
                let cv = self.ast_condition(cond)?;
                let (t, f, join) = (self.block("polyprop.then"), self.block("polyprop.else"), self.block("polyprop.join"));
                unsafe { LLVMBuildCondBr(self.builder, cv, t, f) };
                unsafe { LLVMPositionBuilderAtEnd(self.builder, t) };
                self.node(then)?;
                unsafe { LLVMBuildBr(self.builder, join) };
                unsafe { LLVMPositionBuilderAtEnd(self.builder, f) };
                if let Some(o) = otherwise {
                    self.node(o)?;
                }
                unsafe { LLVMBuildBr(self.builder, join) };
                unsafe { LLVMPositionBuilderAtEnd(self.builder, join) };
                Ok(())
            }
            AstNode::For { iterator, init, cond, step, body } => {
                let init = self.ast_expr(init)?;
                let pre = unsafe { LLVMGetInsertBlock(self.builder) };
                let (header, body_bb, exit) = (self.block("polyprop.loop"), self.block("polyprop.body"), self.block("polyprop.exit"));
                unsafe { LLVMBuildBr(self.builder, header) };
                unsafe { LLVMPositionBuilderAtEnd(self.builder, header) };
                let phi = unsafe { LLVMBuildPhi(self.builder, self.i64(), c(&self.plan.ast.iterators[*iterator]).as_ptr()) };
                self.iterators[*iterator] = Some(phi);
                let cv = self.ast_condition(cond)?;
                unsafe { LLVMBuildCondBr(self.builder, cv, body_bb, exit) };
                unsafe { LLVMPositionBuilderAtEnd(self.builder, body_bb) };
                self.node(body)?;
                let next = unsafe { LLVMBuildAdd(self.builder, phi, self.int(*step), c("").as_ptr()) };
                let latch = unsafe { LLVMGetInsertBlock(self.builder) };
                unsafe { LLVMBuildBr(self.builder, header) };
                let mut values = [init, next];
                let mut blocks = [pre, latch];
                unsafe { LLVMAddIncoming(phi, values.as_mut_ptr(), blocks.as_mut_ptr(), 2) };
                self.iterators[*iterator] = None;
                unsafe { LLVMPositionBuilderAtEnd(self.builder, exit) };
                Ok(())
            }
            AstNode::User { statement, args } => {
                let iters = args.iter().map(|a| self.ast_expr(a)).collect::<Result<Vec<_>, _>>()?;
                self.statement(*statement, &iters)
            }
        }
    }

    fn address(&self, access: &Access, iters: &[Value]) -> Result<Value, String> {
        let array = &self.plan.scop.arrays[access.array];
        let base = self.arrays[access.array].ok_or_else(|| format!("array {} not allocated", array.name))?;
        if array.is_scalar() {
            return Ok(base);
        }
        let b = self.builder;
        let subscripts = self.subscript_values(access, iters)?;
        let mut idx = [self.linearize(&subscripts, &self.sizes[access.array])];
        Ok(unsafe { LLVMBuildGEP2(b, self.ty(array.element), base, idx.as_mut_ptr(), 1, c("").as_ptr()) })
    }

    /// The subscripts of an access as `i64` values: affine ones from the iterators, the
    /// data-dependent ones of a may-access computed from their value expressions.
    fn subscript_values(&self, access: &Access, iters: &[Value]) -> Result<Vec<Value>, String> {
        access
            .mixed_subscripts()
            .into_iter()
            .map(|s| match s {
                Ok(s) => Ok(self.affine(s, iters)),
                Err(e) => self.expr(e, iters),
            })
            .collect()
    }

    /// The inner dimension sizes of an array as `i64` values.
    fn inner_sizes(&self, array: &Array) -> Result<Vec<Value>, String> {
        array.sizes.iter().skip(1).map(|s| Ok(self.affine(s.as_ref().ok_or("inner size unknown")?, &[]))).collect()
    }

    /// The element offset of `subscripts` (outermost first) in an array of inner `sizes`.
    fn linearize(&self, subscripts: &[Value], sizes: &[Value]) -> Value {
        let b = self.builder;
        let mut offset = subscripts[0];
        for (sub, size) in subscripts[1..].iter().zip(sizes) {
            offset = unsafe { LLVMBuildMul(b, offset, *size, c("").as_ptr()) };
            offset = unsafe { LLVMBuildAdd(b, offset, *sub, c("").as_ptr()) };
        }
        offset
    }

    fn statement(&mut self, k: usize, iters: &[Value]) -> Result<(), String> {
        let stmt = &self.plan.scop.statements[k];
        self.unconditional = unconditional_reads(&stmt.value);
        for d in stmt.write.data.0.iter().flatten() {
            self.unconditional.extend(unconditional_reads(d));
        }
        self.set_location(stmt.location.as_ref());
        if let Some(g) = &stmt.guard {
            self.unconditional.extend(unconditional_reads(g));
        }
        let Some(guard) = &stmt.guard else {
            let value = self.expr(&stmt.value, iters)?;
            let addr = self.address(&stmt.write, iters)?;
            let store = unsafe { LLVMBuildStore(self.builder, value, addr) };
            self.memory_metadata(stmt.write.array, store);
            return Ok(());
        };
        self.guarded_store(stmt, guard, iters)
    }

    /// A statement with a data-dependent condition: the value and the store only where it
    /// holds, as the source's branch did.
    fn guarded_store(&mut self, stmt: &polyhedral::model::Statement, guard: &Expr, iters: &[Value]) -> Result<(), String> {
        let b = self.builder;
        let condition = self.expr(guard, iters)?;
        let (then, join) = (self.block("polyprop.guard.then"), self.block("polyprop.guard.join"));
        unsafe {
            LLVMBuildCondBr(b, condition, then, join);
            LLVMPositionBuilderAtEnd(b, then);
        }
        let value = self.expr(&stmt.value, iters)?;
        let addr = self.address(&stmt.write, iters)?;
        let store = unsafe { LLVMBuildStore(b, value, addr) };
        self.memory_metadata(stmt.write.array, store);
        unsafe {
            LLVMBuildBr(b, join);
            LLVMPositionBuilderAtEnd(b, join);
        }
        Ok(())
    }

    fn expr(&self, e: &Expr, iters: &[Value]) -> Result<Value, String> {
        let b = self.builder;
        let scop = self.plan.scop;
        Ok(unsafe {
            match e {
                Expr::Constant(Constant::Int(v, t)) => LLVMConstInt(self.ty(*t), *v as u64, 1),
                Expr::Constant(Constant::Float(v, t)) => LLVMConstReal(self.ty(*t), *v),
                Expr::Read(access) => {
                    let addr = self.address(access, iters)?;
                    let elem = self.ty(scop.arrays[access.array].element);
                    let load = LLVMBuildLoad2(b, elem, addr, c("").as_ptr());
                    self.memory_metadata(access.array, load)
                }
                Expr::Iterator(k) => iters[*k],
                Expr::Parameter(k) => self.params[*k],
                Expr::External(k) => self.externals[*k],
                Expr::Unary(UnaryOp::FNeg, x) => self.fast_math(LLVMBuildFNeg(b, self.expr(x, iters)?, c("").as_ptr())),
                Expr::Binary(op, x, y) => {
                    let (x, y) = (self.expr(x, iters)?, self.expr(y, iters)?);
                    self.binary(*op, x, y)
                }
                Expr::Compare(p, x, y) => {
                    let (x, y) = (self.expr(x, iters)?, self.expr(y, iters)?);
                    self.fast_math(compare(b, *p, x, y))
                }
                Expr::Select(cond, x, y) => {
                    let cv = self.expr(cond, iters)?;
                    let speculable = |e: &Expr| e.reads().iter().all(|r| self.unconditional.contains(r));
                    if speculable(x) && speculable(y) {
                        let (x, y) = (self.expr(x, iters)?, self.expr(y, iters)?);
                        LLVMBuildSelect(b, cv, x, y, c("").as_ptr())
                    } else {
                        // A side that reads memory the statement does not read anyway is
                        // evaluated only when taken, as in the source's branch.
                        self.lazy_select(cv, x, y, iters)?
                    }
                }
                Expr::Cast(op, t, x) => {
                    let x = self.expr(x, iters)?;
                    LLVMBuildCast(b, cast_opcode(*op), x, self.ty(*t), c("").as_ptr())
                }
                Expr::Call(f, t, args) => {
                    let args = args.iter().map(|a| self.expr(a, iters)).collect::<Result<Vec<_>, _>>()?;
                    self.math(*f, *t, &args)
                }
            }
        })
    }

    fn lazy_select(&self, cond: Value, x: &Expr, y: &Expr, iters: &[Value]) -> Result<Value, String> {
        let b = self.builder;
        let (t, f, join) = (self.block("polyprop.select.true"), self.block("polyprop.select.false"), self.block("polyprop.select.join"));
        unsafe { LLVMBuildCondBr(b, cond, t, f) };
        unsafe { LLVMPositionBuilderAtEnd(b, t) };
        let xv = self.expr(x, iters)?;
        let t_end = unsafe { LLVMGetInsertBlock(b) };
        unsafe { LLVMBuildBr(b, join) };
        unsafe { LLVMPositionBuilderAtEnd(b, f) };
        let yv = self.expr(y, iters)?;
        let f_end = unsafe { LLVMGetInsertBlock(b) };
        unsafe { LLVMBuildBr(b, join) };
        unsafe { LLVMPositionBuilderAtEnd(b, join) };
        let phi = unsafe { LLVMBuildPhi(b, LLVMTypeOf(xv), c("").as_ptr()) };
        let mut values = [xv, yv];
        let mut blocks = [t_end, f_end];
        unsafe { LLVMAddIncoming(phi, values.as_mut_ptr(), blocks.as_mut_ptr(), 2) };
        Ok(phi)
    }

    fn binary(&self, op: BinaryOp, x: Value, y: Value) -> Value {
        use BinaryOp::*;
        let b = self.builder;
        let opcode = match op {
            Add => LLVMOpcode::LLVMAdd,
            Sub => LLVMOpcode::LLVMSub,
            Mul => LLVMOpcode::LLVMMul,
            SDiv => LLVMOpcode::LLVMSDiv,
            UDiv => LLVMOpcode::LLVMUDiv,
            SRem => LLVMOpcode::LLVMSRem,
            URem => LLVMOpcode::LLVMURem,
            Shl => LLVMOpcode::LLVMShl,
            LShr => LLVMOpcode::LLVMLShr,
            AShr => LLVMOpcode::LLVMAShr,
            And => LLVMOpcode::LLVMAnd,
            Or => LLVMOpcode::LLVMOr,
            Xor => LLVMOpcode::LLVMXor,
            FAdd => LLVMOpcode::LLVMFAdd,
            FSub => LLVMOpcode::LLVMFSub,
            FMul => LLVMOpcode::LLVMFMul,
            FDiv => LLVMOpcode::LLVMFDiv,
            FRem => LLVMOpcode::LLVMFRem,
            SMin | SMax | UMin | UMax => {
                let name = format!("llvm.{}", op.name());
                let f = self.intrinsic(&name, &[unsafe { LLVMTypeOf(x) }]);
                return self.call(f, &[x, y]);
            }
        };
        self.fast_math(unsafe { LLVMBuildBinOp(b, opcode, x, y, c("").as_ptr()) })
    }

    fn math(&self, f: MathFunction, t: ScalarType, args: &[Value]) -> Value {
        use MathFunction::*;
        let ty = self.ty(t);
        let intrinsic = match f {
            Sqrt => Some("llvm.sqrt"),
            Fabs => Some("llvm.fabs"),
            Floor => Some("llvm.floor"),
            Ceil => Some("llvm.ceil"),
            FMin => Some("llvm.minnum"),
            FMax => Some("llvm.maxnum"),
            FMulAdd => Some("llvm.fmuladd"),
            _ => None,
        };
        if let Some(name) = intrinsic {
            let decl = self.intrinsic(name, &[ty]);
            return self.fast_math(self.call(decl, args));
        }
        // Library calls, as C code calls them: expf for float, exp for double.
        let suffix = if t == ScalarType::F32 { "f" } else { "" };
        let name = format!("{}{suffix}", f.name());
        let params = vec![ty; args.len()];
        let decl = self.function(&name, ty, &params);
        self.fast_math(self.call(decl, args))
    }
}

fn compare(b: LLVMBuilderRef, p: ComparePredicate, x: Value, y: Value) -> Value {
    use ComparePredicate as P;
    use LLVMIntPredicate as I;
    use LLVMRealPredicate as R;
    let int = |pred| unsafe { LLVMBuildICmp(b, pred, x, y, c("").as_ptr()) };
    let real = |pred| unsafe { LLVMBuildFCmp(b, pred, x, y, c("").as_ptr()) };
    match p {
        P::Eq => int(I::LLVMIntEQ),
        P::Ne => int(I::LLVMIntNE),
        P::Slt => int(I::LLVMIntSLT),
        P::Sle => int(I::LLVMIntSLE),
        P::Sgt => int(I::LLVMIntSGT),
        P::Sge => int(I::LLVMIntSGE),
        P::Ult => int(I::LLVMIntULT),
        P::Ule => int(I::LLVMIntULE),
        P::Ugt => int(I::LLVMIntUGT),
        P::Uge => int(I::LLVMIntUGE),
        P::FOeq => real(R::LLVMRealOEQ),
        P::FOne => real(R::LLVMRealONE),
        P::FOlt => real(R::LLVMRealOLT),
        P::FOle => real(R::LLVMRealOLE),
        P::FOgt => real(R::LLVMRealOGT),
        P::FOge => real(R::LLVMRealOGE),
        P::FUeq => real(R::LLVMRealUEQ),
        P::FUne => real(R::LLVMRealUNE),
        P::FUlt => real(R::LLVMRealULT),
        P::FUle => real(R::LLVMRealULE),
        P::FUgt => real(R::LLVMRealUGT),
        P::FUge => real(R::LLVMRealUGE),
        P::FOrd => real(R::LLVMRealORD),
        P::FUno => real(R::LLVMRealUNO),
    }
}

fn cast_opcode(op: CastOp) -> LLVMOpcode {
    match op {
        CastOp::Trunc => LLVMOpcode::LLVMTrunc,
        CastOp::ZExt => LLVMOpcode::LLVMZExt,
        CastOp::SExt => LLVMOpcode::LLVMSExt,
        CastOp::FPTrunc => LLVMOpcode::LLVMFPTrunc,
        CastOp::FPExt => LLVMOpcode::LLVMFPExt,
        CastOp::FPToSI => LLVMOpcode::LLVMFPToSI,
        CastOp::FPToUI => LLVMOpcode::LLVMFPToUI,
        CastOp::SIToFP => LLVMOpcode::LLVMSIToFP,
        CastOp::UIToFP => LLVMOpcode::LLVMUIToFP,
    }
}

/// The reads an expression performs outside the sides of its selects.
fn unconditional_reads(e: &Expr) -> Vec<Access> {
    let mut out = Vec::new();
    collect_unconditional(e, &mut out);
    out
}

fn collect_unconditional(e: &Expr, out: &mut Vec<Access>) {
    match e {
        Expr::Read(a) => {
            out.push(a.clone());
            a.data.0.iter().flatten().for_each(|d| collect_unconditional(d, out));
        }
        Expr::Select(c, _, _) => collect_unconditional(c, out),
        Expr::Unary(_, x) | Expr::Cast(_, _, x) => collect_unconditional(x, out),
        Expr::Binary(_, x, y) | Expr::Compare(_, x, y) => {
            collect_unconditional(x, out);
            collect_unconditional(y, out);
        }
        Expr::Call(_, _, args) => args.iter().for_each(|a| collect_unconditional(a, out)),
        _ => {}
    }
}

/// Arrays the model still reads or writes.
pub fn used_arrays(scop: &Scop) -> Vec<bool> {
    let mut used = vec![false; scop.arrays.len()];
    for s in &scop.statements {
        used[s.write.array] = true;
        for r in s.reads() {
            used[r.array] = true;
        }
    }
    used
}

/// Makes `function` start with the run-time check: if it holds, call `new_fn` and return.
/// Returns a closure that undoes the change.
fn version_entry(
    context: LLVMContextRef,
    module: LLVMModuleRef,
    function: Value,
    new_fn: Value,
    plan: &Plan<'_>,
) -> Result<Box<dyn FnOnce()>, String> {
    let old_entry = unsafe { LLVMGetEntryBasicBlock(function) };
    let check = unsafe { LLVMAppendBasicBlockInContext(context, function, c("polyprop.check").as_ptr()) };
    let fast = unsafe { LLVMAppendBasicBlockInContext(context, function, c("polyprop.optimized").as_ptr()) };
    unsafe { LLVMMoveBasicBlockBefore(check, old_entry) };
    // The check is emitted into the function itself: arguments map to themselves.
    let mut e = Emitter::new(context, module, function, function, plan);
    let b = e.builder;
    unsafe { LLVMPositionBuilderAtEnd(b, check) };
    // The call of the new function needs a location when both have debug info.
    e.scope = crate::bridge::subprogram(function).map(|sp| (sp, unsafe { LLVMDISubprogramGetLine(sp) }));
    e.set_location(None);
    // Static allocas stay in the entry block, where later passes promote them.
    let allocas: Vec<Value> = ir::instructions(old_entry)
        .into_iter()
        .filter(|i| ir::opcode(*i) == Some(LLVMOpcode::LLVMAlloca))
        .collect();
    for &alloca in &allocas {
        unsafe {
            LLVMInstructionRemoveFromParent(alloca);
            LLVMInsertIntoBuilder(b, alloca);
        }
    }
    let result = (|| -> Result<(), String> {
        e.materialize_parameters();
        let mut ok = e.ast_condition(&plan.assumptions)?;
        for check in &plan.scop.alias_checks {
            let disjoint = e.disjoint(check.first, check.second)?;
            ok = unsafe { LLVMBuildAnd(b, ok, disjoint, c("").as_ptr()) };
        }
        unsafe { LLVMBuildCondBr(b, ok, fast, old_entry) };
        unsafe { LLVMPositionBuilderAtEnd(b, fast) };
        let n = unsafe { LLVMCountParams(function) };
        let mut call_args: Vec<Value> = (0..n).map(|k| unsafe { LLVMGetParam(function, k) }).collect();
        unsafe {
            LLVMBuildCall2(b, LLVMGlobalGetValueType(new_fn), new_fn, call_args.as_mut_ptr(), n, c("").as_ptr());
            LLVMBuildRetVoid(b);
        }
        Ok(())
    })();
    drop(e);
    let undo = move || unsafe {
        // The old entry keeps at least its terminator, so it has a first instruction.
        for &alloca in allocas.iter().rev() {
            LLVMInstructionRemoveFromParent(alloca);
            let b = LLVMCreateBuilderInContext(context);
            LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(old_entry));
            LLVMInsertIntoBuilder(b, alloca);
            LLVMDisposeBuilder(b);
        }
        LLVMDeleteBasicBlock(fast);
        LLVMDeleteBasicBlock(check);
    };
    match result {
        Ok(()) => Ok(Box::new(undo)),
        Err(why) => {
            undo();
            Err(why)
        }
    }
}

impl Emitter<'_> {
    /// Whether the accessed byte ranges of two arrays are disjoint, from their subscript
    /// bounds (linearized with their sizes: inner subscripts stay inside their dimensions
    /// under the assumptions checked alongside).
    fn disjoint(&mut self, first: ArrayId, second: ArrayId) -> Result<Value, String> {
        let range = |e: &mut Self, id: ArrayId| -> Result<Option<(Value, Value)>, String> {
            let Some(bounds) = e.plan.bounds.iter().find(|b| b.array == id) else { return Ok(None) };
            if bounds.bounds.is_empty() {
                return Ok(None);
            }
            let array = &e.plan.scop.arrays[id];
            let sizes = e.inner_sizes(array)?;
            let lin = |e: &Self, pick: &dyn Fn(&(AstExpr, AstExpr)) -> &AstExpr| -> Result<Value, String> {
                let subscripts = bounds.bounds.iter().map(|b| e.ast_expr(pick(b))).collect::<Result<Vec<_>, _>>()?;
                Ok(e.linearize(&subscripts, &sizes))
            };
            let lo = lin(e, &|b| &b.0)?;
            let hi = lin(e, &|b| &b.1)?;
            let bytes = e.int(array.element.size_in_bytes() as i64);
            let base = e.plan.bases[id];
            let base = unsafe { LLVMBuildPtrToInt(e.builder, base, e.i64(), c("").as_ptr()) };
            let lo = unsafe { LLVMBuildAdd(e.builder, base, LLVMBuildMul(e.builder, lo, bytes, c("").as_ptr()), c("").as_ptr()) };
            let hi1 = unsafe { LLVMBuildAdd(e.builder, hi, e.int(1), c("").as_ptr()) };
            let hi = unsafe { LLVMBuildAdd(e.builder, base, LLVMBuildMul(e.builder, hi1, bytes, c("").as_ptr()), c("").as_ptr()) };
            Ok(Some((lo, hi)))
        };
        let (Some((lo1, hi1)), Some((lo2, hi2))) = (range(self, first)?, range(self, second)?) else {
            return Ok(unsafe { LLVMConstInt(LLVMInt1TypeInContext(self.context), 1, 0) });
        };
        let b = self.builder;
        unsafe {
            let before = LLVMBuildICmp(b, LLVMIntPredicate::LLVMIntULE, hi1, lo2, c("").as_ptr());
            let after = LLVMBuildICmp(b, LLVMIntPredicate::LLVMIntULE, hi2, lo1, c("").as_ptr());
            Ok(LLVMBuildOr(b, before, after, c("").as_ptr()))
        }
    }
}
