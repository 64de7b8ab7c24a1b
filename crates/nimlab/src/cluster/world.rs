//! The processes of an MPI run, as one rank sees them.

use crate::{Error, Result};
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::Communicator;
use mpi::Threading;

/// This process's place in an MPI run: its rank among the run's processes, and the
/// means to speak to them. MPI is set up when a `World` is made and shut down when it is
/// dropped; a process makes one.
///
/// Under MPI the ranks are the parallelism: unless `RAYON_NUM_THREADS` says otherwise,
/// [`World::init`] keeps each rank's own pool of threads to one thread, so that `mpirun -n
/// K` on K cores runs K threads that compute, not K times the cores.
///
/// ```no_run
/// // Under `mpirun -n 4`, each of the four processes prints its rank.
/// let world = nimlab::cluster::World::init().unwrap();
/// println!("rank {} of {}", world.rank(), world.size());
/// assert_eq!(world.is_root(), world.rank() == 0);
/// ```
pub struct World {
    // Dropped before the universe, which shuts MPI down.
    comm: SimpleCommunicator,
    _universe: Universe,
}

impl World {
    /// Sets MPI up for this process (alone, as a run of one rank, when it was not started
    /// by `mpirun`), and the rank's threads to one unless `RAYON_NUM_THREADS` is set.
    ///
    /// # Errors
    /// [`Error::Unsupported`] when MPI was set up already in this process, or cannot let
    /// a thread other than the main one compute while the main one speaks to the ranks.
    pub fn init() -> Result<World> {
        let Some((universe, threading)) = mpi::initialize_with_threading(Threading::Funneled)
        else {
            return Err(Error::Unsupported(
                "MPI is set up once in a process, and it was set up already".into(),
            ));
        };
        if threading < Threading::Funneled {
            return Err(Error::Unsupported(
                "this MPI library does not let the main thread speak to the other ranks while another computes (MPI_THREAD_FUNNELED)".into(),
            ));
        }
        if std::env::var_os("RAYON_NUM_THREADS").is_none() {
            // Fails only when the pool was built already: it is then left as it is.
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build_global();
        }
        Ok(World {
            comm: universe.world(),
            _universe: universe,
        })
    }

    /// This process's rank, from 0.
    pub fn rank(&self) -> usize {
        self.comm.rank() as usize
    }

    /// How many processes the run has.
    pub fn size(&self) -> usize {
        self.comm.size() as usize
    }

    /// Whether this is rank 0, which deals the tasks and gathers the results.
    pub fn is_root(&self) -> bool {
        self.rank() == 0
    }

    /// The communicator of every rank of the run.
    pub(crate) fn comm(&self) -> &SimpleCommunicator {
        &self.comm
    }
}
