//! The task farm: rank 0 deals tasks out one at a time to the ranks that ask for work,
//! and gathers their results.

use super::failed::Failed;
use super::pace::Pace;
use super::world::World;
use crate::limits::{self, Reason, Stop};
use crate::{Error, Result};
use mpi::point_to_point::{Message, Status};
use mpi::traits::*;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

// The messages, by their tags. A worker speaks first and then answers every answer of
// rank 0 with one message; rank 0 may also send ABORT unasked, once.
/// Worker → rank 0: ready for a task (no words).
const READY: i32 = 1;
/// Worker → rank 0: the result of its task (words), and ready for the next.
const RESULT: i32 = 2;
/// Worker → rank 0: its task failed ([`Failed::to_bytes`]).
const FAILED: i32 = 3;
/// Rank 0 → worker: the next task (one word, its number).
const TASK: i32 = 4;
/// Rank 0 → worker: no task is left; the worker ends (no words).
const DONE: i32 = 5;
/// Rank 0 → worker: the run failed ([`Failed::to_bytes`], the first error); the worker
/// stops its task, answers ENDED and ends.
const ABORT: i32 = 6;
/// Worker → rank 0: ended after ABORT (no words).
const ENDED: i32 = 7;

/// Deals tasks 0 … `tasks` − 1 out to the ranks of `world`, each computed by `work` into
/// words: rank 0 gives the next task to each rank that asks for one (a rank asks again
/// when it sends its result), computes tasks itself on a thread of its own meanwhile, and
/// returns every task's words in the order of the tasks; the other ranks return `None`.
/// Every rank calls `deal` with the same tasks, and `work` gives the same words for a
/// task on any rank.
///
/// Each rank computes one task at a time, on a thread inside the caller's limits
/// ([`limits::current`]: Ctrl-C, time and memory), while its main thread speaks to the
/// other ranks.
///
/// ```no_run
/// // Under `mpirun -n 4`: the squares of 0 … 99, computed by four processes.
/// let world = nimlab::cluster::World::init().unwrap();
/// let squares = nimlab::cluster::deal(&world, 100, |i| Ok(vec![(i * i) as u32])).unwrap();
/// if let Some(squares) = squares {
///     assert_eq!(squares[7], [49]);
/// }
/// ```
///
/// # Errors
/// The first error of any rank, with its rank (a [`Failed`]): every rank stops its task
/// and returns it. The caller's [`Stop`] is then left requested.
pub fn deal<W>(world: &World, tasks: usize, work: W) -> Result<Option<Vec<Vec<u32>>>, Failed>
where
    W: Fn(usize) -> Result<Vec<u32>> + Sync,
{
    if u32::try_from(tasks).is_err() {
        return Err(Failed {
            rank: world.rank(),
            error: Error::limit(format!("{tasks} tasks"), "at most 2^32 − 1 tasks"),
        });
    }
    let stop = limits::current().unwrap_or_default();
    thread::scope(|scope| {
        let (task_tx, task_rx) = mpsc::channel::<usize>();
        let (done_tx, done_rx) = mpsc::channel();
        let (thread_stop, work) = (stop.clone(), &work);
        scope.spawn(move || {
            thread_stop.scope(|| {
                for task in task_rx {
                    let result = limits::check().and_then(|()| work(task));
                    if done_tx.send(result).is_err() {
                        break;
                    }
                }
            })
        });
        let local = Local {
            tasks: task_tx,
            done: done_rx,
            task: None,
        };
        // Dropping `local` ends the thread once its task is done or stopped.
        if world.is_root() {
            root(world, tasks, &stop, local).map(Some)
        } else {
            worker(world, &stop, local).map(|()| None)
        }
    })
}

/// The thread of a rank that computes, as its main thread sees it.
struct Local {
    tasks: Sender<usize>,
    done: Receiver<Result<Vec<u32>>>,
    /// The task it computes, if any.
    task: Option<usize>,
}

impl Local {
    fn give(&mut self, task: usize) {
        self.task = Some(task);
        // The thread ends only when `tasks` is dropped: the send fails only if it
        // panicked, and `wait` then says so.
        let _ = self.tasks.send(task);
    }

    /// Waits at most `wait` for the task's result: the task and its result, or `None`.
    fn wait(&mut self, wait: Duration) -> Option<(usize, Result<Vec<u32>>)> {
        let Some(task) = self.task else {
            thread::sleep(wait);
            return None;
        };
        let result = match self.done.recv_timeout(wait) {
            Ok(result) => result,
            Err(RecvTimeoutError::Timeout) => return None,
            Err(RecvTimeoutError::Disconnected) => Err(Error::Unsupported(format!(
                "the thread computing task {task} ended without its result"
            ))),
        };
        self.task = None;
        Some((task, result))
    }
}

/// What a message carries: words, or the bytes of a [`Failed`].
enum Payload {
    Words(Vec<u32>),
    Bytes(Vec<u8>),
}

/// Receives a probed message, as its tag says it was sent.
fn take(message: Message, status: Status) -> Payload {
    match status.tag() {
        FAILED | ABORT => Payload::Bytes((message, status).matched_receive_vec::<u8>().0),
        _ => Payload::Words((message, status).matched_receive_vec::<u32>().0),
    }
}

/// The [`Failed`] a message carries, or one that says the message could not be read.
fn failed_in(payload: &Payload, from: usize) -> Failed {
    let read = match payload {
        Payload::Bytes(bytes) => Failed::from_bytes(bytes),
        Payload::Words(_) => None,
    };
    read.unwrap_or_else(|| Failed {
        rank: from,
        error: Error::Unsupported(format!(
            "rank {from} failed with an error that cannot be read"
        )),
    })
}

/// Where a worker stands, as rank 0 sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Peer {
    /// It has asked for a task, or computes one: a message of it is to come.
    Working,
    /// It was told there is no task left, and has ended.
    Done,
    /// It was told to stop; its ENDED is to come.
    Aborting,
    /// It stopped.
    Ended,
}

/// Rank 0: deals the tasks, computes some, gathers the results; on the first error,
/// tells every working rank to stop and waits until each has.
fn root(
    world: &World,
    tasks: usize,
    stop: &Stop,
    mut local: Local,
) -> Result<Vec<Vec<u32>>, Failed> {
    let comm = world.comm();
    let mut peers = vec![Peer::Working; world.size()];
    peers[0] = Peer::Done;
    let mut given: Vec<Option<usize>> = vec![None; world.size()];
    let mut results: Vec<Option<Vec<u32>>> = vec![None; tasks];
    let mut next = 0;
    let mut failure: Option<Failed> = None;
    let mut pace = Pace::new();
    let mut wait = pace.next(true);

    // Records the first error and tells every working rank to stop.
    let fail = |failed: Failed, failure: &mut Option<Failed>, peers: &mut [Peer]| {
        if failure.is_some() {
            return;
        }
        stop.request(Reason::Interrupted);
        let bytes = failed.to_bytes();
        for (rank, peer) in peers.iter_mut().enumerate() {
            if *peer == Peer::Working {
                comm.process_at_rank(rank as i32)
                    .send_with_tag(&bytes[..], ABORT);
                *peer = Peer::Aborting;
            }
        }
        *failure = Some(failed);
    };

    loop {
        if failure.is_none() {
            if let Err(error) = stop.check() {
                fail(Failed { rank: 0, error }, &mut failure, &mut peers);
            }
        }
        if failure.is_none() && local.task.is_none() && next < tasks {
            local.give(next);
            next += 1;
        }
        if local.task.is_none() && peers.iter().all(|p| matches!(p, Peer::Done | Peer::Ended)) {
            break;
        }
        let mut busy = false;
        if let Some((task, result)) = local.wait(wait) {
            busy = true;
            match result {
                Ok(words) => results[task] = Some(words),
                Err(error) => fail(Failed { rank: 0, error }, &mut failure, &mut peers),
            }
        }
        while let Some((message, status)) = comm.any_process().immediate_matched_probe() {
            busy = true;
            let rank = status.source_rank() as usize;
            let tag = status.tag();
            let payload = take(message, status);
            match (peers[rank], tag, payload) {
                (Peer::Working, READY | RESULT, Payload::Words(words)) => {
                    if tag == RESULT {
                        match given[rank].take() {
                            Some(task) => results[task] = Some(words),
                            None => {
                                let error = Error::Unsupported(format!(
                                    "rank {rank} sent a result without a task"
                                ));
                                fail(Failed { rank, error }, &mut failure, &mut peers);
                                continue;
                            }
                        }
                    }
                    let process = comm.process_at_rank(rank as i32);
                    if next < tasks {
                        process.send_with_tag(&[next as u32][..], TASK);
                        given[rank] = Some(next);
                        next += 1;
                    } else {
                        process.send_with_tag(&[0u32; 0][..], DONE);
                        peers[rank] = Peer::Done;
                    }
                }
                (Peer::Aborting, ENDED, _) => peers[rank] = Peer::Ended,
                // A result or an error sent before the rank heard ABORT.
                (Peer::Aborting, _, _) => {}
                (_, _, payload) => {
                    let failed = if tag == FAILED {
                        failed_in(&payload, rank)
                    } else {
                        Failed {
                            rank,
                            error: Error::Unsupported(format!(
                                "rank {rank} sent an unexpected message (tag {tag})"
                            )),
                        }
                    };
                    fail(failed, &mut failure, &mut peers);
                }
            }
        }
        wait = pace.next(busy);
    }
    if let Some(failed) = failure {
        return Err(failed);
    }
    results
        .into_iter()
        .enumerate()
        .map(|(task, words)| {
            words.ok_or_else(|| Failed {
                rank: 0,
                error: Error::Unsupported(format!("task {task} was never done")),
            })
        })
        .collect()
}

/// Any other rank: asks for tasks and computes them until rank 0 says there is none
/// left, or that the run failed.
fn worker(world: &World, stop: &Stop, mut local: Local) -> Result<(), Failed> {
    let me = world.rank();
    let root = world.comm().process_at_rank(0);
    let mut pace = Pace::new();
    root.send_with_tag(&[0u32; 0][..], READY);
    loop {
        // Rank 0's answer.
        let mut wait = pace.next(true);
        let (tag, payload) = loop {
            if let Some((message, status)) = root.immediate_matched_probe() {
                break (status.tag(), take(message, status));
            }
            thread::sleep(wait);
            wait = pace.next(false);
        };
        match (tag, payload) {
            (TASK, Payload::Words(words)) if words.len() == 1 => local.give(words[0] as usize),
            (DONE, _) => return Ok(()),
            (ABORT, payload) => {
                root.send_with_tag(&[0u32; 0][..], ENDED);
                return Err(failed_in(&payload, 0));
            }
            (tag, _) => {
                let failed = Failed {
                    rank: me,
                    error: Error::Unsupported(format!(
                        "rank 0 sent an unexpected message (tag {tag})"
                    )),
                };
                root.send_with_tag(&failed.to_bytes()[..], FAILED);
                continue;
            }
        }
        // The task, computed while the main thread listens for ABORT.
        let mut wait = pace.next(true);
        loop {
            if let Some((_, result)) = local.wait(wait) {
                match result {
                    Ok(words) => root.send_with_tag(&words[..], RESULT),
                    Err(error) => {
                        let failed = Failed { rank: me, error };
                        root.send_with_tag(&failed.to_bytes()[..], FAILED);
                    }
                }
                break;
            }
            if let Some((message, status)) = root.immediate_matched_probe() {
                // Only ABORT comes unasked.
                stop.request(Reason::Interrupted);
                let payload = take(message, status);
                root.send_with_tag(&[0u32; 0][..], ENDED);
                return Err(failed_in(&payload, 0));
            }
            wait = pace.next(false);
        }
    }
}
