//! Runs past one machine: a survey dealt out to the processes of an MPI run.
//!
//! Built with the cargo feature `mpi` only (it needs an MPI library, such as OpenMPI, and
//! libclang to build). Every process of the run (a *rank*) calls the same function;
//! rank 0 deals the tasks out one at a time to the ranks that ask for work (a task farm),
//! computes tasks itself between answers, gathers the results and alone returns the
//! answer, the very answer a run in one process gives. An error on any rank (a limit,
//! Ctrl-C) ends every rank with that error.
//!
//! ```no_run
//! // Run as `mpirun -n 4 program`: rank 0 prints the survey of the 2-digit codes.
//! use nimlab::cluster::{self, World};
//! let world = World::init().unwrap();
//! if let Some(rows) = cluster::survey_octal(&world, 2, 0, 1000).unwrap() {
//!     assert_eq!(rows, nimlab::heap::survey_octal(2, 0, 1000).unwrap());
//! }
//! ```

mod chomp;
mod failed;
mod farm;
mod pace;
mod survey;
mod world;

pub use chomp::solve_chomp;
pub use failed::Failed;
pub use farm::deal;
pub use survey::survey_octal;
pub use world::World;
