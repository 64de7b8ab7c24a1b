//! Where the module's games live and how work on them runs: one calculator session for
//! the process behind a mutex; quick work with the GIL held, long work on a worker thread
//! with the GIL released, stopped through [`nimlab::limits`] when Python sees Ctrl-C.

use crate::errors::to_py;
use nimlab::calc::Session;
use nimlab::limits::{Reason, Stop};
use nimlab::{Error, Result};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::Duration;

/// The session whose arena holds every `Game` of the process.
static SESSION: LazyLock<Mutex<Session>> = LazyLock::new(|| Mutex::new(Session::new()));

/// How often a long computation's caller looks for a signal.
const SIGNAL_EVERY: Duration = Duration::from_millis(50);

fn lock() -> MutexGuard<'static, Session> {
    SESSION.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `f` on the session, forgetting what it computed when it met a limit or a stop.
fn guarded<T>(s: &mut Session, f: impl FnOnce(&mut Session) -> Result<T>) -> Result<T> {
    let mark = s.arena.mark();
    let result = f(s);
    if let Some((what, limit)) = s.arena.take_overflow() {
        s.arena.rollback(mark);
        return Err(Error::limit(what, limit));
    }
    if s.arena.interrupted() {
        let e = s.arena.stop_error();
        s.arena.rollback(mark);
        return Err(e);
    }
    result
}

/// Quick work on the session (a sum, a comparison, the options of a game), with the GIL
/// held; the GIL is released only to wait for a long computation that holds the session.
pub fn quick<T>(py: Python<'_>, f: impl FnOnce(&mut Session) -> Result<T>) -> PyResult<T> {
    let mut guard = loop {
        match SESSION.try_lock() {
            Ok(g) => break g,
            Err(TryLockError::Poisoned(p)) => break p.into_inner(),
            Err(TryLockError::WouldBlock) => py.detach(|| drop(lock())),
        }
    };
    guarded(&mut guard, f).map_err(|e| to_py(py, e))
}

/// Long work on the session (reading an expression, a thermograph, an analysis, a
/// sequence) on a worker thread with the GIL released; Ctrl-C stops it and raises
/// `KeyboardInterrupt`.
pub fn watched<T: Send>(
    py: Python<'_>,
    f: impl FnOnce(&mut Session) -> Result<T> + Send,
) -> PyResult<T> {
    detached(py, || guarded(&mut lock(), f))
}

/// Long work (`f`) on a worker thread with the GIL released, under a stop of its own:
/// Ctrl-C requests the stop and raises `KeyboardInterrupt` once `f` has returned.
pub fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T> + Send) -> PyResult<T> {
    let stop = Stop::new();
    let mut signal: Option<PyErr> = None;
    let outcome = py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = channel();
            let worker_stop = stop.clone();
            scope.spawn(move || {
                let result = catch_unwind(AssertUnwindSafe(|| worker_stop.scope(f)));
                let _ = tx.send(result.ok());
            });
            loop {
                match rx.recv_timeout(SIGNAL_EVERY) {
                    Ok(result) => return result,
                    Err(RecvTimeoutError::Disconnected) => return None,
                    Err(RecvTimeoutError::Timeout) if signal.is_none() => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            signal = Some(e);
                            stop.request(Reason::Interrupted);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
            }
        })
    });
    match (outcome, signal) {
        (Some(Ok(v)), _) => Ok(v),
        (Some(Err(Error::Interrupted)), Some(signal)) => Err(signal),
        (Some(Err(e)), _) => Err(to_py(py, e)),
        (None, _) => Err(PyRuntimeError::new_err(
            "nimlab met an internal error; please report the input that led to it",
        )),
    }
}
