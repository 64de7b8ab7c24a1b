//! Chomp solved tier by tier on the ranks of an MPI run, each rank solving its share of
//! every tier and all of them exchanging the tier's blocks before the next.

use super::failed::Failed;
use super::pace::Pace;
use super::world::World;
use crate::games::boards::chomp_tiers::{
    receive_share, share_blocks, solve_tier, Outcomes, Share, Staircases, TierReport, BLOCK,
};
use crate::{Error, Result};
use mpi::datatype::PartitionMut;
use mpi::traits::*;
use mpi::Count;
use std::thread;

/// The words each rank states after each tier: the length of its error's bytes (0 when it
/// has none), then its share's positions, P-positions, options looked up and options
/// crossing to another share.
const STATE: usize = 5;

/// Solves Chomp inside the rectangle of `index` as [`crate::games::boards::chomp_tiers::solve`]
/// does, on the ranks of `world`: rank r of K solves [`Share::new`]`(r, K)` of each tier
/// with [`solve_tier`] (on the rank's own threads), then the ranks gather every share's
/// blocks of the tier ([`share_blocks`], one all-gather), and each puts the others' in
/// place ([`receive_share`]), so that every rank holds the whole tier before the next.
/// Every rank calls it with the same arguments, and every rank returns the whole table,
/// the very table one process solves, with the reports of every tier summed over the
/// ranks (their `millis` the wall-clock time of the tier on this rank, exchange included).
/// `memory` bounds the table of each rank, as [`Outcomes::within`]; `probe` is as in
/// [`solve_tier`]; `on_tier` is called after each tier's exchange.
///
/// ```no_run
/// // Under `mpirun -n 4`: every rank holds the outcomes of Chomp inside 9 × 10.
/// use nimlab::games::boards::chomp_tiers::{solve, Outcomes, Staircases};
/// let world = nimlab::cluster::World::init().unwrap();
/// let index = Staircases::new(9, 10).unwrap();
/// let (table, reports) = nimlab::cluster::solve_chomp(&world, index.clone(), None, None, |_| {}).unwrap();
/// let mut whole = Outcomes::new(index);
/// assert_eq!(solve(&mut whole, None, |_| {}).unwrap().len(), reports.len());
/// assert_eq!(table.data(), whole.data());
/// ```
///
/// # Errors
/// The first error of any rank (the lowest rank's, when several fail in the same tier),
/// with its rank: the table over `memory`, a tier too large to gather (more than 2^31 − 1
/// bytes), or an error of [`solve_tier`] (time, memory, Ctrl-C). A rank that fails still
/// takes part in the tier's exchange, where every rank learns of the error and returns
/// it: no rank waits for one that has stopped.
pub fn solve_chomp(
    world: &World,
    index: Staircases,
    memory: Option<u64>,
    probe: Option<usize>,
    mut on_tier: impl FnMut(&TierReport),
) -> Result<(Outcomes, Vec<TierReport>), Failed> {
    let (rank, count) = (world.rank(), world.size());
    let share = Share::new(rank, count).map_err(|error| Failed { rank, error })?;
    let table = Outcomes::within(index, memory).and_then(|table| {
        let largest = (1..=table.index().cells())
            .map(|t| table.tier_bytes(t).len())
            .max()
            .unwrap_or(0);
        if Count::try_from(largest).is_err() {
            return Err(Error::limit(
                format!("a tier of {largest} bytes"),
                "tiers of at most 2^31 − 1 bytes, which MPI gathers in one piece",
            ));
        }
        Ok(table)
    });
    // Every rank learns whether every other could hold the table.
    let state = match &table {
        Ok(_) => Ok(TierReport::default()),
        Err(error) => Err(Failed {
            rank,
            error: error.clone(),
        }),
    };
    agree(world, state)?;
    let mut table = table.map_err(|error| Failed { rank, error })?;
    let cells = table.index().cells();
    let mut reports = Vec::with_capacity(cells);
    for t in 1..=cells {
        let start = std::time::Instant::now();
        let solved =
            solve_tier(&mut table, t, share, probe).map_err(|error| Failed { rank, error });
        let mut report = agree(world, solved)?;
        exchange(world, &mut table, t).map_err(|error| Failed { rank, error })?;
        report.tier = t;
        report.millis = start.elapsed().as_millis() as u64;
        on_tier(&report);
        reports.push(report);
    }
    Ok((table, reports))
}

/// Every rank states how its share of a tier went: the reports summed over the ranks when
/// none failed, else the failure of the lowest rank that failed, on every rank.
fn agree(world: &World, mine: Result<TierReport, Failed>) -> Result<TierReport, Failed> {
    let rank = world.rank();
    let bytes = match &mine {
        Ok(_) => Vec::new(),
        Err(failed) => failed.to_bytes(),
    };
    let r = mine.as_ref().ok().cloned().unwrap_or_default();
    let state = [
        bytes.len() as u64,
        r.positions,
        r.p_positions,
        r.lookups,
        r.crossing,
    ];
    let states = gather(world, &state, &vec![STATE as Count; world.size()])
        .map_err(|error| Failed { rank, error })?;
    let lengths: Vec<u64> = states.chunks(STATE).map(|s| s[0]).collect();
    if lengths.iter().all(|&n| n == 0) {
        return Ok(states
            .chunks(STATE)
            .fold(TierReport::default(), |sum, s| TierReport {
                positions: sum.positions + s[1],
                p_positions: sum.p_positions + s[2],
                lookups: sum.lookups + s[3],
                crossing: sum.crossing + s[4],
                ..sum
            }));
    }
    let counts = lengths
        .iter()
        .map(|&n| Count::try_from(n).unwrap_or(0))
        .collect::<Vec<_>>();
    let all = gather(world, &bytes, &counts).map_err(|error| Failed { rank, error })?;
    let (from, n) = lengths
        .iter()
        .enumerate()
        .find(|&(_, &n)| n > 0)
        .map(|(r, &n)| (r, n as usize))
        .unwrap_or((rank, 0));
    let start: usize = counts[..from].iter().map(|&c| c as usize).sum();
    Err(all
        .get(start..start + n)
        .and_then(Failed::from_bytes)
        .unwrap_or_else(|| Failed {
            rank: from,
            error: Error::Unsupported(format!(
                "rank {from} failed with an error that cannot be read"
            )),
        }))
}

/// Gathers tier `t`'s blocks of every share to every rank, each putting the others' in
/// place.
fn exchange(world: &World, table: &mut Outcomes, t: usize) -> Result<()> {
    let (rank, count) = (world.rank(), world.size());
    if count == 1 {
        return Ok(());
    }
    // The bytes of each share: its blocks of the tier, the last block maybe shorter.
    let mut counts = vec![0 as Count; count];
    let range = table.tier_bytes(t);
    let bytes = range.len();
    let block_bytes = BLOCK / 4;
    for (b, first) in (0..bytes).step_by(block_bytes).enumerate() {
        let owner = Share::owner(t, b as u64, count);
        counts[owner] += (bytes - first).min(block_bytes) as Count;
    }
    let mine = share_blocks(table, t, Share::new(rank, count)?);
    let all = gather(world, &mine, &counts)?;
    let mut from = 0;
    for (r, &n) in counts.iter().enumerate() {
        let n = n as usize;
        if r != rank {
            receive_share(table, t, Share::new(r, count)?, &all[from..from + n])?;
        }
        from += n;
    }
    Ok(())
}

/// Every rank's `mine` (`counts[r]` items from rank r), one after the other, on every
/// rank. The rank waits for the others without blocking in MPI, looking at the pace of
/// [`Pace`], so that a waiting rank leaves its core to the ranks still at work.
fn gather<T>(world: &World, mine: &[T], counts: &[Count]) -> Result<Vec<T>>
where
    T: Equivalence + Default + Clone,
{
    if counts.get(world.rank()).map(|&c| c as usize) != Some(mine.len()) {
        return Err(Error::Unsupported(format!(
            "rank {} has {} items to gather where {:?} were expected",
            world.rank(),
            mine.len(),
            counts.get(world.rank())
        )));
    }
    let mut displs = Vec::with_capacity(counts.len());
    let mut total: u64 = 0;
    for &c in counts {
        displs.push(Count::try_from(total).map_err(|_| {
            Error::limit(
                format!("{} items gathered at once", total + c as u64),
                "at most 2^31 − 1 items in one all-gather",
            )
        })?);
        total += c as u64;
    }
    let mut all = vec![T::default(); total as usize];
    {
        let mut partition = PartitionMut::new(&mut all[..], counts, &displs[..]);
        mpi::request::scope(|scope| {
            let mut request =
                world
                    .comm()
                    .immediate_all_gather_varcount_into(scope, mine, &mut partition);
            let mut pace = Pace::new();
            loop {
                match request.test() {
                    Ok(_) => break,
                    Err(waiting) => request = waiting,
                }
                thread::sleep(pace.next(false));
            }
        });
    }
    Ok(all)
}
