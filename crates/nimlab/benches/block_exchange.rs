//! What splitting one Grundy sequence's blocks across MPI ranks would gain: the exchange
//! each block would need, timed on this machine, with the block's work as measured.
//!
//! The sparse-space algorithm computes the values a block of 128 heaps at a time. Most of
//! a block's work is marking, for each heap of the block, the values of its splits with
//! the rare heaps below the block; that part can be shared out (the engine's helper
//! thread takes a share of it). The rest (the rare heaps inside the block, and the search
//! for the rare values left) runs in order, heap after heap, and needs the marks of the
//! whole block. Split across K ranks, every block would cost: the marks of one share,
//! the shares' rows sent to rank 0, the part in order on rank 0, and the block's new
//! values sent back to every rank (the next block's marks read them).
//!
//! Each rank here spins for the time of its share of the marks, sends its rows (`rows`
//! bytes a heap, the width of Grundy's game's rows past 2^26) with `MPI_Gather`, rank 0
//! spins for the part in order, then broadcasts the block's 128 values of two bytes. The
//! time a block takes is measured over `blocks` blocks, and set beside the one-rank time
//! `block_us`.
//!
//! ```text
//! cargo bench -p nimlab --features mpi --bench block_exchange --no-run
//! mpirun -n 2 target/release/deps/block_exchange-* BLOCK_US MARKS_SHARE [ROWS] [BLOCKS]
//! ```
//!
//! `BLOCK_US` is the one-thread time of a block in microseconds and `MARKS_SHARE` the
//! share of it spent marking (0 to 1), both measured with `perf` on the engine.

use mpi::traits::{Communicator, CommunicatorCollectives, Root};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Heaps in a block of the sparse-space algorithm.
const BLOCK: usize = 128;

/// Works for `d` without sleeping, as the marks would.
fn spin(d: Duration) {
    let start = Instant::now();
    let mut x = 0u64;
    while start.elapsed() < d {
        for _ in 0..64 {
            x = black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
    }
    black_box(x);
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let num = |i: usize, default: f64| -> f64 {
        args.get(i)
            .map(|a| {
                a.parse()
                    .unwrap_or_else(|_| panic!("argument {} `{a}` is not a number", i + 1))
            })
            .unwrap_or(default)
    };
    let (block_us, share) = (num(0, 210.0), num(1, 0.78));
    let rows = num(2, 512.0) as usize;
    let blocks = num(3, 20000.0) as usize;
    let Some(universe) = mpi::initialize() else {
        panic!("MPI was set up already");
    };
    let world = universe.world();
    let (rank, size) = (world.rank() as usize, world.size() as usize);
    let root = world.process_at_rank(0);
    let marks = Duration::from_secs_f64(block_us * share / size as f64 * 1e-6);
    let in_order = Duration::from_secs_f64(block_us * (1.0 - share) * 1e-6);
    // The rows of a share of the block's heaps, and every share's on rank 0.
    let heaps = BLOCK.div_ceil(size);
    let mine = vec![rank as u8; heaps * rows];
    let mut all = vec![0u8; heaps * rows * size];
    let mut values = vec![0u16; BLOCK];
    let run = |exchange: bool, all: &mut Vec<u8>, values: &mut Vec<u16>| {
        world.barrier();
        let start = Instant::now();
        for b in 0..blocks {
            spin(marks);
            if exchange {
                if rank == 0 {
                    root.gather_into_root(&mine[..], &mut all[..]);
                } else {
                    root.gather_into(&mine[..]);
                }
            }
            if rank == 0 {
                spin(in_order);
                values.iter_mut().for_each(|v| *v = b as u16);
            }
            if exchange {
                root.broadcast_into(&mut values[..]);
            }
        }
        world.barrier();
        start.elapsed()
    };
    // Once without the messages (the ranks' work alone), once with them.
    let alone = run(false, &mut all, &mut values);
    let with = run(true, &mut all, &mut values);
    if rank == 0 {
        let per = |d: Duration| d.as_secs_f64() * 1e6 / blocks as f64;
        println!(
            "ranks {size}, {blocks} blocks of {BLOCK} heaps, rows of {rows} bytes; one rank's block {block_us:.1} µs, {:.0} % marks",
            share * 100.0
        );
        println!(
            "a block: {:.1} µs of work on each rank, {:.1} µs with the exchange ({:.1} µs of messages); speed-up over one rank {:.2}×",
            per(alone),
            per(with),
            per(with) - per(alone),
            block_us / per(with)
        );
    }
}
