//! Games on graphs standing on the ground: green and blue-red-green Hackenbush.

pub mod green_hackenbush;
pub mod hackenbush;
