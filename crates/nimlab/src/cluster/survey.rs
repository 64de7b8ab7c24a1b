//! The survey of octal codes dealt out to the ranks of an MPI run, code by code.

use super::failed::Failed;
use super::farm::deal;
use super::world::World;
use crate::heap::{group_rows, octal_codes, Code, CodeValues, Periodicity, SurveyRow};
use crate::{Error, Result};

/// The survey of [`crate::heap::survey_octal`] (the same codes, the same rows), computed
/// by the ranks of `world`: rank 0 deals the codes out one at a time to the ranks that
/// ask for work, computes codes itself meanwhile, and returns the rows; the other ranks
/// return `None`. Every rank calls it with the same arguments.
///
/// ```no_run
/// // Under `mpirun -n 4`: rank 0 has the rows of the 3-digit codes to heap 1000.
/// let world = nimlab::cluster::World::init().unwrap();
/// if let Some(rows) = nimlab::cluster::survey_octal(&world, 3, 0, 1000).unwrap() {
///     println!("{} distinct sequences", rows.len());
/// }
/// ```
///
/// # Errors
/// The first error of any rank (as [`crate::heap::survey_octal`]'s: more than
/// [`crate::heap::MAX_SURVEY_DIGITS`] digits, the sequence limits, the caller's limits),
/// with the rank where it happened; every rank returns it.
pub fn survey_octal(
    world: &World,
    digits: usize,
    whole: u8,
    to: u64,
) -> Result<Option<Vec<SurveyRow>>, Failed> {
    let codes = octal_codes(digits, whole).map_err(|error| Failed {
        rank: world.rank(),
        error,
    })?;
    let words = deal(world, codes.len(), |i| {
        CodeValues::compute(codes[i].clone(), to).map(|v| to_words(&v))
    })?;
    let Some(words) = words else {
        return Ok(None);
    };
    let results = codes
        .into_iter()
        .zip(words)
        .map(|(code, words)| from_words(code, words, to))
        .collect::<Result<Vec<_>>>()
        .map_err(|error| Failed { rank: 0, error })?;
    Ok(Some(group_rows(&results)))
}

/// The words before the values: which parts of the periodicity there are, then the
/// period, preperiod, saltus, values checked and values needed, each in two words.
const HEADER: usize = 11;
const HAS_PERIOD: u32 = 1;
const PROVED: u32 = 2;
const HAS_NEEDED: u32 = 4;

/// A code's values and periodicity as words, to cross to rank 0.
fn to_words(v: &CodeValues) -> Vec<u32> {
    let mut words = Vec::with_capacity(HEADER + v.values.len());
    let p = v.period.unwrap_or(Periodicity {
        period: 0,
        preperiod: 0,
        saltus: 0,
        checked: 0,
        needed: None,
        proved: false,
    });
    let flags = if v.period.is_some() { HAS_PERIOD } else { 0 }
        | if p.proved { PROVED } else { 0 }
        | if p.needed.is_some() { HAS_NEEDED } else { 0 };
    words.push(flags);
    for n in [
        p.period,
        p.preperiod,
        p.saltus,
        p.checked,
        p.needed.unwrap_or(0),
    ] {
        words.extend([n as u32, (n >> 32) as u32]);
    }
    words.extend_from_slice(&v.values);
    words
}

/// Reads what [`to_words`] wrote for `code`, with values of heaps 0 … `to` (kept in the
/// words' own memory: rank 0 holds every code's values once).
fn from_words(code: Code, mut words: Vec<u32>, to: u64) -> Result<CodeValues> {
    let malformed = || {
        Error::Unsupported(format!(
            "the values of {code} came malformed from their rank"
        ))
    };
    if words.len() < HEADER || (words.len() - HEADER) as u64 != to + 1 || words[0] & !7 != 0 {
        return Err(malformed());
    }
    let flags = words[0];
    let n = |k: usize| u64::from(words[1 + 2 * k]) | (u64::from(words[2 + 2 * k]) << 32);
    let period = (flags & HAS_PERIOD != 0).then(|| Periodicity {
        period: n(0),
        preperiod: n(1),
        saltus: n(2),
        checked: n(3),
        needed: (flags & HAS_NEEDED != 0).then(|| n(4)),
        proved: flags & PROVED != 0,
    });
    words.drain(..HEADER);
    Ok(CodeValues {
        code,
        values: words,
        period,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_crosses_as_it_is() {
        // Kayles (period 12 from 71, proved), 0.6 (no proved period) and 0.3.
        for code in ["0.77", "0.6", "0.3"] {
            let code = Code::parse(code).unwrap();
            let v = CodeValues::compute(code.clone(), 500).unwrap();
            let back = from_words(code.clone(), to_words(&v), 500).unwrap();
            assert_eq!(back, v);
            // Words cut short, or for another bound, are refused.
            let words = to_words(&v);
            assert!(from_words(code.clone(), words[..words.len() - 1].to_vec(), 500).is_err());
            assert!(from_words(code.clone(), words, 501).is_err());
        }
        let kayles = CodeValues::compute(Code::parse("0.77").unwrap(), 500).unwrap();
        let p = kayles.period.unwrap();
        assert_eq!((p.period, p.preperiod, p.proved), (12, 71, true));
    }
}
