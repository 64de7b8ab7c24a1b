//! Heap-rule codes as `Rule::parse` reads them: names (`kayles`), octal and hexadecimal
//! codes (`0.77`, `octal:0.137`, `hex:0.F`, `4.3…`) and subtraction sets
//! (`subtraction:1,3,4`).
//!
//! Properties: the label reads back to an equal rule (a named rule's label is
//! `name (text)`, and its name reads back; a rule without a name is labelled by its text,
//! which reads back); the options of a small heap are sorted lists of smaller heaps; the
//! first values of its sequence are the mex of their options' values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::heap::{Rule, Sequence};
use nimlab_fuzz::text;
use std::collections::HashSet;

const MAX_RULE: usize = 256;

/// The heaps whose options and values are checked.
const HEAPS: u64 = 40;

fn reads_back(rule: &Rule, text: &str, from: &str) {
    match Rule::parse(text) {
        Ok(back) => assert_eq!(&back, rule, "{from:?} gives {text:?}, another rule"),
        Err(e) => panic!("{from:?} gives {text:?}, which does not read back: {e}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = text(data, MAX_RULE) else {
        return;
    };
    let Ok(rule) = Rule::parse(input) else {
        return;
    };
    let written = rule.to_string();
    let label = rule.label();
    match rule.name() {
        Some(name) => {
            assert_eq!(
                label,
                format!("{name} ({written})"),
                "the label of {input:?}"
            );
            reads_back(&rule, name, input);
        }
        None => {
            assert_eq!(label, written, "the label of {input:?}");
            reads_back(&rule, &written, input);
        }
    }
    let _ = rule.max_heaps_left();
    let mut seq = Sequence::new(rule.clone());
    if seq.extend_to(HEAPS).is_err() {
        return;
    }
    for n in 0..HEAPS {
        let mut seen = HashSet::new();
        rule.for_each_option(n, |heaps| {
            assert!(
                heaps.windows(2).all(|w| w[0] <= w[1]),
                "{input:?}: the option {heaps:?} of {n} is not sorted"
            );
            assert!(
                heaps.iter().sum::<u64>() <= n && heaps.iter().all(|&h| h > 0 && h < n),
                "{input:?}: the option {heaps:?} of {n} is no smaller"
            );
            assert!(
                seen.insert(heaps.to_vec()),
                "{input:?}: the option {heaps:?} of {n} is listed twice"
            );
        });
        let values: HashSet<u32> = seen
            .iter()
            .map(|heaps| {
                heaps
                    .iter()
                    .map(|&h| seq.get(h).expect("a smaller heap's value"))
                    .fold(0, |a, b| a ^ b)
            })
            .collect();
        let mex = (0u32..)
            .find(|v| !values.contains(v))
            .expect("a missing value");
        assert_eq!(
            seq.get(n),
            Some(mex),
            "{input:?}: G({n}) is not the mex of its options' values"
        );
    }
});
