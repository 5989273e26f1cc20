//! isl's scheduler on small hand-made profiles (the analysis tests' nests: box domains,
//! affine label functions).

use super::*;
use crate::profile_report::analysis::tests::{dependence, nest_profile};
use runtime::profile::AccessKind;

const LOAD: AccessKind = AccessKind::Load;
const STORE: AccessKind = AccessKind::Store;

fn scheduled(profile: &Profile) -> ProfileSchedule {
    let records: Vec<&InstructionRecord> = profile.instructions.iter().collect();
    schedule(profile, &records)
}

fn bands(schedule: &ProfileSchedule) -> Vec<Band> {
    match &schedule.outcome {
        ScheduleOutcome::Bands { bands } => bands.clone(),
        ScheduleOutcome::Failed { reason } => panic!("no schedule: {reason}"),
    }
}

#[test]
fn a_nest_without_dependences_is_one_permutable_parallel_band() {
    // for (i) for (j) a[i][j] = 0
    let profile = nest_profile(&[16, 16], &[(STORE, 12, vec![64, 4])]);
    let schedule = scheduled(&profile);
    assert_eq!(bands(&schedule), vec![Band { depth: 0, members: 2, permutable: true, parallel_members: vec![1, 2], skewed_members: vec![] }]);
    assert_eq!((schedule.instructions, schedule.dependences), (1, 0));
    assert_eq!(bands_text(&bands(&schedule)), "band of 2 members, permutable, parallel members: 1, 2");
}

#[test]
fn a_recurrence_along_the_inner_loop_leaves_the_inner_member_sequential() {
    // for (i) for (j) a[i][j] = a[i][j - 1]: the store (1) feeds the next iteration's load (0).
    let mut profile = nest_profile(&[16, 16], &[(LOAD, 12, vec![64, 4]), (STORE, 12, vec![64, 4])]);
    profile.dependences.push(dependence(&[16, 16], 1, 0, &[Some(0), Some(1)]));
    let schedule = scheduled(&profile);
    assert_eq!(schedule.dependences, 1);
    let bands = bands(&schedule);
    assert_eq!(bands[0].members, 2, "{bands:?}");
    assert!(bands[0].permutable);
    assert_eq!(bands[0].parallel_members, vec![1]);
}

#[test]
fn dependences_with_top_are_left_out_and_counted() {
    let mut profile = nest_profile(&[8, 8], &[(LOAD, 12, vec![32, 4]), (STORE, 12, vec![32, 4])]);
    profile.dependences.push(dependence(&[8, 8], 1, 0, &[Some(0), None]));
    let schedule = scheduled(&profile);
    assert_eq!((schedule.dependences, schedule.non_affine_dependences), (0, 1));
    assert!(matches!(schedule.outcome, ScheduleOutcome::Bands { .. }));
}

#[test]
fn a_dependence_of_the_wrong_shape_is_a_count_not_a_panic() {
    let mut profile = nest_profile(&[8, 8], &[(LOAD, 12, vec![32, 4]), (STORE, 12, vec![32, 4])]);
    let mut wrong = dependence(&[8, 8], 1, 0, &[Some(0), Some(1)]);
    wrong.folded.label_components = 3;
    profile.dependences.push(wrong);
    assert_eq!(scheduled(&profile).other_left_out_dependences, 1);
}

#[test]
fn relations_are_written_in_isl_notation() {
    let record = dependence(&[4, 8], 1, 0, &[Some(0), Some(1)]);
    let text = dependence_text(&record, ("I0", 2), ("I1", 2)).unwrap();
    assert!(text.starts_with("{ I0[c0, c1] -> I1[c0, c1 - 1] : "), "{text}");
    assert_eq!(affine_text(&[2, -1], -3, &coordinates(2)), "2*c0 - c1 - 3");
    assert_eq!(affine_text(&[0, 0], 0, &coordinates(2)), "0");
    assert_eq!(affine_text(&[-1, 0], 5, &coordinates(2)), "-c0 + 5");
}

#[test]
fn equal_bands_in_a_row_are_counted() {
    let band = Band { depth: 0, members: 1, permutable: true, parallel_members: vec![], skewed_members: vec![] };
    let inner = Band { depth: 1, ..band.clone() };
    assert_eq!(
        bands_text(&[band.clone(), band, inner]),
        "band of 1 member, permutable, no parallel member (2 alike, one per group of dependent instructions); inside it: band of 1 member, permutable, no parallel member"
    );
}
