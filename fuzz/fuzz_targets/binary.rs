//! Binary sequence files (`NIMLABGS`…), as `nimlab::heap::read_binary` reads them from any
//! bytes.
//!
//! Property: what is read writes back as the very bytes it was read from, and reads back
//! the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::heap::{read_binary, write_binary};
use nimlab_fuzz::MAX_INPUT;

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_INPUT {
        return;
    }
    let mut input = data;
    let Ok((rule, values)) = read_binary(&mut input) else {
        return;
    };
    let read = &data[..data.len() - input.len()];
    let mut written = Vec::new();
    write_binary(&mut written, &rule, &values).expect("writing to memory");
    assert_eq!(
        written, read,
        "the file of {rule:?} is written back otherwise"
    );
    let back = read_binary(&mut &written[..]).expect("what was written reads back");
    assert_eq!(back, (rule, values));
});
