//! Pictures of nimlab's objects, drawn through the one drawing interface of
//! [`crate::picture`]: thermographs of values, and the figures of positions (boards,
//! Hackenbush pictures) that games describe.

mod figure;
mod thermograph;

pub use figure::figure_svg;
pub use thermograph::thermograph_svg;
