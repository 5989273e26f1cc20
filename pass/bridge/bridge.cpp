// The thin C++ bridge of polyprop.
//
// It does two things and nothing else:
//  1. registers polyprop's passes with LLVM 14's new pass manager (named pipelines for `opt`,
//     a pipeline-start extension point for `clang -fpass-plugin`);
//  2. exposes, as extern "C" functions, the LLVM analyses that the C API lacks: LoopInfo,
//     ScalarEvolution, dominator trees, alias analysis, delinearization and debug names.
//
// All modeling logic lives in Rust (pass/src). Every pass here forwards the function to
// `polyprop_run_function`, which catches Rust panics before they reach this file.

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/Delinearization.h"
#include "llvm/Analysis/LazyValueInfo.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/CallPromotionUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

// The analyses of one function, handed to Rust as an opaque pointer.
struct Analyses {
  Function *F;
  LoopInfo *LI;
  ScalarEvolution *SE;
  DominatorTree *DT;
  PostDominatorTree *PDT;
  AAResults *AA;
};

} // namespace

extern "C" {

// Implemented in Rust (pass/src/lib.rs). `mode` names the pass (see `PassKind` there),
// `options` is the text between `<` and `>` of the pass name, `out` receives what the pass
// prints. Returns 1 if the IR changed, 0 if not (-2 if not and the function body was one
// SCoP: MODELED_WHOLE), -1 on a user error (already reported).
int polyprop_run_function(Analyses *A, LLVMValueRef F, const char *mode, const char *options,
                          char **out);
void polyprop_free_string(char *s);
// Checks pass options before a pipeline is built; returns a malloc'd error or null.
char *polyprop_check_options(const char *mode, const char *options);
// Whether valid options say `disable`, or print nothing but the transform's lines.
int polyprop_options_disable(const char *options);
int polyprop_options_only_transform(const char *options);
// Whether a function that allocates nothing may be left before modeling (not under a JSCoP import).
int polyprop_options_skip_unallocating(const char *options);
// The transform's line for a function left alone before modeling, or null (to free).
char *polyprop_nothing_allocated(LLVMValueRef F, const char *options);
// Whether the function of that name allocates a fresh array (malloc, new[], ...: the Rust
// side's list, arrays::is_allocator).
int polyprop_is_allocator(const char *name);

// ---- Loops ---------------------------------------------------------------------------

void *pp_loop_for(Analyses *A, LLVMBasicBlockRef BB) {
  return A->LI->getLoopFor(unwrap(BB));
}
void *pp_loop_parent(void *L) { return static_cast<Loop *>(L)->getParentLoop(); }
unsigned pp_loop_depth(void *L) { return static_cast<Loop *>(L)->getLoopDepth(); }
LLVMBasicBlockRef pp_loop_header(void *L) { return wrap(static_cast<Loop *>(L)->getHeader()); }
LLVMBasicBlockRef pp_loop_latch(void *L) { return wrap(static_cast<Loop *>(L)->getLoopLatch()); }
LLVMBasicBlockRef pp_loop_preheader(void *L) {
  return wrap(static_cast<Loop *>(L)->getLoopPreheader());
}
LLVMBasicBlockRef pp_loop_exit_block(void *L) {
  return wrap(static_cast<Loop *>(L)->getExitBlock());
}
LLVMBasicBlockRef pp_loop_exiting_block(void *L) {
  return wrap(static_cast<Loop *>(L)->getExitingBlock());
}
int pp_loop_contains(void *L, LLVMBasicBlockRef BB) {
  return static_cast<Loop *>(L)->contains(unwrap(BB));
}
int pp_loop_is_simplified(void *L) { return static_cast<Loop *>(L)->isLoopSimplifyForm(); }

// ---- Dominance -----------------------------------------------------------------------

int pp_dominates(Analyses *A, LLVMBasicBlockRef X, LLVMBasicBlockRef Y) {
  return A->DT->dominates(unwrap(X), unwrap(Y));
}
int pp_post_dominates(Analyses *A, LLVMBasicBlockRef X, LLVMBasicBlockRef Y) {
  return A->PDT->dominates(unwrap(X), unwrap(Y));
}
LLVMBasicBlockRef pp_immediate_dominator(Analyses *A, LLVMBasicBlockRef X) {
  auto *Node = A->DT->getNode(unwrap(X));
  if (!Node || !Node->getIDom())
    return nullptr;
  return wrap(Node->getIDom()->getBlock());
}
LLVMBasicBlockRef pp_immediate_post_dominator(Analyses *A, LLVMBasicBlockRef X) {
  auto *Node = A->PDT->getNode(unwrap(X));
  if (!Node || !Node->getIDom())
    return nullptr;
  return wrap(Node->getIDom()->getBlock());
}

// ---- Alias analysis ------------------------------------------------------------------

// 0 no alias, 1 may alias, 2 partial alias, 3 must alias (LLVM's AliasResult).
int pp_alias(Analyses *A, LLVMValueRef P, LLVMValueRef Q) {
  auto R = A->AA->alias(MemoryLocation::getBeforeOrAfter(unwrap(P)),
                        MemoryLocation::getBeforeOrAfter(unwrap(Q)));
  switch (R) {
  case AliasResult::NoAlias:
    return 0;
  case AliasResult::MayAlias:
    return 1;
  case AliasResult::PartialAlias:
    return 2;
  case AliasResult::MustAlias:
    return 3;
  }
  return 1;
}

// Whether two memory instructions (loads or stores) may touch overlapping memory, at any
// access size, with what their `!tbaa` tags say: an `int` field and a `float` element do
// not alias in C (strict aliasing, which is what clang's tags encode), as LICM assumes.
int pp_accesses_may_alias(Analyses *A, LLVMValueRef I, LLVMValueRef J) {
  auto Location = [](LLVMValueRef V) {
    auto *Inst = cast<Instruction>(unwrap(V));
    return MemoryLocation::getBeforeOrAfter(getLoadStorePointerOperand(Inst), Inst->getAAMetadata());
  };
  return A->AA->alias(Location(I), Location(J)) != AliasResult::NoAlias;
}

// Whether call `C` may write the bytes load `L` reads, as alias analysis sees it: a `memset`
// of a fresh allocation (`new float[n]()`) writes no field of an object passed in.
int pp_call_may_write(Analyses *A, LLVMValueRef C, LLVMValueRef L) {
  auto *Call = cast<CallBase>(unwrap(C));
  return isModSet(A->AA->getModRefInfo(Call, MemoryLocation::get(cast<LoadInst>(unwrap(L)))));
}

// Whether load `Inner` reads only bytes of the allocated object that load `Outer` reads
// from: both addresses are chains of `inbounds` GEPs with constant offsets from one base,
// and Inner's bytes lie between that base and the end of Outer's. An executed `Outer`
// proves the base in bounds of an object that extends past its own bytes, so Inner may
// then be read even where the source does not read it (`out->w` under `out->h > 0`).
int pp_load_within(LLVMValueRef Inner, LLVMValueRef Outer) {
  auto *I = cast<LoadInst>(unwrap(Inner)), *O = cast<LoadInst>(unwrap(Outer));
  const DataLayout &DL = I->getModule()->getDataLayout();
  unsigned Bits = DL.getIndexTypeSizeInBits(I->getPointerOperandType());
  APInt OffsetI(Bits, 0), OffsetO(Bits, 0);
  const Value *BaseI = I->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, OffsetI, false);
  const Value *BaseO = O->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, OffsetO, false);
  if (BaseI != BaseO || I->getType()->isVectorTy() || O->getType()->isVectorTy())
    return 0;
  int64_t EndI = OffsetI.getSExtValue() + (int64_t)DL.getTypeStoreSize(I->getType());
  int64_t EndO = OffsetO.getSExtValue() + (int64_t)DL.getTypeStoreSize(O->getType());
  return OffsetI.getSExtValue() >= 0 && EndI <= EndO;
}

// Whether the address of load `L` may be read anywhere in the function, as LLVM proves it
// from attributes and allocations (a C++ reference argument is `dereferenceable`).
int pp_load_dereferenceable(LLVMValueRef L) {
  auto *Load = cast<LoadInst>(unwrap(L));
  return isDereferenceableAndAlignedPointer(Load->getPointerOperand(), Load->getType(), Load->getAlign(),
                                            Load->getModule()->getDataLayout());
}

// Whether two loads or stores address the same underlying object (through GEPs and casts:
// `p[9]` and `p[i + 3]`, a global and itself).
int pp_same_underlying_object(LLVMValueRef I, LLVMValueRef J) {
  auto Object = [](LLVMValueRef V) {
    return getUnderlyingObject(getLoadStorePointerOperand(cast<Instruction>(unwrap(V))));
  };
  return Object(I) == Object(J);
}

// The bytes a load or store touches.
uint64_t pp_access_size(LLVMValueRef V) {
  auto *I = cast<Instruction>(unwrap(V));
  Type *T = isa<LoadInst>(I) ? I->getType() : cast<StoreInst>(I)->getValueOperand()->getType();
  return I->getModule()->getDataLayout().getTypeStoreSize(T).getFixedSize();
}

// ---- Scalar evolution ----------------------------------------------------------------

// Kinds as Rust sees them (pass/src/bridge.rs, ScevKind).
enum PPScevKind {
  PP_CONSTANT = 0,
  PP_UNKNOWN = 1,
  PP_ADD = 2,
  PP_MUL = 3,
  PP_ADDREC = 4,
  PP_SMAX = 5,
  PP_UMAX = 6,
  PP_SMIN = 7,
  PP_UMIN = 8,
  PP_SEXT = 9,
  PP_ZEXT = 10,
  PP_TRUNC = 11,
  PP_UDIV = 12,
  PP_PTRTOINT = 13,
  PP_COULD_NOT_COMPUTE = 14,
  PP_SEQ_UMIN = 15,
};

const void *pp_scev(Analyses *A, LLVMValueRef V) {
  Value *Val = unwrap(V);
  if (!A->SE->isSCEVable(Val->getType()))
    return nullptr;
  return A->SE->getSCEV(Val);
}

const void *pp_scev_at_scope(Analyses *A, const void *S, void *L) {
  return A->SE->getSCEVAtScope(static_cast<const SCEV *>(S), static_cast<Loop *>(L));
}

const void *pp_scev_backedge_taken_count(Analyses *A, void *L) {
  return A->SE->getBackedgeTakenCount(static_cast<Loop *>(L));
}

const void *pp_scev_exit_count(Analyses *A, void *L, LLVMBasicBlockRef Exiting) {
  return A->SE->getExitCount(static_cast<Loop *>(L), unwrap(Exiting));
}

const void *pp_scev_minus(Analyses *A, const void *X, const void *Y) {
  auto *SX = static_cast<const SCEV *>(X);
  auto *SY = static_cast<const SCEV *>(Y);
  if (SX->getType() != SY->getType())
    return nullptr;
  return A->SE->getMinusSCEV(SX, SY);
}

const void *pp_scev_pointer_base(Analyses *A, const void *S) {
  return A->SE->getPointerBase(static_cast<const SCEV *>(S));
}

int pp_scev_kind(const void *S) {
  switch (static_cast<const SCEV *>(S)->getSCEVType()) {
  case scConstant:
    return PP_CONSTANT;
  case scUnknown:
    return PP_UNKNOWN;
  case scAddExpr:
    return PP_ADD;
  case scMulExpr:
    return PP_MUL;
  case scAddRecExpr:
    return PP_ADDREC;
  case scSMaxExpr:
    return PP_SMAX;
  case scUMaxExpr:
    return PP_UMAX;
  case scSMinExpr:
    return PP_SMIN;
  case scUMinExpr:
    return PP_UMIN;
  case scSequentialUMinExpr:
    return PP_SEQ_UMIN;
  case scSignExtend:
    return PP_SEXT;
  case scZeroExtend:
    return PP_ZEXT;
  case scTruncate:
    return PP_TRUNC;
  case scUDivExpr:
    return PP_UDIV;
  case scPtrToInt:
    return PP_PTRTOINT;
  case scCouldNotCompute:
    return PP_COULD_NOT_COMPUTE;
  }
  return PP_COULD_NOT_COMPUTE;
}

unsigned pp_scev_num_operands(const void *S) {
  auto *E = static_cast<const SCEV *>(S);
  if (auto *N = dyn_cast<SCEVNAryExpr>(E))
    return N->getNumOperands();
  if (isa<SCEVCastExpr>(E))
    return 1;
  if (isa<SCEVUDivExpr>(E))
    return 2;
  return 0;
}

const void *pp_scev_operand(const void *S, unsigned I) {
  auto *E = static_cast<const SCEV *>(S);
  if (auto *N = dyn_cast<SCEVNAryExpr>(E))
    return N->getOperand(I);
  if (auto *C = dyn_cast<SCEVCastExpr>(E))
    return C->getOperand();
  if (auto *D = dyn_cast<SCEVUDivExpr>(E))
    return I == 0 ? D->getLHS() : D->getRHS();
  return nullptr;
}

// Returns 1 and the value if the constant fits in 64 signed bits.
int pp_scev_constant(const void *S, int64_t *Out) {
  auto *C = dyn_cast<SCEVConstant>(static_cast<const SCEV *>(S));
  if (!C)
    return 0;
  const APInt &V = C->getAPInt();
  if (V.getMinSignedBits() > 64)
    return 0;
  *Out = V.getSExtValue();
  return 1;
}

LLVMValueRef pp_scev_unknown_value(const void *S) {
  auto *U = dyn_cast<SCEVUnknown>(static_cast<const SCEV *>(S));
  return U ? wrap(U->getValue()) : nullptr;
}

void *pp_scev_addrec_loop(const void *S) {
  auto *R = dyn_cast<SCEVAddRecExpr>(static_cast<const SCEV *>(S));
  return R ? const_cast<Loop *>(R->getLoop()) : nullptr;
}

unsigned pp_scev_bits(Analyses *A, const void *S) {
  return A->SE->getTypeSizeInBits(static_cast<const SCEV *>(S)->getType());
}

// Whether the add recurrence or arithmetic expression is known not to wrap in signed terms.
int pp_scev_no_signed_wrap(const void *S) {
  if (auto *N = dyn_cast<SCEVNAryExpr>(static_cast<const SCEV *>(S)))
    return N->hasNoSignedWrap();
  return 0;
}

// Whether the add recurrence or arithmetic expression is known not to wrap in unsigned terms.
int pp_scev_no_unsigned_wrap(const void *S) {
  if (auto *N = dyn_cast<SCEVNAryExpr>(static_cast<const SCEV *>(S)))
    return N->hasNoUnsignedWrap();
  return 0;
}

char *pp_scev_to_string(const void *S) {
  std::string Text;
  raw_string_ostream OS(Text);
  static_cast<const SCEV *>(S)->print(OS);
  OS.flush();
  return strdup(Text.c_str());
}

// ---- Delinearization -----------------------------------------------------------------

// Recovers the dimensions of an array from all its access functions (byte offsets from the
// base), as Polly and LLVM's delinearization do: collect the parametric terms of every
// access, find the array's sizes, then the subscripts of each access.
// Writes up to `MaxDims` sizes (innermost last, the outermost size is not known and is not
// written) into `Sizes`, and for access k its subscripts into Subscripts[k*MaxDims ...].
// Returns the number of dimensions (sizes + 1), or 0 if delinearization failed.
unsigned pp_delinearize(Analyses *A, const void **AccessFunctions, unsigned N,
                        uint64_t ElementBytes, const void **Sizes, const void **Subscripts,
                        unsigned MaxDims) {
  ScalarEvolution &SE = *A->SE;
  if (N == 0)
    return 0;
  const SCEV *ElementSize =
      SE.getConstant(static_cast<const SCEV *>(AccessFunctions[0])->getType(), ElementBytes);
  SmallVector<const SCEV *, 8> Terms;
  for (unsigned K = 0; K < N; ++K)
    collectParametricTerms(SE, static_cast<const SCEV *>(AccessFunctions[K]), Terms);
  SmallVector<const SCEV *, 4> FoundSizes;
  findArrayDimensions(SE, Terms, FoundSizes, ElementSize);
  if (FoundSizes.empty() || FoundSizes.size() > MaxDims)
    return 0;
  unsigned Dims = FoundSizes.size();
  for (unsigned K = 0; K < N; ++K) {
    SmallVector<const SCEV *, 4> Subs;
    computeAccessFunctions(SE, static_cast<const SCEV *>(AccessFunctions[K]), Subs,
                           FoundSizes);
    if (Subs.size() != Dims)
      return 0;
    for (unsigned D = 0; D < Dims; ++D)
      Subscripts[K * MaxDims + D] = Subs[D];
  }
  // FoundSizes holds the inner sizes and the element size last.
  for (unsigned D = 0; D + 1 < Dims; ++D)
    Sizes[D] = FoundSizes[D];
  return Dims;
}

// ---- Debug information -----------------------------------------------------------------

// Source variable names of a function's values, from llvm.dbg.value/declare, all at once:
// for each debug intrinsic whose location is one value, the value with casts stripped, the
// variable's name (malloc'd) and whether the location was a cast of it (a name given to
// `float *in = (float *)in_void` describes the array better than the argument's own name).
// Returns how many entries were written (at most Max).
unsigned pp_debug_names(LLVMValueRef Fn, LLVMValueRef *Values, char **Names, int *IsCast,
                        unsigned Max) {
  unsigned N = 0;
  for (Instruction &I : instructions(*unwrap<Function>(Fn))) {
    auto *Dbg = dyn_cast<DbgVariableIntrinsic>(&I);
    if (!Dbg || Dbg->getNumVariableLocationOps() != 1 || N == Max)
      continue;
    Value *Loc = Dbg->getVariableLocationOp(0);
    if (!Loc)
      continue;
    Values[N] = wrap(Loc->stripPointerCasts());
    Names[N] = strdup(Dbg->getVariable()->getName().str().c_str());
    IsCast[N] = Loc != Loc->stripPointerCasts();
    ++N;
  }
  return N;
}

// File name of an instruction's debug location; malloc'd or null.
char *pp_debug_file(LLVMValueRef I, unsigned *Line, unsigned *Column) {
  auto *Inst = dyn_cast<Instruction>(unwrap(I));
  if (!Inst)
    return nullptr;
  const DebugLoc &DL = Inst->getDebugLoc();
  if (!DL)
    return nullptr;
  *Line = DL.getLine();
  *Column = DL.getCol();
  return strdup(cast<DIScope>(DL.getScope())->getFilename().str().c_str());
}

// ---- Fidelity of generated code ------------------------------------------------------

// Fast-math flags of a floating-point operation as bits (reassoc 1, nnan 2, ninf 4, nsz 8,
// arcp 16, contract 32, afn 64); -1 for an instruction that takes none.
int pp_fast_math_flags(LLVMValueRef V) {
  auto *Op = dyn_cast<FPMathOperator>(unwrap(V));
  if (!Op)
    return -1;
  FastMathFlags F = Op->getFastMathFlags();
  return F.allowReassoc() | F.noNaNs() << 1 | F.noInfs() << 2 | F.noSignedZeros() << 3 |
         F.allowReciprocal() << 4 | F.allowContract() << 5 | F.approxFunc() << 6;
}

void pp_set_fast_math_flags(LLVMValueRef V, unsigned Bits) {
  auto *I = dyn_cast<Instruction>(unwrap(V));
  if (!I || !isa<FPMathOperator>(I))
    return;
  FastMathFlags F;
  F.setAllowReassoc(Bits & 1);
  F.setNoNaNs(Bits & 2);
  F.setNoInfs(Bits & 4);
  F.setNoSignedZeros(Bits & 8);
  F.setAllowReciprocal(Bits & 16);
  F.setAllowContract(Bits & 32);
  F.setApproxFunc(Bits & 64);
  I->setFastMathFlags(F);
}

// Gives `To` a copy of `From`'s subprogram (a subprogram belongs to one function), without
// its local variables; returns it, or null if `From` has no debug info.
LLVMMetadataRef pp_copy_subprogram(LLVMValueRef From, LLVMValueRef To) {
  DISubprogram *SP = unwrap<Function>(From)->getSubprogram();
  if (!SP)
    return nullptr;
  TempDISubprogram Copy = SP->clone();
  // Operand 7 of a DISubprogram (LLVM 14) holds its retained nodes: the original's local
  // variables, which belong to the original.
  if (Copy->getRawRetainedNodes())
    Copy->replaceOperandWith(7, MDTuple::get(SP->getContext(), {}));
  DISubprogram *New = MDNode::replaceWithDistinct(std::move(Copy));
  unwrap<Function>(To)->setSubprogram(New);
  return wrap(New);
}

// A new alias-scope domain with `N` scopes in it, one per array, written to `Scopes`.
void pp_alias_scopes(LLVMContextRef C, unsigned N, LLVMMetadataRef *Scopes) {
  MDBuilder MDB(*unwrap(C));
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("polyprop");
  for (unsigned K = 0; K < N; ++K)
    Scopes[K] = wrap(MDB.createAnonymousAliasScope(Domain, "polyprop array " + std::to_string(K)));
}

// `!alias.scope` the scope `Own` of `Scopes`, `!noalias` all the others, on a load or store.
void pp_set_alias_scopes(LLVMValueRef V, unsigned N, LLVMMetadataRef *Scopes, unsigned Own) {
  auto *I = dyn_cast<Instruction>(unwrap(V));
  if (!I || Own >= N)
    return;
  LLVMContext &C = I->getContext();
  SmallVector<Metadata *, 8> Others;
  for (unsigned K = 0; K < N; ++K)
    if (K != Own)
      Others.push_back(unwrap(Scopes[K]));
  I->setMetadata(LLVMContext::MD_alias_scope, MDNode::get(C, {unwrap(Scopes[Own])}));
  I->setMetadata(LLVMContext::MD_noalias, MDNode::get(C, Others));
}

// The no-wrap and exactness flags of an integer operation as bits (nsw 1, nuw 2, exact 4);
// 0 for any other value.
unsigned pp_wrap_flags(LLVMValueRef V) {
  unsigned Bits = 0;
  if (auto *O = dyn_cast<OverflowingBinaryOperator>(unwrap(V)))
    Bits |= O->hasNoSignedWrap() | O->hasNoUnsignedWrap() << 1;
  if (auto *E = dyn_cast<PossiblyExactOperator>(unwrap(V)))
    Bits |= E->isExact() << 2;
  return Bits;
}

// Sets the flags of `pp_wrap_flags` on an integer operation; constants (folded by the
// builder) and other instructions are left alone.
void pp_set_wrap_flags(LLVMValueRef V, unsigned Bits) {
  auto *I = dyn_cast<Instruction>(unwrap(V));
  if (!I)
    return;
  if (isa<OverflowingBinaryOperator>(I)) {
    I->setHasNoSignedWrap(Bits & 1);
    I->setHasNoUnsignedWrap(Bits & 2);
  }
  if (isa<PossiblyExactOperator>(I))
    I->setIsExact(Bits & 4);
}

// A source loop's `llvm.loop` node (null if it has none), and its start location: the
// loop's first line and column and its file (malloc'd; null if unknown).
LLVMMetadataRef pp_loop_id(void *L, unsigned *Line, unsigned *Column, char **File) {
  Loop *Lp = static_cast<Loop *>(L);
  DebugLoc Start = Lp->getStartLoc();
  *Line = Start ? Start.getLine() : 0;
  *Column = Start ? Start.getCol() : 0;
  *File = Start ? strdup(cast<DIScope>(Start.getScope())->getFilename().str().c_str()) : nullptr;
  return wrap(Lp->getLoopID());
}

// Whether the `llvm.loop` node `Node` has an `llvm.loop.unroll.*` property, directly or in a
// follow-up node (`#pragma clang loop unroll_count(4) vectorize_width(8)` puts the count in
// the vectorizer's follow-up).
static bool asksForUnrolling(const MDNode *Node, unsigned Depth) {
  if (!Node || Depth > 4)
    return false;
  for (const MDOperand &Op : Node->operands()) {
    if (auto *Name = dyn_cast_or_null<MDString>(Op.get()))
      if (Name->getString().startswith("llvm.loop.unroll."))
        return true;
    if (auto *Inner = dyn_cast_or_null<MDNode>(Op.get()))
      if (Inner != Node && !isa<DILocation>(Inner) && asksForUnrolling(Inner, Depth + 1))
        return true;
  }
  return false;
}

// Gives the back edge `Branch` of a generated loop its own distinct `llvm.loop` node with the
// properties of `Source` (a source loop's node, or null): the same operands after the self
// reference, its debug locations moved to `Scope` (the generated function's subprogram;
// dropped without one). Unless `Source` asks for some unrolling, the node also says
// `llvm.loop.unroll.runtime.disable`: a generated loop's body holds the expressions propagated
// into it, and unrolling it by a run-time count (with a copy per factor, on top of the
// vectorized copy) quadrupled local laplacian's code and added over a third to its build; of
// the seven pipelines only harris ran faster with it (3%).
void pp_set_loop_id(LLVMValueRef Branch, LLVMMetadataRef Source, LLVMMetadataRef Scope, int Rolled) {
  auto *I = dyn_cast<Instruction>(unwrap(Branch));
  auto *From = dyn_cast_or_null<MDNode>(unwrap(Source));
  if (!I)
    return;
  LLVMContext &C = I->getContext();
  SmallVector<Metadata *, 4> Operands{nullptr};
  for (unsigned K = 1; From && K < From->getNumOperands(); ++K) {
    Metadata *Op = From->getOperand(K);
    if (auto *Loc = dyn_cast_or_null<DILocation>(Op)) {
      if (!Scope)
        continue;
      Op = DILocation::get(C, Loc->getLine(), Loc->getColumn(), unwrap<DILocalScope>(Scope));
    }
    Operands.push_back(Op);
  }
  if (!asksForUnrolling(From, 0)) {
    Operands.push_back(MDNode::get(C, MDString::get(C, "llvm.loop.unroll.runtime.disable")));
    if (Rolled)
      Operands.push_back(MDNode::get(C, MDString::get(C, "llvm.loop.unroll.disable")));
  }
  MDNode *ID = MDNode::getDistinct(C, Operands);
  ID->replaceOperandWith(0, ID);
  I->setMetadata(LLVMContext::MD_loop, ID);
}

// The subprogram of `F`, or null.
LLVMMetadataRef pp_subprogram(LLVMValueRef F) { return wrap(unwrap<Function>(F)->getSubprogram()); }

// The file of `F`'s subprogram and the MD5 checksum the front end recorded for it (DWARF 5,
// clang's default), as malloc'd strings; 0 when `F` has no debug info or no MD5 checksum.
int pp_source_checksum(LLVMValueRef F, char **File, char **MD5) {
  DISubprogram *SP = unwrap<Function>(F)->getSubprogram();
  if (!SP || !SP->getFile())
    return 0;
  auto Checksum = SP->getFile()->getChecksum();
  if (!Checksum || Checksum->Kind != DIFile::CSK_MD5)
    return 0;
  *File = strdup(SP->getFile()->getFilename().str().c_str());
  *MD5 = strdup(Checksum->Value.str().c_str());
  return 1;
}

int pp_function_is_declaration(LLVMValueRef F) { return unwrap<Function>(F)->isDeclaration(); }

unsigned pp_count_instructions(LLVMValueRef F) { return unwrap<Function>(F)->getInstructionCount(); }

// Removes `Phi`'s incoming value from `BB` (undoing an edge code generation added).
void pp_remove_incoming(LLVMValueRef Phi, LLVMBasicBlockRef BB) {
  if (auto *P = dyn_cast<PHINode>(unwrap(Phi)))
    if (P->getBasicBlockIndex(unwrap(BB)) >= 0)
      P->removeIncomingValue(unwrap(BB), /*DeletePHIIfEmpty=*/false);
}

// A new block on the edge `From -> To` (To's phis take it as their predecessor instead of From).
LLVMBasicBlockRef pp_split_edge(LLVMBasicBlockRef From, LLVMBasicBlockRef To) {
  return wrap(SplitEdge(unwrap(From), unwrap(To)));
}

// Undoes `pp_split_edge`: `From` branches to `To` again, and `Middle` is deleted.
void pp_unsplit_edge(LLVMBasicBlockRef From, LLVMBasicBlockRef Middle, LLVMBasicBlockRef To) {
  Instruction *Term = unwrap(From)->getTerminator();
  for (unsigned K = 0; K < Term->getNumSuccessors(); ++K)
    if (Term->getSuccessor(K) == unwrap(Middle))
      Term->setSuccessor(K, unwrap(To));
  unwrap(To)->replacePhiUsesWith(unwrap(Middle), unwrap(From));
  unwrap(Middle)->eraseFromParent();
}

} // extern "C"

// ---- Pass registration -----------------------------------------------------------------

namespace {

// Prints what the Rust side wrote.
void printAndFree(char *Out) {
  if (!Out)
    return;
  outs() << Out;
  outs().flush();
  polyprop_free_string(Out);
}

// `polyprop_run_function`'s result for a function left unchanged whose body was one SCoP.
constexpr int ModeledWhole = -2;

// Runs the pass `Mode` on `F` with its analyses and prints its output; returns 1 if the IR
// changed, 0 or ModeledWhole if not, -1 if the pass failed (see `polyprop_run_function`).
int runPolyprop(Function &F, FunctionAnalysisManager &FAM, const std::string &Mode,
                const std::string &Options, std::string *Captured = nullptr) {
  Analyses A{&F,
             &FAM.getResult<LoopAnalysis>(F),
             &FAM.getResult<ScalarEvolutionAnalysis>(F),
             &FAM.getResult<DominatorTreeAnalysis>(F),
             &FAM.getResult<PostDominatorTreeAnalysis>(F),
             &FAM.getResult<AAManager>(F)};
  char *Out = nullptr;
  int Result = polyprop_run_function(&A, wrap(&F), Mode.c_str(), Options.c_str(), &Out);
  if (Captured && Out) {
    *Captured = Out;
    polyprop_free_string(Out);
  } else {
    printAndFree(Out);
  }
  return Result;
}

// One function pass class serves every polyprop pass; `Mode` says which one it is.
struct PolypropFunctionPass : PassInfoMixin<PolypropFunctionPass> {
  std::string Mode;
  std::string Options;

  PolypropFunctionPass(std::string Mode, std::string Options)
      : Mode(std::move(Mode)), Options(std::move(Options)) {}

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration())
      return PreservedAnalyses::all();
    int Changed = runPolyprop(F, FAM, Mode, Options);
    return Changed > 0 ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }

  static bool isRequired() { return true; }
};

// The transform: a module pass, because code generation adds a function to the module.
// Functions it generated carry the attribute "polyprop-generated" and are skipped.
struct PolypropModulePass : PassInfoMixin<PolypropModulePass> {
  std::string Options;

  explicit PolypropModulePass(std::string Options) : Options(std::move(Options)) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    std::vector<Function *> Work;
    for (Function &F : M)
      if (!F.isDeclaration() && !F.hasFnAttribute("polyprop-generated"))
        Work.push_back(&F);
    bool Changed = false;
    for (Function *F : Work) {
      int Result = runPolyprop(*F, FAM, "polyprop", Options);
      if (Result > 0) {
        Changed = true;
        FAM.invalidate(*F, PreservedAnalyses::none());
      }
    }
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }

  static bool isRequired() { return true; }
};

extern const char *CanonicalizationPipeline;

// Whether F allocates a fresh array (`polyprop_is_allocator`'s list).
static bool isAllocator(const Function &F) { return polyprop_is_allocator(F.getName().str().c_str()); }

// Whether F has a loop (a back edge in its control flow).
static bool hasLoop(const Function &F) {
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> BackEdges;
  FindFunctionBackedges(F, BackEdges);
  return !BackEdges.empty();
}

// Inlines the stage functions a function calls outside its loops, before the transform
// canonicalizes its copy (`PolypropEntryPass`; printers leave functions as they are).
struct InlineStagesPass : PassInfoMixin<InlineStagesPass> {
  // A stage function: a definition that cannot be replaced at link time (`static`, or
  // external in a non-PIC build, or a C++ inline function), called in this module only
  // directly and at most MaxStageCalls times, with loops, small enough
  // (MaxStageInstructions), not recursive; called or invoked (a C++ function with
  // `std::vector` locals invokes its stages, whose unwinding destroys them). A pipeline
  // written as one function per stage (`hblur(w, h, in, t1); vblur(w, h, t1, t2);`) is one
  // SCoP only once its stages are inlined into the function that allocates the temporaries:
  // what -O3's inliner does to a function with few call sites.
  static constexpr unsigned MaxStageInstructions = 2000;
  static constexpr unsigned MaxStageCalls = 4;

  static bool isStageCall(const CallBase &CB) {
    const Function *Callee = CB.getCalledFunction();
    if (!Callee || isa<CallBrInst>(CB) || Callee == CB.getFunction() || Callee->isDeclaration() ||
        Callee->isInterposable() || Callee->isVarArg() || Callee->hasFnAttribute(Attribute::NoInline) ||
        Callee->getFunctionType() != CB.getFunctionType() || Callee->getInstructionCount() > MaxStageInstructions)
      return false;
    unsigned Calls = 0;
    for (const User *U : Callee->users()) {
      const auto *Call = dyn_cast<CallBase>(U);
      if (!Call || Call->getCalledFunction() != Callee || ++Calls > MaxStageCalls)
        return false;
    }
    for (const Instruction &I : instructions(*Callee))
      if (const auto *Inner = dyn_cast<CallBase>(&I))
        if (Inner->getCalledFunction() == Callee)
          return false;
    return hasLoop(*Callee);
  }

  // Inlines the stage calls of F (one level: a stage's own stages stay calls), those inside
  // its loops too: a time loop that calls its stages at each step (`for (s = 0; s < steps;
  // s++) { blur_x(img, tmp); blur_y(tmp, out); swap(img, out); }`) is a sequence of nests per
  // step once they are inlined. A stage has loops (`isStageCall`); a function without them
  // called per element is a helper, which stays a call.
  static bool inlineStages(Function &F) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (isStageCall(*CB))
          Calls.push_back(CB);
    bool Inlined = false;
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      Inlined |= InlineFunction(*CB, IFI).isSuccess();
    }
    return Inlined;
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    return inlineStages(F) ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
};

// ---- Parallel loops of the source (`#pragma omp parallel for`) ---------------------------

// clang outlines the body of a `#pragma omp parallel for` into a function that
// `__kmpc_fork_call` runs on each thread of a team; each thread asks
// `__kmpc_for_static_init_*` for its chunk of the iterations and runs it. In a team of one
// thread the chunk is every iteration, in order: the sequential loop, which the model must
// see in the function that allocates the temporaries (PolyMage's code, compiled with
// -fopenmp). Where the outlined function makes no OpenMP call but one static-schedule
// `__kmpc_for_static_init_*` (schedule 34, increment 1) and its `__kmpc_for_static_fini`,
// the fork call becomes that function with the runtime emulated for one thread (bounds
// kept, `*plastiter` set where there is an iteration, the stride the whole range), inlined.
// A loop free of races computes the same run in one thread; the generated code runs its
// own parallel loops (`-fopenmp`), and behind the run-time check the function as it was
// (`fallBackToSource`). Reductions, other schedules, barriers, `omp_*` calls and nested
// teams leave the fork call, which the model rejects.
static Optional<bool> staticInitIsUnsigned(const CallBase &Init) {
  StringRef Name = Init.getCalledFunction() ? Init.getCalledFunction()->getName() : "";
  if (!Name.consume_front("__kmpc_for_static_init_") || !(Name == "4" || Name == "4u" || Name == "8" || Name == "8u"))
    return None;
  auto *Schedule = dyn_cast<ConstantInt>(Init.getArgOperand(2));
  auto *Increment = dyn_cast<ConstantInt>(Init.getArgOperand(7));
  if (!Schedule || Schedule->getZExtValue() != 34 || !Increment || !Increment->isOne())
    return None;
  return Name.endswith("u");
}

// The runtime calls of an outlined static loop.
struct StaticLoopCalls {
  CallBase *Init;
  bool Unsigned;
  SmallVector<CallBase *, 2> Fini;
};

// The outlined function's one `__kmpc_for_static_init_*` call and its `fini` calls, where it
// makes no other OpenMP call.
static Optional<StaticLoopCalls> staticLoopCalls(Function &Outlined) {
  StaticLoopCalls Calls{nullptr, false, {}};
  for (Instruction &I : instructions(Outlined)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    Function *Callee = Call->getCalledFunction();
    StringRef Name = Callee ? Callee->getName() : "";
    Optional<bool> Unsigned;
    if (Name == "__kmpc_for_static_fini") {
      Calls.Fini.push_back(Call);
    } else if (!Calls.Init && (Unsigned = staticInitIsUnsigned(*Call))) {
      Calls.Init = Call;
      Calls.Unsigned = *Unsigned;
    } else if (!Callee || Name.startswith("__kmpc_") || Name.startswith("omp_")) {
      return None;
    }
  }
  if (!Calls.Init || Calls.Fini.empty())
    return None;
  return Calls;
}

// `Init` replaced by what the runtime does for a team of one thread.
static void emulateStaticInit(CallBase *Init, bool Unsigned) {
  IRBuilder<> B(Init);
  Value *LowerAt = Init->getArgOperand(4), *UpperAt = Init->getArgOperand(5);
  Type *Iv = LowerAt->getType()->getPointerElementType();
  Value *Lower = B.CreateLoad(Iv, LowerAt), *Upper = B.CreateLoad(Iv, UpperAt);
  Value *Any = Unsigned ? B.CreateICmpULE(Lower, Upper) : B.CreateICmpSLE(Lower, Upper);
  B.CreateStore(B.CreateZExt(Any, B.getInt32Ty()), Init->getArgOperand(3));
  B.CreateStore(B.CreateAdd(B.CreateSub(Upper, Lower), ConstantInt::get(Iv, 1)), Init->getArgOperand(6));
  Init->eraseFromParent();
}

// Replaces `Fork` by its outlined loop run in one thread, inlined; whether it did.
static bool sequentialParallelLoop(CallBase *Fork) {
  auto *Outlined = dyn_cast<Function>(Fork->getArgOperand(2)->stripPointerCasts());
  if (!Outlined || Outlined->isDeclaration() || Outlined->isVarArg() || Fork->arg_size() < 3 ||
      Outlined->arg_size() != Fork->arg_size() - 1)
    return false;
  Optional<StaticLoopCalls> Calls = staticLoopCalls(*Outlined);
  if (!Calls)
    return false;
  FunctionType *Type = Outlined->getFunctionType();
  for (unsigned K = 3; K < Fork->arg_size(); ++K)
    if (Fork->getArgOperand(K)->getType() != Type->getParamType(K - 1))
      return false;
  ValueToValueMapTy VMap;
  Function *Sequential = CloneFunction(Outlined, VMap);
  Sequential->setName(Outlined->getName() + ".polyprop.sequential");
  Sequential->setLinkage(GlobalValue::InternalLinkage);
  emulateStaticInit(cast<CallBase>(VMap[Calls->Init]), Calls->Unsigned);
  for (CallBase *Fini : Calls->Fini)
    cast<CallBase>(VMap[Fini])->eraseFromParent();
  Function &Caller = *Fork->getFunction();
  IRBuilder<> Entry(&*Caller.getEntryBlock().getFirstInsertionPt());
  SmallVector<Value *, 8> Args;
  for (const char *Name : {"polyprop.omp.gtid", "polyprop.omp.btid"}) {
    AllocaInst *Id = Entry.CreateAlloca(Entry.getInt32Ty(), nullptr, Name);
    Entry.CreateStore(Entry.getInt32(0), Id);
    Args.push_back(Id);
  }
  for (unsigned K = 3; K < Fork->arg_size(); ++K)
    Args.push_back(Fork->getArgOperand(K));
  CallInst *Call = CallInst::Create(Type, Sequential, Args, "", Fork);
  Call->setDebugLoc(Fork->getDebugLoc());
  Fork->eraseFromParent();
  InlineFunctionInfo IFI;
  bool Inlined = InlineFunction(*Call, IFI).isSuccess();
  if (Inlined && Sequential->use_empty())
    Sequential->eraseFromParent();
  return true;
}

struct SequentialParallelLoopsPass : PassInfoMixin<SequentialParallelLoopsPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    SmallVector<CallBase *, 8> Forks;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (Call->getCalledFunction() && Call->getCalledFunction()->getName() == "__kmpc_fork_call")
          Forks.push_back(Call);
    bool Changed = false;
    for (CallBase *Fork : Forks)
      Changed |= sequentialParallelLoop(Fork);
    if (Changed)
      F.addFnAttr(SequentialMark);
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
  // Marks a function whose source's parallel loops run in one thread (`fallBackToSource`).
  static constexpr const char *SequentialMark = "polyprop-sequential-omp";
};

// Where the copy ran the source's parallel loops in one thread and was versioned whole (a
// run-time check now before `OldEntry`, its entry when it was transformed), the code behind
// the check becomes a call of `Source`, the function as it was: where the check fails, the
// source's loops run on their threads, as without the plugin. `Source` stays, internal.
static bool fallBackToSource(Function &Copy, BasicBlock *OldEntry, Function &Source) {
  if (&Copy.getEntryBlock() == OldEntry || OldEntry->getParent() != &Copy || pred_empty(OldEntry))
    return false;
  BasicBlock *Call = BasicBlock::Create(Copy.getContext(), "polyprop.parallel.source", &Copy);
  IRBuilder<> B(Call);
  SmallVector<Value *, 8> Args;
  for (Argument &A : Copy.args())
    Args.push_back(&A);
  CallInst *Result = B.CreateCall(Source.getFunctionType(), &Source, Args);
  if (DISubprogram *SP = Copy.getSubprogram())
    Result->setDebugLoc(DILocation::get(Copy.getContext(), SP->getLine(), 0, SP));
  if (Copy.getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Result);
  SmallVector<BasicBlock *, 4> Checks(predecessors(OldEntry));
  for (BasicBlock *Check : Checks)
    Check->getTerminator()->replaceSuccessorWith(OldEntry, Call);
  removeUnreachableBlocks(Copy);
  Source.setLinkage(GlobalValue::InternalLinkage);
  Source.setComdat(nullptr);
  Source.removeFnAttr(SequentialParallelLoopsPass::SequentialMark);
  return true;
}

// Gives the header of each loop that ends in the guard of an inner nest a block of its own
// for that branch: a sequence of nests inside the loop (`for (r = 0; r < reps; r++) { t =
// malloc(...); stages; free(t); }`, a time loop whose steps swap two grids by pointer, the
// loop calling other code) starts at the guard, and its run-time check goes before it, after
// the header's phis. Exact: the header falls through to the branch. Only for a function the
// transform rejected as it was (PolypropEntryPass): the split changes what scalar evolution
// proves about the other loops, and so the models of functions transformed whole.
static bool splitInnerGuards(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<BranchInst *, 4> Guards;
  for (Loop *L : LI.getLoopsInPreorder()) {
    auto *Br = dyn_cast<BranchInst>(L->getHeader()->getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    for (Loop *Sub : L->getSubLoops())
      if (is_contained(Br->successors(), Sub->getLoopPreheader())) {
        Guards.push_back(Br);
        break;
      }
  }
  for (BranchInst *Guard : Guards)
    Guard->getParent()->splitBasicBlock(Guard, "polyprop.inner.guard");
  return !Guards.empty();
}

// Gives each block inside a loop whose phis merge different values from a loop's exit and
// from elsewhere (`change` after `for (...) change = max(change, d)`, 0 where its guard skips
// the loop) a block of its own for those phis, after which the block takes each of them
// through a phi of one value: a sequence of nests inside the loop (the steps of a time loop
// whose exit tests `change < tol`) then ends before that block, with the merge inside it and
// one value handed back per phi. Exact; only for a function the transform rejected with its
// loop headers split (see splitInnerGuards).
static bool splitExitMerges(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<BasicBlock *, 4> Merges;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    if (!L || LI.isLoopHeader(&BB) || !BB.hasNPredecessors(2) || none_of(BB.phis(), [](PHINode &Phi) { return !Phi.hasConstantOrUndefValue(); }))
      continue;
    // A predecessor in a loop inside L, or the dedicated exit block of one.
    auto leavesInner = [&](BasicBlock *P) {
      for (BasicBlock *B : {P, P->getSinglePredecessor()})
        if (Loop *Inner = B ? LI.getLoopFor(B) : nullptr; Inner && Inner != L && L->contains(Inner))
          return true;
      return false;
    };
    if (any_of(predecessors(&BB), leavesInner))
      Merges.push_back(&BB);
  }
  for (BasicBlock *BB : Merges) {
    BasicBlock *Rest = BB->splitBasicBlock(BB->getFirstNonPHI(), "polyprop.after.merge");
    for (PHINode &Phi : BB->phis()) {
      PHINode *One = PHINode::Create(Phi.getType(), 1, Phi.getName() + ".merged", &Rest->front());
      One->addIncoming(&Phi, BB);
      Phi.replaceUsesWithIf(One, [&](Use &U) { return U.getUser() != One && cast<Instruction>(U.getUser())->getParent() != BB; });
    }
  }
  return !Merges.empty();
}

// Gives each block of a loop with inner loops (not its header, not in an inner loop) that has
// phis and ends in a conditional branch a block of its own for those phis: a sequence of
// nests that starts at that branch then takes them for values from before it. A
// `std::vector` made at each iteration of a time loop merges its storage with the null
// pointer of `n == 0` there, and the guards of its fill loop and of the steps follow. Exact;
// only for a function still rejected with the two splits above.
static bool splitPhisBeforeNests(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<BasicBlock *, 4> Blocks;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (L && !L->getSubLoops().empty() && !LI.isLoopHeader(&BB) && isa<PHINode>(BB.front()) && Br && Br->isConditional())
      Blocks.push_back(&BB);
  }
  for (BasicBlock *BB : Blocks)
    BB->splitBasicBlock(BB->getFirstNonPHI(), "polyprop.after.phis");
  return !Blocks.empty();
}

// Moves each pointer load of a loop with inner loops (outside them) from an address defined
// before the loop, where nothing the iteration runs before it writes there (its clobber in
// MemorySSA is the memory phi of the loop's header) and where the address may be loaded
// unconditionally, to the loop's header after its phis; loads of one address become the
// first. Two `std::vector`s swapped whole at each step of a time loop (`std::swap(a, b)`) have
// their data pointers reloaded in the preheader of each nest, inside the sequence of nests;
// loaded in the header, they are values from before it, one per step. Exact; only for a
// function still rejected with the three splits above.
static bool hoistPointerLoads(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  MemorySSA &MSSA = FAM.getResult<MemorySSAAnalysis>(F).getMSSA();
  const DataLayout &DL = F.getParent()->getDataLayout();
  SmallVector<std::pair<LoadInst *, BasicBlock *>, 8> Moves;
  for (Loop *L : LI.getLoopsInPreorder()) {
    MemoryPhi *Entry = MSSA.getMemoryAccess(L->getHeader());
    if (L->getSubLoops().empty() || !Entry)
      continue;
    Instruction *At = &*L->getHeader()->getFirstInsertionPt();
    for (BasicBlock *BB : L->blocks()) {
      if (LI.getLoopFor(BB) != L)
        continue;
      for (Instruction &I : *BB) {
        auto *Load = dyn_cast<LoadInst>(&I);
        if (Load && Load->isSimple() && Load->getType()->isPointerTy() && L->isLoopInvariant(Load->getPointerOperand()) &&
            MSSA.getWalker()->getClobberingMemoryAccess(Load) == Entry &&
            isSafeToLoadUnconditionally(Load->getPointerOperand(), Load->getType(), Load->getAlign(), DL, At, &DT))
          Moves.push_back({Load, L->getHeader()});
      }
    }
  }
  DenseMap<std::pair<BasicBlock *, Value *>, LoadInst *> First;
  SmallSetVector<BasicBlock *, 4> Headers;
  for (auto [Load, Header] : Moves) {
    Headers.insert(Header);
    auto [It, New] = First.try_emplace({Header, Load->getPointerOperand()}, Load);
    if (New || It->second->getType() != Load->getType()) {
      Load->moveBefore(&*Header->getFirstInsertionPt());
      continue;
    }
    Load->replaceAllUsesWith(It->second);
    Load->eraseFromParent();
  }
  // The rest of the header a block of its own: a first nest without a guard starts there,
  // after the loads.
  for (BasicBlock *Header : Headers) {
    Instruction *Last = &*Header->getFirstInsertionPt();
    while (isa<LoadInst>(Last->getNextNode()))
      Last = Last->getNextNode();
    Header->splitBasicBlock(Last->getNextNode(), "polyprop.after.loads");
  }
  return !Moves.empty();
}

// The transform as clang runs it: on a copy of each function. The copy is canonicalized
// and transformed; if the transform succeeds, the copy replaces the function, otherwise the
// copy is dropped and the function stays exactly as the front end wrote it, so that loading
// the plugin changes no code it does not transform (issue 22: identical object code).
struct PolypropEntryPass : PassInfoMixin<PolypropEntryPass> {
  std::string Options;
  PassBuilder *PB;

  PolypropEntryPass(std::string Options, PassBuilder *PB) : Options(std::move(Options)), PB(PB) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    std::vector<Function *> Work;
    for (Function &F : M)
      if (!F.isDeclaration() && !F.hasFnAttribute("polyprop-generated"))
        Work.push_back(&F);
    bool Changed = false;
    for (Function *F : Work)
      Changed |= transformCopy(*F, FAM);
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }

  // Whether `F` may hold an array that the transform could remove: a call to an allocation
  // function (in `F`, or in a function it calls, which canonicalization may inline), or a
  // local array or aggregate. Without one, nothing is copied or canonicalized.
  static bool mayAllocate(const Function &F, bool LookIntoCallees = true) {
    for (const Instruction &I : instructions(F)) {
      if (const auto *A = dyn_cast<AllocaInst>(&I)) {
        Type *T = A->getAllocatedType();
        if (A->isArrayAllocation() || T->isArrayTy() || T->isStructTy() || T->isVectorTy())
          return true;
      } else if (const auto *C = dyn_cast<CallBase>(&I)) {
        const Function *Callee = C->getCalledFunction();
        if (!Callee)
          continue;
        if (isAllocator(*Callee))
          return true;
        if (LookIntoCallees && !Callee->isDeclaration() && Callee != &F && mayAllocate(*Callee, false))
          return true;
      }
    }
    return false;
  }

  // `Output` with its `polyprop-time:` lines (print=time) labeled with the try that measured
  // them, `polyprop-time: function F, D (try 2, loop headers split): ...`; with `TimesOnly`,
  // those lines alone.
  static std::string labelTimes(StringRef Output, int Try, const char *Form, bool TimesOnly) {
    static const StringRef Prefix = "polyprop-time: ";
    std::string Labeled;
    while (!Output.empty()) {
      auto [Line, Rest] = Output.split('\n');
      if (Line.startswith(Prefix)) {
        size_t End = std::min(Line.find(": ", Prefix.size()), Line.size());
        Labeled += (Line.take_front(End) + " (try " + Twine(Try) + ", " + Form + ")" + Line.drop_front(End) + "\n").str();
      } else if (!TimesOnly) {
        Labeled += (Line + "\n").str();
      }
      Output = Rest;
    }
    return Labeled;
  }

  // Returns whether the copy of `F` replaced it.
  bool transformCopy(Function &F, FunctionAnalysisManager &FAM) {
    if (polyprop_options_skip_unallocating(Options.c_str()) && !mayAllocate(F)) {
      printAndFree(polyprop_nothing_allocated(wrap(&F), Options.c_str()));
      return false;
    }
    FunctionPassManager Canonicalize;
    Canonicalize.addPass(SequentialParallelLoopsPass());
    Canonicalize.addPass(InlineStagesPass());
    if (errorToBool(PB->parsePassPipeline(Canonicalize, CanonicalizationPipeline)))
      return false;
    ValueToValueMapTy VMap;
    Function *Copy = CloneFunction(&F, VMap);
    Copy->setComdat(F.getComdat());
    // The copy takes the name while it is transformed: code generation names the new
    // function after it, and the printers name it.
    std::string Name = F.getName().str();
    F.setName(Name + ".polyprop.source");
    Copy->setName(Name);
    // Canonicalization may raise the alignment of globals the copy accesses (instcombine
    // enforces known alignment): a module-level change to undo if the copy is dropped.
    std::vector<std::pair<GlobalVariable *, MaybeAlign>> Alignments;
    for (GlobalVariable &G : F.getParent()->globals())
      Alignments.push_back({&G, G.getAlign()});
    Canonicalize.run(*Copy, FAM);
    std::string Output;
    // The copy's entry as the transform sees it (`fallBackToSource`).
    BasicBlock *Entry = &Copy->getEntryBlock();
    int Result = runPolyprop(*Copy, FAM, "polyprop", Options, &Output);
    // A rejected copy is tried again with loop headers split, then also with the merges after
    // inner nests split, then also with the phis before them, last with pointer loads moved
    // to loop headers: each longer sequence of nests that a split allows is tried first, and
    // one rejected for another reason would hide the shorter one. A body modeled whole has
    // no longer sequence to gain (each try would model and schedule it again).
    // The tries after the first, in order, each with the form of the copy it leaves (splits
    // accumulate: each try has the splits of the tries before it). print=time keeps every
    // try's times, labeled (each try costs compile time); print=transform and the other
    // printers tell the last try's outcome.
    const std::pair<bool (*)(Function &, FunctionAnalysisManager &), const char *> Retries[] = {
        {splitInnerGuards, "loop headers split"},
        {splitExitMerges, "exit merges split"},
        {splitPhisBeforeNests, "phis before nests split"},
        {hoistPointerLoads, "pointer loads hoisted"},
    };
    std::string Times;
    const char *Form = "as canonicalized";
    int Try = 1;
    for (auto [Retry, Split] : Retries) {
      if (Result > 0 || Result == ModeledWhole || !Retry(*Copy, FAM))
        continue;
      FAM.invalidate(*Copy, PreservedAnalyses::none());
      Times += labelTimes(Output, Try++, Form, true);
      Form = Split;
      Output.clear();
      Entry = &Copy->getEntryBlock();
      Result = runPolyprop(*Copy, FAM, "polyprop", Options, &Output);
    }
    if (!Times.empty())
      Output = Times + labelTimes(Output, Try, Form, false);
    outs() << Output;
    outs().flush();
    Function *Drop = Result > 0 ? &F : Copy;
    Function *Keep = Result > 0 ? Copy : &F;
    FAM.clear(*Drop, Drop->getName());
    if (Result > 0)
      F.replaceAllUsesWith(Copy);
    bool Sequential = Copy->hasFnAttribute(SequentialParallelLoopsPass::SequentialMark);
    Copy->removeFnAttr(SequentialParallelLoopsPass::SequentialMark);
    if (Result > 0 && Sequential && fallBackToSource(*Copy, Entry, F))
      FAM.invalidate(*Copy, PreservedAnalyses::none());
    else
      Drop->eraseFromParent();
    Keep->setName(Name);
    if (Result <= 0)
      for (auto &[G, Align] : Alignments)
        G->setAlignment(Align);
    return Result > 0;
  }

  static bool isRequired() { return true; }
};

// Inlines small helper functions (`clamp`, `idx`, `max3`) into functions with loops, before
// the rest of canonicalization: at clang's pipeline start the inliner has not run yet, and a
// call to a helper would otherwise reject the loops around it. A helper is a definition that
// cannot be replaced at link time, small, and calling only declarations (math functions,
// intrinsics) or helpers themselves, at most MaxHelperDepth deep: C++'s `clamp` written with
// `std::min` and `std::max` (linkonce_odr definitions taking references) is one. A helper has
// no loop, except where the call itself is inside a loop: a distance or a dot product over a
// row (`distance2(p[i], c[k], n)`), a convolution's taps, whose loop then nests in the
// caller's, as the model needs (the helper's own calls stay loop-free helpers). What -O3's
// inliner would inline anyway; and the copy of the function that canonicalization works on
// replaces the function only where it is transformed.
struct InlineHelpersPass : PassInfoMixin<InlineHelpersPass> {
  static constexpr unsigned MaxHelperInstructions = 64;
  static constexpr unsigned MaxHelperDepth = 3;
  // The standard library's inline functions nest deeper: `std::vector<float> t(n)` reaches
  // `operator new` through six calls and its zero fill through seven.
  static constexpr unsigned MaxLibraryDepth = 12;

  // The function a call calls, also through a cast of the callee: a C++ destructor that is an
  // alias of its base's (`~allocator` calls `~__new_allocator` with another `this` type).
  static Function *calledFunction(const CallBase &CB) {
    return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
  }

  // An inline function of the C++ standard library (libstdc++'s namespaces `std` and
  // `__gnu_cxx`): one definition in every translation unit, which -O3's inliner inlines.
  static bool isLibraryFunction(const Function &F) {
    if (!F.hasLinkOnceODRLinkage())
      return false;
    StringRef Name = F.getName();
    return Name.startswith("_ZNSt") || Name.startswith("_ZNKSt") || Name.startswith("_ZSt") ||
           Name.startswith("_ZNSa") || Name.startswith("_ZN9__gnu_cxx") || Name.startswith("_ZNK9__gnu_cxx");
  }

  // A call that inlining may leave in place: to a declaration (libm, `operator new`) or to a
  // function that does not return (C++'s `__clang_call_terminate`, which is `noinline`).
  static bool isLeafCall(const CallBase &CB) {
    const Function *Callee = calledFunction(CB);
    return Callee && (Callee->isDeclaration() || Callee->doesNotReturn());
  }

  // Depth counts the levels of calls below that isHelperFunction may still inline; a helper
  // of ours (not the library's) only in the first MaxHelperDepth of MaxLibraryDepth levels.
  // The functions whose bodies isHelperFunction is looking at, outermost first: a call back
  // into one of them is recursion, which inlining cannot finish (and a chain of them twelve
  // levels deep could be looked at exponentially often).
  using Path = SmallPtrSet<const Function *, 16>;

  static bool isHelperCall(const CallBase &CB, unsigned Depth, bool InLoop) {
    Path Looking;
    Looking.insert(CB.getFunction());
    return isHelperCall(CB, Depth, InLoop, Looking);
  }

  static bool isHelperCall(const CallBase &CB, unsigned Depth, bool InLoop, Path &Looking) {
    const Function *Callee = calledFunction(CB);
    // An invoke too: in C++, a function with a local `std::vector` invokes its helpers (the
    // vector's destructor must run if one throws); inlining keeps the unwind edge.
    return Callee && (isa<CallInst>(CB) || isa<InvokeInst>(CB)) &&
           (Callee->getFunctionType() == CB.getFunctionType() || isLegalToPromote(CB, const_cast<Function *>(Callee))) &&
           !Looking.contains(Callee) && isHelperFunction(*Callee, Depth, InLoop, Looking);
  }

  // A function that cannot be called from elsewhere, called from one place: -O3's inliner
  // inlines it whatever its size (its bonus for the last call to a static function), so a
  // helper of a hundred multiply-adds called once is a helper too. The original of a function
  // whose copy is being transformed (`.polyprop.source`) calls it as well, and does not count.
  static bool isCalledOnce(const Function &Callee) {
    if (!Callee.hasLocalLinkage())
      return false;
    unsigned Calls = 0;
    for (const User *U : Callee.users()) {
      const auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledOperand() != &Callee)
        return false;
      if (!CB->getFunction()->getName().endswith(".polyprop.source"))
        ++Calls;
    }
    return Calls == 1;
  }

  static bool isHelperFunction(const Function &Callee, unsigned Depth, bool LoopsAllowed, Path &Looking) {
    bool Library = isLibraryFunction(Callee);
    if (Depth == 0 || (!Library && Depth + MaxHelperDepth <= MaxLibraryDepth) || Callee.isDeclaration() ||
        Callee.isInterposable() || Callee.isVarArg() || Callee.hasFnAttribute(Attribute::NoInline))
      return false;
    Looking.insert(&Callee);
    auto Done = make_scope_exit([&] { Looking.erase(&Callee); });
    unsigned Count = 0;
    bool AnySize = isCalledOnce(Callee);
    for (const BasicBlock &BB : Callee) {
      for (const Instruction &I : BB) {
        if (++Count > MaxHelperInstructions && !AnySize)
          return false;
        if (const auto *Call = dyn_cast<CallBase>(&I))
          if (!isLeafCall(*Call) && !isHelperCall(*Call, Depth - 1, Library, Looking))
            return false;
      }
    }
    // The library's loops (a vector's zero fill) are as the source wrote them, in a library.
    if (LoopsAllowed || Library)
      return true;
    return !hasLoop(Callee);
  }

  // Inlines the helper calls of F, then the helper calls that inlining brought in, and so on:
  // at most MaxLibraryDepth rounds, as deep as isHelperFunction looked.
  static bool inlineHelpers(Function &F) {
    bool Changed = false;
    for (unsigned Round = 0; Round < MaxLibraryDepth; ++Round) {
      // The loops of F as it is now: each round's inlining adds blocks.
      DominatorTree DT(F);
      LoopInfo LI(DT);
      SmallVector<CallBase *, 8> Calls;
      for (Instruction &I : instructions(F))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (isHelperCall(*CB, MaxLibraryDepth - Round, LI.getLoopFor(CB->getParent()) != nullptr))
            Calls.push_back(CB);
      bool Inlined = false;
      for (CallBase *CB : Calls) {
        Function *Callee = calledFunction(*CB);
        CallBase *Direct = Callee->getFunctionType() == CB->getFunctionType() ? CB : &promoteCall(*CB, Callee);
        InlineFunctionInfo IFI;
        Inlined |= InlineFunction(*Direct, IFI).isSuccess();
      }
      Changed |= Inlined;
      if (!Inlined)
        break;
    }
    return Changed;
  }

  // Whether a function provably reads and writes no memory but its own stack, throws nothing
  // and returns (`readnone nounwind willreturn`, what -O3's function-attrs pass infers later):
  // no loop, every load and store to an alloca of its own, and calls only to functions of the
  // same kind (intrinsics and libm declarations that carry the attributes, or definitions,
  // MaxHelperDepth deep). A helper too large to inline, called from several places.
  static bool isMemoryless(const Function &Callee, unsigned Depth) {
    if (Callee.doesNotAccessMemory() && Callee.doesNotThrow() && Callee.willReturn())
      return true;
    if (Depth == 0 || Callee.isDeclaration() || Callee.isInterposable() || Callee.isVarArg())
      return false;
    auto Local = [](const Value *Pointer) { return isa<AllocaInst>(getUnderlyingObject(Pointer)); };
    for (const Instruction &I : instructions(Callee)) {
      if (const auto *Load = dyn_cast<LoadInst>(&I)) {
        if (Load->isVolatile() || !Local(Load->getPointerOperand()))
          return false;
      } else if (const auto *Store = dyn_cast<StoreInst>(&I)) {
        if (Store->isVolatile() || !Local(Store->getPointerOperand()))
          return false;
      } else if (const auto *Call = dyn_cast<CallBase>(&I)) {
        if (isa<DbgInfoIntrinsic>(Call) || Call->isLifetimeStartOrEnd())
          continue;
        const Function *Called = calledFunction(*Call);
        if (!isa<CallInst>(Call) || !Called || Called == &Callee || !isMemoryless(*Called, Depth - 1))
          return false;
      } else if (I.mayReadOrWriteMemory() || I.mayThrow()) {
        return false;
      }
    }
    return !hasLoop(Callee);
  }

  // The calls of F left after inlining to memoryless functions (`isMemoryless`) get the
  // attributes that make them operations of a statement, as `__attribute__((const))` ones are
  // (`statements::is_pure_call`); on the call, so that nothing outside F changes.
  static bool markMemorylessCalls(Function &F) {
    bool Changed = false;
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallInst>(&I);
      const Function *Callee = Call ? calledFunction(*Call) : nullptr;
      if (!Callee || Callee->isDeclaration() || Call->doesNotAccessMemory() || !isMemoryless(*Callee, MaxHelperDepth))
        continue;
      Call->addFnAttr(Attribute::ReadNone);
      Call->addFnAttr(Attribute::NoUnwind);
      Call->addFnAttr(Attribute::WillReturn);
      Changed = true;
    }
    return Changed;
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    if (AM.getResult<LoopAnalysis>(F).empty())
      return PreservedAnalyses::all();
    bool Inlined = inlineHelpers(F);
    bool Marked = markMemorylessCalls(F);
    return Inlined || Marked ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
};

// Rewrites `(x & 2^k) == 0` as `trunc(x to i(k+1)) >= 0` (and `!= 0` as `< 0`) for k + 1 of
// 8, 16 or 32: bit k of x is the sign of its low k+1 bits. instcombine writes the exit test of `for (int i = n - 1; i >= 0;
// i--)` over a counter widened to 64 bits as such a mask; scalar evolution reads the mask as an
// unsigned division of x, which needs x >= 0 on every iteration, the exiting one (x = -1)
// included: an assumption that fails for every n. The truncation is affine where x fits in
// k+1 signed bits, which the counter does. Exact for every x.
struct SignBitTestsPass : PassInfoMixin<SignBitTestsPass> {
  // Whether bit Bits - 1 of a Width-bit value is the sign of a narrower C integer type. A low
  // bit stays a mask: `(i & 1) == 0` is a parity the model reads as `i mod 2`.
  static bool isNarrowSign(unsigned Bits, unsigned Width) {
    return (Bits == 8 || Bits == 16 || Bits == 32) && Bits < Width;
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    using namespace PatternMatch;
    SmallVector<std::pair<ICmpInst *, unsigned>, 4> Tests;
    for (Instruction &I : instructions(F)) {
      auto *Cmp = dyn_cast<ICmpInst>(&I);
      const APInt *Mask;
      Value *X;
      if (Cmp && Cmp->isEquality() && match(Cmp->getOperand(1), m_Zero()) &&
          match(Cmp->getOperand(0), m_And(m_Value(X), m_APInt(Mask))) && Mask->isPowerOf2() &&
          isNarrowSign(Mask->logBase2() + 1, Mask->getBitWidth()))
        Tests.push_back({Cmp, Mask->logBase2() + 1});
    }
    for (auto [Cmp, Bits] : Tests) {
      IRBuilder<> B(Cmp);
      auto *Masked = cast<BinaryOperator>(Cmp->getOperand(0));
      Value *X = Masked->getOperand(0);
      Value *Low = B.CreateTrunc(X, B.getIntNTy(Bits), X->getName() + ".low");
      Value *Zero = ConstantInt::get(Low->getType(), 0);
      Value *Sign = Cmp->getPredicate() == ICmpInst::ICMP_EQ ? B.CreateICmpSGE(Low, Zero) : B.CreateICmpSLT(Low, Zero);
      Sign->takeName(Cmp);
      Cmp->replaceAllUsesWith(Sign);
      Cmp->eraseFromParent();
      if (Masked->use_empty())
        Masked->eraseFromParent();
    }
    return Tests.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

// Splits a load from `select c, p, q` (or from a GEP over such a select, or from a GEP whose
// index arithmetic holds one such select of integers) into a branch on `c` with one load on
// each side, before modeling. `out[i] = c[i] ? h[i] : v[i]` reaches
// the pass as one load from `select(c[i] < k, h, v) + i`: instcombine merges the two loads
// of clang's branches into one from a phi of addresses, simplifycfg makes the phi a select.
// A base address chosen inside the region is no array; the branch form is two accesses and a
// hammock, which the model reads as a select (its sides evaluated lazily, as the source).
// Exact: the same load is made on the taken side.
struct SplitSelectLoadsPass : PassInfoMixin<SplitSelectLoadsPass> {
  // The select choosing the address of `L`, and the GEP over it if there is one.
  static std::pair<SelectInst *, GetElementPtrInst *> chosenAddress(LoadInst &L) {
    Value *Address = L.getPointerOperand();
    if (auto *S = dyn_cast<SelectInst>(Address))
      return {S, nullptr};
    auto *G = dyn_cast<GetElementPtrInst>(Address);
    if (G && isa<SelectInst>(G->getPointerOperand()))
      return {cast<SelectInst>(G->getPointerOperand()), G};
    return {nullptr, nullptr};
  }

  // The one select of integers in the index arithmetic of the single-index GEP `L` loads
  // from, within `MaxIndexDepth` operations: `in[(y == 0 ? 0 : (y - 1) * w) + x]`, instcombine's
  // form of `y == 0 ? in[x] : in[(y - 1) * w + x]`. Null when there is none or several.
  static constexpr unsigned MaxIndexDepth = 4;
  static SelectInst *chosenIndex(LoadInst &L) {
    auto *G = dyn_cast<GetElementPtrInst>(L.getPointerOperand());
    if (!G || G->getNumIndices() != 1 || isa<SelectInst>(G->getPointerOperand()))
      return nullptr;
    SelectInst *Found = nullptr;
    unsigned Count = 0;
    std::function<void(Value *, unsigned)> Walk = [&](Value *V, unsigned Depth) {
      if (auto *S = dyn_cast<SelectInst>(V)) {
        // Only a select of rows: one side a product of two values, `(y - 1) * w`, whose SCEV
        // (a step of `w`) is no affine subscript. A select of columns or of row numbers
        // (`x == 0 ? 0 : x - 1`, a clamp) the model reads as it is.
        auto Rows = [](Value *Side) {
          auto *M = dyn_cast<BinaryOperator>(Side);
          return M && M->getOpcode() == Instruction::Mul && !isa<Constant>(M->getOperand(0)) && !isa<Constant>(M->getOperand(1));
        };
        bool OfRows = Rows(S->getTrueValue()) || Rows(S->getFalseValue());
        if (OfRows && S->getType()->isIntegerTy() && S->getCondition()->getType()->isIntegerTy(1) && Found != S) {
          Found = S;
          ++Count;
        }
        return;
      }
      auto *I = dyn_cast<Instruction>(V);
      if (!I || Depth == MaxIndexDepth || !(isa<BinaryOperator>(I) || isa<CastInst>(I)))
        return;
      for (Value *Op : I->operands())
        Walk(Op, Depth + 1);
    };
    Walk(G->getOperand(1), 0);
    return Count == 1 ? Found : nullptr;
  }

  // A copy of the index arithmetic `V` (down to `S`) with `S` replaced by `Side`, before `At`.
  static Value *indexOnSide(Value *V, SelectInst *S, Value *Side, Instruction *At, unsigned Depth = 0) {
    if (V == S)
      return Side;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth == MaxIndexDepth || !(isa<BinaryOperator>(I) || isa<CastInst>(I)))
      return V;
    Instruction *Copy = I->clone();
    for (unsigned K = 0; K < I->getNumOperands(); ++K)
      Copy->setOperand(K, indexOnSide(I->getOperand(K), S, Side, At, Depth + 1));
    Copy->insertBefore(At);
    return Copy;
  }

  // The load of `L` with its index computed from `Side` in place of the select `S`, before `At`.
  static LoadInst *sideIndexLoad(LoadInst &L, SelectInst *S, Value *Side, Instruction *At) {
    auto *G = cast<GetElementPtrInst>(L.getPointerOperand());
    auto *Address = cast<GetElementPtrInst>(G->clone());
    Address->setOperand(1, indexOnSide(G->getOperand(1), S, Side, At));
    Address->insertBefore(At);
    auto *Load = cast<LoadInst>(L.clone());
    Load->setOperand(LoadInst::getPointerOperandIndex(), Address);
    Load->insertBefore(At);
    return Load;
  }

  // `L` from an index chosen by a select, as a branch on its condition with one load each side.
  static void splitIndex(LoadInst &L, SelectInst *S) {
    Instruction *Then = nullptr, *Else = nullptr;
    auto *G = cast<GetElementPtrInst>(L.getPointerOperand());
    SplitBlockAndInsertIfThenElse(S->getCondition(), &L, &Then, &Else);
    joinSides(L, sideIndexLoad(L, S, S->getTrueValue(), Then), sideIndexLoad(L, S, S->getFalseValue(), Else));
    RecursivelyDeleteTriviallyDeadInstructions(G);
  }

  // Replaces `L` by the phi of `True` and `False`, its loads on the two sides of its branch.
  static void joinSides(LoadInst &L, LoadInst *True, LoadInst *False) {
    PHINode *Phi = PHINode::Create(L.getType(), 2, "", &L);
    Phi->addIncoming(True, True->getParent());
    Phi->addIncoming(False, False->getParent());
    Phi->setDebugLoc(L.getDebugLoc());
    L.replaceAllUsesWith(Phi);
    L.eraseFromParent();
  }

  // The load of `L` from `Base` (through a copy of `G` when there is one), before `At`.
  static LoadInst *sideLoad(LoadInst &L, Value *Base, GetElementPtrInst *G, Instruction *At) {
    Value *Address = Base;
    if (G) {
      auto *Copy = cast<GetElementPtrInst>(G->clone());
      Copy->setOperand(GetElementPtrInst::getPointerOperandIndex(), Base);
      Copy->insertBefore(At);
      Address = Copy;
    }
    auto *Side = cast<LoadInst>(L.clone());
    Side->setOperand(LoadInst::getPointerOperandIndex(), Address);
    Side->insertBefore(At);
    return Side;
  }

  static void split(LoadInst &L) {
    auto [S, G] = chosenAddress(L);
    Instruction *Then = nullptr, *Else = nullptr;
    SplitBlockAndInsertIfThenElse(S->getCondition(), &L, &Then, &Else);
    joinSides(L, sideLoad(L, S->getTrueValue(), G, Then), sideLoad(L, S->getFalseValue(), G, Else));
    if (G && G->use_empty())
      G->eraseFromParent();
    if (S->use_empty())
      S->eraseFromParent();
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    SmallVector<LoadInst *, 8> Loads;
    SmallVector<std::pair<LoadInst *, SelectInst *>, 8> Indexed;
    for (Instruction &I : instructions(F))
      if (auto *L = dyn_cast<LoadInst>(&I)) {
        SelectInst *S = chosenAddress(*L).first;
        if (L->isSimple() && S && S->getCondition()->getType()->isIntegerTy(1))
          Loads.push_back(L);
        else if (SelectInst *Index = L->isSimple() ? chosenIndex(*L) : nullptr)
          Indexed.push_back({L, Index});
      }
    for (LoadInst *L : Loads)
      split(*L);
    for (auto [L, S] : Indexed)
      splitIndex(*L, S);
    return Loads.empty() && Indexed.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

// Writes the end pointer of a `std::vector` constructed with `n` elements as `begin + n`.
// libstdc++'s fill leaves it as a phi of its paths: `begin` where n == 0 (no storage, begin
// null), `begin + 1` where n == 1 (filled without a loop), `begin + n` after the fill loop.
// As a phi, `v.size()` (`(end - begin) / 4`) and `p != v.end()` are no expression of `n`, so
// `v.at(i)` and iterator loops over the vector are rejected. Exact: each incoming value is
// `begin + c` with a constant c on an edge where `n` is that constant (lazy value info), or
// `begin + n` itself; one base and one `n` for all, defined before the phi.
struct FillEndPointersPass : PassInfoMixin<FillEndPointersPass> {
  // V as a base plus an offset in elements: a one-index inbounds gep, or the base itself.
  static std::pair<Value *, Value *> baseAndOffset(Value *V) {
    if (auto *G = dyn_cast<GetElementPtrInst>(V))
      if (G->isInBounds() && G->getNumIndices() == 1)
        return {G->getPointerOperand(), G->getOperand(1)};
    return {V, nullptr};
  }

  static Value *endPointer(PHINode &Phi, LazyValueInfo &LVI, DominatorTree &DT, Type *&Element) {
    Value *Base = nullptr, *Count = nullptr;
    for (Value *In : Phi.incoming_values()) {
      auto [B, Offset] = baseAndOffset(In);
      if (Base && B != Base)
        return nullptr;
      Base = B;
      if (Offset && !isa<ConstantInt>(Offset)) {
        if (Count && Count != Offset)
          return nullptr;
        Count = Offset;
      }
    }
    if (!Base || !Count || !DT.dominates(Base, &Phi) || !DT.dominates(Count, &Phi))
      return nullptr;
    for (unsigned K = 0; K < Phi.getNumIncomingValues(); K++) {
      Value *Offset = baseAndOffset(Phi.getIncomingValue(K)).second;
      if (Offset == Count)
        continue;
      uint64_t Constant = Offset ? cast<ConstantInt>(Offset)->getZExtValue() : 0;
      auto *Known = dyn_cast_or_null<ConstantInt>(LVI.getConstantOnEdge(Count, Phi.getIncomingBlock(K), Phi.getParent(), &Phi));
      if (!Known || Known->getZExtValue() != Constant)
        return nullptr;
    }
    Element = cast<PointerType>(Base->getType())->getElementType();
    return Count;
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    auto &LVI = AM.getResult<LazyValueAnalysis>(F);
    auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
    SmallVector<std::tuple<PHINode *, Value *, Type *>, 4> Ends;
    for (BasicBlock &BB : F)
      for (PHINode &Phi : BB.phis()) {
        Type *Element = nullptr;
        if (Phi.getType()->isPointerTy())
          if (Value *Count = endPointer(Phi, LVI, DT, Element))
            Ends.push_back({&Phi, Count, Element});
      }
    for (auto [Phi, Count, Element] : Ends) {
      IRBuilder<> B(Phi->getParent(), Phi->getParent()->getFirstInsertionPt());
      B.SetCurrentDebugLocation(Phi->getDebugLoc());
      Value *Base = baseAndOffset(Phi->getIncomingValue(0)).first;
      Phi->replaceAllUsesWith(B.CreateInBoundsGEP(Element, Base, Count, Phi->getName() + ".end"));
      Phi->eraseFromParent();
    }
    return Ends.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

// Gives a function whose first block ends in a conditional branch (the guard of its first
// loop nest, `if (h > 0)` after loop rotation) a block of its own for that branch. A sequence
// of loop nests starts at such a guard (Region::loop_sequence) and its run-time check goes
// before it, in a block outside; the function's first block has none before it. So a pipeline
// written in `main` after its sizes are read (`w = atoi(argv[1])`) is one sequence from its
// first stage. Exact: the first block falls through to the branch. Only where the first
// block calls something other than an allocation or an intrinsic (`strtol`): otherwise the
// function body can be the SCoP, and the block structure stays as it was (as Polly's
// detection and the generated code's fallback see it).
// The same for a guard after a store of a pointer (a C++ object built in place between the
// stages, as `Image out(w, h);` returned by value stores its vector's pointers into the
// caller's object): the model has no type for that value, so no SCoP holds the store, and a
// sequence of the nests after it starts at the guard, in the block after the store.
struct SplitEntryGuardPass : PassInfoMixin<SplitEntryGuardPass> {
  // The last store of a pointer in a block that ends in a conditional branch.
  static StoreInst *lastPointerStoreBeforeGuard(BasicBlock &BB) {
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional())
      return nullptr;
    StoreInst *Last = nullptr;
    for (Instruction &I : BB)
      if (auto *S = dyn_cast<StoreInst>(&I); S && S->getValueOperand()->getType()->isPointerTy())
        Last = S;
    return Last;
  }

  static bool callsOtherCode(const BasicBlock &BB) {
    for (const Instruction &I : BB)
      if (const auto *C = dyn_cast<CallBase>(&I)) {
        const Function *Callee = C->getCalledFunction();
        if (!Callee || (!Callee->isIntrinsic() && !isAllocator(*Callee)))
          return true;
      }
    return false;
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    if (F.isDeclaration())
      return PreservedAnalyses::all();
    SmallVector<BranchInst *, 4> Guards;
    BasicBlock &Entry = F.getEntryBlock();
    auto *Br = dyn_cast<BranchInst>(Entry.getTerminator());
    if (Br && Br->isConditional() && &Entry.front() != Br && callsOtherCode(Entry))
      Guards.push_back(Br);
    for (BranchInst *Guard : Guards)
      Guard->getParent()->splitBasicBlock(Guard, "polyprop.first.guard");
    SmallVector<StoreInst *, 4> Stores;
    for (BasicBlock &BB : F)
      if (StoreInst *S = lastPointerStoreBeforeGuard(BB))
        Stores.push_back(S);
    for (StoreInst *S : Stores)
      S->getParent()->splitBasicBlock(S->getNextNode(), "polyprop.guard");
    return Guards.empty() && Stores.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

// Turns `p = malloc(n); memset(p, 0, n)` into `p = calloc(n, 1)` before modeling. C clears a
// temporary with memset where it could have asked calloc; the model knows calloc's zeros
// (propagation's zero_initialized.rs) but a memset is a call that writes memory, a reject
// reason. Exact: only a memset of zeros over the same size value, in the malloc's block, with
// nothing between them using the pointer (a fresh allocation is touched only through it);
// `free` takes calloc's memory as it took malloc's. C++'s `new[]` stays: `delete[]` of calloc's
// memory would be undefined.
struct ZeroedAllocationsPass : PassInfoMixin<ZeroedAllocationsPass> {
  static CallInst *clearedMalloc(MemSetInst &M) {
    auto *Byte = dyn_cast<ConstantInt>(M.getValue());
    auto *C = dyn_cast<CallInst>(M.getDest()->stripPointerCasts());
    const Function *Callee = C ? C->getCalledFunction() : nullptr;
    if (M.isVolatile() || !Byte || !Byte->isZero() || !Callee || Callee->getName() != "malloc" ||
        C->arg_size() != 1 || C->getArgOperand(0) != M.getLength() || C->getParent() != M.getParent())
      return nullptr;
    for (Instruction *J = C->getNextNode(); J && J != &M; J = J->getNextNode())
      if (!isa<CastInst>(J) && any_of(J->operands(), [&](Value *V) { return V->stripPointerCasts() == C; }))
        return nullptr;
    return C;
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    SmallVector<std::pair<CallInst *, MemSetInst *>, 4> Pairs;
    for (Instruction &I : instructions(F))
      if (auto *M = dyn_cast<MemSetInst>(&I))
        if (CallInst *C = clearedMalloc(*M))
          Pairs.push_back({C, M});
    for (auto [C, M] : Pairs) {
      Value *Size = C->getArgOperand(0);
      FunctionCallee Calloc = F.getParent()->getOrInsertFunction(
          "calloc", FunctionType::get(C->getType(), {Size->getType(), Size->getType()}, false));
      auto *Zeroed = CallInst::Create(Calloc, {Size, ConstantInt::get(Size->getType(), 1)}, C->getName(), C);
      // A fresh allocation, as malloc's was: alias analysis keeps it apart from every other array.
      Zeroed->addRetAttr(Attribute::NoAlias);
      Zeroed->setDebugLoc(C->getDebugLoc());
      M->eraseFromParent();
      C->replaceAllUsesWith(Zeroed);
      C->eraseFromParent();
    }
    return Pairs.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

// Makes the number of bytes between two pointers read from memory or passed in, `end - begin`
// (`v.size()` of a std::vector, `(end - begin) / sizeof(T)`), opaque to scalar evolution: a
// `freeze` of the difference. SCEV otherwise reads it as an expression of the two addresses,
// which the model cannot take as a parameter (an address is not bounded like a size); frozen,
// the length is one integer that does not change while the region runs, a parameter as `int
// n` is. Exact: freezing a value that is not poison (a difference without wrap flags of two
// loaded or argument pointers) gives that value.
struct OpaqueLengthsPass : PassInfoMixin<OpaqueLengthsPass> {
  static bool isLoadedAddress(Value *V) {
    auto *Address = dyn_cast<PtrToIntInst>(V);
    if (!Address)
      return false;
    Value *Pointer = Address->getPointerOperand()->stripPointerCasts();
    return isa<LoadInst>(Pointer) || isa<Argument>(Pointer);
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    SmallVector<BinaryOperator *, 4> Lengths;
    for (Instruction &I : instructions(F))
      if (auto *B = dyn_cast<BinaryOperator>(&I))
        if (B->getOpcode() == Instruction::Sub && !B->hasNoSignedWrap() && !B->hasNoUnsignedWrap() &&
            isLoadedAddress(B->getOperand(0)) && isLoadedAddress(B->getOperand(1)))
          Lengths.push_back(B);
    for (BinaryOperator *B : Lengths) {
      auto *Frozen = new FreezeInst(B, B->getName() + ".length", B->getNextNode());
      Frozen->setDebugLoc(B->getDebugLoc());
      B->replaceUsesWithIf(Frozen, [&](Use &U) { return U.getUser() != Frozen; });
    }
    return Lengths.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

// Turns a flat loop over a product of two sizes, `int n = w * h; for (i = 0; i < n; i++)
// t[i] = ...`, into the nest `for (y = 0; y < h; y++) for (x = 0; x < w; x++)` with
// `i = y * w + x`, before modeling. C writes pointwise stages that way next to stencil stages
// written as `t[y * w + x]`; modeled flat, `t[i]` is row 0 of a `[*][w]` array, and the
// delinearization must assume `w * h <= w` (one row), so the new code never ran for an image.
// As a nest, the stage is modeled like its neighbours. The row length (`w`, the inner loop) is
// the factor that the strides of the function's other accesses mention; where that does not
// decide, or the loop is not of this simple form, it stays as it is.
//
// Exact: with signed counters (`slt`), `mul nsw` gives `n = w * h`, and the nest runs the
// same indices in the same order when `w >= 0`; otherwise the original flat loop runs, kept
// behind a branch (with `w < 0` it runs only if `h < 0` too). With unsigned ones (`ult`,
// `size_t`), where the product cannot wrap (`mul nuw`, or of two values zero-extended from 32
// bits or fewer), always; of two sign-extended ones (`(size_t)w * h` of `int`s), when both are
// non-negative. Only an innermost loop with one exit from its header, the counter its one phi,
// and no value of it used after it (the product, computed in the header before LICM, is
// hoisted first).
//
// A count that is no product (a size kept apart, `img->n`) takes the bounds `h`, `w` of
// another nest of the function (`countOfNests`); the nest runs where `w >= 0`, `h >= 0` and
// `n == w * h`, exactly the flat loop's indices in its order, the flat loop elsewhere.
struct RowsOfFlatLoopsPass : PassInfoMixin<RowsOfFlatLoopsPass> {
  // When the nest runs instead of the flat loop.
  enum class Dispatch {
    RowNonNegative, // w >= 0 (signed)
    Always,         // an unsigned product that cannot wrap
    BothNonNegative, // w >= 0 && h >= 0 (sign-extended factors, unsigned counter)
    CountIsProduct   // w >= 0 && h >= 0 && n == w * h (a count that is no product of w and h)
  };

  struct Candidate {
    Loop *L;
    PHINode *I;
    ICmpInst *Exit;
    Value *Row, *Rows; // w, h
    bool Unsigned;
    Dispatch When;
    Value *Count = nullptr; // n, under CountIsProduct
  };

  // Whether V is zero-extended (sign-extended) from at most 32 bits, as scalar evolution
  // reads it: also `ashr exact (shl x, 32), 32`, instcombine's `(long)(int)x`.
  static bool extendedFrom32(ScalarEvolution &SE, Value *V, bool Signed) {
    if (!V->getType()->isIntegerTy(64) || !SE.isSCEVable(V->getType()))
      return false;
    const SCEV *S = SE.getSCEV(V);
    const auto *E = Signed ? static_cast<const SCEVCastExpr *>(dyn_cast<SCEVSignExtendExpr>(S))
                           : static_cast<const SCEVCastExpr *>(dyn_cast<SCEVZeroExtendExpr>(S));
    return E && E->getOperand()->getType()->getScalarSizeInBits() <= 32;
  }

  // When the nest of `i < n` (`Unsigned`: `ult`), n = N, runs the flat loop's iterations; none
  // if it cannot be told.
  static Optional<Dispatch> dispatch(ScalarEvolution &SE, BinaryOperator *N, bool Unsigned) {
    Value *A = N->getOperand(0), *B = N->getOperand(1);
    if (!Unsigned)
      return N->hasNoSignedWrap() ? Optional<Dispatch>(Dispatch::RowNonNegative) : None;
    if (N->hasNoUnsignedWrap() || (extendedFrom32(SE, A, false) && extendedFrom32(SE, B, false)))
      return Dispatch::Always;
    if (extendedFrom32(SE, A, true) && extendedFrom32(SE, B, true))
      return Dispatch::BothNonNegative;
    return None;
  }

  // Whether the SCEV of V occurs in S; of a truncation or an extension, the SCEV of its
  // operand too (`(int)R * (int)C` of `long` sizes, whose other stages stride by `C`;
  // `(size_t)w * h` of `int` sizes, whose stencils stride by `w` inside `(long)(y * w + x)`).
  static bool mentions(ScalarEvolution &SE, const SCEV *S, Value *V) {
    const SCEV *Target = SE.getSCEV(V);
    const auto *Cast = dyn_cast<SCEVCastExpr>(Target);
    const SCEV *Operand = Cast ? Cast->getOperand() : nullptr;
    return SCEVExprContains(S, [&](const SCEV *E) { return E == Target || E == Operand; });
  }

  // The factor of `A * B` that the strides of F's accesses outside L mention (add-recurrence
  // steps, or factors of a product with an extended counter), and not the other; null if
  // none or both.
  static Value *rowLength(Function &F, Loop *L, ScalarEvolution &SE, Value *A, Value *B) {
    bool SeenA = false, SeenB = false;
    for (Instruction &Inst : instructions(F)) {
      Value *P = getLoadStorePointerOperand(&Inst);
      if (!P || L->contains(&Inst) || !SE.isSCEVable(P->getType()))
        continue;
      SCEVExprContains(SE.getSCEV(P), [&](const SCEV *E) {
        if (const auto *R = dyn_cast<SCEVAddRecExpr>(E)) {
          SeenA |= mentions(SE, R->getStepRecurrence(SE), A);
          SeenB |= mentions(SE, R->getStepRecurrence(SE), B);
        }
        // A counter extended before the product (`(size_t)y * w`): the factor multiplies it.
        if (const auto *M = dyn_cast<SCEVMulExpr>(E)) {
          auto Counts = [](const SCEV *S) { return SCEVExprContains(S, [](const SCEV *X) { return isa<SCEVAddRecExpr>(X); }); };
          if (any_of(M->operands(), Counts)) {
            SeenA |= any_of(M->operands(), [&](const SCEV *O) { return !Counts(O) && mentions(SE, O, A); });
            SeenB |= any_of(M->operands(), [&](const SCEV *O) { return !Counts(O) && mentions(SE, O, B); });
          }
        }
        return false;
      });
    }
    return SeenA == SeenB ? nullptr : SeenA ? A : B;
  }

  // The comparison `c < b` (any predicate) of a counter `c = 0, 1, ...`, a phi of L's header,
  // that the header tests before the body (before rotation), the loop going on while it holds;
  // else null.
  static ICmpInst *counterTest(Loop *L) {
    BasicBlock *H = L->getHeader(), *Pre = L->getLoopPreheader(), *Latch = L->getLoopLatch();
    auto *Br = dyn_cast<BranchInst>(H->getTerminator());
    auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
    auto *C = Cmp ? dyn_cast<PHINode>(Cmp->getOperand(0)) : nullptr;
    if (!Pre || !Latch || !C || C->getParent() != H || !L->contains(Br->getSuccessor(0)) ||
        !PatternMatch::match(C->getIncomingValueForBlock(Pre), PatternMatch::m_Zero()))
      return nullptr;
    auto *Inc = dyn_cast<BinaryOperator>(C->getIncomingValueForBlock(Latch));
    if (!Inc || Inc->getOpcode() != Instruction::Add || Inc->getOperand(0) != C ||
        !PatternMatch::match(Inc->getOperand(1), PatternMatch::m_One()))
      return nullptr;
    return Cmp;
  }

  // The bound `b` of a loop that counts `c = 0, 1, ...` while `c < b` (signed), b defined
  // outside the loop; else null.
  static Value *countedBound(Loop *L) {
    ICmpInst *Cmp = counterTest(L);
    bool Bounded = Cmp && Cmp->getPredicate() == ICmpInst::ICMP_SLT && L->isLoopInvariant(Cmp->getOperand(1));
    return Bounded ? Cmp->getOperand(1) : nullptr;
  }

  // Whether no value of L is used after it: every phi of its exit takes an invariant (an LCSSA
  // phi of a value hoisted out of it, `(long)w` used by the next nest, is no value of the loop).
  static bool noValueUsedAfter(Loop *L) {
    return all_of(L->getUniqueExitBlock()->phis(),
                  [&](PHINode &Phi) { return L->isLoopInvariant(Phi.getIncomingValueForBlock(L->getHeader())); });
  }

  // Whether loops A and B access a common array (the underlying object of a load's or a
  // store's address).
  static bool sharesArray(Loop *A, Loop *B) {
    auto Objects = [](Loop *L) {
      SmallPtrSet<const Value *, 8> Out;
      for (BasicBlock *BB : L->blocks())
        for (Instruction &I : *BB)
          if (Value *P = getLoadStorePointerOperand(&I))
            Out.insert(getUnderlyingObject(P));
      return Out;
    };
    auto InA = Objects(A);
    return any_of(Objects(B), [&](const Value *V) { return InA.count(V); });
  }

  // `for (i = 0; i < n; i++) t[i] = ...` where n is no product but the function walks the
  // same arrays in a nest `y < h, x < w` elsewhere (`struct image { int w, h; long n; }`,
  // a pointwise stage over `img->n`): the nest of that loop, run where `n == w * h`. w and h
  // are the bounds of such a nest (an outer loop holding one innermost loop, walking an array
  // this loop walks too), defined before this loop, 32 bits wide (their product fits in 64),
  // and w the one that the strides of the function's other accesses mention (`rowLength`);
  // n no expression of them. A count loaded in the loop's header, which no instruction of the loop writes, is loaded
  // once before it.
  static Optional<Candidate> countOfNests(Function &F, Loop *L, LoopInfo &LI, ScalarEvolution &SE, DominatorTree &DT,
                                          AAResults &AA, PHINode *I, ICmpInst *Cmp) {
    Value *N = Cmp->getOperand(1);
    BasicBlock *Pre = L->getLoopPreheader(), *H = L->getHeader();
    auto *Load = dyn_cast<LoadInst>(N);
    bool LoadedInHeader = Load && Load->getParent() == H;
    // Only an outermost loop (an innermost loop of a nest counts to a bound of that nest), to
    // a count that is no constant (a table's length, `lut[i]` for i < 256).
    if (L->getLoopDepth() != 1 || isa<Constant>(N) || !N->getType()->isIntegerTy() || N->getType()->getIntegerBitWidth() > 64 ||
        (!L->isLoopInvariant(N) && !LoadedInHeader))
      return None;
    // The count's address: invariant, or a field address computed in the loop from invariants.
    auto *Field = LoadedInHeader ? dyn_cast<GetElementPtrInst>(Load->getPointerOperand()) : nullptr;
    if (Field && (!L->contains(Field) || !L->hasLoopInvariantOperands(Field)))
      Field = nullptr;
    if (LoadedInHeader) {
      if (!Load->isUnordered() || (!Field && !L->isLoopInvariant(Load->getPointerOperand())))
        return None;
      MemoryLocation Where = MemoryLocation::get(Load);
      for (BasicBlock *BB : L->blocks())
        for (Instruction &J : *BB)
          if (J.mayWriteToMemory() && isModSet(AA.getModRefInfo(&J, Where)))
            return None;
    }
    if (!noValueUsedAfter(L))
      return None;
    auto Fits = [&](Value *V) {
      auto *Def = dyn_cast<Instruction>(V);
      return V->getType()->isIntegerTy() && V->getType()->getIntegerBitWidth() <= 32 &&
             V->getType()->getIntegerBitWidth() <= I->getType()->getIntegerBitWidth() &&
             (isa<Argument>(V) || (Def && DT.dominates(Def, Pre->getTerminator())));
    };
    for (Loop *Outer : LI.getLoopsInPreorder()) {
      if (Outer == L || Outer->contains(L) || Outer->getSubLoops().size() != 1 || !Outer->getSubLoops()[0]->isInnermost())
        continue;
      Value *Rows = countedBound(Outer), *Row = countedBound(Outer->getSubLoops()[0]);
      if (!Rows || !Row || !Fits(Row) || !Fits(Rows) || rowLength(F, L, SE, Row, Rows) != Row || !sharesArray(L, Outer))
        continue;
      // A count computed from w or h is a row's or a column's (`x < w + 2`, a padded row), not
      // an image's.
      const SCEV *Count = SE.getSCEV(N);
      if (mentions(SE, Count, Row) || mentions(SE, Count, Rows))
        continue;
      if (Field)
        Field->moveBefore(Pre->getTerminator());
      if (LoadedInHeader)
        Load->moveBefore(Pre->getTerminator());
      return Candidate{L, I, Cmp, Row, Rows, Cmp->getPredicate() == ICmpInst::ICMP_ULT, Dispatch::CountIsProduct, N};
    }
    return None;
  }

  static Optional<Candidate> candidate(Function &F, Loop *L, LoopInfo &LI, ScalarEvolution &SE, DominatorTree &DT, AAResults &AA) {
    BasicBlock *H = L->getHeader();
    ICmpInst *Cmp = counterTest(L);
    // The counter is the header's one phi, and the header the loop's one exit.
    if (!L->isInnermost() || !L->getUniqueExitBlock() || L->getExitingBlock() != H || !Cmp ||
        Cmp->getOperand(0) != &H->front() || H->getFirstNonPHI() != H->front().getNextNode() ||
        (Cmp->getPredicate() != ICmpInst::ICMP_SLT && Cmp->getPredicate() != ICmpInst::ICMP_ULT) || !Cmp->hasOneUse())
      return None;
    auto *I = cast<PHINode>(&H->front());
    auto *N = dyn_cast<BinaryOperator>(Cmp->getOperand(1));
    if (!N || (N->getOpcode() != Instruction::Mul && N->getOpcode() != Instruction::LShr))
      return countOfNests(F, L, LI, SE, DT, AA, I, Cmp);
    // `i < w * h` computes the product in the loop's header until LICM runs: hoist it.
    bool Hoisted = false;
    if (!L->makeLoopInvariant(N, Hoisted))
      return None;
    if (!noValueUsedAfter(L))
      return None;
    bool Unsigned = Cmp->getPredicate() == ICmpInst::ICMP_ULT;
    if (N->getOpcode() == Instruction::LShr)
      return Unsigned ? elementsOfBytes(F, L, SE, I, Cmp, N) : None;
    Optional<Dispatch> When = dispatch(SE, N, Unsigned);
    Value *A = N->getOperand(0), *B = N->getOperand(1);
    Value *Row = When ? rowLength(F, L, SE, A, B) : nullptr;
    if (!Row)
      return None;
    return Candidate{L, I, Cmp, Row, Row == A ? B : A, Unsigned, *When};
  }

  // The factors `w` and `h` of a byte count `Bytes = (w << k) * h` (or `(w * 2^k) * h`, either
  // operand order) of elements of `2^k` bytes, `k <= 2`, both sign-extended from 32 bits: for
  // `w, h >= 0` the bytes `2^k * w * h < 2^64` do not wrap, and the element count is `w * h`.
  static Optional<std::pair<Value *, Value *>> elementFactors(ScalarEvolution &SE, Value *Bytes, uint64_t K) {
    auto *Product = dyn_cast<BinaryOperator>(Bytes);
    if (K > 2 || !Product || Product->getOpcode() != Instruction::Mul)
      return None;
    // The factor of the product that is `x << k` or `x * 2^k`: x.
    auto Scaled = [&](Value *V) -> Value * {
      auto *Op = dyn_cast<BinaryOperator>(V);
      auto *C = Op ? dyn_cast<ConstantInt>(Op->getOperand(1)) : nullptr;
      if (!C)
        return nullptr;
      if (Op->getOpcode() == Instruction::Shl && C->getZExtValue() == K)
        return Op->getOperand(0);
      if (Op->getOpcode() == Instruction::Mul && C->getZExtValue() == (uint64_t(1) << K))
        return Op->getOperand(0);
      return nullptr;
    };
    Value *A = Scaled(Product->getOperand(0)), *B = Product->getOperand(1);
    if (!A) {
      A = Scaled(Product->getOperand(1));
      B = Product->getOperand(0);
    }
    if (!A || !extendedFrom32(SE, A, true) || !extendedFrom32(SE, B, true))
      return None;
    return std::make_pair(A, B);
  }

  // `i < (s * w * h) >> k` with `s = 2^k`, an element count of a byte count (the loop of a
  // memcpy of `sizeof(float) * w * h` bytes, `polyprop-memcpy-loops`): rows of `w * h`
  // elements where `w, h >= 0` (`elementFactors`).
  static Optional<Candidate> elementsOfBytes(Function &F, Loop *L, ScalarEvolution &SE, PHINode *I, ICmpInst *Cmp, BinaryOperator *N) {
    auto *Shift = dyn_cast<ConstantInt>(N->getOperand(1));
    auto Factors = Shift ? elementFactors(SE, N->getOperand(0), Shift->getZExtValue()) : None;
    if (!Factors)
      return None;
    auto [A, B] = *Factors;
    Value *Row = rowLength(F, L, SE, A, B);
    if (!Row)
      return None;
    return Candidate{L, I, Cmp, Row, Row == A ? B : A, true, Dispatch::BothNonNegative};
  }

  // The nest of Candidate C, the flat loop kept behind its dispatch.
  static void split(Candidate &C) {
    Loop *L = C.L;
    BasicBlock *Pre = L->getLoopPreheader(), *H = L->getHeader(), *Exit = L->getUniqueExitBlock();
    Function *F = H->getParent();
    LLVMContext &Ctx = F->getContext();
    DebugLoc Loc = C.Exit->getDebugLoc();
    Type *T = C.I->getType();
    // The nest: a copy of the loop's blocks inside a new outer loop.
    ValueToValueMapTy VMap;
    SmallVector<BasicBlock *, 8> Copies;
    for (BasicBlock *BB : L->blocks()) {
      BasicBlock *Copy = CloneBasicBlock(BB, VMap, ".row", F);
      VMap[BB] = Copy;
      Copies.push_back(Copy);
    }
    remapInstructionsInBlocks(Copies, VMap);
    auto *Dispatch = BasicBlock::Create(Ctx, "rows.dispatch", F, H);
    auto *OuterHeader = BasicBlock::Create(Ctx, "rows.header", F, H);
    auto *InnerPre = BasicBlock::Create(Ctx, "rows.inner", F, H);
    auto *OuterLatch = BasicBlock::Create(Ctx, "rows.latch", F, H);
    Pre->getTerminator()->replaceUsesOfWith(H, Dispatch);
    C.I->setIncomingBlock(C.I->getBasicBlockIndex(Pre), Dispatch);
    IRBuilder<> B(Dispatch);
    B.SetCurrentDebugLocation(Loc);
    Value *Zero = ConstantInt::get(T, 0);
    // With w >= 0 the signed nest is exact (h < 0 gives n <= 0: neither runs); with w < 0 the
    // flat loop runs, n iterations only if h < 0 too. One affine condition for the model.
    Value *Nest = nullptr;
    switch (C.When) {
    case Dispatch::RowNonNegative:
      Nest = B.CreateICmpSGE(C.Row, Zero);
      break;
    case Dispatch::Always:
      Nest = B.getTrue();
      break;
    case Dispatch::BothNonNegative:
      Nest = B.CreateAnd(B.CreateICmpSGE(C.Row, Zero), B.CreateICmpSGE(C.Rows, Zero));
      break;
    case Dispatch::CountIsProduct: {
      // w, h < 2^31 and n < 2^64: the product and the comparison are exact in 64 bits (n
      // extended as the loop compares it). Non-negative, w and h extend to the counter's type.
      Type *Wide = B.getInt64Ty();
      Value *Product = B.CreateMul(B.CreateSExt(C.Row, Wide), B.CreateSExt(C.Rows, Wide), "rows.count", true, true);
      Value *Count = C.Unsigned ? B.CreateZExt(C.Count, Wide) : B.CreateSExt(C.Count, Wide);
      Value *RowZero = ConstantInt::get(C.Row->getType(), 0), *RowsZero = ConstantInt::get(C.Rows->getType(), 0);
      Nest = B.CreateAnd(B.CreateAnd(B.CreateICmpSGE(C.Row, RowZero), B.CreateICmpSGE(C.Rows, RowsZero)),
                         B.CreateICmpEQ(Count, Product));
      C.Row = B.CreateSExt(C.Row, T);
      C.Rows = B.CreateSExt(C.Rows, T);
      break;
    }
    }
    B.CreateCondBr(Nest, OuterHeader, H);
    B.SetInsertPoint(OuterHeader);
    PHINode *Y = B.CreatePHI(T, 2, "y");
    B.CreateCondBr(C.Unsigned ? B.CreateICmpULT(Y, C.Rows) : B.CreateICmpSLT(Y, C.Rows), InnerPre, Exit);
    B.SetInsertPoint(InnerPre);
    // 0 <= y * w + x < h * w = n: no wrap, unsigned and, for a signed counter, signed (the
    // flat loop's `(long)i`, made `zext` by instcombine, then still reads as an affine index).
    Value *RowStart = B.CreateMul(Y, C.Row, "row", true, !C.Unsigned);
    auto *CopyHeader = cast<BasicBlock>(VMap[H]);
    B.CreateBr(CopyHeader);
    B.SetInsertPoint(OuterLatch);
    Value *NextY = B.CreateAdd(Y, ConstantInt::get(T, 1), "y.next", true, !C.Unsigned);
    B.CreateBr(OuterHeader);
    Y->addIncoming(Zero, Dispatch);
    Y->addIncoming(NextY, OuterLatch);
    for (PHINode &Phi : Exit->phis())
      Phi.addIncoming(Phi.getIncomingValueForBlock(H), OuterHeader);
    // The copy counts x < w from the row's start; its other uses of the counter read the flat
    // index y * w + x; it leaves to the outer latch.
    auto *X = cast<PHINode>(VMap[C.I]);
    X->setIncomingBlock(X->getBasicBlockIndex(Pre), InnerPre);
    auto *CopyExit = cast<ICmpInst>(VMap[C.Exit]);
    CopyExit->setOperand(1, C.Row);
    CopyHeader->getTerminator()->replaceUsesOfWith(Exit, OuterLatch);
    auto *Flat = BinaryOperator::CreateAdd(RowStart, X, "flat", &*CopyHeader->getFirstInsertionPt());
    Flat->setHasNoUnsignedWrap();
    Flat->setHasNoSignedWrap(!C.Unsigned);
    Flat->setDebugLoc(Loc);
    Value *CopyInc = VMap[C.I->getIncomingValueForBlock(L->getLoopLatch())];
    X->replaceUsesWithIf(Flat, [&](Use &U) { return U.getUser() != CopyExit && U.getUser() != CopyInc && U.getUser() != Flat; });
    widenIndices(C, Flat, Y, X, InnerPre, CopyHeader);
  }

  // The extensions of a narrow flat index (`in[k]` of `int k`, a `zext` after instcombine)
  // become `(long)y * (long)w + (long)x`, computed wide: every factor is non-negative, so
  // this is the extension's value, and scalar evolution reads it as an affine index of the
  // nest. Extended as one narrow sum, the index is a product of the counter and `(int)w`
  // whose wrapping SCEV cannot rule out.
  static void widenIndices(Candidate &C, Instruction *Flat, PHINode *Y, PHINode *X, BasicBlock *InnerPre, BasicBlock *CopyHeader) {
    SmallVector<CastInst *, 4> Extensions;
    for (User *U : Flat->users())
      if (auto *E = dyn_cast<CastInst>(U))
        if ((isa<ZExtInst>(E) || isa<SExtInst>(E)) && E->getDestTy()->isIntegerTy(64))
          Extensions.push_back(E);
    if (Extensions.empty())
      return;
    Type *Wide = Extensions.front()->getDestTy();
    IRBuilder<> B(InnerPre->getTerminator());
    B.SetCurrentDebugLocation(Flat->getDebugLoc());
    Value *RowStart = B.CreateMul(B.CreateZExt(Y, Wide), B.CreateZExt(C.Row, Wide), "row.wide", true, true);
    B.SetInsertPoint(Flat->getNextNode());
    Value *Index = B.CreateAdd(RowStart, B.CreateZExt(X, Wide), "flat.wide", true, true);
    for (CastInst *E : Extensions)
      E->replaceAllUsesWith(Index);
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
    ScalarEvolution &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
    DominatorTree &DT = AM.getResult<DominatorTreeAnalysis>(F);
    AAResults &AA = AM.getResult<AAManager>(F);
    SmallVector<Candidate, 4> Candidates;
    for (Loop *L : LI.getLoopsInPreorder())
      if (auto C = candidate(F, L, LI, SE, DT, AA))
        Candidates.push_back(*C);
    for (Candidate &C : Candidates)
      split(C);
    return Candidates.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

// Turns `memcpy(dst, src, len)` between arrays of a scalar element type (`float`, `int`, a
// pixel type) into the loop `for (i = 0; i < len / sizeof(T); i++) dst[i] = src[i]`, before
// modeling: C copies an image from one buffer to another with memcpy (an input into a
// scratch buffer, a result into the output), a call that writes memory, which the model does
// not take; as a loop, the copy is a statement, and propagation removes the temporary it
// copies from or into. The element type is the one the pointers had before their cast to
// `i8*` (one of them may be `i8*`, a malloc'd buffer). Exact: `len` is a multiple of
// `sizeof(T)` (known bits), so the loop copies the same bytes, each element loaded and stored
// whole (bits unchanged); memcpy's operands do not overlap. Not volatile copies, nor
// aggregates (a struct's copy stays a memcpy).
struct MemcpyLoopsPass : PassInfoMixin<MemcpyLoopsPass> {
  static bool isElement(Type *T) { return T && (T->isFloatingPointTy() || T->isIntegerTy()) && !T->isIntegerTy(8); }

  // The scalar type `V` points to before its casts to `i8*`, or, for an `i8*` (a malloc'd
  // buffer), the one type it is cast to elsewhere; null if none is said, or an aggregate.
  static Type *elementType(Value *V) {
    Value *Base = V->stripPointerCasts();
    auto *P = dyn_cast<PointerType>(Base->getType());
    Type *T = P ? P->getElementType() : nullptr;
    if (isElement(T))
      return T;
    if (!T || !T->isIntegerTy(8))
      return nullptr;
    Type *Cast = nullptr;
    for (User *U : Base->users())
      if (auto *C = dyn_cast<BitCastInst>(U)) {
        Type *E = cast<PointerType>(C->getType())->getElementType();
        if (!isElement(E) || (Cast && Cast != E))
          return nullptr;
        Cast = E;
      }
    return Cast;
  }

  // Whether the loop of a copy of `Length` bytes, elements of `Size` bytes, can be modeled as
  // the other accesses to its arrays are: a constant, `s * n` (one dimension), or `s * w * h`
  // that polyprop-rows-of-flat-loops makes rows (`RowsOfFlatLoopsPass::elementFactors`: `int`
  // sizes, `s <= 4`). The bytes of two `long` sizes may wrap, so their count is not `w * h`:
  // such a copy, flat against rows elsewhere, would leave a transform whose run-time check
  // holds only for one row; it stays a call (and a reason).
  static bool countFits(Value *Length, ScalarEvolution &SE, uint64_t Size) {
    if (isa<ConstantInt>(Length))
      return true;
    auto *Bytes = dyn_cast<BinaryOperator>(Length);
    if (!Bytes || (Bytes->getOpcode() != Instruction::Mul && Bytes->getOpcode() != Instruction::Shl))
      return false;
    auto IsProduct = [](Value *V) {
      auto *Op = dyn_cast<BinaryOperator>(V);
      return Op && (Op->getOpcode() == Instruction::Mul || Op->getOpcode() == Instruction::Shl);
    };
    Value *A = Bytes->getOperand(0), *B = Bytes->getOperand(1);
    if (isa<ConstantInt>(B))
      return !IsProduct(A);
    if (isa<ConstantInt>(A))
      return !IsProduct(B);
    return RowsOfFlatLoopsPass::elementFactors(SE, Length, Log2_64(Size)).hasValue();
  }

  static bool expandable(MemCpyInst &M, const DataLayout &DL, ScalarEvolution &SE, Type *&T) {
    if (M.isVolatile())
      return false;
    Type *D = elementType(M.getRawDest()), *S = elementType(M.getRawSource());
    if (D && S && D != S)
      return false;
    T = D ? D : S;
    if (!T)
      return false;
    uint64_t Size = DL.getTypeStoreSize(T);
    if (!isPowerOf2_64(Size) || DL.getTypeAllocSize(T) != Size)
      return false;
    KnownBits Known = computeKnownBits(M.getLength(), DL);
    return Known.countMinTrailingZeros() >= Log2_64(Size) && countFits(M.getLength(), SE, Size);
  }

  static void expand(MemCpyInst &M, Type *T, const DataLayout &DL) {
    BasicBlock *Before = M.getParent();
    BasicBlock *After = Before->splitBasicBlock(&M, "memcpy.done");
    Function *F = Before->getParent();
    LLVMContext &Ctx = F->getContext();
    auto *Header = BasicBlock::Create(Ctx, "memcpy.header", F, After);
    auto *Body = BasicBlock::Create(Ctx, "memcpy.body", F, After);
    Before->getTerminator()->eraseFromParent();
    IRBuilder<> B(Before);
    B.SetCurrentDebugLocation(M.getDebugLoc());
    Value *Length = M.getLength();
    Type *Index = Length->getType();
    Value *Count = B.CreateLShr(Length, Log2_64(DL.getTypeStoreSize(T)), "memcpy.count", true);
    Value *Dst = B.CreateBitCast(M.getRawDest(), T->getPointerTo(M.getDestAddressSpace()));
    Value *Src = B.CreateBitCast(M.getRawSource(), T->getPointerTo(M.getSourceAddressSpace()));
    B.CreateBr(Header);
    B.SetInsertPoint(Header);
    PHINode *I = B.CreatePHI(Index, 2, "memcpy.i");
    B.CreateCondBr(B.CreateICmpULT(I, Count), Body, After);
    B.SetInsertPoint(Body);
    Align Natural = DL.getABITypeAlign(T);
    Align DstAlign = std::min(M.getDestAlign().valueOrOne(), Natural), SrcAlign = std::min(M.getSourceAlign().valueOrOne(), Natural);
    Value *V = B.CreateAlignedLoad(T, B.CreateInBoundsGEP(T, Src, I), SrcAlign, "memcpy.value");
    B.CreateAlignedStore(V, B.CreateInBoundsGEP(T, Dst, I), DstAlign);
    Value *Next = B.CreateAdd(I, ConstantInt::get(Index, 1), "memcpy.next", true, true);
    B.CreateBr(Header);
    I->addIncoming(ConstantInt::get(Index, 0), Before);
    I->addIncoming(Next, Body);
    M.eraseFromParent();
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM) {
    const DataLayout &DL = F.getParent()->getDataLayout();
    SmallVector<std::pair<MemCpyInst *, Type *>, 4> Copies;
    for (Instruction &I : instructions(F))
      if (auto *M = dyn_cast<MemCpyInst>(&I)) {
        Type *T = nullptr;
        if (expandable(*M, DL, AM.getResult<ScalarEvolutionAnalysis>(F), T))
          Copies.push_back({M, T});
      }
    for (auto [M, T] : Copies)
      expand(*M, T, DL);
    return Copies.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};


// The canonicalization sub-pipeline that runs before modeling (../shared/BRIEF.md: where
// SCEV still sees every loop of a naive pipeline).
const char *CanonicalizationPipeline =
    "polyprop-inline-helpers,lower-expect,sroa,early-cse,instcombine,simplifycfg,loop-simplify,lcssa,"
    "polyprop-memcpy-loops,polyprop-fill-ends,loop-simplify,lcssa,polyprop-rows-of-flat-loops,loop-simplify,lcssa,loop-mssa(loop-rotate,licm),loop(indvars),instcombine,simplifycfg,loop-simplify,lcssa,"
    "loop(indvars),polyprop-zeroed-allocations,polyprop-opaque-lengths,polyprop-sign-bit-tests,polyprop-split-select-loads,lowerswitch,loop-simplify,lcssa,"
    "polyprop-split-entry-guard";

const char *PassNames[] = {"polyprop-detect",      "polyprop-scops", "polyprop-deps",
                           "polyprop-propagation", "polyprop-ast",   "polyprop-export-jscop",
                           "polyprop"};

// Splits `name<options>` into its parts; `print<name<options>>` too.
bool parsePolypropPass(StringRef Text, std::string &Mode, std::string &Options) {
  bool Print = Text.consume_front("print<");
  if (Print && !Text.consume_back(">"))
    return false;
  StringRef Name = Text, Opts;
  size_t Open = Text.find('<');
  if (Open != StringRef::npos) {
    if (!Text.endswith(">"))
      return false;
    Name = Text.substr(0, Open);
    Opts = Text.substr(Open + 1, Text.size() - Open - 2);
  }
  bool Known = false;
  for (const char *N : PassNames)
    Known |= Name == N;
  if (!Known)
    return false;
  // Printers are `print<polyprop-x>`; the transform and the exporter are plain names.
  bool IsPrinter = Name != "polyprop" && Name != "polyprop-export-jscop";
  if (IsPrinter != Print)
    return false;
  Mode = Name.str();
  Options = Opts.str();
  return true;
}

bool addPolypropPass(StringRef Text, FunctionPassManager &FPM) {
  std::string Mode, Options;
  if (!parsePolypropPass(Text, Mode, Options) || Mode == "polyprop")
    return false;
  if (char *Error = polyprop_check_options(Mode.c_str(), Options.c_str())) {
    errs() << "polyprop: " << Error << "\n";
    polyprop_free_string(Error);
    return false;
  }
  FPM.addPass(PolypropFunctionPass{Mode, Options});
  return true;
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        std::string Mode, Options;
        if (!parsePolypropPass(Name, Mode, Options) || Mode != "polyprop")
          return false;
        if (char *Error = polyprop_check_options(Mode.c_str(), Options.c_str())) {
          errs() << "polyprop: " << Error << "\n";
          polyprop_free_string(Error);
          return false;
        }
        MPM.addPass(PolypropModulePass(Options));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "polyprop-canonicalize")
          return !errorToBool(PB.parsePassPipeline(FPM, CanonicalizationPipeline));
        if (Name == "polyprop-inline-helpers") {
          FPM.addPass(InlineHelpersPass());
          return true;
        }
        if (Name == "polyprop-rows-of-flat-loops") {
          FPM.addPass(RowsOfFlatLoopsPass());
          return true;
        }
        if (Name == "polyprop-zeroed-allocations") {
          FPM.addPass(ZeroedAllocationsPass());
          return true;
        }
        if (Name == "polyprop-opaque-lengths") {
          FPM.addPass(OpaqueLengthsPass());
          return true;
        }
        if (Name == "polyprop-sign-bit-tests") {
          FPM.addPass(SignBitTestsPass());
          return true;
        }
        if (Name == "polyprop-split-select-loads") {
          FPM.addPass(SplitSelectLoadsPass());
          return true;
        }
        if (Name == "polyprop-fill-ends") {
          FPM.addPass(FillEndPointersPass());
          return true;
        }
        if (Name == "polyprop-memcpy-loops") {
          FPM.addPass(MemcpyLoopsPass());
          return true;
        }
        if (Name == "polyprop-split-entry-guard") {
          FPM.addPass(SplitEntryGuardPass());
          return true;
        }
        return addPolypropPass(Name, FPM);
      });
  // clang runs plugin passes only at extension points. POLYPROP_OPTIONS selects what runs
  // there (options/src/lib.rs documents it, polyprop --help lists it); by default the
  // transform pass.
  PB.registerPipelineStartEPCallback([&PB](ModulePassManager &MPM, OptimizationLevel Level) {
    if (Level == OptimizationLevel::O0)
      return;
    const char *Env = std::getenv("POLYPROP_OPTIONS");
    std::string Mode = "polyprop", Options = Env ? Env : "";
    if (char *Error = polyprop_check_options(Mode.c_str(), Options.c_str())) {
      errs() << "polyprop: " << Error << " (in POLYPROP_OPTIONS); polyprop disabled\n";
      polyprop_free_string(Error);
      return;
    }
    if (polyprop_options_disable(Options.c_str()))
      return;
    if (polyprop_options_only_transform(Options.c_str())) {
      MPM.addPass(PolypropEntryPass(Options, &PB));
      return;
    }
    // Printers show the model of every function: canonicalize them all in place, with their
    // stage functions inlined first, as the transform's copies have them.
    FunctionPassManager FPM;
    FPM.addPass(SequentialParallelLoopsPass());
    FPM.addPass(InlineStagesPass());
    if (errorToBool(PB.parsePassPipeline(FPM, CanonicalizationPipeline)))
      return;
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
    MPM.addPass(PolypropModulePass(Options));
  });
}

} // namespace

extern "C" void polyprop_register_callbacks(PassBuilder *PB) { registerCallbacks(*PB); }
