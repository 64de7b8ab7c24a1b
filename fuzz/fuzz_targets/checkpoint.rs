//! Checkpoint files of sequence runs, as `nimlab::heap::read_checkpoint` reads them from a
//! file: the first byte of the input chooses the rule the checkpoint is read for (often
//! the rule the file names itself), the rest is the file.
//!
//! Property: a checkpoint read holds the values in the file (in whatever width), and
//! written again with `write_checkpoint` it reads back to the same values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimlab::heap::{read_binary, read_checkpoint, write_checkpoint, Rule};
use nimlab_fuzz::MAX_INPUT;
use std::path::PathBuf;

/// Rules a checkpoint may be read for, besides the one its file names.
const RULES: &[&str] = &[
    "kayles",
    "dawson-kayles",
    "grundy",
    "lasker",
    "antigrundy",
    "0.137",
    "4.007",
    "hex:0.F",
    "subtraction:1,3,4",
    "subtraction:squares",
];

/// A file of this process in the temporary folder.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("nimlab-fuzz-{}-{name}", std::process::id()))
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, file)) = data.split_first() else {
        return;
    };
    if data.len() > MAX_INPUT {
        return;
    }
    let own = read_binary(&mut &file[..]).ok();
    let rule = match RULES.get(usize::from(choice)) {
        Some(text) => Rule::parse(text).expect("a rule of the list"),
        None => match own.as_ref().and_then(|(text, _)| Rule::parse(text).ok()) {
            Some(rule) => rule,
            None => return,
        },
    };
    let path = scratch("read.ckpt");
    std::fs::write(&path, file).expect("the temporary folder is writable");
    let read = read_checkpoint(&path, &rule);
    let _ = std::fs::remove_file(&path);
    let Ok(seq) = read else {
        return;
    };
    let (_, values) = own.expect("a checkpoint read is a sequence file");
    // The values, whatever the width they are stored in (a sequence keeps the narrowest).
    assert!(
        seq.values().iter().eq(values.iter()),
        "the checkpoint holds other values than its file"
    );
    let again = scratch("again.ckpt");
    write_checkpoint(&again, &seq).expect("the temporary folder is writable");
    let back = read_checkpoint(&again, &rule);
    let _ = std::fs::remove_file(&again);
    match back {
        Ok(back) => assert!(
            back.values().iter().eq(seq.values().iter()),
            "a checkpoint written reads back otherwise"
        ),
        Err(e) => panic!("a checkpoint written does not read back: {e}"),
    }
});
