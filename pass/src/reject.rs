//! Why a region is not a SCoP: a closed set of reasons, each with a one-line message for
//! users and the source location of the instruction that caused it.
//!
//! Unsupported input is never an error: the region is rejected with one of these reasons and
//! the code stays as it was.

use polyhedral::model::SourceLocation;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RejectKind {
    /// A loop's trip count is not an affine function of outer iterators and parameters.
    NonAffineLoopBound,
    /// A branch condition is not affine and its branches have side effects.
    NonAffineCondition,
    /// An address is not affine, even after delinearization.
    NonAffineSubscript,
    /// Two pointers may alias and their ranges cannot be checked at run time.
    PossibleAliasing,
    /// A call to a function that may write memory or has unknown effects.
    CallWithSideEffects,
    /// Control flow that is not made of natural loops in simplified form.
    IrreducibleControlFlow,
    /// A loop with several exits, or a region with several exits.
    SeveralExits,
    /// isl ran out of its operation quota.
    Complexity,
    /// An assumption the model needs (no wrapping) fails whenever the region does anything.
    InfeasibleAssumption,
    /// The base address of an access is not an argument, global, alloca or allocation.
    UnknownBasePointer,
    /// An instruction or type the model does not represent.
    UnsupportedInstruction,
    /// No loop inside: nothing for polyprop to do.
    NoLoop,
}

impl RejectKind {
    /// Short name, as printed by `print<polyprop-detect>`.
    pub fn name(&self) -> &'static str {
        match self {
            RejectKind::NonAffineLoopBound => "non-affine loop bound",
            RejectKind::NonAffineCondition => "non-affine condition",
            RejectKind::NonAffineSubscript => "non-affine subscript",
            RejectKind::PossibleAliasing => "possible aliasing",
            RejectKind::CallWithSideEffects => "call with side effects",
            RejectKind::IrreducibleControlFlow => "irreducible control flow",
            RejectKind::SeveralExits => "several exits",
            RejectKind::Complexity => "complexity",
            RejectKind::InfeasibleAssumption => "infeasible assumption",
            RejectKind::UnknownBasePointer => "unknown base pointer",
            RejectKind::UnsupportedInstruction => "unsupported instruction",
            RejectKind::NoLoop => "no loop",
        }
    }
}

/// A reject reason with its details and location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reject {
    pub kind: RejectKind,
    /// One line for users: what was found ("loop bound depends on a value loaded inside the
    /// loop").
    pub message: String,
    pub location: Option<SourceLocation>,
}

impl Reject {
    pub fn new(kind: RejectKind, message: impl Into<String>) -> Self {
        Reject { kind, message: message.into(), location: None }
    }

    pub fn at(mut self, location: Option<SourceLocation>) -> Self {
        if self.location.is_none() {
            self.location = location;
        }
        self
    }
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)?;
        if let Some(loc) = &self.location {
            write!(f, " at {loc}")?;
        }
        Ok(())
    }
}

pub type RejectResult<T> = Result<T, Reject>;
