//! Games on boards of squares with pieces moved or taken: Kubo, Nineteen, Taktix, Chomp, Dawson's chess, the rook games, sixteen rooks, Wyt Queen and Wyt Knight, two-dimensional Nim and its piles, Minichess.

pub mod chomp;
pub mod chomp_tiers;
pub mod dawson_board;
pub mod kubo;
pub mod minichess;
pub mod nineteen;
pub mod rook;
pub mod rook3;
pub mod sixteen_rooks;
pub mod taktix;
pub mod two_dim_nim;
pub mod two_dim_piles;
pub mod wyt_knight;
pub mod wyt_queen;
