//! Games of coins on a strip or in circles, moved or turned: Nimble, the silver and golden dollar, Turtles, staircase Nim, Daisy.

pub mod daisy;
pub mod golden_dollar;
pub mod mock_turtles;
pub mod nimble;
pub mod silver_dollar;
pub mod staircase;
pub mod turtles;
