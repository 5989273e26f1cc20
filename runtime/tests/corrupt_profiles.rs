//! Readers of profiles meet edited and damaged files: every mutation of a real profile (numbers
//! replaced, lines dropped, duplicated or swapped, fields cut), sealed again with a valid
//! checksum so that parsing goes all the way, is either read or refused with an error, and
//! what is read can be summarized (`polyprop profile show`) without a panic.

use runtime::control::Transfer;
use runtime::profile::{fnv1a, AccessKind, Profile};
use runtime::summary::render;
use runtime::tracer::{Tracer, TracerOptions};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A profile with CFG loops two deep, instruction and dependence streams and a call.
fn sample() -> String {
    let mut tracer = Tracer::new(TracerOptions::default());
    let store = tracer.instruction(0x210);
    let load = tracer.instruction(0x214);
    let callee_load = tracer.instruction(0x510);
    tracer.enter_block(0x100, Transfer::Jump);
    for i in 0..6u64 {
        tracer.enter_block(0x200, Transfer::Jump);
        for j in 0..9u64 {
            tracer.enter_block(0x210, Transfer::Jump);
            tracer.memory_access(store, 0x8000 + 64 * i + 4 * j, 4, AccessKind::Store);
            tracer.memory_access(load, 0x8000 + 64 * i + 4 * j.saturating_sub(1), 4, AccessKind::Load);
        }
        tracer.enter_block(0x500, Transfer::Call { call_site: 0x220, return_address: 0x225 });
        tracer.memory_access(callee_load, 0x8000 + 64 * i, 8, AccessKind::Load);
        tracer.enter_block(0x225, Transfer::Return);
    }
    tracer.enter_block(0x300, Transfer::Jump);
    tracer.finish().to_text()
}

fn reseal(body_lines: &[String]) -> String {
    let body: String = body_lines.iter().map(|l| format!("{l}\n")).collect();
    format!("{body}end fnv1a={:016x}\n", fnv1a(body.as_bytes()))
}

#[test]
fn mutated_profiles_are_read_or_refused_never_a_panic() {
    let text = sample();
    assert!(Profile::parse(&text).is_ok());
    let lines: Vec<String> = text.lines().filter(|l| !l.starts_with("end ")).map(String::from).collect();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n.max(1)
    };
    let numbers = ["0", "1", "-1", "7", "64", "65", "200", "4294967295", "4294967296", "9223372036854775807", "-9223372036854775808", "18446744073709551615", "x"];
    let (mut read, mut refused) = (0, 0);
    for round in 0..20000 {
        let mut mutated = lines.clone();
        for _ in 0..1 + next(3) {
            let i = 1 + next(mutated.len() as u64 - 1) as usize;
            match next(6) {
                0 => {
                    mutated.remove(i);
                }
                1 => {
                    let line = mutated[i].clone();
                    mutated.insert(i, line);
                }
                2 => {
                    let j = 1 + next(mutated.len() as u64 - 1) as usize;
                    mutated.swap(i, j);
                }
                3 => {
                    let cut = next(mutated[i].len() as u64) as usize;
                    let cut = (0..=cut).rev().find(|&c| mutated[i].is_char_boundary(c)).unwrap_or(0);
                    mutated[i].truncate(cut);
                }
                _ => {
                    // Replace one number of the line (a run of digits) by another.
                    let line = &mutated[i];
                    let starts: Vec<usize> = line
                        .char_indices()
                        .filter(|&(k, c)| c.is_ascii_digit() && (k == 0 || !line.as_bytes()[k - 1].is_ascii_alphanumeric()))
                        .map(|(k, _)| k)
                        .collect();
                    if starts.is_empty() {
                        continue;
                    }
                    let start = starts[next(starts.len() as u64) as usize];
                    let end = line[start..].find(|c: char| !c.is_ascii_alphanumeric()).map_or(line.len(), |e| start + e);
                    let replacement = numbers[next(numbers.len() as u64) as usize];
                    mutated[i] = format!("{}{}{}", &line[..start], replacement, &line[end..]);
                }
            }
        }
        let text = reseal(&mutated);
        let outcome = catch_unwind(AssertUnwindSafe(|| match Profile::parse(&text) {
            Ok(profile) => {
                let _ = render(&profile, 10);
                true
            }
            Err(e) => {
                assert!(!e.message.is_empty() && !e.message.contains('\n'), "{}", e.message);
                false
            }
        }));
        match outcome {
            Ok(true) => read += 1,
            Ok(false) => refused += 1,
            Err(_) => panic!("round {round}: a panic on this profile:\n{text}"),
        }
    }
    assert!(read > 100 && refused > 100, "both outcomes are exercised: {read} read, {refused} refused");
}
