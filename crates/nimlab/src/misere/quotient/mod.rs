//! Plambeck–Siegel misère quotients of heap games.
pub mod bipartite;
pub mod monoid;
