//! Sizes specialized to multiples of the model's divisors (not in paper 003).
//!
//! A pipeline with pyramid levels, written as PolyMage generates it, sizes each level on its
//! own (`R / 4` rows, loops up to `C - 1`), so its code is valid for every size and the model
//! keeps every border case an odd size creates: a read of level `l + 1` at `(i + 1) / 2`
//! clamps at one row for odd sizes and not for even ones. Propagation splits the readers
//! along those cases, and the code-complexity heuristic (paper 003, section 4.3) refuses
//! splits into that many parts, so temporaries stay that the same pipeline written for even
//! sizes loses. The programs are run at sizes that are multiples of their pyramid's factor.
//!
//! The assumption made here: every parameter the model divides by constants, `floor((R)/d)`,
//! is a multiple of those divisors. Under it each such floor is exact and the border cases
//! of other sizes are empty. Like every assumption of the model it joins the run-time check:
//! for other sizes the original code runs. The driver makes it only where it lets
//! propagation remove more temporaries.

use std::collections::BTreeMap;

use crate::model::{Assumption, Scop};

/// Largest multiple assumed: a pyramid of 12 levels.
const MAX_MULTIPLE: i64 = 4096;

/// The assumption that every parameter the model divides (`floor((R)/d)` of a single
/// parameter in a domain, a subscript or an array size) is a multiple of the least common
/// multiple of its divisors; `None` when no parameter is divided.
pub fn multiples_assumption(scop: &Scop) -> Option<Assumption> {
    let multiples = divided_parameters(scop);
    if multiples.is_empty() {
        return None;
    }
    let constraints: Vec<String> = multiples.iter().map(|(p, m)| format!("{p} mod {m} = 0")).collect();
    let said: Vec<String> = multiples.iter().map(|(p, m)| format!("{p} a multiple of {m}")).collect();
    Some(Assumption {
        reason: format!("sizes specialized: {} (other sizes run the original code)", said.join(", ")),
        set: format!("{}{{ : {} }}", scop.param_prefix(), constraints.join(" and ")),
    })
}

/// `(parameter, multiple)` for every parameter that some `floor((P)/d)` of the model divides
/// (module documentation), in the parameters' order.
pub fn divided_parameters(scop: &Scop) -> Vec<(String, i64)> {
    let names = scop.param_names();
    let mut multiples: BTreeMap<usize, i64> = BTreeMap::new();
    let mut note = |text: &str| {
        for (numerator, divisor) in floors(text) {
            if let Some(k) = names.iter().position(|n| *n == numerator) {
                let m = multiples.entry(k).or_insert(1);
                *m = lcm(*m, divisor);
            }
        }
    };
    for statement in &scop.statements {
        note(&statement.domain);
        for access in std::iter::once(&statement.write).chain(statement.reads()) {
            note(&scop.access_relation(statement, access));
        }
    }
    let iterators: Vec<String> = Vec::new();
    for array in &scop.arrays {
        for size in array.sizes.iter().flatten() {
            note(&size.display(&iterators, &names).to_string());
        }
    }
    multiples
        .into_iter()
        .filter(|&(_, m)| m > 1 && m <= MAX_MULTIPLE)
        .map(|(k, m)| (names[k].clone(), m))
        .collect()
}

/// `(numerator, divisor)` of every `floor((numerator)/divisor)` in an isl or model text.
fn floors(text: &str) -> Vec<(String, i64)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("floor((") {
        rest = &rest[at + "floor((".len()..];
        let Some(end) = closing_parenthesis(rest) else { break };
        let numerator = rest[..end].trim().to_string();
        let after = &rest[end + 1..];
        let digits: String = after.strip_prefix('/').unwrap_or("").chars().take_while(|c| c.is_ascii_digit()).collect();
        if let Ok(divisor) = digits.parse::<i64>() {
            out.push((numerator, divisor));
        }
    }
    out
}

/// The index of the `)` that closes a parenthesis opened just before `text`.
fn closing_parenthesis(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (k, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(k),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

fn lcm(a: i64, b: i64) -> i64 {
    let gcd = |mut x: i64, mut y: i64| {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    (a / gcd(a, b)).saturating_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floors_of_single_parameters_and_nested_texts() {
        let text = "[R, C] -> { S0[i0, i1] : 2*floor((R)/2) >= 2 + i0 and i1 <= floor((C)/4) and i0 <= floor((-1 + R)/8) }";
        assert_eq!(
            floors(text),
            vec![("R".to_string(), 2), ("C".to_string(), 4), ("-1 + R".to_string(), 8)]
        );
        assert_eq!(floors("floor((floor((R)/2))/2)"), vec![("floor((R)/2)".to_string(), 2), ("R".to_string(), 2)]);
        assert_eq!(floors("floor((R"), vec![]);
    }

    #[test]
    fn multiples_are_least_common_multiples() {
        assert_eq!(lcm(4, 6), 12);
        assert_eq!(lcm(1, 8), 8);
    }
}
