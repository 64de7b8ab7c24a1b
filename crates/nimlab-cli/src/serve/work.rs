//! The server's computations: at most one a core at a time, each on a worker thread
//! under its own [`Stop`], stopped at the time limit, at the memory limit (the memory
//! the whole process holds) and when the server stops.

use super::answer::Refusal;
use crate::limits::memory_in_use;
use nimlab::limits::{Limits, Reason, Stop};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{Notify, Semaphore};

/// How long a request waits for a free core before it is answered that the server is
/// busy.
const QUEUE_WAIT: Duration = Duration::from_secs(10);

/// How many requests may wait for a core at once; more are answered at once that the
/// server is busy.
const MAX_WAITING: usize = 1024;

/// How often the memory is read while a computation runs.
const MEMORY_TICK: Duration = Duration::from_millis(10);

/// How long a computation told to stop may take to unwind before its request is
/// answered anyway (it keeps its core until it ends).
const GRACE: Duration = Duration::from_secs(5);

/// The computations of the server.
pub struct Workers {
    permits: Arc<Semaphore>,
    cores: usize,
    limits: Limits,
    waiting: AtomicUsize,
    running: Mutex<HashMap<u64, Stop>>,
    next: AtomicU64,
    busy: Notify,
}

impl Workers {
    /// Workers for `cores` computations at once under `limits` (the time limit for each
    /// computation, the memory limit for the process).
    pub fn new(cores: usize, limits: Limits) -> Workers {
        Workers {
            permits: Arc::new(Semaphore::new(cores)),
            cores,
            limits,
            waiting: AtomicUsize::new(0),
            running: Mutex::new(HashMap::new()),
            next: AtomicU64::new(0),
            busy: Notify::new(),
        }
    }

    /// The limits each computation runs under.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Starts the task that stops every running computation once the process holds more
    /// memory than the limit (inside the server's runtime).
    pub fn watch_memory(self: &Arc<Self>) {
        let Some(limit) = self.limits.memory else {
            return;
        };
        // The task lives as long as the server's runtime.
        let w = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                if w.is_idle() {
                    w.busy.notified().await;
                    continue;
                }
                if memory_in_use() > limit {
                    w.stop_running(Reason::Memory);
                }
                tokio::time::sleep(MEMORY_TICK).await;
            }
        });
    }

    fn running(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Stop>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn is_idle(&self) -> bool {
        self.running().is_empty()
    }

    /// Stops every running computation for `reason`.
    fn stop_running(&self, reason: Reason) {
        for stop in self.running().values() {
            stop.request(reason);
        }
    }

    /// Stops every running computation and refuses new ones: the server is stopping.
    pub fn stop_all(&self) {
        self.permits.close();
        self.stop_running(Reason::Interrupted);
    }

    /// Runs `job` on a worker thread under the limits, when a core is free.
    ///
    /// # Errors
    /// A refusal when the server is busy or stopping, when the computation was stopped
    /// (its limit named), and the job's own.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> Result<T, Refusal> + Send + 'static,
    ) -> Result<T, Refusal> {
        let permit = self.admit().await?;
        let stop = Stop::with_limits(self.limits);
        let _running = Running::new(self, stop.clone());
        let job_stop = stop.clone();
        let mut task = tokio::task::spawn_blocking(move || {
            // The core stays taken until the computation ends, even if its request was
            // answered before (see GRACE).
            let _permit = permit;
            job_stop.scope(job)
        });
        let joined = match self.limits.time {
            None => (&mut task).await,
            Some(limit) => match tokio::time::timeout(limit, &mut task).await {
                Ok(joined) => joined,
                Err(_) => {
                    stop.request(Reason::Time);
                    match tokio::time::timeout(GRACE, &mut task).await {
                        Ok(joined) => joined,
                        Err(_) => return Err(Refusal::of(&stop.error(Reason::Time))),
                    }
                }
            },
        };
        match joined {
            Ok(answer) => answer,
            Err(e) if e.is_panic() => Err(Refusal::internal()),
            Err(_) => Err(Refusal::stopping()),
        }
    }

    /// Waits for a free core, for a bounded time.
    async fn admit(&self) -> Result<tokio::sync::OwnedSemaphorePermit, Refusal> {
        if let Ok(permit) = Arc::clone(&self.permits).try_acquire_owned() {
            return Ok(permit);
        }
        if self.permits.is_closed() {
            return Err(Refusal::stopping());
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Refusal::busy(self.cores));
        }
        let waited =
            tokio::time::timeout(QUEUE_WAIT, Arc::clone(&self.permits).acquire_owned()).await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        match waited {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_closed)) => Err(Refusal::stopping()),
            Err(_elapsed) => Err(Refusal::busy(self.cores)),
        }
    }
}

/// A computation in the list of running ones while it lives; when its request goes away
/// before it ends (the client left), it is asked to stop.
struct Running<'a> {
    workers: &'a Workers,
    id: u64,
    stop: Stop,
}

impl<'a> Running<'a> {
    fn new(workers: &'a Workers, stop: Stop) -> Running<'a> {
        let id = workers.next.fetch_add(1, Ordering::Relaxed);
        let was_idle = {
            let mut running = workers.running();
            let was_idle = running.is_empty();
            running.insert(id, stop.clone());
            was_idle
        };
        if was_idle {
            workers.busy.notify_one();
        }
        Running { workers, id, stop }
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.stop.request(Reason::Interrupted);
        self.workers.running().remove(&self.id);
    }
}
