//! Pictures of nimlab's objects: the figures of positions that games describe (heaps,
//! strips, boards, Hackenbush pictures) drawn as text for a terminal and as SVG, and
//! thermographs of values. SVG goes through the one drawing interface of
//! [`crate::picture`].

mod figure;
mod text;
mod thermograph;

pub use figure::figure_svg;
pub use text::{
    figure_text, game_text, partizan_sum_text, partizan_text, position_text, sum_text, DRAWN_HEAPS,
};
pub use thermograph::thermograph_svg;
