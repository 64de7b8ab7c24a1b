//! Partizan games of placing and moving on a grid: Domineering, Cram, Clobber, Konane, Snort and Col, with their shared board (`grid`) and colouring base (`colouring`).

pub mod clobber;
pub mod col;
pub mod colouring;
pub mod cram;
pub mod domineering;
pub(crate) mod grid;
pub mod konane;
pub mod snort;
pub(crate) mod stones;
