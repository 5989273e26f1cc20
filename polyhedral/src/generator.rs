//! A seeded generator of random programs in the textual SCoP language, for randomized
//! differential tests (STYLE.md, item 13): a program run before and after a transformation
//! must give bit-identical live-out contents.
//!
//! Every generated program is valid for any `N >= 4` (its context): it has nested loops
//! (rectangular and triangular), conditionals with `else`, several input and output arrays of
//! one and two dimensions, temporary arrays, temporary scalars and live-out scalars, math
//! calls and selects. It never reads outside an array or a never-written temporary:
//! - arrays have `N + 4` elements per dimension; temporaries are first written over their
//!   whole extent (`0 .. N + 3`), later loops run over `2 .. N + 1` and read at offsets
//!   `-2 .. 2`;
//! - a temporary scalar is written unconditionally at the top of a loop body before the
//!   statements of that body read it;
//! - rotation scalars `r0`, `r1` are set before a loop and rotated at the end of its body
//!   (`r1 = r0; r0 = ...;`), so the body reads values carried from earlier iterations, as
//!   recursive filters (PolyBench's deriche) do;
//! - integer locations only receive integer expressions (no float-to-integer conversion that
//!   could overflow), and integer division is by non-zero constants;
//! - data-dependent subscripts (may-accesses, `[? e]`) are `|x % 7|` of an integer read, so
//!   within every array (`N + 4 >= 8`): reads of one-dimensional locations (the last
//!   subscript of two-dimensional ones) and scatters into one-dimensional targets. Their
//!   decisions come from a second random stream, so that a seed's program is otherwise the
//!   one it was before they existed;
//! - a row stencil (a third stream, for the same reason): a two-dimensional temporary `rows`
//!   written once and read by one nest only, at rows `i - 2 .. i + 2` of the same column, as
//!   an image pipeline's vertical blur reads its horizontal one (the line buffers of
//!   `line_buffers` need that form).

/// The textual program for `seed`.
pub fn generate_program(seed: u64) -> String {
    Generator::new(seed).program()
}

/// SplitMix64.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

#[derive(Clone)]
struct Location {
    name: String,
    dims: usize,
    float: bool,
}

struct Generator {
    random: Random,
    /// Decides and builds the data-dependent subscripts (see the module documentation).
    data_random: Random,
    /// Inside a data-dependent subscript (no nested ones).
    in_data_subscript: bool,
    /// Decides and builds the row stencil (see the module documentation).
    stencil_random: Random,
    text: String,
    inputs: Vec<Location>,
    outputs: Vec<Location>,
    /// Temporaries written over their whole extent so far.
    ready: Vec<Location>,
    /// Temporary scalars written in the current loop body.
    scalars_in_scope: Vec<String>,
    scalar_count: usize,
    has_rotation: bool,
    has_extern: bool,
    indent: usize,
}

impl Generator {
    fn new(seed: u64) -> Self {
        Generator {
            random: Random(seed),
            data_random: Random(seed ^ 0x6d61_7964_6570_7331),
            in_data_subscript: false,
            stencil_random: Random(seed ^ 0x726f_7773_7465_6e63),
            text: String::new(),
            inputs: vec![],
            outputs: vec![],
            ready: vec![],
            scalars_in_scope: vec![],
            scalar_count: 0,
            has_rotation: false,
            has_extern: false,
            indent: 0,
        }
    }

    fn line(&mut self, line: &str) {
        self.text.push_str(&"  ".repeat(self.indent));
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn location(&mut self, prefix: &str, k: usize) -> Location {
        let dims = if self.random.chance(35) { 2 } else { 1 };
        let float = !self.random.chance(15);
        Location { name: format!("{prefix}{k}"), dims, float }
    }

    fn element_type(&mut self, location: &Location) -> &'static str {
        match (location.float, self.random.chance(20)) {
            (true, false) => "f32",
            (true, true) => "f64",
            (false, false) => "i32",
            (false, true) => "i64",
        }
    }

    fn declare(&mut self, location: &Location, liveness: &str) {
        let sizes = "[N + 4]".repeat(location.dims);
        let ty = self.element_type(location);
        self.line(&format!("array {}{} : {} {};", location.name, sizes, ty, liveness));
    }

    fn program(mut self) -> String {
        self.line("param N >= 4;");
        let n_inputs = 1 + self.random.below(3);
        let n_temps = 1 + self.random.below(3);
        let n_outputs = 1 + self.random.below(2);
        for k in 0..n_inputs {
            let location = self.location("in", k);
            self.declare(&location, "in");
            self.inputs.push(location);
        }
        let temps: Vec<Location> = (0..n_temps).map(|k| self.location("tmp", k)).collect();
        for t in &temps {
            self.declare(t, "temp");
        }
        for k in 0..n_outputs {
            let location = self.location("out", k);
            self.declare(&location, "out");
            self.outputs.push(location);
        }
        self.scalar_count = self.random.below(3);
        for k in 0..self.scalar_count {
            self.line(&format!("scalar s{k} : f32 temp;"));
        }
        self.has_rotation = self.random.chance(40);
        if self.has_rotation {
            self.line("scalar r0 : f32 temp;");
            self.line("scalar r1 : f32 temp;");
        }
        let row_stencil = self.stencil_random.chance(30);
        if row_stencil {
            self.line("array rows[N + 4][N + 4] : f32 temp;");
            self.line("array out_rows[N + 4][N + 4] : f32 out;");
        }
        self.line("scalar acc : f64 out;");
        self.has_extern = self.random.chance(50);
        if self.has_extern {
            self.line("extern alpha : f32;");
        }
        for t in temps {
            self.initialization(&t);
            self.ready.push(t.clone());
            if self.random.chance(50) {
                self.update(&t);
            }
        }
        if row_stencil {
            self.row_stencil();
        }
        for o in self.outputs.clone() {
            self.update(&o);
        }
        if self.random.chance(60) {
            self.accumulation();
        }
        self.text
    }

    /// Writes `t` over its whole extent from inputs read at the same position.
    fn initialization(&mut self, t: &Location) {
        let iterators = ["i", "j"];
        for iterator in &iterators[..t.dims] {
            self.line(&format!("for {iterator} = 0 to N + 3 do"));
            self.indent += 1;
        }
        let value = self.expression(t.float, 2, &iterators[..t.dims], false);
        self.line(&format!("{}{} = {};", t.name, subscripts(&iterators[..t.dims], &[0, 0]), value));
        for _ in 0..t.dims {
            self.indent -= 1;
            self.line("done");
        }
    }

    /// A loop nest over the interior writing `target`, with conditionals and scalars.
    fn update(&mut self, target: &Location) {
        let iterators = ["i", "j"];
        let rotation = self.has_rotation && self.random.chance(60);
        if rotation {
            self.line("r0 = 0.5f;");
            self.line("r1 = 0.25f;");
        }
        self.line("for i = 2 to N + 1 do");
        self.indent += 1;
        self.scalars_in_scope.clear();
        if rotation {
            self.scalars_in_scope.extend(["r0".to_string(), "r1".to_string()]);
        }
        for k in 0..self.scalar_count {
            if self.random.chance(60) {
                let value = self.expression(true, 2, &iterators[..1], true);
                self.line(&format!("s{k} = {value};"));
                self.scalars_in_scope.push(format!("s{k}"));
            }
        }
        let depth = target.dims.max(if self.random.chance(30) { 2 } else { 1 });
        if depth == 2 {
            let upper = if self.random.chance(30) { "i" } else { "N + 1" };
            self.line(&format!("for j = 2 to {upper} do"));
            self.indent += 1;
        }
        let loop_iterators = &iterators[..depth];
        let write_iterators: Vec<&str> = if target.dims == 2 { vec!["i", "j"] } else { vec![*self.random.pick(loop_iterators)] };
        let mut write = format!("{}{}", target.name, subscripts(&write_iterators, &[0, 0]));
        if target.dims == 1 && self.data_random.chance(12) {
            if let Some(index) = self.data_subscript(loop_iterators) {
                write = format!("{}[? {index}]", target.name);
            }
        }
        if self.random.chance(50) {
            let condition = self.condition(loop_iterators);
            self.line(&format!("if {condition} then"));
            self.indent += 1;
            let value = self.expression(target.float, 3, loop_iterators, true);
            self.line(&format!("{write} = {value};"));
            self.indent -= 1;
            if self.random.chance(60) {
                self.line("else");
                self.indent += 1;
                let value = self.expression(target.float, 3, loop_iterators, true);
                self.line(&format!("{write} = {value};"));
                self.indent -= 1;
            }
            self.line("fi");
        } else {
            let value = self.expression(target.float, 3, loop_iterators, true);
            self.line(&format!("{write} = {value};"));
        }
        if depth == 2 {
            self.indent -= 1;
            self.line("done");
        }
        if rotation {
            let value = self.expression(true, 2, &iterators[..1], true);
            self.line("r1 = r0;");
            self.line(&format!("r0 = {value};"));
        }
        self.indent -= 1;
        self.line("done");
        self.scalars_in_scope.clear();
    }

    /// `rows` written from the inputs, then `out_rows` from its rows `i - 2 .. i + 2` (some
    /// of them) at the same column: the stencil's decisions and expressions come from the
    /// third stream.
    fn row_stencil(&mut self) {
        std::mem::swap(&mut self.random, &mut self.stencil_random);
        let rows = Location { name: "rows".into(), dims: 2, float: true };
        self.initialization(&rows);
        let offsets: Vec<i64> = (-2..=2).filter(|_| self.random.chance(60)).collect();
        let offsets = if offsets.len() < 2 { vec![-1, 1] } else { offsets };
        let terms: Vec<String> = offsets.iter().map(|&d| format!("rows{} * {}.{}f", subscripts(&["i", "j"], &[d, 0]), 1 + self.random.below(3), self.random.below(10))).collect();
        self.line("for i = 2 to N + 1 do");
        self.line("  for j = 2 to N + 1 do");
        self.line(&format!("    out_rows[i][j] = {};", terms.join(" + ")));
        self.line("  done");
        self.line("done");
        std::mem::swap(&mut self.random, &mut self.stencil_random);
    }

    /// `acc = acc + ...` over a loop: a live-out scalar carried across iterations.
    fn accumulation(&mut self) {
        self.line("for i = 2 to N + 1 do");
        self.indent += 1;
        let value = self.expression(true, 2, &["i"], true);
        self.line(&format!("acc = acc + {value};"));
        self.indent -= 1;
        self.line("done");
    }

    fn condition(&mut self, iterators: &[&str]) -> String {
        let i = *self.random.pick(iterators);
        match self.random.below(4) {
            0 => format!("{i} <= N / 2 + 1"),
            1 => format!("{i} % 2 == 0"),
            2 => format!("{i} == 2 or {i} >= N"),
            _ => format!("not ({i} > 3)"),
        }
    }

    /// A random value expression; `float` selects float or integer leaves; `shifted` allows
    /// subscript offsets (interior loops only).
    fn expression(&mut self, float: bool, depth: usize, iterators: &[&str], shifted: bool) -> String {
        if depth == 0 || self.random.chance(30) {
            return self.leaf(float, iterators, shifted);
        }
        let a = self.expression(float, depth - 1, iterators, shifted);
        let b = self.expression(float, depth - 1, iterators, shifted);
        if !float {
            return match self.random.below(5) {
                0 => format!("({a} + {b})"),
                1 => format!("({a} - {b})"),
                2 => format!("({a} * {b})"),
                3 => format!("({a} / 3)"),
                _ => format!("({a} < {b} ? {a} : {b})"),
            };
        }
        match self.random.below(9) {
            0 | 1 => format!("({a} + {b})"),
            2 => format!("({a} - {b})"),
            3 | 4 => format!("({a} * {b})"),
            5 => format!("({a} / 1.5)"),
            6 => format!("sqrtf(fabsf({a}))"),
            7 => format!("fminf({a}, {b})"),
            _ => format!("({a} > {b} ? {a} : {b} * 0.5f)"),
        }
    }

    fn leaf(&mut self, float: bool, iterators: &[&str], shifted: bool) -> String {
        let choice = self.random.below(10);
        if choice < 6 {
            return self.read(float, iterators, shifted);
        }
        if choice == 6 {
            return self.random.pick(iterators).to_string();
        }
        if float && choice == 7 && !self.scalars_in_scope.is_empty() {
            return self.random.pick(&self.scalars_in_scope.clone()).clone();
        }
        if float && choice == 8 && self.has_extern {
            return "alpha".into();
        }
        if float {
            self.random.pick(&["0.25f", "1.5f", "2.0", "3", "0.125f"]).to_string()
        } else {
            self.random.pick(&["1", "2", "3", "N"]).to_string()
        }
    }

    fn read(&mut self, float: bool, iterators: &[&str], shifted: bool) -> String {
        let candidates: Vec<Location> = self
            .inputs
            .iter()
            .chain(&self.ready)
            .filter(|l| l.float == float || float)
            .filter(|l| l.dims <= iterators.len() || l.dims == 1)
            .cloned()
            .collect();
        let Some(location) = (!candidates.is_empty()).then(|| self.random.pick(&candidates).clone()) else {
            return if float { "1.0f".into() } else { "1".into() };
        };
        let chosen: Vec<&str> = if location.dims == 2 {
            iterators.to_vec()
        } else {
            vec![*self.random.pick(iterators)]
        };
        let offsets = if shifted {
            [self.random.below(5) as i64 - 2, self.random.below(5) as i64 - 2]
        } else {
            [0, 0]
        };
        if shifted && !self.in_data_subscript && self.data_random.chance(10) {
            if let Some(index) = self.data_subscript(iterators) {
                let outer = if location.dims == 2 { subscripts(&chosen[..1], &offsets) } else { String::new() };
                return format!("{}{outer}[? {index}]", location.name);
            }
        }
        format!("{}{}", location.name, subscripts(&chosen, &offsets))
    }

    /// `|x % 7|` of an integer read `x`, built from the second random stream; `None` if no
    /// integer location can be read here.
    fn data_subscript(&mut self, iterators: &[&str]) -> Option<String> {
        std::mem::swap(&mut self.random, &mut self.data_random);
        self.in_data_subscript = true;
        let x = self.read(false, iterators, true);
        self.in_data_subscript = false;
        std::mem::swap(&mut self.random, &mut self.data_random);
        if x == "1" {
            return None;
        }
        Some(format!("({x} % 7 < 0 ? 0 - {x} % 7 : {x} % 7)"))
    }
}

fn subscripts(iterators: &[&str], offsets: &[i64; 2]) -> String {
    iterators
        .iter()
        .zip(offsets)
        .map(|(i, o)| match o {
            0 => format!("[{i}]"),
            o if *o > 0 => format!("[{i} + {o}]"),
            o => format!("[{i} - {}]", -o),
        })
        .collect()
}
