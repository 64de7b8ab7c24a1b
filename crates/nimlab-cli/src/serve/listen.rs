//! The connections: each accepted one served by HTTP/1 with a deadline for its request's
//! head, so a client that sends headers slowly, or holds a connection open without
//! asking anything, does not hold it for ever; and all of them closed gracefully when
//! the server stops.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, Notify};

/// How long a connection may take to send the head of a request (the request line and
/// the headers), and how long it may stay open between requests: then it is closed.
pub const HEAD_DEADLINE: Duration = Duration::from_secs(30);

/// How long to wait before accepting again when accepting fails (too many open files).
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// Serves `app` on the connections of `listener` until `stopping` turns true, then
/// waits for the open connections to finish the requests they are answering.
pub async fn serve(listener: TcpListener, app: Router, mut stopping: watch::Receiver<bool>) {
    let open = Arc::new(Open::default());
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopping.wait_for(|s| *s) => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) => {
                // A connection that failed before it was accepted concerns that client
                // only; a full table of open files passes when connections close.
                if !matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionAborted | std::io::ErrorKind::ConnectionReset
                ) {
                    eprintln!("nimlab: cannot accept a connection: {e}");
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                }
                continue;
            }
        };
        // Answers are small and written whole: send them at once.
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let mut stop = stopping.clone();
        let guard = Open::enter(&open);
        tokio::spawn(async move {
            let _guard = guard;
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_DEADLINE)
                .serve_connection(TokioIo::new(stream), service);
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                // A connection that ends in an error (the client left, or sent what is
                // not HTTP and was answered 400) concerns that client only.
                _ = connection.as_mut() => return,
                _ = stop.wait_for(|s| *s) => {}
            }
            // The server stops: the request being answered is finished, no other is read.
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
    }
    open.all_closed().await;
}

/// The number of open connections, and a signal when it falls to 0.
#[derive(Default)]
struct Open {
    count: std::sync::atomic::AtomicUsize,
    closed: Notify,
}

/// An open connection, counted while it lives.
struct Guard(Arc<Open>);

impl Open {
    fn enter(open: &Arc<Open>) -> Guard {
        open.count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Guard(Arc::clone(open))
    }

    async fn all_closed(&self) {
        loop {
            let closed = self.closed.notified();
            if self.count.load(std::sync::atomic::Ordering::SeqCst) == 0 {
                return;
            }
            closed.await;
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self
            .0
            .count
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst)
            == 1
        {
            self.0.closed.notify_waiters();
        }
    }
}
