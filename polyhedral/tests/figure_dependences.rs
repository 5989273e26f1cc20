//! Dependences of paper 003's figures (tests/programs/*.scop) against relations derived by
//! hand. Each test lists every dependence of the program: a missing or an extra dependence
//! fails. Reads are numbered per statement in evaluation order (`read#k`).

use polyhedral::dependences::{compute_dependences_with_quota, AccessIndex, DependenceKind, ScopDependences};
use polyhedral::isl::{maps_equal, IslContext, IslError};
use polyhedral::lang::parse_scop;
use polyhedral::model::Scop;

use DependenceKind::{Raw, War, Waw};

fn load(name: &str) -> Scop {
    let path = format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    parse_scop(&text).unwrap_or_else(|e| panic!("{path}:{e}"))
}

/// An access: `("S1", Some(2))` is the third read of S1, `("S0", None)` the write of S0.
type Endpoint = (&'static str, Option<usize>);

fn check<R: AsRef<str>>(scop: &Scop, expected: &[(DependenceKind, Endpoint, Endpoint, R)]) {
    let deps: ScopDependences = compute_dependences_with_quota(scop, 0).unwrap();
    let ctx = IslContext::new(0);
    let printed = polyhedral::dependences::print_dependences(scop, &deps);
    for (kind, source, target, relation) in expected {
        let matches_endpoint = |r: polyhedral::dependences::AccessRef, e: &Endpoint| {
            scop.statements[r.statement].name == e.0
                && match e.1 {
                    None => r.access == AccessIndex::Write,
                    Some(k) => r.access == AccessIndex::Read(k),
                }
        };
        let found = deps
            .dependences
            .iter()
            .find(|d| d.kind == *kind && matches_endpoint(d.source, source) && matches_endpoint(d.target, target))
            .unwrap_or_else(|| panic!("missing {kind:?} {source:?} -> {target:?}\n{printed}"));
        let with_params = format!("{}{}", scop.param_prefix(), relation.as_ref());
        assert!(
            maps_equal(&ctx, &found.relation, &with_params).unwrap(),
            "{kind:?} {source:?} -> {target:?}: computed {} expected {with_params}\n{printed}",
            found.relation
        );
    }
    assert_eq!(deps.dependences.len(), expected.len(), "unexpected extra dependences:\n{printed}");
}

#[test]
fn figure1_scalar_s_same_iteration_and_tmp_into_the_three_reads_of_s4() {
    // Context N >= 2. S0 writes s in every iteration i of the first loop; S1 (i = 0), S2
    // (i = N) and S3 (0 < i < N) read it in the same iteration only (the next S0 overwrites
    // it). tmp[i] is written once per i; S4[i'] (0 < i' < N) reads tmp[i'-1], tmp[i'],
    // tmp[i'+1]: from S1 (i = 0) only tmp[i'-1] at i' = 1; from S2 (i = N) only tmp[i'+1] at
    // i' = N - 1; from S3 all three, clipped to 0 < i' < N. s is read before the next S0
    // overwrites it (WAR), and every S0 overwrites the previous ones (WAW).
    let scop = load("figure1");
    check(
        &scop,
        &[
            (Raw, ("S0", None), ("S1", Some(2)), "{ S0[0] -> S1[0] : N >= 2 }"),
            (Raw, ("S0", None), ("S2", Some(2)), "{ S0[N] -> S2[N] : N >= 2 }"),
            (Raw, ("S0", None), ("S3", Some(3)), "{ S0[i] -> S3[i] : 1 <= i <= N - 1 }"),
            (Raw, ("S1", None), ("S4", Some(0)), "{ S1[0] -> S4[1] : N >= 2 }"),
            (Raw, ("S2", None), ("S4", Some(2)), "{ S2[N] -> S4[N - 1] : N >= 2 }"),
            (Raw, ("S3", None), ("S4", Some(0)), "{ S3[i] -> S4[i + 1] : 1 <= i <= N - 2 }"),
            (Raw, ("S3", None), ("S4", Some(1)), "{ S3[i] -> S4[i] : 1 <= i <= N - 1 }"),
            (Raw, ("S3", None), ("S4", Some(2)), "{ S3[i] -> S4[i - 1] : 2 <= i <= N - 1 }"),
            (War, ("S1", Some(2)), ("S0", None), "{ S1[0] -> S0[l] : 1 <= l <= N and N >= 2 }"),
            (War, ("S3", Some(3)), ("S0", None), "{ S3[i] -> S0[l] : 1 <= i < l <= N }"),
            (Waw, ("S0", None), ("S0", None), "{ S0[i] -> S0[l] : 0 <= i < l <= N and N >= 2 }"),
        ],
    );
}

#[test]
fn figure4a_two_raw_dependences_of_figure_4c() {
    // Figure 4c: w -> r0 = { (i, j) | i = 2j }, w -> r1 = { (i, j) | i = 2j - 1 }, here with
    // the domain 1 <= j <= N (then 1 <= i <= 2N holds).
    let scop = load("figure4a");
    check(
        &scop,
        &[
            (Raw, ("S", None), ("T", Some(0)), "{ S[i] -> T[j] : i = 2j and 1 <= j <= N }"),
            (Raw, ("S", None), ("T", Some(1)), "{ S[i] -> T[j] : i = 2j - 1 and 1 <= j <= N }"),
        ],
    );
}

#[test]
fn figure5a_raw_only_for_even_elements() {
    let scop = load("figure5a");
    check(
        &scop,
        &[(Raw, ("S", None), ("T", Some(0)), "{ S[i] -> T[i] : 0 <= i <= N and exists k : i = 2k }")],
    );
}

#[test]
fn figure7a_fibonacci_recurrence() {
    // tmp[0] (S0) is read as tmp[i-2] at i = 2; tmp[1] (S1) as tmp[i-1] at i = 2 and as
    // tmp[i-2] at i = 3; S2[i] feeds S2[i+1] (tmp[i-1]) and S2[i+2] (tmp[i-2]); out reads tmp[N].
    let scop = load("figure7a");
    check(
        &scop,
        &[
            (Raw, ("S0", None), ("S2", Some(1)), "{ S0[] -> S2[2] : N >= 2 }"),
            (Raw, ("S1", None), ("S2", Some(0)), "{ S1[] -> S2[2] : N >= 2 }"),
            (Raw, ("S1", None), ("S2", Some(1)), "{ S1[] -> S2[3] : N >= 3 }"),
            (Raw, ("S2", None), ("S2", Some(0)), "{ S2[i] -> S2[i + 1] : 2 <= i <= N - 1 }"),
            (Raw, ("S2", None), ("S2", Some(1)), "{ S2[i] -> S2[i + 2] : 2 <= i <= N - 2 }"),
            (Raw, ("S2", None), ("S3", Some(0)), "{ S2[N] -> S3[] : N >= 2 }"),
        ],
    );
}

#[test]
fn figure7b_war_from_the_read_of_a_in_the_first_loop_to_the_write_s() {
    let scop = load("figure7b");
    check(
        &scop,
        &[
            (Raw, ("R", None), ("T", Some(0)), "{ R[i] -> T[i] : 0 <= i <= N }"),
            (War, ("R", Some(0)), ("S", None), "{ R[i] -> S[i] : 0 <= i <= N }"),
        ],
    );
}

#[test]
fn figure9a_overwrite_of_a_and_scalar_chains() {
    // s0 and s1 flow within one iteration; S2 overwrites A[i] after S0 read it (WAR), and the
    // scalars are overwritten in every later iteration.
    let scop = load("figure9a");
    check(
        &scop,
        &[
            (Raw, ("S0", None), ("S1", Some(0)), "{ S0[i] -> S1[i] : 0 <= i <= N }"),
            (Raw, ("S1", None), ("S3", Some(0)), "{ S1[i] -> S3[i] : 0 <= i <= N }"),
            (War, ("S0", Some(0)), ("S2", None), "{ S0[i] -> S2[i] : 0 <= i <= N }"),
            (War, ("S1", Some(0)), ("S0", None), "{ S1[i] -> S0[l] : 0 <= i < l <= N }"),
            (War, ("S3", Some(0)), ("S1", None), "{ S3[i] -> S1[l] : 0 <= i < l <= N }"),
            (Waw, ("S0", None), ("S0", None), "{ S0[i] -> S0[l] : 0 <= i < l <= N }"),
            (Waw, ("S1", None), ("S1", None), "{ S1[i] -> S1[l] : 0 <= i < l <= N }"),
        ],
    );
}

#[test]
fn figure9b_two_temporaries_into_out() {
    let scop = load("figure9b");
    check(
        &scop,
        &[
            (Raw, ("S0", None), ("S2", Some(0)), "{ S0[i] -> S2[i] : 0 <= i <= N }"),
            (Raw, ("S1", None), ("S2", Some(1)), "{ S1[i] -> S2[i] : 0 <= i <= N }"),
            (War, ("S2", Some(0)), ("S0", None), "{ S2[i] -> S0[l] : 0 <= i < l <= N }"),
            (War, ("S2", Some(1)), ("S1", None), "{ S2[i] -> S1[l] : 0 <= i < l <= N }"),
            (Waw, ("S0", None), ("S0", None), "{ S0[i] -> S0[l] : 0 <= i < l <= N }"),
            (Waw, ("S1", None), ("S1", None), "{ S1[i] -> S1[l] : 0 <= i < l <= N }"),
        ],
    );
}

#[test]
fn self_war_of_the_same_iteration_is_kept() {
    // Paper 003, section 3.2 "Self-WAR Dependences": A[i] = A[i] + 1 reads A[i] before it
    // writes it in the same instance.
    let scop = parse_scop("param N >= 0; array A[N + 1] : f32 inout; for i = 0 to N do A[i] = A[i] + 1.0f; done").unwrap();
    check(&scop, &[(War, ("S0", Some(0)), ("S0", None), "{ S0[i] -> S0[i] : 0 <= i <= N }")]);
}

#[test]
fn raw_is_value_based_an_intermediate_write_shadows_the_first() {
    let scop = parse_scop("array A[1] : f32 out; scalar b : f32 out; A[0] = 1.0f; A[0] = 2.0f; b = A[0];").unwrap();
    check(
        &scop,
        &[
            (Raw, ("S1", None), ("S2", Some(0)), "{ S1[] -> S2[] }"),
            (Waw, ("S0", None), ("S1", None), "{ S0[] -> S1[] }"),
        ],
    );
}

#[test]
fn gemm_reduction_chain_and_self_war() {
    let scop = load("gemm");
    let full = "0 <= i < NI and 0 <= j < NJ";
    check(
        &scop,
        &[
            (Raw, ("S0", None), ("S1", Some(0)), &format!("{{ S0[i, j] -> S1[i, 0, j] : {full} and NK >= 1 }}")),
            (Raw, ("S1", None), ("S1", Some(0)), &format!("{{ S1[i, k, j] -> S1[i, k + 1, j] : {full} and 0 <= k < NK - 1 }}")),
            (War, ("S0", Some(0)), ("S0", None), &format!("{{ S0[i, j] -> S0[i, j] : {full} and NK >= 1 }}")),
            (War, ("S0", Some(0)), ("S1", None), &format!("{{ S0[i, j] -> S1[i, k, j] : {full} and 0 <= k < NK }}")),
            (War, ("S1", Some(0)), ("S1", None), &format!("{{ S1[i, k, j] -> S1[i, l, j] : {full} and 0 <= k <= l < NK }}")),
            (Waw, ("S0", None), ("S1", None), &format!("{{ S0[i, j] -> S1[i, k, j] : {full} and 0 <= k < NK }}")),
            (Waw, ("S1", None), ("S1", None), &format!("{{ S1[i, k, j] -> S1[i, l, j] : {full} and 0 <= k < l < NK }}")),
        ],
    );
}

#[test]
fn out_of_quota_is_complexity() {
    let scop = load("gemm");
    assert_eq!(compute_dependences_with_quota(&scop, 100), Err(IslError::Complexity));
}
