//! The static side of the comparison: the printer's output read back, a model scheduled, and
//! band structures compared.

use super::*;
use crate::profile_report::isl_relations::Band;

/// Two SCoPs as print<polyprop-scops<lang>> writes them: a recurrence along j in `rows`, and
/// one whose name the language's parser does not read back.
const PRINTED: &str = "\
polyprop-scops: function rows, function body
scop rows;
param n : i64;
context \"[n] -> { : 0 <= n <= 1000 }\";
array a[*][64] : f32 out;
statement S0[i0, i1] in \"[n] -> { S0[i0, i1] : 0 <= i0 < n and 1 <= i1 < 64 }\" at \"[n] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }\" :
    a[i0][i1] = (a[i0][i1 - 1] * 0.5f);
polyprop-scops: function main, loop nest at %.preheader42
scop main._preheader42;
context \"[] -> { :  }\";
";

fn band(members: usize, parallel: &[usize]) -> Band {
    Band { depth: 0, members, permutable: true, parallel_members: parallel.to_vec(), skewed_members: vec![] }
}

#[test]
fn the_printers_output_is_read_per_function() {
    let scops = parse(PRINTED, "k.scops").unwrap();
    assert_eq!(scops.len(), 2);
    assert_eq!((scops[0].function.as_str(), scops[0].name.as_str()), ("rows", "rows"));
    assert!(scops[0].scop.is_ok());
    assert_eq!((scops[1].function.as_str(), scops[1].name.as_str()), ("main", "main._preheader42"));
    assert!(scops[1].scop.is_err());
    assert!(parse("nothing here\n", "k.scops").is_err());
}

#[test]
fn a_recurrence_along_the_inner_loop_leaves_the_outer_member_parallel() {
    let scops = parse(PRINTED, "k.scops").unwrap();
    let profile = ScheduleOutcome::Bands { bands: vec![band(2, &[1])] };
    let comparison = compare(&scops[0], &profile);
    assert_eq!(comparison.outcome, profile);
    assert!(comparison.differences.is_empty(), "{:?}", comparison.differences);
    // The same model against a profile that calls both members parallel.
    let other = compare(&scops[0], &ScheduleOutcome::Bands { bands: vec![band(2, &[1, 2])] });
    assert_eq!(other.differences, vec!["band 1: parallel members [1] statically, [1, 2] in the profile's".to_string()]);
    // A model that does not parse is a reason, and a difference.
    let unparsed = compare(&scops[1], &profile);
    assert!(matches!(unparsed.outcome, ScheduleOutcome::Failed { .. }));
    assert_eq!(unparsed.differences.len(), 1);
}

#[test]
fn differences_name_what_differs() {
    let two = ScheduleOutcome::Bands { bands: vec![band(2, &[1, 2])] };
    assert!(differences(&two, &two).is_empty());
    let not_permutable = ScheduleOutcome::Bands { bands: vec![Band { permutable: false, ..band(3, &[1, 2]) }] };
    assert_eq!(
        differences(&two, &not_permutable),
        vec![
            "band 1: 2 member(s) statically, 3 in the profile's".to_string(),
            "band 1: permutable statically, not permutable in the profile's".to_string(),
        ]
    );
    let more = ScheduleOutcome::Bands { bands: vec![band(2, &[1, 2]), band(1, &[])] };
    assert_eq!(differences(&two, &more), vec!["1 band(s) in the static schedule, 2 in the profile's".to_string()]);
    // Skewed members are not compared.
    let skewed = ScheduleOutcome::Bands { bands: vec![Band { skewed_members: vec![2], ..band(2, &[1, 2]) }] };
    assert!(differences(&two, &skewed).is_empty());
}
