//! The catalogue: every game of the texts, one file each, and the registry of ids.
//!
//! ```
//! let cat = nimlab::games::Catalogue::standard();
//! let sum = cat.parse_sum(&["nim", "3", "5", "7"]).unwrap();
//! assert_eq!(sum.parts[0].value().unwrap().to_string(), "*1");
//! ```

pub mod args;
mod catalogue;
mod cells;
pub mod figure;
mod game;
mod partizan_sum;
mod position;
mod rules;
pub mod ruleset;
#[cfg(test)]
mod ruleset_properties;
mod sum;

// The games, by family; each game's module is also reachable as `games::<game>`.
pub mod boards;
pub mod coins;
pub mod graphs;
pub mod grids;
pub mod heaps;
pub mod strips;

pub use boards::{
    chomp, dawson_board, kubo, minichess, nineteen, rook, rook3, sixteen_rooks, taktix,
    two_dim_nim, two_dim_piles, wyt_knight, wyt_queen,
};
pub use coins::{daisy, golden_dollar, mock_turtles, nimble, silver_dollar, staircase, turtles};
pub use graphs::{green_hackenbush, hackenbush};
pub use grids::{clobber, col, cram, domineering, konane, snort};
pub use heaps::{
    bus_nim, count_up, euclid, euclid_multiples, fibonacci_nim, halving, lasker, moore, nim,
    partizan_subtraction, peggy, poker_nim, proportional, subtraction, take_break, two_heaps_3,
    wythoff, wythoff_heaps,
};
pub use strips::{hackenbush_string, infinite_columns, northcott, toads_and_frogs};
// The families' bases, for the games of other families that build on them.
use grids::{colouring, grid};
use heaps::heap_rule;

pub use args::Arg;
pub use catalogue::{
    Builder, Catalogue, Entry, GameInfo, GameKind, Params, PartizanBuilder, PartizanEntry,
};
pub use cells::{heap_name, Cell};
pub use figure::{
    Board, Figure, Graph, Heap, Labels, Piece, Shape, Square, Strip, Things, MAX_DRAWN_WIDTH,
};
pub use game::Game;
pub(crate) use grid::column_name;
pub use partizan_sum::{PartizanSum, PartizanTurn};
pub use position::{Move, MoveList, Position};
pub use rules::{Hits, NimHeap, Rules, Typed, MAX_OPTIONS, MISERE_STATE_LIMIT};
pub use sum::{replace as parts_after_move, MisereSumSearch, Sum, Turn, MAX_MISERE_POSITIONS};

/// Every catalogue entry, in the order `nimlab games` lists them.
fn all_entries() -> Vec<Entry> {
    let mut all = vec![
        nim::entry(),
        moore::entry(),
        nimble::entry(),
        staircase::entry(),
        silver_dollar::entry(),
        golden_dollar::entry(),
        northcott::entry(),
        sixteen_rooks::entry(),
        poker_nim::entry(),
        bus_nim::entry(),
        two_dim_nim::entry(),
        two_dim_piles::entry(),
        rook::entry(),
        rook3::entry(),
        wyt_queen::entry(),
        wyt_knight::entry(),
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
        dawson_board::entry(),
    ]);
    all
}

/// Every partizan catalogue entry, in the order `nimlab games` lists them.
fn partizan_entries() -> Vec<PartizanEntry> {
    vec![
        hackenbush_string::entry(),
        hackenbush::entry(),
        partizan_subtraction::entry(),
        domineering::entry(),
        cram::entry(),
        toads_and_frogs::entry(),
        clobber::entry(),
        konane::entry(),
        snort::entry(),
        col::entry(),
        minichess::entry(),
    ]
}

/// Heaps up to this size have their moves read by listing the moves (larger heaps are
/// played by description or by the position reached).
pub const MAX_DRAWN_MOVES: u64 = 100_000;

/// Heap sizes separated by spaces.
///
/// ```
/// assert_eq!(nimlab::games::format_heaps(&[3, 0, 5]), "3 0 5");
/// ```
pub fn format_heaps(heaps: &[u64]) -> String {
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

/// Reads a move on a list of heaps: `H-K` takes K from heap H, `H=N` leaves N in heap H
/// (heaps numbered from 1), and `take K from heap H` is read too. Returns the heap's
/// index and its new size, why the move is not legal, or `None` for text in neither
/// form.
///
/// ```
/// use nimlab::games::read_heap_move;
/// assert_eq!(read_heap_move(&[3, 5], "2-4"), Some(Ok((1, 1))));
/// assert_eq!(read_heap_move(&[3, 5], "1=0"), Some(Ok((0, 0))));
/// assert_eq!(read_heap_move(&[3, 5], "take 2 from heap 1"), Some(Ok((0, 1))));
/// assert!(read_heap_move(&[3, 5], "2-6").unwrap().unwrap_err().contains("only 5"));
/// assert!(read_heap_move(&[3, 5], "3-1").unwrap().unwrap_err().contains("2 heaps"));
/// assert_eq!(read_heap_move(&[3, 5], "b2"), None);
/// ```
pub fn read_heap_move(
    heaps: &[u64],
    text: &str,
) -> Option<std::result::Result<(usize, u64), String>> {
    let t = text.trim().to_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    let (heap, amount, leave) = if let Some((h, k)) = t.split_once('-') {
        (
            h.trim().parse::<u64>().ok()?,
            k.trim().parse::<u64>().ok()?,
            false,
        )
    } else if let Some((h, n)) = t.split_once('=') {
        (
            h.trim().parse::<u64>().ok()?,
            n.trim().parse::<u64>().ok()?,
            true,
        )
    } else if let ["take", k, "from", "heap", h] | ["take", "all", k, "from", "heap", h] =
        words.as_slice()
    {
        (h.parse::<u64>().ok()?, k.parse::<u64>().ok()?, false)
    } else {
        return None;
    };
    let Some(i) = heap.checked_sub(1).filter(|&i| (i as usize) < heaps.len()) else {
        return Some(Err(format!(
            "there is no heap {heap}: there are {} heaps, numbered from 1",
            heaps.len()
        )));
    };
    let size = heaps[i as usize];
    let new = if leave {
        if amount >= size {
            return Some(Err(format!(
                "heap {heap} has {size}: leave fewer than {size}"
            )));
        }
        amount
    } else {
        if amount == 0 {
            return Some(Err("take at least 1".to_string()));
        }
        if amount > size {
            return Some(Err(format!("heap {heap} has only {size}")));
        }
        size - amount
    };
    Some(Ok((i as usize, new)))
}

/// Reads a move of `game`, whose positions are lists of heaps, by
/// [`read_heap_list_move`] among its options; `None` for heaps above
/// [`MAX_DRAWN_MOVES`] (whose moves are too many to list) or text in no heap notation.
pub(crate) fn read_heap_move_of<G: crate::impartial::ImpartialGame<Position = Vec<u64>>>(
    game: &G,
    heaps: &Vec<u64>,
    text: &str,
) -> Option<std::result::Result<Vec<u64>, String>> {
    if heaps.iter().any(|&h| h > MAX_DRAWN_MOVES) {
        return None;
    }
    let mut options = Vec::new();
    game.options(heaps, &mut options);
    read_heap_list_move(heaps, &options, text)
}

/// Whether a character of a board drawn in text is a piece (`o`, `x`, `#`, `●`) or an
/// empty square (`.`, `-`, `_`, `·`); `None` for any other.
pub(crate) fn piece(ch: char) -> Option<bool> {
    match ch {
        'o' | 'O' | 'x' | 'X' | '#' | '●' => Some(true),
        '.' | '-' | '_' | '·' => Some(false),
        _ => None,
    }
}

/// Reads a move on a list of heaps for a game whose moves are `options`: `H-K` (take K
/// from heap H, leaving one heap or none), `H=N` (leave N in heap H), `H:A+B` (heap H
/// becomes heaps A and B, for games that split heaps), or `take K from heap H`; heaps
/// numbered from 1. The move must be one of `options` (compared as heaps, in any order,
/// empty heaps left out). `None` for text in none of these forms.
///
/// ```
/// use nimlab::games::read_heap_list_move;
/// // Kayles on a row of 5: knock down pins 2 and 3, leaving rows of 1 and 2.
/// let options = vec![vec![4], vec![1, 3], vec![2, 2], vec![3], vec![1, 2], vec![2, 1]];
/// assert_eq!(read_heap_list_move(&[5], &options, "1:1+2"), Some(Ok(vec![1, 2])));
/// assert_eq!(read_heap_list_move(&[5], &options, "1-1"), Some(Ok(vec![4])));
/// assert!(read_heap_list_move(&[5], &options, "1-4").unwrap().is_err());
/// ```
pub fn read_heap_list_move(
    heaps: &[u64],
    options: &[Vec<u64>],
    text: &str,
) -> Option<std::result::Result<Vec<u64>, String>> {
    let t = text.trim();
    let parts: Vec<u64> = if let Some((h, rest)) = t.split_once(':') {
        let h: u64 = h.trim().parse().ok()?;
        let left: Vec<u64> = rest
            .split('+')
            .map(|x| x.trim().parse().ok())
            .collect::<Option<_>>()?;
        let Some(i) = h.checked_sub(1).filter(|&i| (i as usize) < heaps.len()) else {
            return Some(Err(format!(
                "there is no heap {h}: there are {} heaps, numbered from 1",
                heaps.len()
            )));
        };
        let mut next: Vec<u64> = heaps.to_vec();
        next.remove(i as usize);
        next.extend(left);
        next
    } else {
        let (i, size) = match read_heap_move(heaps, t)? {
            Ok(m) => m,
            Err(reason) => return Some(Err(reason)),
        };
        let mut next = heaps.to_vec();
        next[i] = size;
        next
    };
    let key = |v: &[u64]| {
        let mut k: Vec<u64> = v.iter().copied().filter(|&x| x > 0).collect();
        k.sort_unstable();
        k
    };
    let wanted = key(&parts);
    Some(
        options
            .iter()
            .find(|o| key(o) == wanted)
            .cloned()
            .ok_or_else(|| "that is not a move of this game (`moves` lists them)".to_string()),
    )
}
