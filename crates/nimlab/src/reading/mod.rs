//! Moves read as a player types them, for every game: the text layer's half of a game
//! in progress (the sessions in [`crate::play`] read moves through it). Each game's own
//! move notation stays in its file ([`crate::games::Rules::read_move`]); here are the
//! forms every game shares and the search for the move a text names.

pub mod impartial;
pub mod partizan;
