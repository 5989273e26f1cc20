//! A reader for the plain affine part of isl's notation, without isl's parser (compile time,
//! issue 20; not in the papers).
//!
//! isl's parser builds every constraint as piecewise affine expressions and intersects them
//! one by one, about half a million instructions for a statement's domain: on PolyBench's
//! kernels a quarter of polyprop's compile time was reading the model's texts. The texts
//! polyprop writes are mostly conjunctions of affine constraints (domains, `2d + 1`
//! schedules, accesses), which this reader turns into constraint matrices directly
//! (`isl_basic_map_from_constraint_matrices`, one simplification).
//!
//! The subset: `[params] -> { piece; ... }` where a piece is `S[x, ...]`, `S[x, ...] ->
//! A[e, ...]` (tuple names optional) or nothing (a parameter set), optionally followed by
//! `: formula`; a formula combines with `and`, `or` and parentheses (at most
//! `MAX_DISJUNCTS` disjuncts) chains `e op e op ...` of `<`, `<=`, `=`, `>=`, `>`; `e` is an
//! affine expression of integers, names (isl's printer primes some: `i0'`), `+`, `-`, `*` by
//! a constant, parentheses and isl's juxtaposition `2i`, with isl's quasi-affine forms
//! `floor(e/d)` and `(e) mod d` (an existentially quantified variable each, which isl makes
//! a local one) and `min(a, b)`, `max(a, b)` (two cases each, disjuncts of the piece). The
//! pyramids' `floor(R/2)` put those forms in most dependences of local Laplacian; read by
//! isl's parser they were a third of its propagation time. `not` is pushed down to the
//! comparisons (De Morgan; `a < b` fails as `a >= b` in each case of its operands, which
//! cover every point): the conditions of the model's branches, which the affinator tests on
//! the domain, are written with it (isl's parser on them was two thirds of nw's modeling
//! time). An empty formula (`{ : }`) is true. Anything else (`exists`, `ceil`, lists
//! `i, j >= 0`, an unknown name) is not read here: [`read`] answers `None` and the caller
//! uses isl's parser.
//!
//! The objects are isl's own: tuple entries follow isl's rules (`read_tuple_pw_aff_el`): a
//! new name in a tuple, alone or defined (`i0' = i0 + 1`), becomes a named dimension,
//! anything else an unnamed dimension equal to its expression. The tests below compare both
//! readers on the forms polyprop writes and on random texts; `POLYPROP_CHECK_READER`
//! (`isl::read_either`) compares them on every text a compilation reads. One difference
//! is known and harmless: isl's parser drops some redundant constraints of relations it
//! printed, this reader keeps them (the same set, another text). Reading here spends no isl
//! operations of the quota: its work is bounded by the text's length.

use isl_rs::{BasicMap, BasicSet, Context, DimType, LibISLError, Map, Mat, Set, Space, UnionMap, UnionSet, Val};

/// What the text should become.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Set,
    Map,
    UnionSet,
    UnionMap,
}

/// An object read from text, of the kind asked for.
pub(crate) enum Object {
    Set(Set),
    Map(Map),
    UnionSet(UnionSet),
    UnionMap(UnionMap),
}

/// Reads `text` as `kind` if it is in the subset (module documentation); `None` otherwise,
/// also when isl fails (the caller's parser then reports the error its own way).
pub(crate) fn read(ctx: &Context, text: &str, kind: Kind) -> Option<Object> {
    let parsed = Parser::new(text)?.text()?;
    build(ctx, &parsed, kind).ok().flatten()
}

#[derive(Clone, PartialEq, Debug)]
enum Token {
    Name(String),
    Int(i128),
    Symbol(&'static str),
}

fn tokens(text: &str) -> Option<Vec<Token>> {
    const SYMBOLS: [&str; 17] = ["->", "<=", ">=", "[", "]", "{", "}", "(", ")", ",", ";", ":", "+", "-", "*", "=", "/"];
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        let c = bytes[k];
        if c.is_ascii_whitespace() {
            k += 1;
        } else if c.is_ascii_digit() {
            let start = k;
            while k < bytes.len() && bytes[k].is_ascii_digit() {
                k += 1;
            }
            out.push(Token::Int(text[start..k].parse().ok()?));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = k;
            while k < bytes.len() && (bytes[k].is_ascii_alphanumeric() || bytes[k] == b'_') {
                k += 1;
            }
            // isl's printer primes the names of a map's range that repeat its domain's.
            while k < bytes.len() && bytes[k] == b'\'' {
                k += 1;
            }
            out.push(Token::Name(text[start..k].to_string()));
        } else if let Some(symbol) = SYMBOLS.iter().find(|s| text[k..].starts_with(**s)) {
            out.push(Token::Symbol(symbol));
            k += symbol.len();
        } else if c == b'<' || c == b'>' {
            out.push(Token::Symbol(if c == b'<' { "<" } else { ">" }));
            k += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

/// Words of isl's notation this reader leaves to isl (they are not names).
const KEYWORDS: [&str; 14] = ["and", "or", "not", "exists", "floor", "ceil", "mod", "min", "max", "true", "false", "implies", "rat", "cond"];

/// One tuple of a piece.
#[derive(Debug)]
struct Tuple {
    name: Option<String>,
    /// Per dimension: its name if the entry introduced one.
    dims: Vec<Option<String>>,
}

/// Equalities and inequalities over `[params, in, out]` (columns) and a constant (last).
type Conjunction = (Vec<Affine>, Vec<Affine>);

/// Most disjuncts one piece's formula may have here (a product of disjunctions grows fast).
const MAX_DISJUNCTS: usize = 16;

/// One piece: its tuples and its formula in disjunctive normal form.
#[derive(Debug)]
struct Piece {
    /// `None`: a parameter set.
    domain: Option<Tuple>,
    range: Option<Tuple>,
    disjuncts: Vec<Conjunction>,
    /// The columns of existentially quantified variables (of `floor` and `mod`), which isl
    /// wants after the tuples' dimensions.
    existentials: Vec<usize>,
    /// How many parameters the text has (the first columns).
    params: usize,
}

#[derive(Debug)]
struct Text {
    params: Vec<String>,
    pieces: Vec<Piece>,
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    params: Vec<String>,
    /// The names of the current piece's variables, by column (params first).
    vars: Vec<Option<String>>,
    /// The current piece's existentially quantified columns, one per `floor` or `mod`.
    existentials: Vec<usize>,
    /// Their definitions, `d e <= x <= d e + d - 1` for `e = floor(x / d)`: true for some `e`
    /// whatever the other variables are, so they join every disjunct of the piece.
    definitions: Vec<Affine>,
}

/// An affine expression: coefficients by column, then the constant.
/// Wide enough for the 64-bit bounds the model writes (`2^63`) and sums of them.
type Affine = Vec<i128>;

/// An expression by cases: each an affine value and the inequalities under which it is the
/// expression's value (`min(a, b)` is `a` where `b - a >= 0`, else `b`); an affine
/// expression is one case without conditions.
type Cases = Vec<(Affine, Vec<Affine>)>;

/// The cases of `f(a, b)` for every pair of cases of `a` and `b`, conditions joined; `None`
/// past `MAX_DISJUNCTS`.
fn cross(a: &Cases, b: &Cases, f: impl Fn(&Affine, &Affine) -> Option<Affine>) -> Option<Cases> {
    let mut out = Vec::new();
    for (x, cx) in a {
        for (y, cy) in b {
            let conditions = [cx.clone(), cy.clone()].concat();
            if possible(&conditions) {
                out.push((f(x, y)?, conditions));
            }
        }
    }
    (!out.is_empty() && out.len() <= MAX_DISJUNCTS).then_some(out)
}

/// Whether the inequalities `rows` (each `row >= 0`) may hold together, as far as a glance
/// tells: no row is a negative constant and no two add up to one. The cases of an extremum
/// written twice (`7*min(i, j) + 3*max(i, j)`) cross into pairs of opposite conditions
/// (`j - i >= 0` and `i - j - 1 >= 0`); dropped, the formula keeps the same points in a
/// quarter of the disjuncts, and more texts stay under `MAX_DISJUNCTS`.
fn possible(rows: &[Affine]) -> bool {
    let negative = |row: &Affine| constant(row).is_some_and(|c| c < 0);
    // A sum that overflows tells nothing.
    rows.iter().enumerate().all(|(k, a)| !negative(a) && rows[k + 1..].iter().all(|b| add(a, b).is_none_or(|sum| !negative(&sum))))
}

/// The one value of `cases` if it is a constant without conditions.
fn constant_case(cases: &Cases) -> Option<i128> {
    match &cases[..] {
        [(value, conditions)] if conditions.is_empty() => constant(value),
        _ => None,
    }
}

impl Parser {
    fn new(text: &str) -> Option<Self> {
        Some(Parser { tokens: tokens(text)?, at: 0, params: Vec::new(), vars: Vec::new(), existentials: Vec::new(), definitions: Vec::new() })
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn eat(&mut self, symbol: &str) -> bool {
        if matches!(self.peek(), Some(Token::Symbol(s)) if *s == symbol) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, symbol: &str) -> Option<()> {
        self.eat(symbol).then_some(())
    }

    fn name(&mut self) -> Option<String> {
        match self.peek() {
            Some(Token::Name(n)) if !KEYWORDS.contains(&n.as_str()) => {
                let n = n.clone();
                self.at += 1;
                Some(n)
            }
            _ => None,
        }
    }

    fn text(mut self) -> Option<Text> {
        if self.eat("[") {
            if !self.eat("]") {
                loop {
                    let name = self.name()?;
                    if self.params.contains(&name) {
                        return None;
                    }
                    self.params.push(name);
                    if self.eat("]") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            self.expect("->")?;
        }
        self.expect("{")?;
        let mut pieces = Vec::new();
        if !self.eat("}") {
            loop {
                pieces.push(self.piece()?);
                if self.eat("}") {
                    break;
                }
                self.expect(";")?;
            }
        }
        (self.at == self.tokens.len()).then_some(Text { params: self.params.clone(), pieces })
    }

    fn piece(&mut self) -> Option<Piece> {
        self.vars = self.params.iter().cloned().map(Some).collect();
        self.existentials.clear();
        self.definitions.clear();
        // The tuples' entries by cases (a `min` in an entry makes two).
        let mut entries = vec![(Vec::new(), Vec::new())];
        let (domain, range) = if matches!(self.peek(), Some(Token::Symbol(":"))) {
            (None, None)
        } else {
            let first = self.tuple(&mut entries)?;
            if self.eat("->") {
                let second = self.tuple(&mut entries)?;
                (Some(first), Some(second))
            } else {
                (Some(first), None)
            }
        };
        let ends = |p: &Self| matches!(p.peek(), Some(Token::Symbol("}" | ";")));
        let formula = if self.eat(":") && !ends(self) { self.disjunction(false)? } else { vec![(Vec::new(), Vec::new())] };
        let mut disjuncts = Vec::new();
        for (entry_eqs, entry_ineqs) in &entries {
            for (eqs, ineqs) in &formula {
                let ineqs = [entry_ineqs.clone(), ineqs.clone(), self.definitions.clone()].concat();
                disjuncts.push(([entry_eqs.clone(), eqs.clone()].concat(), ineqs));
            }
        }
        if disjuncts.len() > MAX_DISJUNCTS {
            return None;
        }
        // Rows were written while columns were added: pad them.
        let columns = self.vars.len() + 1;
        for (eqs, ineqs) in &mut disjuncts {
            eqs.iter_mut().chain(ineqs.iter_mut()).for_each(|row| pad(row, columns));
        }
        Some(Piece { domain, range, disjuncts, existentials: self.existentials.clone(), params: self.params.len() })
    }

    /// `conjunction ('or' conjunction)*`, as disjuncts of equalities and inequalities; its
    /// negation if `negated` (then the product of the conjunctions' negations).
    fn disjunction(&mut self, negated: bool) -> Option<Vec<Conjunction>> {
        let mut disjuncts = self.conjunction(negated)?;
        while self.eat_word("or") {
            disjuncts = join(disjuncts, self.conjunction(negated)?, negated)?;
        }
        Some(disjuncts)
    }

    /// `atom ('and' atom)*`, each atom a chain or a parenthesized disjunction: the product of
    /// the atoms' disjuncts, at most `MAX_DISJUNCTS` of them; if `negated`, the disjuncts of
    /// the atoms' negations.
    fn conjunction(&mut self, negated: bool) -> Option<Vec<Conjunction>> {
        let mut disjuncts = self.atom(negated)?;
        while self.eat_word("and") {
            disjuncts = join(disjuncts, self.atom(negated)?, !negated)?;
        }
        Some(disjuncts)
    }

    /// `not atom`, `(disjunction)`, or a chain (which may begin with a parenthesized
    /// expression); negated if `negated`.
    fn atom(&mut self, negated: bool) -> Option<Vec<Conjunction>> {
        if self.eat_word("not") {
            return self.atom(!negated);
        }
        let start = (self.at, self.vars.len(), self.existentials.len(), self.definitions.len());
        if self.eat("(") {
            if let Some(inner) = self.disjunction(negated) {
                let ends = self.eat(")");
                let operand = matches!(self.peek(), Some(Token::Symbol(s)) if ["<", "<=", "=", ">=", ">", "+", "-", "*"].contains(s))
                    || matches!(self.peek(), Some(Token::Name(n)) if n == "mod");
                if ends && !operand {
                    return Some(inner);
                }
            }
            // Read again as an expression: forget what the attempt added.
            self.at = start.0;
            self.vars.truncate(start.1);
            self.existentials.truncate(start.2);
            self.definitions.truncate(start.3);
        }
        self.chain(negated)
    }

    fn eat_word(&mut self, word: &str) -> bool {
        if matches!(self.peek(), Some(Token::Name(n)) if n == word) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// A tuple `S[entry, ...]`: a new name is a named dimension, anything else an unnamed
    /// one equal to its expression (isl's `read_tuple_pw_aff_el`).
    fn tuple(&mut self, entries: &mut Vec<Conjunction>) -> Option<Tuple> {
        let name = self.name();
        self.expect("[")?;
        let mut dims = Vec::new();
        if self.eat("]") {
            return Some(Tuple { name, dims });
        }
        loop {
            let fresh = match (self.peek(), self.tokens.get(self.at + 1)) {
                (Some(Token::Name(n)), Some(Token::Symbol(s))) if [",", "]", "="].contains(s) && !self.known(n) => Some(n.clone()),
                _ => None,
            };
            match fresh {
                Some(n) => {
                    if KEYWORDS.contains(&n.as_str()) {
                        return None;
                    }
                    self.at += 1;
                    // `n = e`: a named dimension defined by an expression of earlier ones.
                    let definition = if self.eat("=") { Some(self.expression()?) } else { None };
                    self.vars.push(Some(n.clone()));
                    if let Some(value) = definition {
                        self.equate(entries, value)?;
                    }
                    dims.push(Some(n));
                }
                None => {
                    let value = self.expression()?;
                    self.vars.push(None);
                    self.equate(entries, value)?;
                    dims.push(None);
                }
            }
            if self.eat("]") {
                return Some(Tuple { name, dims });
            }
            self.expect(",")?;
        }
    }

    /// Adds `last column = value` to every case of `entries`, one per case of `value`.
    fn equate(&self, entries: &mut Vec<Conjunction>, value: Cases) -> Option<()> {
        let columns = self.vars.len() + 1;
        let mut next = Vec::new();
        for (eqs, ineqs) in entries.iter() {
            for (v, conditions) in &value {
                let mut row = v.clone();
                pad(&mut row, columns);
                row[columns - 2] -= 1;
                next.push(([eqs.clone(), vec![row]].concat(), [ineqs.clone(), conditions.clone()].concat()));
            }
        }
        if next.len() > MAX_DISJUNCTS {
            return None;
        }
        *entries = next;
        Some(())
    }

    fn known(&self, name: &str) -> bool {
        self.vars.iter().any(|v| v.as_deref() == Some(name))
    }

    /// `e op e op e ...`: one constraint per neighbouring pair, per case of the operands;
    /// if `negated`, one pair's comparison fails (`a < b` as `a >= b`, `a = b` as `a < b` or
    /// `a > b`) in some case of its operands.
    fn chain(&mut self, negated: bool) -> Option<Vec<Conjunction>> {
        let mut left = self.expression()?;
        let mut disjuncts: Option<Vec<Conjunction>> = None;
        while let Some(Token::Symbol(op)) = self.peek() {
            let op = *op;
            if !["<", "<=", "=", ">=", ">"].contains(&op) {
                break;
            }
            self.at += 1;
            let right = self.expression()?;
            let columns = self.vars.len() + 1;
            let ops: &[&str] = match (negated, op) {
                (false, _) => &[op],
                (true, "<") => &[">="],
                (true, "<=") => &[">"],
                (true, ">") => &["<="],
                (true, ">=") => &["<"],
                (true, _) => &["<", ">"],
            };
            let mut pair = Vec::new();
            for &op in ops {
                for (l, lc) in &left {
                    for (r, rc) in &right {
                        let (mut l, mut r) = (l.clone(), r.clone());
                        pad(&mut l, columns);
                        pad(&mut r, columns);
                        // `greater - smaller (- 1) >= 0`, or `l - r = 0`.
                        let difference = |a: &Affine, b: &Affine, minus: i128| -> Option<Affine> {
                            let mut d: Affine = a.iter().zip(b).map(|(x, y)| x.checked_sub(*y)).collect::<Option<_>>()?;
                            let last = d.len() - 1;
                            d[last] = d[last].checked_sub(minus)?;
                            Some(d)
                        };
                        let (mut eqs, mut ineqs) = (Vec::new(), [lc.clone(), rc.clone()].concat());
                        if !possible(&ineqs) {
                            continue;
                        }
                        match op {
                            "<" => ineqs.push(difference(&r, &l, 1)?),
                            "<=" => ineqs.push(difference(&r, &l, 0)?),
                            ">" => ineqs.push(difference(&l, &r, 1)?),
                            ">=" => ineqs.push(difference(&l, &r, 0)?),
                            _ => eqs.push(difference(&l, &r, 0)?),
                        }
                        pair.push((eqs, ineqs));
                    }
                }
            }
            disjuncts = Some(match disjuncts {
                None => pair,
                Some(earlier) => join(earlier, pair, !negated)?,
            });
            left = right;
        }
        disjuncts
    }

    /// `term (('+' | '-') term)*`.
    fn expression(&mut self) -> Option<Cases> {
        let mut sum = self.term()?;
        loop {
            let sign = if self.eat("+") {
                1
            } else if self.eat("-") {
                -1
            } else {
                return Some(sum);
            };
            let term = self.term()?;
            sum = cross(&sum, &term, |a, b| add(a, &scale(b, sign)?))?;
        }
    }

    /// `factor ('*' factor)*`, at most one factor not constant.
    fn term(&mut self) -> Option<Cases> {
        let mut product = self.factor()?;
        while self.eat("*") {
            let factor = self.factor()?;
            product = match (constant_case(&product), constant_case(&factor)) {
                (Some(c), _) => scale_cases(&factor, c)?,
                (_, Some(c)) => scale_cases(&product, c)?,
                _ => return None,
            };
        }
        Some(product)
    }

    /// `-factor`, `(expression)` optionally followed by `mod integer` (isl's printer writes
    /// `mod` after parentheses only, and binds it before `-` and `*`: `-(i) mod 4` is
    /// `-((i) mod 4)`), `floor(expression / integer)`, `min(e, e)`, `max(e, e)`, a name, an
    /// integer, or isl's `2i` (an integer and a name).
    fn factor(&mut self) -> Option<Cases> {
        let unconditional = |value: Affine| vec![(value, Vec::new())];
        if self.eat("-") {
            return scale_cases(&self.factor()?, -1);
        }
        if self.eat("(") {
            let mut inner = self.expression()?;
            self.expect(")")?;
            while self.eat_word("mod") {
                let divisor = self.positive_integer()?;
                // x mod d = x - d floor(x / d)
                let mut out = Vec::new();
                for (x, conditions) in inner {
                    let quotient = self.floor_of(&x, divisor)?;
                    out.push((add(&x, &scale(&quotient, -divisor)?)?, conditions));
                }
                inner = out;
            }
            return Some(inner);
        }
        if self.eat_word("floor") {
            self.expect("(")?;
            let dividend = self.expression()?;
            self.expect("/")?;
            let divisor = self.positive_integer()?;
            self.expect(")")?;
            let mut out = Vec::new();
            for (x, conditions) in dividend {
                out.push((self.floor_of(&x, divisor)?, conditions));
            }
            return Some(out);
        }
        for (word, smaller_first) in [("min", true), ("max", false)] {
            if self.eat_word(word) {
                self.expect("(")?;
                let a = self.expression()?;
                self.expect(",")?;
                let b = self.expression()?;
                self.expect(")")?;
                // min: a where b - a >= 0, else b (a - b - 1 >= 0); max the other way round.
                let mut out = Vec::new();
                for (x, cx) in &a {
                    for (y, cy) in &b {
                        let (x_wins, y_wins) = match smaller_first {
                            true => (add(y, &scale(x, -1)?)?, add(&add(x, &scale(y, -1)?)?, &self.constant_row(-1))?),
                            false => (add(x, &scale(y, -1)?)?, add(&add(y, &scale(x, -1)?)?, &self.constant_row(-1))?),
                        };
                        let both = [cx.clone(), cy.clone()].concat();
                        for case in [(x.clone(), [both.clone(), vec![x_wins.clone()]].concat()), (y.clone(), [both, vec![y_wins]].concat())] {
                            if possible(&case.1) {
                                out.push(case);
                            }
                        }
                    }
                }
                return (!out.is_empty() && out.len() <= MAX_DISJUNCTS).then_some(out);
            }
        }
        match self.peek().cloned() {
            Some(Token::Int(value)) => {
                self.at += 1;
                if let Some(Token::Name(n)) = self.peek() {
                    if !KEYWORDS.contains(&n.as_str()) {
                        let variable = self.variable()?;
                        return Some(unconditional(scale(&variable, value)?));
                    }
                }
                Some(unconditional(self.constant_row(value)))
            }
            Some(Token::Name(_)) => Some(unconditional(self.variable()?)),
            _ => None,
        }
    }

    /// The row of the constant `value` over the current columns.
    fn constant_row(&self, value: i128) -> Affine {
        let mut c = vec![0; self.vars.len() + 1];
        *c.last_mut().expect("a constant column") = value;
        c
    }

    fn positive_integer(&mut self) -> Option<i128> {
        match self.peek() {
            Some(Token::Int(d)) if *d > 0 => {
                let d = *d;
                self.at += 1;
                Some(d)
            }
            _ => None,
        }
    }

    /// A new existentially quantified column `e = floor(x / d)`, defined by
    /// `x - d e >= 0` and `d e + d - 1 - x >= 0`; its affine expression.
    fn floor_of(&mut self, x: &Affine, d: i128) -> Option<Affine> {
        self.vars.push(None);
        let column = self.vars.len() - 1;
        self.existentials.push(column);
        let columns = self.vars.len() + 1;
        let mut e = vec![0; columns];
        e[column] = 1;
        let mut x = x.clone();
        pad(&mut x, columns);
        let lower = add(&x, &scale(&e, -d)?)?;
        let mut upper = add(&scale(&e, d)?, &scale(&x, -1)?)?;
        upper[columns - 1] = upper[columns - 1].checked_add(d - 1)?;
        self.definitions.push(lower);
        self.definitions.push(upper);
        Some(e)
    }

    fn variable(&mut self) -> Option<Affine> {
        let name = self.name()?;
        let column = self.vars.iter().position(|v| v.as_deref() == Some(name.as_str()))?;
        let mut c = vec![0; self.vars.len() + 1];
        c[column] = 1;
        Some(c)
    }
}

/// Two formulas in disjunctive normal form joined: their conjunction (the product of their
/// disjuncts) if `both`, else their disjunction; `None` past `MAX_DISJUNCTS`.
fn join(a: Vec<Conjunction>, b: Vec<Conjunction>, both: bool) -> Option<Vec<Conjunction>> {
    let joined = match both {
        true => a.iter().flat_map(|(ae, ai)| b.iter().map(move |(be, bi)| ([ae.clone(), be.clone()].concat(), [ai.clone(), bi.clone()].concat()))).collect(),
        false => [a, b].concat(),
    };
    (joined.len() <= MAX_DISJUNCTS).then_some(joined)
}

/// Widens `row` to `columns` columns, the constant staying last.
fn pad(row: &mut Affine, columns: usize) {
    let constant = row.pop().unwrap_or(0);
    row.resize(columns - 1, 0);
    row.push(constant);
}

fn constant(a: &Affine) -> Option<i128> {
    a[..a.len() - 1].iter().all(|&c| c == 0).then(|| a[a.len() - 1])
}

fn scale(a: &Affine, by: i128) -> Option<Affine> {
    a.iter().map(|c| c.checked_mul(by)).collect()
}

fn scale_cases(cases: &Cases, by: i128) -> Option<Cases> {
    cases.iter().map(|(value, conditions)| Some((scale(value, by)?, conditions.clone()))).collect()
}

fn add(a: &Affine, b: &Affine) -> Option<Affine> {
    let columns = a.len().max(b.len());
    let (mut a, mut b) = (a.clone(), b.clone());
    pad(&mut a, columns);
    pad(&mut b, columns);
    a.iter().zip(&b).map(|(x, y)| x.checked_add(*y)).collect()
}

/// Builds the object of `kind` from the pieces; `Ok(None)` when the text does not fit the
/// kind (pieces of several spaces for a set or map, a parameter set in a union).
fn build(ctx: &Context, text: &Text, kind: Kind) -> Result<Option<Object>, LibISLError> {
    let wants_map = matches!(kind, Kind::Map | Kind::UnionMap);
    let fits = |p: &Piece| match (&p.domain, &p.range) {
        (None, _) => kind == Kind::Set,
        (Some(_), range) => range.is_some() == wants_map,
    };
    if !text.pieces.iter().all(fits) {
        return Ok(None);
    }
    match kind {
        Kind::Set | Kind::Map => {
            let Some(first) = text.pieces.first() else { return Ok(None) };
            if text.pieces.iter().any(|p| !same_space(p, first)) {
                return Ok(None);
            }
            if kind == Kind::Set {
                let mut set = piece_set(ctx, text, first)?;
                for piece in &text.pieces[1..] {
                    set = set.union(piece_set(ctx, text, piece)?)?;
                }
                return Ok(Some(Object::Set(set)));
            }
            let mut map = piece_map(ctx, text, first)?;
            for piece in &text.pieces[1..] {
                map = map.union(piece_map(ctx, text, piece)?)?;
            }
            Ok(Some(Object::Map(map)))
        }
        Kind::UnionSet => {
            let mut union = UnionSet::empty(parameter_space(ctx, text)?)?;
            for piece in &text.pieces {
                union = union.add_set(piece_set(ctx, text, piece)?)?;
            }
            Ok(Some(Object::UnionSet(union)))
        }
        Kind::UnionMap => {
            let mut union = UnionMap::empty(parameter_space(ctx, text)?)?;
            for piece in &text.pieces {
                union = union.add_map(piece_map(ctx, text, piece)?)?;
            }
            Ok(Some(Object::UnionMap(union)))
        }
    }
}

/// The columns of the piece's rows: its variables (existentially quantified ones included)
/// and the constant.
fn piece_columns(piece: &Piece) -> usize {
    let dims = |t: &Option<Tuple>| t.as_ref().map_or(0, |t| t.dims.len());
    piece.params + dims(&piece.domain) + dims(&piece.range) + piece.existentials.len() + 1
}

fn same_space(a: &Piece, b: &Piece) -> bool {
    let shape = |t: &Option<Tuple>| t.as_ref().map(|t| (t.name.clone(), t.dims.len()));
    shape(&a.domain) == shape(&b.domain) && shape(&a.range) == shape(&b.range)
}

/// The space of the parameters, named.
fn parameter_space(ctx: &Context, text: &Text) -> Result<Space, LibISLError> {
    let mut space = Space::params_alloc(ctx, text.params.len() as u32)?;
    for (k, p) in text.params.iter().enumerate() {
        space = space.set_dim_name(DimType::Param, k as u32, p)?;
    }
    Ok(space)
}

/// One piece of a map: the union of its disjuncts, each from its constraint matrices.
fn piece_map(ctx: &Context, text: &Text, piece: &Piece) -> Result<Map, LibISLError> {
    let (p, i, o, d, c) = (DimType::Param, DimType::In, DimType::Out, DimType::Div, DimType::Cst);
    let space = piece_space(ctx, text, piece)?;
    let mut union: Option<Map> = None;
    for (equalities, inequalities) in &piece.disjuncts {
        let (eq, ineq) = (matrix(ctx, piece, equalities)?, matrix(ctx, piece, inequalities)?);
        let disjunct = Map::from_basic_map(BasicMap::from_constraint_matrices(space.copy()?, eq, ineq, p.clone(), i.clone(), o.clone(), d.clone(), c.clone())?)?;
        union = Some(match union {
            Some(u) => u.union(disjunct)?,
            None => disjunct,
        });
    }
    Ok(union.expect("a piece has a disjunct"))
}

/// One piece of a set (or a parameter set), as `piece_map`.
fn piece_set(ctx: &Context, text: &Text, piece: &Piece) -> Result<Set, LibISLError> {
    let (p, s, d, c) = (DimType::Param, DimType::Set, DimType::Div, DimType::Cst);
    let space = piece_space(ctx, text, piece)?;
    let mut union: Option<Set> = None;
    for (equalities, inequalities) in &piece.disjuncts {
        let (eq, ineq) = (matrix(ctx, piece, equalities)?, matrix(ctx, piece, inequalities)?);
        let disjunct = Set::from_basic_set(BasicSet::from_constraint_matrices(space.copy()?, eq, ineq, p.clone(), s.clone(), d.clone(), c.clone())?)?;
        union = Some(match union {
            Some(u) => u.union(disjunct)?,
            None => disjunct,
        });
    }
    Ok(union.expect("a piece has a disjunct"))
}

/// The piece's space, named as isl's parser names it: a map space, a set space, or the
/// parameters' space for a parameter set.
fn piece_space(ctx: &Context, text: &Text, piece: &Piece) -> Result<Space, LibISLError> {
    let nparam = text.params.len() as u32;
    let Some(domain) = &piece.domain else { return parameter_space(ctx, text) };
    let (mut space, tuples) = match &piece.range {
        Some(range) => {
            let space = Space::alloc(ctx, nparam, domain.dims.len() as u32, range.dims.len() as u32)?;
            (space, vec![(domain, DimType::In), (range, DimType::Out)])
        }
        None => (Space::set_alloc(ctx, nparam, domain.dims.len() as u32)?, vec![(domain, DimType::Set)]),
    };
    for (k, p) in text.params.iter().enumerate() {
        space = space.set_dim_name(DimType::Param, k as u32, p)?;
    }
    for (tuple, dim_type) in tuples {
        if let Some(name) = &tuple.name {
            space = space.set_tuple_name(dim_type.clone(), name)?;
        }
        for (k, dim) in tuple.dims.iter().enumerate() {
            if let Some(name) = dim {
                space = space.set_dim_name(dim_type.clone(), k as u32, name)?;
            }
        }
    }
    Ok(space)
}

/// The rows as a matrix in isl's column order: the piece's parameters and tuple dimensions,
/// its existentially quantified variables (which isl makes local ones), the constant.
fn matrix(ctx: &Context, piece: &Piece, rows: &[Affine]) -> Result<Mat, LibISLError> {
    let columns = rows.first().map_or(0, |r| r.len());
    let order: Vec<usize> = (0..columns.saturating_sub(1))
        .filter(|c| !piece.existentials.contains(c))
        .chain(piece.existentials.iter().copied())
        .chain(columns.checked_sub(1))
        .collect();
    let rows: Vec<Affine> = rows.iter().map(|row| order.iter().map(|&c| row[c]).collect()).collect();
    let columns = piece_columns(piece);
    let mut mat = Mat::alloc(ctx, rows.len() as u32, columns as u32)?;
    for (r, row) in rows.iter().enumerate() {
        for (c, &value) in row.iter().enumerate() {
            mat = match i32::try_from(value) {
                Ok(small) => mat.set_element_si(r as i32, c as i32, small)?,
                Err(_) => mat.set_element_val(r as i32, c as i32, Val::read_from_str(ctx, &value.to_string())?)?,
            };
        }
    }
    Ok(mat)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// isl's printed text of what each reader made of `text`, and whether the objects are equal.
    fn both(ctx: &Context, text: &str, kind: Kind) -> Option<(String, String, bool)> {
        macro_rules! against_isl {
            ($fast:expr, $type:ident) => {{
                let isl = $type::read_from_str(ctx, text).expect("isl reads it");
                ($fast.to_str().unwrap().to_string(), isl.to_str().unwrap().to_string(), $fast.is_equal(&isl).unwrap())
            }};
        }
        Some(match read(ctx, text, kind)? {
            Object::Set(a) => against_isl!(a, Set),
            Object::Map(a) => against_isl!(a, Map),
            Object::UnionSet(a) => against_isl!(a, UnionSet),
            Object::UnionMap(a) => against_isl!(a, UnionMap),
        })
    }

    #[test]
    fn reads_the_forms_polyprop_writes_as_isl_does() {
        let ctx = Context::alloc();
        let cases: &[(&str, Kind)] = &[
            ("[p0, p1] -> { S9[i0, i1] : p1 > 0 and 0 <= i0 < p0 and 0 <= i1 < p1 }", Kind::UnionSet),
            ("[p0, p1] -> { S9[i0, i1] : p1 > 0 and 0 <= i0 < p0 and 0 <= i1 < p1 }", Kind::Set),
            ("[p0, p1] -> { S0[] }", Kind::UnionSet),
            ("[p0, p1] -> { S9[i0, i1] -> [6, i0, 3, i1, 0] }", Kind::UnionMap),
            ("[p0, p1] -> { S19[i0, i1] -> MemRef1[i0, -i1 + p1 - 1] }", Kind::UnionMap),
            ("[p0, p1] -> { S19[i0, i1] -> MemRef1[i0, -i1 + p1 - 1] }", Kind::Map),
            ("[N] -> { S1[i0, i1] -> MemRef1[i0, 313 * i0 + 2i1 - (i0 - 3) * 2] : 0 <= i0 < N and i1 = 2 }", Kind::UnionMap),
            ("[p0, p1] -> { S13[i0, i1] -> S9[i0' = i0, i1' = 1 + i1] : 0 <= i0 < p0 and 0 <= i1 <= -2 + p1 }", Kind::UnionMap),
            ("{ S[i] -> A[j] : j = i + 1 and i >= -5 }", Kind::UnionMap),
            ("[n] -> { S[i] : 0 <= i < n; T[i, j] : 0 <= j <= i < n; S[i] : i = n + 3 }", Kind::UnionSet),
            ("[n] -> { S[i] : 0 <= i < n; S[i] : i = n + 3 }", Kind::Set),
            ("[n] -> { S[i, n] : i >= n = 4 }", Kind::UnionSet),
            ("[n] -> { [i, j] : 3 >= i > -j > -7 }", Kind::UnionSet),
            ("[n] -> { }", Kind::UnionSet),
            ("{ }", Kind::UnionMap),
            ("[p0] -> { S2[] -> S3[i0, i1] : 0 <= i0 < p0 and 0 <= i1 < 8 }", Kind::UnionMap),
            ("[n] -> { S[i] : i < 0 or i >= n }", Kind::Set),
            ("[n] -> { S[i] : (i > 0) and (i - 1) * 2 < n }", Kind::UnionSet),
            ("[n] -> { S[i] : i < 4294967296 and i > -9223372036854775807 }", Kind::UnionSet),
            ("[p0] -> { [i0] : p0 - 1 < 0 or p0 - 1 > 9223372036854775807 }", Kind::Set),
            ("[p0, p2] -> {  : p0 <= -15 or (p0 >= 9223372036854775809 and p2 <= -8) or (0 < p0 <= 9223372036854775808) }", Kind::Set),
            ("[p0, p1] -> { [i0] : (p1 < 0) and -2147483648 <= p0 <= 2147483647 }", Kind::UnionSet),
            ("[n] -> { S8[x0, z2] -> S8[x0, v2] : (z2 < v2) }", Kind::UnionMap),
            ("[p0, p1] -> {  : p0 <= 0 or (p0 > 0 and p1 <= 480) }", Kind::Set),
            ("[p0, p1] -> {  : p1 <= 0 or (p1 > 0 and p0 <= 0) or (p1 > 0 and p0 > 0 and p1 <= 200) }", Kind::Set),
            ("[count] -> { : }", Kind::Set),
            ("[count] -> {  :  }", Kind::Set),
        ];
        for &(text, kind) in cases {
            let (fast, isl, equal) = both(&ctx, text, kind).unwrap_or_else(|| panic!("not read: {text}"));
            assert!(equal, "{text}: {fast} against {isl}");
            assert_eq!(fast, isl, "{text}");
        }
        // A product of disjunctions: the same set, its disjuncts in another order than isl's.
        let text = "[n] -> { S[i, j] : (i = 0 or i = n) and (j < 0 or j > 2) }";
        assert!(both(&ctx, text, Kind::UnionSet).expect("read here").2);
    }

    #[test]
    fn leaves_other_forms_to_isl() {
        let ctx = Context::alloc();
        for text in [
            "[n] -> { S[i] : exists (e: i = 2e) }",
            "[n] -> { S[i] : i = floor(n / 0) }",
            "[n] -> { S[i] : i = floor(n / -2) }",
            "[n] -> { S[i] : i = ceil(n / 2) }",
            "[n] -> { S[i] : i = floor(n) }",
            "[n] -> { S[i] : (i) mod n = 0 }",
            "[n] -> { S[i] : i mod 2 = 0 }",
            "[n] -> { S[i] : 2i mod 2 = 0 }",
            "[n] -> { S[i] -> A[min(i, n), min(i, n + 1), min(i, n + 2), min(i, n + 3), min(i, n + 4)] }",
            "[n] -> { S[i] : 0 <= i, n }",
            "[n] -> { S[i] : (i = 0 or i = 1) and (i = 2 or i = 3) and (i = 4 or i = 5) and (i = 6 or i = 7) and (i = 8 or i = 9) }",
            "[n] -> { S[i] : i < m }",
            "[n] -> { S[i] : i <= n + }",
            "[n, n] -> { S[i] }",
        ] {
            assert!(read(&ctx, text, Kind::UnionSet).is_none(), "{text}");
        }
        // A map text is no set, and pieces of two spaces are no set.
        assert!(read(&ctx, "{ S[i] -> A[i] }", Kind::UnionSet).is_none());
        assert!(read(&ctx, "{ S[i]; T[i] }", Kind::Set).is_none());
    }

    #[test]
    fn reads_divisions_and_extrema_as_isl_does() {
        let ctx = Context::alloc();
        let cases: &[(&str, Kind)] = &[
            ("[R, C] -> { S23[i0, i1] -> S21[2*i0, 32*floor((C)/128) - 1] }", Kind::UnionMap),
            ("[R, C] -> { S11[i0, i1, i2] -> S9[i0, min(floor((R)/8) - 1, 2*i1 + 2), 2*i2] }", Kind::UnionMap),
            ("[R, C] -> { S83[i0, i1] -> outg[floor((i0 + 1)/2) - 1, floor((i1 + 1)/2)] }", Kind::Map),
            ("[R, C] -> { S82[i0, i1] : (C) mod 128 = 0 and (R) mod 128 = 0 and (i0) mod 2 = 0 and 0 <= C <= 9223372036854775680 and i0 >= 0 and 32i0 <= -64 + R and i1 >= 0 and 64i1 <= -64 + C }", Kind::UnionSet),
            ("[R, C] -> {  : 8*floor((R)/8) >= -3 + R }", Kind::Set),
            ("[R, C] -> { S17[i0, i1, i2] -> S15[i0, 2*i1, max(0, 2*i2 - 1)] }", Kind::UnionMap),
            ("[n] -> { S[i] -> A[max(0, min(i - 1, n - 1))] : 0 <= i < n }", Kind::UnionMap),
            ("{ S[i] -> A[floor((-i + 3)/4), (i) mod 3] : -10 <= i <= 10 }", Kind::Map),
            ("[n] -> { S[i] : floor((i)/2) <= min(n, 5) or -i > max(2n, 7) }", Kind::Set),
            ("[n] -> { S[i] : (floor((i)/2) = 3 or i < 0) and -(i) mod 4 >= 2 }", Kind::UnionSet),
            ("[n] -> { S[i, j] -> S[i' = floor((n)/2), j' = i - (j) mod 2] }", Kind::UnionMap),
            ("[n] -> { S[i] : not (i = 0) }", Kind::UnionSet),
            ("[n] -> { [] : not (2*n < 2) }", Kind::UnionSet),
            ("[n] -> { [i0] : ((not (i0 + 2 > n)) and i0 + 1 > n) and -2147483648 <= n <= 2147483647 }", Kind::UnionSet),
            ("[n] -> { [i0] : not (max(1, i0 - n + 2) > min(n, i0 + 1)) }", Kind::UnionSet),
            ("[n] -> { [i0] : not (floor((i0)/2) = n or i0 < 0 < n) }", Kind::UnionSet),
            ("[n] -> { [i0] : not (i0 = n) and not (0 <= i0 <= n) }", Kind::Set),
            ("[n] -> { [i0] : not (not (i0 < n) or (i0 = 1 and n > 2)) }", Kind::Set),
            ("[n] -> { [i0] : not (n >= 0) and n >= 0 }", Kind::Set),
            ("[a] -> { [i0, i1] : ((i0 = i1) and (i0 - 7*floor((i0)/7) + 4 < min(5*floor((7*min(i1, i0) + 3*max(i1, i0))/5) - 7*min(i1, i0) - 3*max(i1, i0), i0) or i0 - 7*floor((i0)/7) + 4 > min(5*floor((7*min(i1, i0) + 3*max(i1, i0))/5) - 7*min(i1, i0) - 3*max(i1, i0), i0))) }", Kind::UnionSet),
            ("[n] -> { S[i] -> A[min(i, n) + max(i, n) - min(i, n)] }", Kind::UnionMap),
        ];
        for &(text, kind) in cases {
            let (fast, isl, equal) = both(&ctx, text, kind).unwrap_or_else(|| panic!("not read: {text}"));
            assert!(equal, "{text}: {fast} against {isl}");
        }
    }

    /// A small xorshift generator: the test needs no quality, only repeatability.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }

        fn coefficient(&mut self) -> i64 {
            self.below(9) as i64 - 4
        }

        fn pick<'a>(&mut self, from: &'a [&'a str]) -> &'a str {
            from[self.below(from.len() as u64) as usize]
        }
    }

    fn random_expression(random: &mut Random, names: &[String]) -> String {
        let mut parts = Vec::new();
        for _ in 0..1 + random.below(3) {
            let c = random.coefficient();
            let term = match (random.below(4), names.is_empty()) {
                (0, _) | (_, true) => format!("{c}"),
                (1, false) => format!("{c}{}", names[random.below(names.len() as u64) as usize]),
                (2, false) => format!("{c} * {}", names[random.below(names.len() as u64) as usize]),
                (3, false) if random.below(4) == 0 => {
                    let name = &names[random.below(names.len() as u64) as usize];
                    let d = 1 + random.below(4);
                    match random.below(3) {
                        0 => format!("{c} * floor(({name} - {c})/{d})"),
                        1 => format!("{c} * ({name} + {c}) mod {d}"),
                        _ => format!("{}({name}, {c})", random.pick(&["min", "max"])),
                    }
                }
                _ => format!("({} - {})", names[random.below(names.len() as u64) as usize], c),
            };
            parts.push(term);
        }
        parts.join(random.pick(&[" + ", " - "]))
    }

    fn random_text(random: &mut Random) -> (String, Kind) {
        let params: Vec<String> = (0..random.below(3)).map(|k| format!("p{k}")).collect();
        let is_map = random.below(2) == 0;
        let mut pieces = Vec::new();
        for _ in 0..1 + random.below(2) {
            let mut names = params.clone();
            let inputs: Vec<String> = (0..random.below(3)).map(|k| format!("i{k}")).collect();
            names.extend(inputs.iter().cloned());
            let mut piece = format!("S{}[{}]", random.below(2), inputs.join(", "));
            if is_map {
                let mut outputs = Vec::new();
                for k in 0..1 + random.below(2) {
                    let output = match random.below(3) {
                        0 => format!("o{k}"),
                        1 => format!("o{k}' = {}", random_expression(random, &names)),
                        _ => random_expression(random, &names),
                    };
                    if let Some(name) = output.split(" = ").next().filter(|n| n.starts_with('o')) {
                        names.push(name.to_string());
                    }
                    outputs.push(output);
                }
                piece = format!("{piece} -> A[{}]", outputs.join(", "));
            }
            let constraints: Vec<String> = (0..random.below(4))
                .map(|_| {
                    let mut chain = random_expression(random, &names);
                    for _ in 0..1 + random.below(2) {
                        chain = format!("{chain} {} {}", random.pick(&["<", "<=", "=", ">=", ">"]), random_expression(random, &names));
                    }
                    match random.below(4) {
                        0 => format!("not ({chain})"),
                        _ => chain,
                    }
                })
                .collect();
            if !constraints.is_empty() {
                let joined = match random.below(3) {
                    0 if constraints.len() > 1 => format!("({}) and ({} or {})", constraints[0], constraints[1], constraints[1..].join(" and ")),
                    1 => constraints.join(" or "),
                    _ => constraints.join(" and "),
                };
                piece = format!("{piece} : {joined}");
            }
            pieces.push(piece);
        }
        let prefix = if params.is_empty() && random.below(2) == 0 { String::new() } else { format!("[{}] -> ", params.join(", ")) };
        (format!("{prefix}{{ {} }}", pieces.join("; ")), if is_map { Kind::UnionMap } else { Kind::UnionSet })
    }

    #[test]
    fn random_affine_texts_read_as_isl_reads_them() {
        let ctx = Context::alloc();
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let mut read_here = 0;
        for _ in 0..600 {
            let (text, kind) = random_text(&mut random);
            // The primed names print as isl's own (o0' is not o0): compare the objects only.
            if let Some((fast, isl, equal)) = both(&ctx, &text, kind) {
                assert!(equal, "{text}: {fast} against {isl}");
                read_here += 1;
            }
        }
        // Everything the generator writes is in the subset, except a few texts whose `min`
        // and `max` make more than `MAX_DISJUNCTS` cases.
        assert!(read_here >= 570, "{read_here} of 600 read here");
    }
}
