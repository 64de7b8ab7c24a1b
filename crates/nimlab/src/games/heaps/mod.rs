//! Games played on heaps of counters (and on pairs of numbers): Nim and its relatives, take-and-break games, subtraction games, Wythoff's and Euclid's games.

pub mod bus_nim;
pub mod count_up;
pub mod euclid;
pub mod euclid_multiples;
pub mod fibonacci_nim;
pub mod halving;
pub(crate) mod heap_rule;
pub mod lasker;
pub mod misere_quotient;
pub mod moore;
pub mod nim;
pub mod partizan_subtraction;
pub mod peggy;
pub mod poker_nim;
pub mod proportional;
pub mod subtraction;
pub mod take_break;
pub mod two_heaps_3;
pub mod wythoff;
pub mod wythoff_heaps;
