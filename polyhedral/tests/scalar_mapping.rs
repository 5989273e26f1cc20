//! Scalars mapped back to array elements (`polyhedral::scalar_mapping`): the mapped model
//! computes exactly what the original computes (the interpreter's live-out contents, bit for
//! bit), on a reduction LICM made a scalar (mapped, and then rescheduled with a tiled band),
//! on its negative twin whose element is still needed (refused), and on generated programs.

use polyhedral::generator::generate_program;
use polyhedral::interp::interpret;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop;
use polyhedral::model::Scop;
use polyhedral::scalar_mapping::map_scalars;
use polyhedral::scheduling::schedule;

fn program(name: &str) -> Scop {
    let path = format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_scop(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn same_live_out(original: &Scop, mapped: &Scop, sizes: &[i64], what: &str) {
    for &n in sizes {
        let params = vec![("N".to_string(), n)];
        let before = interpret(original, &params, 7).unwrap_or_else(|e| panic!("{what}: {e}"));
        let after = interpret(mapped, &params, 7).unwrap_or_else(|e| panic!("{what} mapped: {e}"));
        assert_eq!(before.live_out, after.live_out, "{what} N={n}: live-out contents differ after the mapping");
    }
}

#[test]
fn reduction_scalar_is_mapped_and_rescheduled() {
    let scop = program("reduction_scalar");
    let ctx = IslContext::new(0);
    let mapped = map_scalars(&ctx, &scop).unwrap();
    assert_eq!(mapped.mapped, vec!["s -> T[i0, i1]".to_string()]);
    assert_eq!(mapped.copies_removed, 2, "the load and the store become copies of T[i][j] onto itself");
    same_live_out(&scop, &mapped.scop, &[1, 2, 5, 8], "reduction_scalar");
    let scheduled = schedule(&ctx, &mapped.scop, 4).unwrap().unwrap_or_else(|why| panic!("{why}"));
    assert!(scheduled.tiled >= 1, "the product's band is not tiled");
    same_live_out(&scop, &scheduled.scop, &[1, 5, 9], "reduction_scalar rescheduled");
}

#[test]
fn element_still_needed_is_not_mapped() {
    let scop = program("reduction_scalar_live");
    let ctx = IslContext::new(0);
    let mapped = map_scalars(&ctx, &scop).unwrap();
    assert!(mapped.mapped.is_empty(), "mapped although T[i][j]'s old value is read: {:?}", mapped.mapped);
    assert_eq!(mapped.scop, scop);
}

#[test]
fn generated_programs_keep_their_values() {
    let mut mapped_scalars = 0;
    for seed in 0..150 {
        let text = generate_program(seed);
        let scop = parse_scop(&text).unwrap();
        let ctx = IslContext::with_default_quota();
        let Ok(mapped) = map_scalars(&ctx, &scop) else { continue };
        mapped_scalars += mapped.mapped.len();
        same_live_out(&scop, &mapped.scop, &[4, 9], &format!("seed {seed}\n{text}"));
    }
    eprintln!("scalars mapped in 150 generated programs: {mapped_scalars}");
}

#[test]
fn running_sum_maps_in_a_second_round() {
    let scop = program("running_sum");
    let ctx = IslContext::new(0);
    let mapped = map_scalars(&ctx, &scop).unwrap();
    assert_eq!(mapped.mapped, vec!["t -> C[i0, i1]".to_string(), "s -> C[i0, i1]".to_string()]);
    assert_eq!(mapped.copies_removed, 1, "the store of t becomes a copy of C[i][j] onto itself");
    same_live_out(&scop, &mapped.scop, &[1, 2, 5, 8], "running_sum");
    let scheduled = schedule(&ctx, &mapped.scop, 4).unwrap().unwrap_or_else(|why| panic!("{why}"));
    assert!(scheduled.tiled >= 1, "the product's band is not tiled");
    same_live_out(&scop, &scheduled.scop, &[1, 5, 9], "running_sum rescheduled");
}
