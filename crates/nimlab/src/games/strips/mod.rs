//! Games on rows: Toads and Frogs, Northcott's game, Hackenbush strings (finite, and with
//! infinite columns).

pub mod hackenbush_string;
pub mod infinite_columns;
pub mod northcott;
pub mod toads_and_frogs;
