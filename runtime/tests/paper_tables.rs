//! Paper 000's running example (backprop, Figure 4): the instruction streams of Table 1 and the
//! dependence streams of Table 2 fold into the pieces of Tables 3 and 4 (n2 = 16, n1 = 42).

use runtime::folding::{fold, Coefficient, FoldedStream, FoldingOptions};

const CJ: i64 = 16; // j = 1..=n2
const CK: i64 = 43; // k = 0..=n1

/// Row bases of `conn[k]` (in elements): 67, 71, 77 as in Figure 5, up to 243 at k = 42, with
/// irregular gaps since the rows are allocated separately.
fn row_bases() -> Vec<i64> {
    let mut bases = vec![67, 71, 77];
    let mut extra = 166 - 4 * 40; // remaining gaps 4 or 5, ending at 243
    while bases.len() < CK as usize {
        let gap = if extra > 0 && bases.len() % 7 == 0 { extra -= 1; 5 } else { 4 };
        bases.push(bases.last().unwrap() + gap);
    }
    assert_eq!(*bases.last().unwrap(), 243 - extra);
    *bases.last_mut().unwrap() += extra;
    bases
}

fn stream_2d(label: impl Fn(i64, i64) -> Vec<i64>, from_ck: i64) -> Vec<(Vec<i64>, Vec<i64>)> {
    let mut points = Vec::new();
    for cj in 0..CJ {
        for ck in from_ck..CK {
            points.push((vec![cj, ck], label(cj, ck)));
        }
    }
    points
}

fn fold_instruction(points: &[(Vec<i64>, Vec<i64>)], components: usize) -> FoldedStream {
    fold(2, components, FoldingOptions::default(), points).expect("lexicographic stream")
}

fn fold_dependence(points: &[(Vec<i64>, Vec<i64>)]) -> FoldedStream {
    // Algorithm F of Table 5: no label widening for dependences.
    let options = FoldingOptions { label_widening: false, ..FoldingOptions::default() };
    fold(2, 2, options, points).expect("lexicographic stream")
}

fn single_piece(stream: &FoldedStream) -> &runtime::folding::Piece {
    assert_eq!(stream.pieces.len(), 1, "{}", stream.to_isl("S", Some(&["cj", "ck"])));
    &stream.pieces[0]
}

const DOMAIN: &str = "0 <= cj <= 15 and 0 <= ck <= 42";

#[test]
fn table_3_instruction_streams() {
    let names = Some(&["cj", "ck"][..]);
    let bases = row_bases();
    let i1 = fold_instruction(&stream_2d(|_, ck| vec![12 + ck], 0), 1);
    assert_eq!(i1.to_isl("I1", names), format!("{{ I1[cj, ck] -> [1ck + 12] : {DOMAIN} }}"));
    let i2 = fold_instruction(&stream_2d(|cj, ck| vec![bases[ck as usize] + cj], 0), 1);
    let piece = single_piece(&i2);
    assert_eq!(
        piece.label_functions[0].coefficients,
        vec![Coefficient::Integer(1), Coefficient::Top]
    );
    assert_eq!(piece.label_functions[0].remaining, 67);
    assert_eq!(i2.to_isl("I2", names), format!("{{ I2[cj, ck] -> [1cj + top*ck + 67] : {DOMAIN} }}"));
    let i3 = fold_instruction(&stream_2d(|_, ck| vec![407 + ck], 0), 1);
    assert_eq!(i3.to_isl("I3", names), format!("{{ I3[cj, ck] -> [1ck + 407] : {DOMAIN} }}"));
    let i4 = fold_instruction(&stream_2d(|_, _| vec![], 0), 0);
    assert_eq!(i4.to_isl("I4", names), format!("{{ I4[cj, ck] : {DOMAIN} }}"));
    let i5 = fold_instruction(&stream_2d(|_, ck| vec![1 + ck], 0), 1);
    assert_eq!(i5.to_isl("I5", names), format!("{{ I5[cj, ck] -> [1ck + 1] : {DOMAIN} }}"));
    let i6_points: Vec<_> = (0..CJ).map(|cj| (vec![cj], vec![2 + cj])).collect();
    let i6 = fold(1, 1, FoldingOptions::default(), &i6_points).unwrap();
    assert_eq!(i6.to_isl("I6", Some(&["cj"])), "{ I6[cj] -> [1cj + 2] : 0 <= cj <= 15 }");
    for stream in [&i1, &i2, &i3, &i4, &i5] {
        assert_eq!(stream.points, (CJ * CK) as u64);
        assert_eq!(stream.pieces[0].points, (CJ * CK) as u64);
    }
}

#[test]
fn table_4_dependence_streams() {
    let names = Some(&["cj", "ck"][..]);
    let i1_i2 = fold_dependence(&stream_2d(|cj, ck| vec![cj, ck], 0));
    assert_eq!(i1_i2.to_isl("I1_I2", names), format!("{{ I1_I2[cj, ck] -> [1cj, 1ck] : {DOMAIN} }}"));
    let i2_i4 = fold_dependence(&stream_2d(|cj, ck| vec![cj, ck], 0));
    assert!(i2_i4.is_exact());
    let i4_i4 = fold_dependence(&stream_2d(|cj, ck| vec![cj, ck - 1], 1));
    let piece = single_piece(&i4_i4);
    // (cj, ck) depends on (cj, ck - 1).
    let cj = &piece.label_functions[0];
    let ck = &piece.label_functions[1];
    assert_eq!((cj.coefficients.clone(), cj.remaining), (vec![Coefficient::Integer(1), Coefficient::Integer(0)], 0));
    assert_eq!((ck.coefficients.clone(), ck.remaining), (vec![Coefficient::Integer(0), Coefficient::Integer(1)], -1));
    assert_eq!(
        i4_i4.to_isl("I4_I4", names),
        "{ I4_I4[cj, ck] -> [1cj, 1ck - 1] : 0 <= cj <= 15 and 1 <= ck <= 42 }"
    );
    assert_eq!(i4_i4.expand().len(), (CJ * (CK - 1)) as usize);
}

#[test]
fn table_1_i2_without_widening_needs_many_pieces_but_stays_exact() {
    let bases = row_bases();
    let points = stream_2d(|cj, ck| vec![bases[ck as usize] + cj], 0);
    let options = FoldingOptions { label_widening: false, geometric_give_up: None };
    let folded = fold(2, 1, options, &points).unwrap();
    assert!(folded.pieces.len() > 1);
    assert!(folded.is_exact());
    let expanded: Vec<_> = folded.expand().into_iter().map(|(p, l)| (p, l.unwrap())).collect();
    assert_eq!(expanded, points);
}
