//! Recursive-descent parser of the textual SCoP language into `model::Scop`.
//!
//! Loops and conditionals become the statements' domains (paper 003, section 2.2, "Iteration
//! Domain"): a statement's domain is the conjunction of the bounds of its enclosing loops and
//! the conditions of its enclosing `if`s (`not (...)` in an `else`). Its schedule is the 2d+1
//! vector of textual positions and iterators, padded with zeros to the longest one.

use super::lexer::{tokenize, Token, TokenKind};
use super::typing::{self, common_type, convert, promoted, truth};
use super::ParseError;
use crate::affine::AffExpr;
use crate::isl::{IslContext, DEFAULT_MAX_OPERATIONS};
use crate::model::*;

/// Deepest nesting of parentheses, loops and expressions the parser accepts.
const MAX_DEPTH: usize = 200;

/// Names isl reads as keywords (case-insensitively) or that start a declaration.
const RESERVED: [&str; 37] = [
    "and", "or", "not", "implies", "exists", "mod", "floor", "ceil", "floord", "ceild", "min", "max", "rat",
    "true", "false", "infty", "infinity", "nan", "for", "to", "do", "done", "if", "then", "else", "fi",
    "param", "array", "scalar", "extern", "context", "statement", "scop", "assume", "alias", "select", "domain",
];

type PResult<T> = Result<T, ParseError>;

/// A statement being parsed: its domain constraints in isl notation and 2d+1 time vector.
struct PendingStatement {
    label: Option<String>,
    iterators: Vec<String>,
    /// Constraints (isl notation) whose conjunction is the domain, or an explicit domain.
    constraints: Vec<String>,
    explicit_domain: Option<String>,
    /// Entries of the 2d+1 schedule (integers or iterator names), or an explicit schedule.
    time: Vec<String>,
    explicit_schedule: Option<String>,
    write: Access,
    value: Expr,
    guard: Option<Expr>,
    location: SourceLocation,
}

/// An operand of a condition or an affine expression (conditions and affine expressions share
/// one grammar, see `condition_or`).
enum Affine {
    Expr(AffExpr),
    Condition(String),
}

pub(super) struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    depth: usize,
    file: String,
    scop: Scop,
    context: Vec<String>,
    /// Iterators of the enclosing loops, outermost first.
    iterators: Vec<String>,
    /// Constraints of the enclosing loops and conditionals, in isl notation.
    constraints: Vec<String>,
    /// 2d+1 prefix of the enclosing loops and the next position at the current depth.
    time_prefix: Vec<String>,
    positions: Vec<i64>,
    statements: Vec<PendingStatement>,
}

impl Parser {
    pub(super) fn new(source: &str, file: &str) -> PResult<Self> {
        let tokens = tokenize(source)?;
        let scop = Scop {
            name: "scop".into(),
            params: vec![],
            context: String::new(),
            assumptions: vec![],
            arrays: vec![],
            externals: vec![],
            statements: vec![],
            alias_checks: vec![],
        };
        Ok(Parser {
            tokens,
            pos: 0,
            depth: 0,
            file: file.to_string(),
            scop,
            context: vec![],
            iterators: vec![],
            constraints: vec![],
            time_prefix: vec![],
            positions: vec![0],
            statements: vec![],
        })
    }

    pub(super) fn parse(mut self) -> PResult<Scop> {
        while !self.at_eof() {
            self.item()?;
        }
        self.finish()
    }

    // ----- tokens -----

    fn peek(&self) -> &Token {
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn peek_at(&self, ahead: usize) -> &TokenKind {
        &self.tokens[(self.pos + ahead).min(self.tokens.len() - 1)].kind
    }

    fn at_eof(&self) -> bool {
        self.peek().kind == TokenKind::Eof
    }

    fn advance(&mut self) -> Token {
        let token = self.peek().clone();
        if self.pos < self.tokens.len() - 1 {
            self.pos += 1;
        }
        token
    }

    fn error_here<T>(&self, message: impl Into<String>) -> PResult<T> {
        let token = self.peek();
        Err(ParseError { line: token.line, column: token.column, message: message.into() })
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Punct(q) if *q == p)
    }

    fn is_keyword(&self, word: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Ident(w) if w == word)
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        let found = self.is_punct(p);
        if found {
            self.advance();
        }
        found
    }

    fn eat_keyword(&mut self, word: &str) -> bool {
        let found = self.is_keyword(word);
        if found {
            self.advance();
        }
        found
    }

    fn expect_punct(&mut self, p: &str) -> PResult<()> {
        if self.eat_punct(p) {
            return Ok(());
        }
        self.error_here(format!("expected '{p}', found {}", describe(&self.peek().kind)))
    }

    fn expect_keyword(&mut self, word: &str) -> PResult<()> {
        if self.eat_keyword(word) {
            return Ok(());
        }
        self.error_here(format!("expected '{word}', found {}", describe(&self.peek().kind)))
    }

    fn ident(&mut self) -> PResult<String> {
        match &self.peek().kind {
            TokenKind::Ident(name) => {
                let name = name.clone();
                self.advance();
                Ok(name)
            }
            other => self.error_here(format!("expected a name, found {}", describe(other))),
        }
    }

    /// A new name: not reserved and not yet declared.
    fn fresh_name(&mut self) -> PResult<String> {
        let token = self.peek().clone();
        let name = self.ident()?;
        let error = |message: String| Err(ParseError { line: token.line, column: token.column, message });
        if RESERVED.iter().any(|r| r.eq_ignore_ascii_case(&name)) {
            return error(format!("'{name}' is a reserved word"));
        }
        if self.name_in_use(&name) {
            return error(format!("'{name}' is already declared"));
        }
        Ok(name)
    }

    fn name_in_use(&self, name: &str) -> bool {
        self.scop.params.iter().any(|p| p.name == name)
            || self.scop.arrays.iter().any(|a| a.name == name)
            || self.scop.externals.iter().any(|e| e.name == name)
            || self.iterators.iter().any(|i| i == name)
    }

    fn string(&mut self) -> PResult<String> {
        match &self.peek().kind {
            TokenKind::Str(text) => {
                let text = text.clone();
                self.advance();
                Ok(text)
            }
            other => self.error_here(format!("expected a string, found {}", describe(other))),
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.error_here("nesting is too deep");
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ----- declarations and statements -----

    fn item(&mut self) -> PResult<()> {
        let at_top = self.iterators.is_empty() && self.constraints.is_empty();
        let declaration = ["scop", "param", "context", "assume", "alias", "array", "scalar", "extern", "statement"]
            .iter()
            .any(|k| self.is_keyword(k));
        if declaration && !at_top {
            return self.error_here("declarations are only allowed outside loops and conditionals");
        }
        if self.eat_keyword("scop") {
            self.scop.name = self.ident()?;
            return self.expect_punct(";");
        }
        if self.eat_keyword("param") {
            return self.parameter();
        }
        if self.eat_keyword("context") {
            let constraint = self.context_constraint()?;
            self.context.push(constraint);
            return self.expect_punct(";");
        }
        if self.eat_keyword("assume") {
            let set = self.string()?;
            let reason = self.string()?;
            self.scop.assumptions.push(Assumption { reason, set });
            return self.expect_punct(";");
        }
        if self.eat_keyword("alias") {
            let first = self.array_named()?;
            let second = self.array_named()?;
            self.scop.alias_checks.push(AliasCheck { first, second });
            return self.expect_punct(";");
        }
        if self.eat_keyword("array") {
            return self.array(false);
        }
        if self.eat_keyword("scalar") {
            return self.array(true);
        }
        if self.eat_keyword("extern") {
            let name = self.fresh_name()?;
            self.expect_punct(":")?;
            let ty = self.scalar_type()?;
            self.scop.externals.push(External { name, ty });
            return self.expect_punct(";");
        }
        if self.eat_keyword("statement") {
            return self.explicit_statement();
        }
        self.statement()
    }

    fn array_named(&mut self) -> PResult<ArrayId> {
        let token = self.peek().clone();
        let name = self.ident()?;
        self.scop
            .array_id(&name)
            .ok_or(ParseError { line: token.line, column: token.column, message: format!("unknown array '{name}'") })
    }

    fn parameter(&mut self) -> PResult<()> {
        let start = self.pos;
        let name = self.fresh_name()?;
        let ty = if self.eat_punct(":") { self.scalar_type()? } else { ScalarType::I64 };
        if ty.is_float() {
            return self.error_here("parameters are integers");
        }
        self.scop.params.push(Parameter::new(name, ty));
        if !self.is_punct(";") {
            // `param N >= 4;`: the condition starts at the name.
            let after_type = self.pos;
            self.pos = start;
            if after_type != start + 1 {
                return self.error_here("a parameter with a type takes its constraint in 'context'");
            }
            let constraint = self.condition()?;
            self.context.push(constraint);
        }
        self.expect_punct(";")
    }

    fn context_constraint(&mut self) -> PResult<String> {
        if let TokenKind::Str(text) = &self.peek().kind {
            let text = text.clone();
            self.advance();
            return Ok(format!("EXPLICIT:{text}"));
        }
        self.condition()
    }

    fn scalar_type(&mut self) -> PResult<ScalarType> {
        let token = self.peek().clone();
        let name = self.ident()?;
        ScalarType::from_name(&name).ok_or(ParseError {
            line: token.line,
            column: token.column,
            message: format!("unknown type '{name}' (expected f32, f64, i32, i64)"),
        })
    }

    fn array(&mut self, scalar: bool) -> PResult<()> {
        let name = self.fresh_name()?;
        let mut sizes = Vec::new();
        while !scalar && self.eat_punct("[") {
            if self.eat_punct("*") {
                if !sizes.is_empty() {
                    return self.error_here("only the outermost size may be unknown ('*')");
                }
                sizes.push(None);
            } else {
                sizes.push(Some(self.affine()?));
            }
            self.expect_punct("]")?;
        }
        if !scalar && sizes.is_empty() {
            return self.error_here("an array needs at least one dimension (use 'scalar')");
        }
        self.expect_punct(":")?;
        let element = self.scalar_type()?;
        let liveness = match self.ident()?.as_str() {
            "in" | "out" | "inout" => Liveness::LiveOut,
            "temp" => Liveness::Temporary,
            other => {
                self.pos -= 1;
                return self.error_here(format!("expected in, out, inout or temp, found '{other}'"));
            }
        };
        // The language's temporaries start as the interpreter fills them: not indeterminate.
        self.scop.arrays.push(Array { name, element, sizes, liveness, initial: Contents::Program, row_pointers: false, row_stride: 1, index_range: None, line_buffer: false });
        self.expect_punct(";")
    }

    fn statement(&mut self) -> PResult<()> {
        self.enter()?;
        let result = if self.eat_keyword("for") {
            self.for_loop()
        } else if self.eat_keyword("if") {
            self.conditional()
        } else {
            self.assignment()
        };
        self.leave();
        result
    }

    fn for_loop(&mut self) -> PResult<()> {
        let iterator = self.fresh_name()?;
        self.expect_punct("=")?;
        let lower = self.bound()?;
        self.expect_keyword("to")?;
        let upper = self.bound()?;
        self.expect_keyword("do")?;
        let constraint =
            format!("{} and {}", self.bound_text(&iterator, &lower, true), self.bound_text(&iterator, &upper, false));
        let position = self.next_position();
        self.time_prefix.push(position.to_string());
        self.time_prefix.push(iterator.clone());
        self.positions.push(0);
        self.iterators.push(iterator);
        self.constraints.push(constraint);
        while !self.eat_keyword("done") {
            if self.at_eof() {
                return self.error_here("missing 'done'");
            }
            self.statement()?;
        }
        self.constraints.pop();
        self.iterators.pop();
        self.positions.pop();
        self.time_prefix.truncate(self.time_prefix.len() - 2);
        Ok(())
    }

    fn next_position(&mut self) -> i64 {
        let last = self.positions.last_mut().expect("a position per depth");
        let position = *last;
        *last += 1;
        position
    }

    fn conditional(&mut self) -> PResult<()> {
        let condition = self.condition()?;
        self.eat_keyword("then");
        self.constraints.push(condition.clone());
        while !self.is_keyword("else") && !self.is_keyword("fi") {
            if self.at_eof() {
                return self.error_here("missing 'fi'");
            }
            self.statement()?;
        }
        self.constraints.pop();
        if self.eat_keyword("else") {
            self.constraints.push(format!("not ({condition})"));
            while !self.is_keyword("fi") {
                if self.at_eof() {
                    return self.error_here("missing 'fi'");
                }
                self.statement()?;
            }
            self.constraints.pop();
        }
        self.expect_keyword("fi")
    }

    fn assignment(&mut self) -> PResult<()> {
        let label = self.label()?;
        let token = self.peek().clone();
        let guard = self.guard()?;
        let write = self.write_access()?;
        self.expect_punct("=")?;
        let (value, ty) = self.rexp()?;
        self.expect_punct(";")?;
        let element = self.scop.arrays[write.array].element;
        let mut time = self.time_prefix.clone();
        time.push(self.next_position().to_string());
        self.statements.push(PendingStatement {
            label,
            iterators: self.iterators.clone(),
            constraints: self.constraints.clone(),
            explicit_domain: None,
            time,
            explicit_schedule: None,
            write,
            value: convert(value, ty, element),
            guard,
            location: SourceLocation { file: self.file.clone(), line: token.line, column: token.column },
        });
        Ok(())
    }

    /// `when rexp` before an assignment: a data-dependent condition of the statement.
    fn guard(&mut self) -> PResult<Option<Expr>> {
        if !self.eat_keyword("when") {
            return Ok(None);
        }
        let (condition, ty) = self.value_unary()?;
        Ok(Some(if ty == ScalarType::I1 { condition } else { Expr::Compare(ComparePredicate::Ne, Box::new(condition), Box::new(zero_of(ty))) }))
    }

    /// `S4:` before an assignment.
    fn label(&mut self) -> PResult<Option<String>> {
        let is_label = matches!(self.peek().kind, TokenKind::Ident(_)) && matches!(self.peek_at(1), TokenKind::Punct(":"));
        if !is_label {
            return Ok(None);
        }
        let label = self.fresh_name()?;
        self.advance();
        Ok(Some(label))
    }

    /// `statement S0[i] in "domain" at "schedule" : acc = rexp;` (the printer's form).
    fn explicit_statement(&mut self) -> PResult<()> {
        let label = self.fresh_name()?;
        self.expect_punct("[")?;
        let mut iterators = Vec::new();
        while !self.eat_punct("]") {
            if !iterators.is_empty() {
                self.expect_punct(",")?;
            }
            let name = self.fresh_name()?;
            if iterators.contains(&name) {
                return self.error_here(format!("iterator '{name}' appears twice"));
            }
            iterators.push(name);
        }
        self.expect_keyword("in")?;
        let domain = self.string()?;
        self.expect_keyword("at")?;
        let schedule = self.string()?;
        self.expect_punct(":")?;
        self.iterators = iterators.clone();
        let token = self.peek().clone();
        let parsed = self.explicit_body();
        self.iterators.clear();
        let (guard, write, value) = parsed?;
        self.statements.push(PendingStatement {
            label: Some(label),
            iterators,
            constraints: vec![],
            explicit_domain: Some(domain),
            time: vec![],
            explicit_schedule: Some(schedule),
            write,
            value,
            guard,
            location: SourceLocation { file: self.file.clone(), line: token.line, column: token.column },
        });
        Ok(())
    }

    fn explicit_body(&mut self) -> PResult<(Option<Expr>, Access, Expr)> {
        let guard = self.guard()?;
        let write = self.write_access()?;
        self.expect_punct("=")?;
        let (value, ty) = self.rexp()?;
        self.expect_punct(";")?;
        let element = self.scop.arrays[write.array].element;
        Ok((guard, write, convert(value, ty, element)))
    }

    fn write_access(&mut self) -> PResult<Access> {
        let token = self.peek().clone();
        let name = self.ident()?;
        let Some(array) = self.scop.array_id(&name) else {
            return Err(ParseError {
                line: token.line,
                column: token.column,
                message: format!("'{name}' is not a declared array or scalar"),
            });
        };
        self.subscripts(array, &token)
    }

    /// The subscripts after the name `at` of `array`; errors point at the name.
    fn subscripts(&mut self, array: ArrayId, at: &Token) -> PResult<Access> {
        let mut subscripts = Vec::new();
        while self.eat_punct("[") {
            if self.eat_punct("?") {
                // `[? rexp]`: a data-dependent subscript (a may-access), an integer value.
                let token = self.peek().clone();
                let (value, ty) = self.rexp()?;
                if ty.is_float() || ty == ScalarType::I1 {
                    return Err(ParseError {
                        line: token.line,
                        column: token.column,
                        message: format!("a data-dependent subscript must be an integer, not {ty}"),
                    });
                }
                subscripts.push(Err(convert(value, ty, ScalarType::I64)));
            } else {
                subscripts.push(Ok(self.affine()?));
            }
            self.expect_punct("]")?;
        }
        let dims = self.scop.arrays[array].sizes.len();
        if subscripts.len() != dims {
            let name = &self.scop.arrays[array].name;
            return Err(ParseError {
                line: at.line,
                column: at.column,
                message: format!("'{name}' has {dims} dimension(s) but {} subscript(s)", subscripts.len()),
            });
        }
        Ok(Access::with_data(array, subscripts))
    }

    // ----- affine expressions and conditions -----

    /// A loop bound: an affine expression or `min(...)`/`max(...)` of bounds.
    fn bound(&mut self) -> PResult<Bound> {
        self.enter()?;
        let result = self.bound_inner();
        self.leave();
        result
    }

    fn bound_inner(&mut self) -> PResult<Bound> {
        let is_call = matches!(self.peek_at(1), TokenKind::Punct("("));
        for (word, is_min) in [("min", true), ("max", false)] {
            if is_call && self.is_keyword(word) {
                self.advance();
                self.expect_punct("(")?;
                let mut parts = vec![self.bound()?];
                while self.eat_punct(",") {
                    parts.push(self.bound()?);
                }
                self.expect_punct(")")?;
                return Ok(if is_min { Bound::Min(parts) } else { Bound::Max(parts) });
            }
        }
        Ok(Bound::Affine(self.affine()?))
    }

    fn affine(&mut self) -> PResult<AffExpr> {
        let token = self.peek().clone();
        match self.condition_or()? {
            Affine::Expr(e) => Ok(e),
            Affine::Condition(_) => Err(ParseError {
                line: token.line,
                column: token.column,
                message: "expected an affine expression, found a condition".into(),
            }),
        }
    }

    fn condition(&mut self) -> PResult<String> {
        let token = self.peek().clone();
        match self.condition_or()? {
            Affine::Condition(c) => Ok(c),
            Affine::Expr(_) => Err(ParseError {
                line: token.line,
                column: token.column,
                message: "expected a condition (a comparison), found an affine expression".into(),
            }),
        }
    }

    fn condition_operand(&self, value: Affine, token: &Token) -> PResult<String> {
        match value {
            Affine::Condition(c) => Ok(c),
            Affine::Expr(_) => Err(ParseError {
                line: token.line,
                column: token.column,
                message: "'and', 'or' and 'not' need conditions".into(),
            }),
        }
    }

    fn condition_or(&mut self) -> PResult<Affine> {
        let first_token = self.peek().clone();
        let first = self.condition_and()?;
        if !(self.is_keyword("or") || self.is_punct("||")) {
            return Ok(first);
        }
        let mut parts = vec![self.condition_operand(first, &first_token)?];
        while self.eat_keyword("or") || self.eat_punct("||") {
            let token = self.peek().clone();
            let next = self.condition_and()?;
            parts.push(self.condition_operand(next, &token)?);
        }
        Ok(Affine::Condition(format!("({})", parts.join(" or "))))
    }

    fn condition_and(&mut self) -> PResult<Affine> {
        let first_token = self.peek().clone();
        let first = self.condition_not()?;
        if !(self.is_keyword("and") || self.is_punct("&&")) {
            return Ok(first);
        }
        let mut parts = vec![self.condition_operand(first, &first_token)?];
        while self.eat_keyword("and") || self.eat_punct("&&") {
            let token = self.peek().clone();
            let next = self.condition_not()?;
            parts.push(self.condition_operand(next, &token)?);
        }
        Ok(Affine::Condition(format!("({})", parts.join(" and "))))
    }

    fn condition_not(&mut self) -> PResult<Affine> {
        self.enter()?;
        let result = if self.eat_keyword("not") || self.eat_punct("!") {
            let token = self.peek().clone();
            let operand = self.condition_not()?;
            self.condition_operand(operand, &token).map(|c| Affine::Condition(format!("not ({c})")))
        } else {
            self.comparison()
        };
        self.leave();
        result
    }

    /// `a < b`, chains `a <= b <= c`, or a plain affine expression.
    fn comparison(&mut self) -> PResult<Affine> {
        let first_token = self.peek().clone();
        let first = self.affine_sum()?;
        let mut left = match first {
            Affine::Condition(c) => {
                if relation(&self.peek().kind).is_some() {
                    return self.error_here("a condition cannot be compared");
                }
                return Ok(Affine::Condition(c));
            }
            Affine::Expr(e) => e,
        };
        let _ = first_token;
        let mut parts = Vec::new();
        while let Some(op) = relation(&self.peek().kind) {
            self.advance();
            let right = self.affine_term_expr()?;
            parts.push(format!("({}) {} ({})", self.aff_text(&left), op, self.aff_text(&right)));
            left = right;
        }
        if parts.is_empty() {
            return Ok(Affine::Expr(left));
        }
        Ok(Affine::Condition(format!("({})", parts.join(" and "))))
    }

    fn affine_term_expr(&mut self) -> PResult<AffExpr> {
        let token = self.peek().clone();
        match self.affine_sum()? {
            Affine::Expr(e) => Ok(e),
            Affine::Condition(_) => Err(ParseError {
                line: token.line,
                column: token.column,
                message: "expected an affine expression".into(),
            }),
        }
    }

    fn aff_text(&self, e: &AffExpr) -> String {
        e.display(&self.iterators, &self.scop.param_names()).to_string()
    }

    fn affine_sum(&mut self) -> PResult<Affine> {
        let first = self.affine_product()?;
        if !(self.is_punct("+") || self.is_punct("-")) {
            return Ok(first);
        }
        let mut sum = self.as_affine(first)?;
        loop {
            let negate = if self.eat_punct("+") {
                false
            } else if self.eat_punct("-") {
                true
            } else {
                return Ok(Affine::Expr(sum));
            };
            let next = self.affine_product()?;
            let next = self.as_affine(next)?;
            let combined = if negate { sum.sub(&next) } else { sum.add(&next) };
            sum = self.no_overflow(combined)?;
        }
    }

    fn as_affine(&self, value: Affine) -> PResult<AffExpr> {
        match value {
            Affine::Expr(e) => Ok(e),
            Affine::Condition(_) => self.error_here("a condition is not an affine expression"),
        }
    }

    fn no_overflow(&self, value: Option<AffExpr>) -> PResult<AffExpr> {
        value.map_or_else(|| self.error_here("affine expression overflows"), Ok)
    }

    fn affine_product(&mut self) -> PResult<Affine> {
        let first = self.affine_unary()?;
        if !(self.is_punct("*") || self.is_punct("/") || self.is_punct("%")) {
            return Ok(first);
        }
        let mut product = self.as_affine(first)?;
        loop {
            let operator = self.peek().clone();
            let op = if self.eat_punct("*") {
                "*"
            } else if self.eat_punct("/") {
                "/"
            } else if self.eat_punct("%") {
                "%"
            } else {
                return Ok(Affine::Expr(product));
            };
            let right = self.affine_unary()?;
            let right = self.as_affine(right)?;
            product = self.affine_binary(op, product, right).map_err(|e| ParseError {
                line: operator.line,
                column: operator.column,
                message: e.message,
            })?;
        }
    }

    fn affine_binary(&self, op: &str, left: AffExpr, right: AffExpr) -> PResult<AffExpr> {
        if op == "*" {
            let result = match (left.as_constant(), right.as_constant()) {
                (Some(c), _) => right.scale(c),
                (_, Some(c)) => left.scale(c),
                _ => return self.error_here("a product in an affine expression needs a constant factor"),
            };
            return self.no_overflow(result);
        }
        let Some(d) = right.as_constant().filter(|d| *d > 0) else {
            return self.error_here(format!("'{op}' in an affine expression needs a positive constant divisor"));
        };
        if op == "/" {
            return self.no_overflow(left.floor_div(d));
        }
        // e mod d = e - d * floor(e / d)
        let quotient = self.no_overflow(left.floor_div(d))?;
        let scaled = self.no_overflow(quotient.scale(d))?;
        self.no_overflow(left.sub(&scaled))
    }

    fn affine_unary(&mut self) -> PResult<Affine> {
        if self.eat_punct("-") {
            let operand = self.affine_unary()?;
            let operand = self.as_affine(operand)?;
            return self.no_overflow(operand.scale(-1)).map(Affine::Expr);
        }
        self.affine_primary()
    }

    fn affine_primary(&mut self) -> PResult<Affine> {
        self.enter()?;
        let result = self.affine_primary_inner();
        self.leave();
        result
    }

    fn affine_primary_inner(&mut self) -> PResult<Affine> {
        let token = self.peek().clone();
        match &token.kind {
            TokenKind::Int { value, .. } => {
                self.advance();
                Ok(Affine::Expr(AffExpr::constant(*value)))
            }
            TokenKind::Punct("(") => {
                self.advance();
                let inner = self.condition_or()?;
                self.expect_punct(")")?;
                Ok(inner)
            }
            TokenKind::Ident(name) if name == "floor" && matches!(self.peek_at(1), TokenKind::Punct("(")) => {
                // `floor(e / d)`: division is already floor division.
                self.advance();
                self.advance();
                let inner = self.affine()?;
                self.expect_punct(")")?;
                Ok(Affine::Expr(inner))
            }
            TokenKind::Ident(name) if (name == "min" || name == "max") && matches!(self.peek_at(1), TokenKind::Punct("(")) => {
                // `min(e, ...)` and `max(e, ...)`: piecewise affine, as the printer writes
                // clamped subscripts.
                let is_min = name == "min";
                self.advance();
                self.advance();
                let mut value = self.affine()?;
                while self.eat_punct(",") {
                    let next = self.affine()?;
                    value = if is_min { value.minimum(&next) } else { value.maximum(&next) };
                }
                self.expect_punct(")")?;
                Ok(Affine::Expr(value))
            }
            TokenKind::Ident(name) => {
                let name = name.clone();
                self.advance();
                if let Some(k) = self.iterators.iter().position(|i| *i == name) {
                    return Ok(Affine::Expr(AffExpr::iter(k)));
                }
                if let Some(k) = self.scop.params.iter().position(|p| p.name == name) {
                    return Ok(Affine::Expr(AffExpr::param(k)));
                }
                Err(ParseError {
                    line: token.line,
                    column: token.column,
                    message: format!("'{name}' is not an iterator or parameter (affine expressions use only those)"),
                })
            }
            other => self.error_here(format!("expected an affine expression, found {}", describe(other))),
        }
    }

    // ----- value expressions (C-like, typed) -----

    fn rexp(&mut self) -> PResult<(Expr, ScalarType)> {
        self.enter()?;
        let result = self.ternary();
        self.leave();
        result
    }

    fn ternary(&mut self) -> PResult<(Expr, ScalarType)> {
        let condition = self.binary_level(0)?;
        if !self.eat_punct("?") {
            return Ok(condition);
        }
        let then = self.rexp()?;
        self.expect_punct(":")?;
        let otherwise = self.rexp()?;
        Ok(select(condition, then, otherwise))
    }

    /// Binary operators by C precedence, lowest first.
    fn binary_level(&mut self, level: usize) -> PResult<(Expr, ScalarType)> {
        const LEVELS: [&[&str]; 6] = [&["||"], &["&&"], &["==", "!="], &["<", "<=", ">", ">="], &["+", "-"], &["*", "/", "%"]];
        if level == LEVELS.len() {
            return self.value_unary();
        }
        let mut left = self.binary_level(level + 1)?;
        loop {
            let Some(op) = LEVELS[level].iter().find(|op| self.is_punct(op)).copied() else {
                return Ok(left);
            };
            let token = self.advance();
            let right = self.binary_level(level + 1)?;
            left = c_binary(op, left, right)
                .map_err(|message| ParseError { line: token.line, column: token.column, message })?;
        }
    }

    fn value_unary(&mut self) -> PResult<(Expr, ScalarType)> {
        self.enter()?;
        let result = self.value_unary_inner();
        self.leave();
        result
    }

    fn value_unary_inner(&mut self) -> PResult<(Expr, ScalarType)> {
        if self.eat_punct("-") {
            let (operand, ty) = self.value_unary()?;
            return Ok(negate(operand, ty));
        }
        if self.eat_punct("!") {
            let (operand, ty) = self.value_unary()?;
            let zero = zero_of(ty);
            return Ok((Expr::Compare(if ty.is_float() { ComparePredicate::FOeq } else { ComparePredicate::Eq }, Box::new(operand), Box::new(zero)), ScalarType::I1));
        }
        self.value_primary()
    }

    fn value_primary(&mut self) -> PResult<(Expr, ScalarType)> {
        let token = self.peek().clone();
        match &token.kind {
            TokenKind::Int { value, long } => {
                self.advance();
                let ty = if *long || i32::try_from(*value).is_err() { ScalarType::I64 } else { ScalarType::I32 };
                Ok((Expr::Constant(Constant::Int(*value, ty)), ty))
            }
            TokenKind::Float { text, single } => {
                self.advance();
                let (value, ty) = if *single {
                    (text.parse::<f32>().unwrap_or(0.0) as f64, ScalarType::F32)
                } else {
                    (text.parse::<f64>().unwrap_or(0.0), ScalarType::F64)
                };
                Ok((Expr::Constant(Constant::Float(value, ty)), ty))
            }
            TokenKind::Punct("(") => {
                self.advance();
                let inner = self.rexp()?;
                self.expect_punct(")")?;
                Ok(inner)
            }
            TokenKind::Ident(name) => {
                let name = name.clone();
                self.advance();
                if self.is_punct("(") {
                    return self.call(&name, &token);
                }
                self.name_value(&name, &token)
            }
            other => self.error_here(format!("expected an expression, found {}", describe(other))),
        }
    }

    fn name_value(&mut self, name: &str, token: &Token) -> PResult<(Expr, ScalarType)> {
        if name == "true" || name == "false" {
            return Ok((Expr::Constant(Constant::Int(if name == "true" { -1 } else { 0 }, ScalarType::I1)), ScalarType::I1));
        }
        if let Some(k) = self.iterators.iter().position(|i| i == name) {
            return Ok((Expr::Iterator(k), ScalarType::I64));
        }
        if let Some(k) = self.scop.params.iter().position(|p| p.name == name) {
            return Ok((Expr::Parameter(k), self.scop.params[k].ty));
        }
        if let Some(k) = self.scop.externals.iter().position(|e| e.name == name) {
            return Ok((Expr::External(k), self.scop.externals[k].ty));
        }
        if let Some(array) = self.scop.array_id(name) {
            let access = self.subscripts(array, token)?;
            return Ok((Expr::Read(access), self.scop.arrays[array].element));
        }
        Err(ParseError { line: token.line, column: token.column, message: format!("unknown name '{name}'") })
    }

    fn arguments(&mut self) -> PResult<Vec<(Expr, ScalarType)>> {
        self.expect_punct("(")?;
        let mut args = Vec::new();
        while !self.eat_punct(")") {
            if !args.is_empty() {
                self.expect_punct(",")?;
            }
            args.push(self.rexp()?);
        }
        Ok(args)
    }

    fn call(&mut self, name: &str, token: &Token) -> PResult<(Expr, ScalarType)> {
        let args = self.arguments()?;
        call_expr(name, args).map_err(|message| ParseError { line: token.line, column: token.column, message })
    }

    // ----- building the model -----

    fn finish(mut self) -> PResult<Scop> {
        let ctx = IslContext::new(DEFAULT_MAX_OPERATIONS);
        let prefix = self.scop.param_prefix();
        let names = self.statement_names()?;
        let length = self.schedule_length(&ctx)?;
        let pending = std::mem::take(&mut self.statements);
        for (statement, name) in pending.into_iter().zip(names) {
            let built = self.build_statement(&ctx, &prefix, statement, name, length)?;
            self.scop.statements.push(built);
        }
        self.scop.context = self.build_context(&ctx, &prefix)?;
        Ok(self.scop)
    }

    fn statement_names(&self) -> PResult<Vec<String>> {
        let mut names: Vec<String> = Vec::new();
        for (k, statement) in self.statements.iter().enumerate() {
            let name = statement.label.clone().unwrap_or_else(|| format!("S{k}"));
            let clash = names.contains(&name) || self.name_in_use(&name);
            if clash {
                return Err(ParseError {
                    line: statement.location.line,
                    column: statement.location.column,
                    message: format!("statement name '{name}' is used twice (label the statements)"),
                });
            }
            names.push(name);
        }
        Ok(names)
    }

    fn schedule_length(&self, ctx: &IslContext) -> PResult<usize> {
        let mut length = 1;
        for statement in &self.statements {
            let this = match &statement.explicit_schedule {
                Some(text) => out_dims(ctx, text).map_err(|message| located(statement, message))?,
                None => statement.time.len(),
            };
            length = length.max(this);
        }
        Ok(length)
    }

    fn build_statement(
        &self,
        ctx: &IslContext,
        prefix: &str,
        statement: PendingStatement,
        name: String,
        length: usize,
    ) -> PResult<Statement> {
        let tuple = format!("{}[{}]", name, statement.iterators.join(", "));
        let domain_text = match &statement.explicit_domain {
            Some(text) => text.clone(),
            None if statement.constraints.is_empty() => format!("{prefix}{{ {tuple} }}"),
            None => format!("{prefix}{{ {tuple} : {} }}", statement.constraints.join(" and ")),
        };
        let schedule_text = match &statement.explicit_schedule {
            Some(text) => text.clone(),
            None => {
                let mut time = statement.time.clone();
                time.resize(length, "0".into());
                format!("{prefix}{{ {tuple} -> [{}] }}", time.join(", "))
            }
        };
        let domain = crate::isl::simplify_set(ctx, &domain_text).map_err(|e| located(&statement, e.to_string()))?;
        let universe = ctx.union_set(&format!("{prefix}{{ {tuple} }}")).map_err(|e| located(&statement, e.to_string()))?;
        let fits = ctx
            .union_set(&domain)
            .and_then(|d| d.is_subset(&universe))
            .map_err(|e| located(&statement, e.to_string()))?;
        if !fits {
            return Err(located(&statement, format!("the domain of '{name}' must be a set of {tuple}")));
        }
        let schedule = crate::isl::simplify_map(ctx, &schedule_text).map_err(|e| located(&statement, e.to_string()))?;
        if statement.explicit_schedule.is_some() && out_dims(ctx, &schedule).map_err(|m| located(&statement, m))? != length {
            return Err(located(&statement, format!("the schedule of '{name}' must have {length} dimensions")));
        }
        Ok(Statement {
            name,
            iterators: statement.iterators,
            domain,
            schedule,
            write: statement.write,
            value: statement.value,
            guard: statement.guard,
            location: Some(statement.location),
        })
    }

    fn build_context(&self, ctx: &IslContext, prefix: &str) -> PResult<String> {
        let mut text = format!("{prefix}{{ : }}");
        let mut explicit = Vec::new();
        let mut constraints = Vec::new();
        for c in &self.context {
            match c.strip_prefix("EXPLICIT:") {
                Some(isl) => explicit.push(isl.to_string()),
                None => constraints.push(c.clone()),
            }
        }
        if !constraints.is_empty() {
            text = format!("{prefix}{{ : {} }}", constraints.join(" and "));
        }
        let error = |message: String| ParseError { line: 1, column: 1, message: format!("context: {message}") };
        let mut set = ctx.param_set(&text).map_err(|e| error(e.to_string()))?;
        for isl in explicit {
            set = set.intersect(ctx.param_set(&isl).map_err(|e| error(e.to_string()))?).map_err(|e| error(e.to_string()))?;
        }
        set.to_isl_string().map_err(|e| error(e.to_string()))
    }
}

/// A loop bound (paper 003, Figure 3, `<aexp>`, extended with `min`/`max`).
enum Bound {
    Affine(AffExpr),
    Min(Vec<Bound>),
    Max(Vec<Bound>),
}

impl Parser {
    /// isl constraint text for `iterator >= bound` (lower) or `iterator <= bound` (upper).
    fn bound_text(&self, iterator: &str, bound: &Bound, lower: bool) -> String {
        match bound {
            Bound::Affine(e) => format!("{iterator} {} {}", if lower { ">=" } else { "<=" }, self.aff_text(e)),
            Bound::Min(parts) | Bound::Max(parts) => {
                // i >= max(a, b) and i <= min(a, b) are conjunctions; the others disjunctions.
                let conjunction = matches!(bound, Bound::Max(_)) == lower;
                let joined: Vec<String> = parts.iter().map(|p| self.bound_text(iterator, p, lower)).collect();
                format!("({})", joined.join(if conjunction { " and " } else { " or " }))
            }
        }
    }
}

fn located(statement: &PendingStatement, message: String) -> ParseError {
    ParseError { line: statement.location.line, column: statement.location.column, message }
}

fn out_dims(ctx: &IslContext, schedule: &str) -> Result<usize, String> {
    crate::isl::map_out_dims(ctx, schedule).map_err(|e| e.to_string())
}

fn relation(kind: &TokenKind) -> Option<&'static str> {
    match kind {
        TokenKind::Punct("<") => Some("<"),
        TokenKind::Punct("<=") => Some("<="),
        TokenKind::Punct(">") => Some(">"),
        TokenKind::Punct(">=") => Some(">="),
        TokenKind::Punct("==") => Some("="),
        TokenKind::Punct("!=") => Some("!="),
        _ => None,
    }
}

fn describe(kind: &TokenKind) -> String {
    match kind {
        TokenKind::Ident(name) => format!("'{name}'"),
        TokenKind::Int { value, .. } => format!("'{value}'"),
        TokenKind::Float { text, .. } => format!("'{text}'"),
        TokenKind::Str(_) => "a string".into(),
        TokenKind::Punct(p) => format!("'{p}'"),
        TokenKind::Eof => "the end of the input".into(),
    }
}

fn zero_of(ty: ScalarType) -> Expr {
    if ty.is_float() {
        Expr::Constant(Constant::Float(0.0, ty))
    } else {
        Expr::Constant(Constant::Int(0, ty))
    }
}

/// C's unary minus: constants fold; floats negate (`fneg`); integers compute `0 - x` after
/// promotion.
fn negate(operand: Expr, ty: ScalarType) -> (Expr, ScalarType) {
    match operand {
        Expr::Constant(Constant::Float(v, t)) => (Expr::Constant(Constant::Float(-v, t)), t),
        Expr::Constant(Constant::Int(v, t)) if t != ScalarType::I1 => {
            let t = promoted(t);
            (Expr::Constant(Constant::Int(typing::wrap_int(v.wrapping_neg(), t), t)), t)
        }
        operand if ty.is_float() => (Expr::Unary(UnaryOp::FNeg, Box::new(operand)), ty),
        operand => {
            let t = promoted(ty);
            let operand = convert(operand, ty, t);
            (Expr::Binary(BinaryOp::Sub, Box::new(zero_of(t)), Box::new(operand), WrapFlags::NONE), t)
        }
    }
}

fn select(condition: (Expr, ScalarType), then: (Expr, ScalarType), otherwise: (Expr, ScalarType)) -> (Expr, ScalarType) {
    let ty = if then.1 == otherwise.1 { then.1 } else { common_type(then.1, otherwise.1) };
    let condition = truth(condition.0, condition.1);
    let then = convert(then.0, then.1, ty);
    let otherwise = convert(otherwise.0, otherwise.1, ty);
    (Expr::Select(Box::new(condition), Box::new(then), Box::new(otherwise)), ty)
}

/// A C binary operator after the usual arithmetic conversions.
fn c_binary(op: &str, left: (Expr, ScalarType), right: (Expr, ScalarType)) -> Result<(Expr, ScalarType), String> {
    if op == "&&" || op == "||" {
        let l = truth(left.0, left.1);
        let r = truth(right.0, right.1);
        let op = if op == "&&" { BinaryOp::And } else { BinaryOp::Or };
        return Ok((Expr::Binary(op, Box::new(l), Box::new(r), WrapFlags::NONE), ScalarType::I1));
    }
    let ty = common_type(left.1, right.1);
    let l = Box::new(convert(left.0, left.1, ty));
    let r = Box::new(convert(right.0, right.1, ty));
    let float = ty.is_float();
    if let Some(predicate) = c_predicate(op, float) {
        return Ok((Expr::Compare(predicate, l, r), ScalarType::I1));
    }
    let op = match (op, float) {
        ("+", false) => BinaryOp::Add,
        ("+", true) => BinaryOp::FAdd,
        ("-", false) => BinaryOp::Sub,
        ("-", true) => BinaryOp::FSub,
        ("*", false) => BinaryOp::Mul,
        ("*", true) => BinaryOp::FMul,
        ("/", false) => BinaryOp::SDiv,
        ("/", true) => BinaryOp::FDiv,
        ("%", false) => BinaryOp::SRem,
        ("%", true) => return Err("'%' needs integer operands".into()),
        (other, _) => return Err(format!("unknown operator '{other}'")),
    };
    Ok((Expr::Binary(op, l, r, WrapFlags::NONE), ty))
}

/// C comparison operators: ordered comparisons for floats, except `!=` (unordered).
pub(super) fn c_predicate(op: &str, float: bool) -> Option<ComparePredicate> {
    use ComparePredicate::*;
    Some(match (op, float) {
        ("==", false) => Eq,
        ("!=", false) => Ne,
        ("<", false) => Slt,
        ("<=", false) => Sle,
        (">", false) => Sgt,
        (">=", false) => Sge,
        ("==", true) => FOeq,
        ("!=", true) => FUne,
        ("<", true) => FOlt,
        ("<=", true) => FOle,
        (">", true) => FOgt,
        (">=", true) => FOge,
        _ => return None,
    })
}

/// Calls: math functions (`sqrt` on `f64`, `sqrtf` on `f32`, ...), conversions `f32(x)`,
/// `select(c, a, b)`, and the exact forms `binop_<op>(a, b)`, `cmp_<predicate>(a, b)`,
/// `cast_<op>_<type>(x)` that the printer uses for operations C has no operator for.
fn call_expr(name: &str, mut args: Vec<(Expr, ScalarType)>) -> Result<(Expr, ScalarType), String> {
    let arity = |n: usize, args: &Vec<(Expr, ScalarType)>| {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!("'{name}' takes {n} argument(s), got {}", args.len()))
        }
    };
    if let Some(ty) = ScalarType::from_name(name) {
        arity(1, &args)?;
        let (e, from) = args.pop().expect("one argument");
        return Ok((convert(e, from, ty), ty));
    }
    if name == "select" {
        arity(3, &args)?;
        let otherwise = args.pop().expect("3");
        let then = args.pop().expect("3");
        let condition = args.pop().expect("3");
        return Ok(select(condition, then, otherwise));
    }
    if let Some(op) = name.strip_prefix("binop_") {
        arity(2, &args)?;
        let Some(op) = typing::ALL_BINARY_OPS.iter().find(|o| o.name() == op) else {
            return Err(format!("unknown operation '{op}'"));
        };
        let (r, rt) = args.pop().expect("2");
        let (l, lt) = args.pop().expect("2");
        if lt != rt {
            return Err(format!("'{name}' needs operands of one type, got {lt} and {rt}"));
        }
        return Ok((Expr::Binary(*op, Box::new(l), Box::new(r), WrapFlags::NONE), lt));
    }
    if let Some(p) = name.strip_prefix("cmp_") {
        arity(2, &args)?;
        let Some(p) = typing::ALL_PREDICATES.iter().find(|q| typing::predicate_name(**q) == p) else {
            return Err(format!("unknown predicate '{p}'"));
        };
        let (r, rt) = args.pop().expect("2");
        let (l, lt) = args.pop().expect("2");
        if lt != rt {
            return Err(format!("'{name}' needs operands of one type, got {lt} and {rt}"));
        }
        return Ok((Expr::Compare(*p, Box::new(l), Box::new(r)), ScalarType::I1));
    }
    if let Some(rest) = name.strip_prefix("cast_") {
        arity(1, &args)?;
        let cast = rest.rsplit_once('_').and_then(|(op, ty)| {
            let op = typing::ALL_CASTS.iter().find(|c| typing::cast_name(**c) == op)?;
            Some((*op, ScalarType::from_name(ty)?))
        });
        let Some((op, ty)) = cast else { return Err(format!("unknown conversion '{name}'")) };
        let (e, _) = args.pop().expect("1");
        return Ok((Expr::Cast(op, ty, Box::new(e)), ty));
    }
    if let Some(rest) = name.strip_prefix("call_") {
        return pure_call(rest, args);
    }
    math_call(name, args)
}

/// `call_TY_SYMBOL(args)`: a call of the program's function `SYMBOL` returning `TY`; the
/// arguments keep their types (the function's parameters are whatever they are).
fn pure_call(rest: &str, args: Vec<(Expr, ScalarType)>) -> Result<(Expr, ScalarType), String> {
    let parsed = rest.split_once('_').and_then(|(ty, symbol)| Some((ScalarType::from_name(ty)?, symbol)));
    let Some((ty, symbol)) = parsed.filter(|(_, symbol)| !symbol.is_empty()) else {
        return Err(format!("'call_{rest}' is not call_TYPE_FUNCTION"));
    };
    let args = args.into_iter().map(|(e, _)| e).collect();
    Ok((Expr::Call(Callee::Pure(symbol.to_string()), ty, args), ty))
}

fn math_call(name: &str, args: Vec<(Expr, ScalarType)>) -> Result<(Expr, ScalarType), String> {
    let (function, ty) = match MathFunction::from_name(name) {
        Some(f) => (f, ScalarType::F64),
        None => match name.strip_suffix('f').and_then(MathFunction::from_name) {
            Some(f) => (f, ScalarType::F32),
            None => return Err(format!("unknown function '{name}'")),
        },
    };
    if args.len() != function.arity() {
        return Err(format!("'{name}' takes {} argument(s), got {}", function.arity(), args.len()));
    }
    let args = args.into_iter().map(|(e, t)| convert(e, t, ty)).collect();
    Ok((Expr::Call(Callee::Math(function), ty, args), ty))
}

