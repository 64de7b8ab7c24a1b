//! The catalogue: every game of the texts, one file each, and the registry of ids.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let sum = cat.parse_sum(&["nim", "3", "5", "7"]).unwrap();
//! assert_eq!(sum.parts[0].value().unwrap().to_string(), "*1");
//! ```

pub mod args;
mod catalogue;
mod position;
mod rules;
mod sum;

pub mod count_up;
pub mod euclid;
pub mod fibonacci_nim;
pub mod nim;
pub mod subtraction;
pub mod wythoff;

pub use args::Arg;
pub use catalogue::{Builder, Catalogue, Entry, Params};
pub use position::{Move, MoveList, Position};
pub use rules::{NimHeap, Rules, Typed, MAX_OPTIONS};
pub use sum::{MisereSumSearch, Sum};

/// Every catalogue entry, in the order `nimlab games` lists them.
fn all_entries() -> Vec<Entry> {
    vec![
        nim::entry(),
        subtraction::entry(),
        count_up::entry(),
        fibonacci_nim::entry(),
        euclid::entry(),
        wythoff::entry(),
    ]
}

/// Heap sizes separated by spaces.
pub(crate) fn format_heaps(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// "take 3 from heap 2" for two heap lists that differ in one heap.
pub(crate) fn describe_heap_change(from: &[u64], to: &[u64]) -> String {
    let changed: Vec<usize> = (0..from.len())
        .filter(|&i| from.get(i) != to.get(i))
        .collect();
    match changed.as_slice() {
        [i] if to[*i] < from[*i] => {
            let taken = from[*i] - to[*i];
            if to[*i] == 0 {
                format!("take all {taken} from heap {}", i + 1)
            } else {
                format!("take {taken} from heap {}, leaving {}", i + 1, to[*i])
            }
        }
        _ => format!("move to {}", format_heaps(to)),
    }
}
