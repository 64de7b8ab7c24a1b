//! What every command run on MPI ranks does when a rank fails: rank 0 says which rank and
//! why, and every rank ends with the error's exit status once MPI is shut down.

use nimlab::cluster::{Failed, World};

/// Reports `failed` on rank 0 and ends the process of every rank with its status.
pub fn exit_on_failure(world: World, failed: &Failed) -> ! {
    if world.is_root() {
        eprintln!(
            "nimlab: {} (on rank {} of {}; every rank has stopped)",
            crate::failure::message(&failed.error),
            failed.rank,
            world.size()
        );
        if let Some(hint) = crate::limits::hint(&failed.error) {
            eprintln!("nimlab: {hint}");
        }
    }
    let status = crate::limits::exit_status(&failed.error);
    // MPI is shut down with every rank before the process ends.
    drop(world);
    std::process::exit(status.into());
}
