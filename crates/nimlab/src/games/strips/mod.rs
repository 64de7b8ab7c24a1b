//! Games on rows: Toads and Frogs, Northcott's game, Hackenbush strings.

pub mod hackenbush_string;
pub mod northcott;
pub mod toads_and_frogs;
