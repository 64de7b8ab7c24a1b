//! The catalogue: every game of the texts, one file each, and the registry of ids.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let sum = cat.parse_sum(&["nim", "3", "5", "7"]).unwrap();
//! assert_eq!(sum.parts[0].value().unwrap().to_string(), "*1");
//! ```

pub mod args;
mod catalogue;
mod heap_rule;
mod position;
mod rules;
mod sum;

pub mod chomp;
pub mod count_up;
pub mod daisy;
pub mod dawson_board;
pub mod euclid;
pub mod fibonacci_nim;
pub mod golden_dollar;
pub mod green_hackenbush;
pub mod halving;
pub mod kubo;
pub mod mock_turtles;
pub mod moore;
pub mod nim;
pub mod nimble;
pub mod nineteen;
pub mod peggy;
pub mod proportional;
pub mod rook;
pub mod rook3;
pub mod silver_dollar;
pub mod staircase;
pub mod subtraction;
pub mod take_break;
pub mod taktix;
pub mod turtles;
pub mod two_dim_nim;
pub mod two_heaps_3;
pub mod wythoff;

pub use args::Arg;
pub use catalogue::{Builder, Catalogue, Entry, Params};
pub use position::{Move, MoveList, Position};
pub use rules::{NimHeap, Rules, Typed, MAX_OPTIONS, MISERE_STATE_LIMIT};
pub use sum::{MisereSumSearch, Sum};

/// Every catalogue entry, in the order `nimlab games` lists them.
fn all_entries() -> Vec<Entry> {
    let mut all = vec![
        nim::entry(),
        moore::entry(),
        nimble::entry(),
        staircase::entry(),
        silver_dollar::entry(),
        golden_dollar::entry(),
        two_dim_nim::entry(),
        rook::entry(),
        rook3::entry(),
        turtles::entry(),
        mock_turtles::entry(),
        subtraction::entry(),
        count_up::entry(),
        two_heaps_3::entry(),
        halving::entry(),
        proportional::entry(),
        fibonacci_nim::entry(),
        peggy::entry(),
        euclid::entry(),
        wythoff::entry(),
    ];
    all.extend(take_break::entries());
    all.push(daisy::entry());
    all.extend([
        kubo::entry(),
        nineteen::entry(),
        taktix::entry(),
        chomp::entry(),
        green_hackenbush::entry(),
    ]);
    all
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

/// The misère Nim rule in words, applied to `heaps` (for games that are Nim in disguise).
pub(crate) fn misere_nim_rule(intro: &str, heaps: &[u64]) -> String {
    const SHOWN: usize = 20;
    let mut list = format_heaps(&heaps[..heaps.len().min(SHOWN)]);
    if heaps.len() > SHOWN {
        list.push_str(&format!(" … ({} heaps)", heaps.len()));
    }
    let large = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let verdict = if large == 0 {
        format!(
            "every heap has at most 1, and there {} {ones} heap{} of 1, an {} number, so the player to move {}",
            if ones == 1 { "is" } else { "are" },
            if ones == 1 { "" } else { "s" },
            if ones % 2 == 1 { "odd" } else { "even" },
            if ones % 2 == 1 { "loses" } else { "wins" }
        )
    } else {
        let sum = crate::nimber::nim_sum(heaps.iter().copied());
        format!(
            "some heap has 2 or more and the nim-sum is {sum}, so the player to move {}",
            if sum == 0 { "loses" } else { "wins" }
        )
    };
    format!(
        "{intro} {list}. Play as in Nim unless the move would leave only heaps of size ≤ 1; then leave an odd number of heaps of 1. Here {verdict}."
    )
}
