//! The textual SCoP language: round trips, domains and schedules, C typing, error positions,
//! and a fuzz test (no input makes the parser panic).

use polyhedral::generator::generate_program;
use polyhedral::isl::{maps_equal, sets_equal, IslContext};
use polyhedral::lang::{compare_models, parse_scop, print_scop};
use polyhedral::model::*;

const PROGRAMS: [&str; 9] =
    ["figure1", "figure4a", "figure5a", "figure7a", "figure7b", "figure9a", "figure9b", "gemm", "blur3"];

fn source(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn every_program_round_trips_through_the_printer() {
    for name in PROGRAMS {
        let scop = parse_scop(&source(name)).unwrap_or_else(|e| panic!("{name}:{e}"));
        let printed = print_scop(&scop);
        let reparsed = parse_scop(&printed).unwrap_or_else(|e| panic!("{name}: reparse {e}\n{printed}"));
        compare_models(&scop, &reparsed).unwrap_or_else(|e| panic!("{name}: {e}\n{printed}"));
        assert_eq!(print_scop(&reparsed), printed, "{name}: printing is not a fixed point");
    }
}

#[test]
fn figure1_domains_include_else_negations_and_schedules_are_padded() {
    let scop = parse_scop(&source("figure1")).unwrap();
    let ctx = IslContext::new(0);
    let expected = [
        ("S0", "[N] -> { S0[i] : 0 <= i <= N }", "[N] -> { S0[i] -> [0, i, 0] }"),
        ("S1", "[N] -> { S1[0] : N >= 0 }", "[N] -> { S1[i] -> [0, i, 1] }"),
        ("S2", "[N] -> { S2[N] : N >= 1 }", "[N] -> { S2[i] -> [0, i, 2] }"),
        ("S3", "[N] -> { S3[i] : 1 <= i <= N - 1 }", "[N] -> { S3[i] -> [0, i, 3] }"),
        ("S4", "[N] -> { S4[i] : 1 <= i <= N - 1 }", "[N] -> { S4[i] -> [1, i, 0] }"),
    ];
    for (statement, (name, domain, schedule)) in scop.statements.iter().zip(expected) {
        assert_eq!(statement.name, name);
        assert!(sets_equal(&ctx, &statement.domain, domain).unwrap(), "{name}: {}", statement.domain);
        assert!(maps_equal(&ctx, &statement.schedule, schedule).unwrap(), "{name}: {}", statement.schedule);
    }
    let gemm = parse_scop(&source("gemm")).unwrap();
    // S0 is at depth 2, S1 at depth 3: S0's 2d+1 vector [0, i, 0, j, 0] is padded to 7.
    assert!(maps_equal(&ctx, &gemm.statements[0].schedule, "[NI, NJ, NK] -> { S0[i, j] -> [0, i, 0, j, 0, 0, 0] }").unwrap());
    assert!(maps_equal(&ctx, &gemm.statements[1].schedule, "[NI, NJ, NK] -> { S1[i, k, j] -> [0, i, 1, k, 0, j, 0] }").unwrap());
}

#[test]
fn c_typing_double_literal_promotes_and_f_suffix_does_not() {
    let scop = parse_scop("array a[4] : f32 out; a[0] = a[1] / 1.5; a[2] = a[3] / 1.5f;").unwrap();
    let read = |k: i64| Box::new(Expr::Read(Access::affine(0, vec![polyhedral::affine::AffExpr::constant(k)])));
    // C: (float)((double)a[1] / 1.5)
    let promoted = Expr::Cast(
        CastOp::FPTrunc,
        ScalarType::F32,
        Box::new(Expr::Binary(
            BinaryOp::FDiv,
            Box::new(Expr::Cast(CastOp::FPExt, ScalarType::F64, read(1))),
            Box::new(Expr::Constant(Constant::Float(1.5, ScalarType::F64))),
            WrapFlags::NONE,
        )),
    );
    assert_eq!(scop.statements[0].value, promoted);
    let single = Expr::Binary(BinaryOp::FDiv, read(3), Box::new(Expr::Constant(Constant::Float(1.5, ScalarType::F32))), WrapFlags::NONE);
    assert_eq!(scop.statements[1].value, single);
    // An int literal next to a float is folded to a float constant; an iterator is converted.
    let scop = parse_scop("array a[4] : f32 out; for i = 0 to 3 do a[i] = 2 * i; done").unwrap();
    assert_eq!(
        scop.statements[0].value,
        Expr::Cast(
            CastOp::SIToFP,
            ScalarType::F32,
            Box::new(Expr::Binary(BinaryOp::Mul, Box::new(Expr::Constant(Constant::Int(2, ScalarType::I64))), Box::new(Expr::Iterator(0)), WrapFlags::NONE))
        )
    );
}

#[test]
fn statements_are_named_by_label_or_position() {
    let scop = parse_scop("scalar x : f32 out; x = 1.0f; L: x = 2.0f; x = 3.0f;").unwrap();
    let names: Vec<&str> = scop.statements.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["S0", "L", "S2"]);
    let error = parse_scop("scalar x : f32 out; x = 1.0f; S0: x = 2.0f;").unwrap_err();
    assert!(error.message.contains("used twice"), "{error}");
}

#[test]
fn errors_point_at_line_and_column() {
    let cases = [
        ("param N;\nfor i = 0 to N do\n  A[i] = 1;\ndone", 3, 3, "not a declared array"),
        ("array A[4] : f32 out;\nA[0][1] = 1.0f;", 2, 1, "1 dimension(s) but 2 subscript(s)"),
        ("param N;\narray A[N] : f32 out;\nfor i = 0 to N do A[i*i] = 1.0f; done", 3, 22, "constant factor"),
        ("array A[4] : f17 out;", 1, 14, "unknown type 'f17'"),
        ("param N;\nfor i = 0 to N do\n", 3, 1, "missing 'done'"),
        ("array and[4] : f32 out;", 1, 7, "reserved"),
        ("array A[4] : f32 out;\nA[0] = 1.0f $ 2;", 2, 13, "unexpected character"),
        ("array A[4] : i32 out;\nA[0] = 1.5 % 2.0;", 2, 12, "needs integer operands"),
    ];
    for (text, line, column, message) in cases {
        let error = parse_scop(text).expect_err(text);
        assert_eq!((error.line, error.column), (line, column), "{text}: {error}");
        assert!(error.message.contains(message), "{text}: {error}");
        assert!(!error.to_string().contains('\n'), "one-line message: {error}");
    }
}

/// SplitMix64, for the fuzz test.
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
}

const FRAGMENTS: [&str; 24] = [
    "for", "do", "done", "if", "then", "else", "fi", "(", ")", "[", "]", ";", "=", "==", "*", "/", "%", "-",
    "1e999", "99999999999999999999", "\"{ S[i] : }\"", "statement", "\0", "é",
];

fn mutate(random: &mut Random, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + random.below(4) {
        let at = random.below(chars.len() + 1);
        match random.below(4) {
            0 if !chars.is_empty() => {
                let end = (at + 1 + random.below(8)).min(chars.len());
                chars.drain(at.min(chars.len())..end);
            }
            1 => {
                let fragment = FRAGMENTS[random.below(FRAGMENTS.len())];
                chars.splice(at..at, fragment.chars());
            }
            2 => chars.insert(at, char::from_u32(random.below(128) as u32).unwrap_or('x')),
            _ => {
                // Duplicate a slice (nesting, repeated declarations).
                let end = (at + random.below(40)).min(chars.len());
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn fuzzed_inputs_never_make_the_parser_panic() {
    let mut random = Random(2024);
    let mut corpus: Vec<String> = PROGRAMS.iter().map(|n| source(n)).collect();
    corpus.extend((0..20).map(generate_program));
    corpus.push(print_scop(&parse_scop(&source("figure1")).unwrap()));
    corpus.push("(".repeat(5000));
    corpus.push(format!("array A[4] : f32 out; A[0] = {}1.0f{};", "(".repeat(3000), ")".repeat(3000)));
    corpus.push(format!("param N; {} A = 1; {}", "for i = 0 to N do ".repeat(400), "done ".repeat(400)));
    let mut accepted = 0;
    let total = 4000;
    for round in 0..total {
        let base = &corpus[round % corpus.len()];
        let input = if round % 10 == 9 {
            (0..random.below(200)).map(|_| char::from_u32(random.below(256) as u32).unwrap_or('?')).collect()
        } else {
            mutate(&mut random, base)
        };
        let outcome = std::panic::catch_unwind(|| parse_scop(&input).map(|s| print_scop(&s)));
        match outcome {
            Ok(Ok(printed)) => {
                accepted += 1;
                // Whatever parses also prints and parses again.
                parse_scop(&printed).unwrap_or_else(|e| panic!("printed text does not parse: {e}\n{printed}"));
            }
            Ok(Err(error)) => assert!(error.line >= 1 && error.column >= 1),
            Err(_) => panic!("the parser panicked on:\n{input:?}"),
        }
    }
    eprintln!("{accepted} of {total} fuzzed inputs parsed");
    assert!(accepted > 0 && accepted < total);
}

#[test]
fn calls_of_the_programs_functions_round_trip_and_are_not_interpreted() {
    let text = "param N >= 1; array in[N] : f32 in; array k[N] : i32 in; array out[N] : f32 out;
        for i = 0 to N - 1 do out[i] = call_f32_squash(in[i], k[i]) + sqrtf(in[i]); done";
    let scop = parse_scop(text).unwrap();
    let Expr::Binary(_, call, _, _) = &scop.statements[0].value else { panic!("{:?}", scop.statements[0].value) };
    let Expr::Call(Callee::Pure(symbol), ScalarType::F32, args) = &**call else { panic!("{call:?}") };
    assert_eq!(symbol, "squash");
    // The arguments keep their types: no conversion of the i32 to the call's f32.
    assert!(matches!(args[1], Expr::Read(_)), "{args:?}");
    let printed = print_scop(&scop);
    assert!(printed.contains("call_f32_squash(in[i], k[i]) + sqrtf(in[i])"), "{printed}");
    compare_models(&scop, &parse_scop(&printed).unwrap()).unwrap();
    let error = polyhedral::interp::interpret(&scop, &[("N".into(), 4)], 0).unwrap_err().to_string();
    assert!(error.contains("call to the program's function squash cannot be interpreted"), "{error}");
    for bad in ["call_f32_(in[i])", "call_squash(in[i])", "call_f33_squash(in[i])"] {
        let error = parse_scop(&text.replace("call_f32_squash(in[i], k[i])", bad)).unwrap_err().to_string();
        assert!(error.contains("is not call_TYPE_FUNCTION"), "{bad}: {error}");
    }
}
