//! The classical facts of Chomp, and shares that solve the same database as one solver.

use super::*;
use crate::games::chomp::chomp;
use crate::Outcome;

fn solved(rows: usize, columns: usize) -> Outcomes {
    let mut table = Outcomes::new(Staircases::new(rows, columns).unwrap());
    solve(&mut table, None, |_| {}).unwrap();
    table
}

#[test]
fn every_rectangle_larger_than_the_poisoned_piece_is_a_first_player_win() {
    // A table holds every rectangle inside its own.
    let table = solved(10, 10);
    for rows in 1..=10 {
        for columns in 1..=10u8 {
            let outcome = table.outcome(&vec![columns; rows]);
            let lost = rows == 1 && columns == 1;
            assert_eq!(
                outcome,
                Some(Outcome::from_grundy_zero(lost)),
                "{rows}x{columns}"
            );
        }
    }
}

#[test]
fn a_square_is_won_by_leaving_an_l_and_two_rows_by_leaving_a_step() {
    let table = solved(10, 10);
    for n in 2..=10u8 {
        // n × n: take 2,2, leaving a row of n and a column of n.
        let square = vec![n; usize::from(n)];
        let l = chomp(&square, 2, 2);
        assert_eq!(l.iter().filter(|&&x| x == 1).count(), usize::from(n) - 1);
        let a = answer(&table, &square).unwrap();
        let to = crate::games::Rules::format(&crate::games::chomp::Chomp::default(), &l);
        assert!(a.winning_moves.iter().any(|m| m.to == to), "{n}x{n}: {a}");
        // 2 × n: take the top right piece, leaving rows n and n − 1; the only P-position
        // with two rows under a row of n.
        let two = answer(&table, &[n, n]).unwrap();
        let to: Vec<&str> = two.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, vec![format!("{n} {}", n - 1)], "2x{n}");
    }
}

#[test]
fn shares_solved_apart_write_the_same_file_as_one_solver() {
    let (rows, columns) = (9, 10);
    let whole = solved(rows, columns);
    let dir = std::env::temp_dir();
    let id = std::process::id();
    let one = dir.join(format!("nimlab-test-shares-{id}-1.db"));
    write_database(&whole, &one).unwrap();
    let expected = std::fs::read(&one).unwrap();
    std::fs::remove_file(&one).unwrap();
    for k in [2, 3, 5, 8] {
        let index = Staircases::new(rows, columns).unwrap();
        let mut parts: Vec<Outcomes> = (0..k).map(|_| Outcomes::new(index.clone())).collect();
        let mut lookups = 0;
        for t in 1..=index.cells() {
            for (s, part) in parts.iter_mut().enumerate() {
                lookups += solve_tier(part, t, Share::new(s, k).unwrap(), None)
                    .unwrap()
                    .lookups;
            }
            // Every share sends its blocks of the tier to every other.
            for s in 0..k {
                let share = Share::new(s, k).unwrap();
                let bytes = share_blocks(&parts[s], t, share);
                for (other, part) in parts.iter_mut().enumerate() {
                    if other != s {
                        receive_share(part, t, share, &bytes).unwrap();
                    }
                }
            }
        }
        assert!(lookups > 0);
        for (s, part) in parts.iter().enumerate() {
            let path = dir.join(format!("nimlab-test-shares-{id}-{k}-{s}.db"));
            write_database(part, &path).unwrap();
            assert!(
                std::fs::read(&path).unwrap() == expected,
                "share {s} of {k}"
            );
            std::fs::remove_file(&path).unwrap();
        }
    }
}

#[test]
fn a_tier_whose_tiers_below_are_missing_is_refused() {
    let index = Staircases::new(4, 4).unwrap();
    let mut table = Outcomes::new(index);
    solve_tier(&mut table, 1, Share::WHOLE, None).unwrap();
    let e = solve_tier(&mut table, 3, Share::WHOLE, None).unwrap_err();
    assert!(e.to_string().contains("tier 2 is not solved"), "{e}");
}

#[test]
fn crossing_lookups_are_counted_for_a_split_into_shares() {
    let mut table = Outcomes::new(Staircases::new(8, 8).unwrap());
    let reports = solve(&mut table, Some(4), |_| {}).unwrap();
    let lookups: u64 = reports.iter().map(|r| r.lookups).sum();
    let crossing: u64 = reports.iter().map(|r| r.crossing).sum();
    // With 4 shares about three lookups in four cross; none with one share.
    assert!(
        crossing * 10 > lookups * 6 && crossing * 10 < lookups * 9,
        "{crossing} of {lookups}"
    );
    let mut again = Outcomes::new(Staircases::new(8, 8).unwrap());
    let alone = solve(&mut again, Some(1), |_| {}).unwrap();
    assert_eq!(alone.iter().map(|r| r.crossing).sum::<u64>(), 0);
    assert_eq!(again.data(), table.data());
}
