//! `nimlab serve`: the page and a JSON API mirroring the commands, over HTTP.
//!
//! The server parses a request, calls the library's [`nimlab::api`] and sends the answer
//! `--json` prints; it knows no game. Each computation runs on a worker thread under its
//! own [`nimlab::limits::Stop`], at most one per core at a time ([`work`]).

mod answer;
mod api;
mod listen;
mod page;
mod routes;
mod work;

use crate::failure::Failure;
use crate::limits::LimitArgs;
use clap::Args;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// Options of `nimlab serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one (the address is printed on start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: the loopback interface by default, so only this machine
    /// reaches the server; `0.0.0.0` (or `::`) opens it to the network.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    #[command(flatten)]
    limits: LimitArgs,
}

/// How long one request may compute unless `--time-limit` says otherwise.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// How long open connections may take to finish their requests once the server is asked
/// to stop.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves until Ctrl-C (or SIGTERM).
pub fn run(args: &ServeArgs, out: &mut impl Write) -> Result<(), Failure> {
    let limits = args.limits.limits(Some(DEFAULT_TIME_LIMIT))?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores)
        // The computations hold at most one permit a core ([`work`]); the rest of the
        // pool is slack for those that were told to stop and are still unwinding.
        .max_blocking_threads(2 * cores + 2)
        .thread_name("nimlab-serve")
        .enable_all()
        .build()?;
    let address = SocketAddr::new(args.bind, args.port);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(address))
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot listen on {address}: {e}")))?;
    let bound = listener.local_addr()?;
    let workers = Arc::new(work::Workers::new(cores, limits));
    {
        let _inside = runtime.enter();
        workers.watch_memory();
    }
    let app = routes::router(Arc::clone(&workers));
    let host = match bound.ip() {
        IpAddr::V6(ip) => format!("[{ip}]"),
        IpAddr::V4(ip) => ip.to_string(),
    };
    writeln!(out, "nimlab: serving http://{host}:{}", bound.port())?;
    out.flush()?;
    if !page::is_built() {
        eprintln!("nimlab: {}", page::NOT_BUILT);
    }
    let (stopping, stopped) = tokio::sync::watch::channel(false);
    runtime.block_on(async move {
        let signal_workers = Arc::clone(&workers);
        tokio::spawn(async move {
            shutdown_signal().await;
            // Running computations end with an error answer rather than hold the
            // connections open.
            signal_workers.stop_all();
            let _ = stopping.send(true);
        });
        let server = listen::serve(listener, app, stopped.clone());
        let mut late = stopped;
        tokio::select! {
            () = server => {}
            () = async move {
                let _ = late.wait_for(|s| *s).await;
                tokio::time::sleep(SHUTDOWN_GRACE).await;
            } => {
                eprintln!("nimlab: connections still open after {} s; stopping anyway", SHUTDOWN_GRACE.as_secs());
            }
        }
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    eprintln!("nimlab: stopped");
    Ok(())
}

/// Ctrl-C, or SIGTERM where there are signals.
async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            // No handler could be set: the default one ends the process.
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    {
        let term = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            () = ctrl_c => {}
            () = term => {}
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await;
}
