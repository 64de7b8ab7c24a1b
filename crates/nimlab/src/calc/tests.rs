//! CGSuite's own output for the notation examples, and the identities of text 001.

use super::*;
use crate::notation::*;

/// The examples of `cgsuite-notation-examples` that nimlab prints: input, CGSuite's output.
const CGSUITE: &[(&str, &str)] = &[
    ("omega^omega + 1/(omega+1)", "(ω^(ω+1)+ω^ω+1)/(ω+1)"),
    ("*(omega*omega)", "*ω^2"),
    ("0", "0"),
    ("5", "5"),
    ("-1823437481924", "-1823437481924"),
    ("-1/2", "-1/2"),
    ("25/16", "25/16"),
    ("*8", "*8"),
    ("9/8+*", "9/8*"),
    ("^", "^"),
    ("v*", "v*"),
    ("6+^*", "6^*"),
    ("^*6", "^*6"),
    ("73/16+v9*8", "73/16v9*8"),
    ("{0||0|vvv}", "{0||0|v3}"),
    ("{^^^|vv}", "{^3|vv}"),
    ("{0||0|-3/2}", "Tiny(3/2)"),
    ("{0|||0||-1|-3}", "Tiny({3|1})"),
    ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
    ("{1|^^||^}", "{1|^^||^}"),
    ("{1|^^^||^}", "{1|^3||^}"),
    ("{3||2+*|1+*}", "{3||2*|1*}"),
    ("{0|||0||-1|-2}", "Tiny({2|1})"),
    ("{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"),
    ("+-{1,1+*}", "+-{1,1*}"),
    ("*(3+5)", "*8"),
    ("(-1823437481924).OutcomeClass", "R"),
    ("({0||0|v*}).OutcomeClass", "L"),
    ("(^).OutcomeClass", "L"),
    ("(-1823437481924).LeftStop", "-1823437481924"),
    ("({^^^|vv}).LeftStop", "0"),
    ("(5).Birthday", "5"),
    ("(^*6).Thermograph", "Thermograph(0,[0],[0,-1],0,[],[0])"),
    (
        "(25/16).Thermograph",
        "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])",
    ),
    (
        "({0|*||*|||*||||*}).Thermograph",
        "Thermograph(0,[0],[0,-1],0,[],[0])",
    ),
    (
        "({5||3|1|||0||||0}).Thermograph",
        "Thermograph(0,[],[0],0,[0],[0,1])",
    ),
    ("(5).Temperature", "-1"),
    ("(-1823437481924).Temperature", "-1"),
    ("({^^^|vv}).Temperature", "0"),
    ("(-1/2).Temperature", "-1/2"),
    ("(73/16+v9*8).Mean", "73/16"),
    ("({0||0|-3/2}).Mean", "0"),
    ("(5).Mean", "5"),
    ("({0||0|-3/2}).Birthday", "5"),
];

#[test]
fn cgsuite_prints_these_examples_so() {
    let mut s = Session::new();
    for (input, output) in CGSUITE {
        assert_eq!(s.run(input).unwrap(), *output, "{input}");
    }
}

/// Text 001's identities.
#[test]
fn the_identities_of_text_001() {
    let mut s = Session::new();
    for (claim, holds) in [
        ("1 + 1 == 2", true),
        ("1/2 + 1/2 == 1", true),
        ("{0|1} == 1/2", true),
        ("^ == {0|*}", true),
        ("{0|*} == {0,*|*}", true),
        ("^ >= 0", true),
        ("^ > 0", true),
        ("^* == {0,*|0}", true),
        ("{0,*|0} == ^ + *", true),
        ("0 <> *2", true),
        ("{1|1} == 1*", true),
        ("1* == 1 + *", true),
        ("{1|0} > *", true),
        ("v* <> 0", true),
        ("* <> 0", true),
        ("{^|^} == ^*", false),
        ("-{0|*} == {*|0}", true),
    ] {
        assert_eq!(s.run(claim).unwrap(), holds.to_string(), "{claim}");
    }
    // Exercise 6: in {↑|↑} the Left option ↑ is reversible (its Right option * is at
    // most {↑|↑}) and is replaced by *'s Left option 0; the Right option ↑ is not
    // reversible. So {↑|↑} = {0|↑} = ⇑*.
    assert_eq!(s.run("{^|^}").unwrap(), "^^*");
    assert_eq!(s.run("{^|^} == {0|^}").unwrap(), "true");
}

/// The printed form reads back as the same game.
#[test]
fn printed_forms_read_back() {
    let mut s = Session::new();
    let inputs = [
        "{3||2|1}",
        "{0|^^^}",
        "+-1",
        "{1|0}",
        "Tiny(1)",
        "Miny(3/4)",
        "{^|v}",
        "{*2,^|v*3}",
        "{5|{3|1},{2|-7/8}}",
        "{{4|2}|{-1|-3}}",
        "9/8v*3",
        // Printed with a number in front of Tiny or Miny, as uptimals, or as a negative
        // number with ups: each must read back as itself.
        "{1||1|0}",
        "{3/2|1||1}",
        "{-3||-3|-5}",
        "{0|v*}",
        "{^*|0}",
        "^ + {0|v*}",
        "{0|^ + {0|v*} + *}",
        "3 + ^.Pow(4) + *2",
        "-1 + v",
        "{2|-1 + v}",
        "-1/2 + ^*",
    ];
    for input in inputs {
        let g = s.eval_text(input).unwrap();
        let printed = s.show(&g);
        let again = s.eval_text(&printed).unwrap();
        assert_eq!(g, again, "{input} printed as {printed}");
        assert_eq!(s.show(&again), printed);
    }
}

/// The printed notations read as CGSuite writes them, and text that is not one of
/// them is refused with the column.
#[test]
fn printed_notations_mean_what_they_print() {
    let mut s = Session::new();
    for (input, same) in [
        ("2Tiny(2)", "2 + Tiny(2)"),
        ("-3Tiny(2)", "-3 + Tiny(2)"),
        ("1Miny(1/2)", "1 + Miny(1/2)"),
        ("^<3>", "^.Pow(3)"),
        ("v<3>", "-^.Pow(3)"),
        ("^[3]", "^.PowTo(3)"),
        ("3v[2]*", "3 - ^.PowTo(2) + *"),
        ("-1v", "-1 + v"),
        ("- 1v", "-(1 + v)"),
        ("-1/2^*", "-1/2 + ^*"),
        ("^<3", "1 < 2"),
    ] {
        assert_eq!(s.run(input).unwrap(), s.run(same).unwrap(), "{input}");
    }
    for (input, column) in [("{1 2|}", 3), ("^<65>", 2), ("v[0]", 2), ("^[3", 3)] {
        match s.run(input) {
            Err(crate::Error::Parse(crate::ParseError::Expression { column: c, .. })) => {
                assert_eq!(c, column, "{input}")
            }
            other => panic!("{input}: {other:?}"),
        }
    }
}

/// Numbers that are not short games (rationals, ω) and transfinite nimbers: exact
/// arithmetic, and a clear error where a short game is needed.
#[test]
fn surreal_numbers_and_transfinite_nimbers() {
    let mut s = Session::new();
    for (input, want) in [
        ("1/3", "1/3"),
        ("1/3 + 1/6", "1/2"),
        ("(1/3 + 1/6) + {0|1}", "1"),
        ("{1|0}.Mean - 1/3", "1/6"),
        ("(omega^2 - 1)/(omega - 1)", "ω+1"),
        ("(omega + 1) * (omega - 1)", "ω^2-1"),
        ("omega - omega", "0"),
        ("1/omega > 0", "true"),
        ("1/omega < 1/1000", "true"),
        ("omega > (10)^30", "true"),
        ("omega^omega > omega^100", "true"),
        ("omega^(omega^2)", "ω^ω^2"),
        ("x := omega + 1", "ω+1"),
        ("x * x", "ω^2+2ω+1"),
        ("ω/2", "ω/2"),
        ("*omega + *omega", "0"),
        ("*omega + *3", "*(ω+3)"),
        ("*(2*omega)", "*(2ω)"),
        ("*omega <> *(omega + 1)", "true"),
        ("*omega == *omega", "true"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
    for (input, error) in [
        ("{1/3|1}", "1/3 is not a short game"),
        ("{omega|}", "ω is not a short game"),
        ("1/0", "division by zero"),
        ("omega + *", "cannot add ω and *"),
        ("*(-1)", "*n needs a whole number or an ordinal"),
        ("(2)^(1/2)", "is not defined"),
    ] {
        let e = s.run(input).unwrap_err().to_string();
        assert!(e.contains(error), "{input}: {e}");
    }
}

/// Values CGSuite's own test suite gives for these games: stops, mean, temperature,
/// reduced canonical form, companion, stop count, birthday and follower count.
#[test]
fn cgsuite_test_values_of_methods() {
    let rows: &[(&str, [&str; 9])] = &[
        (
            "{3||2*|1*}",
            [
                "3",
                "2",
                "9/4",
                "3/4",
                "{3||2|1}",
                "{3||2*|1*}",
                "5",
                "5",
                "8",
            ],
        ),
        (
            "{0||0|-3/2}",
            ["0", "0", "0", "0", "0", "{0,*||*|-3/2}", "3", "5", "6"],
        ),
        (
            "{1|^^||^}",
            ["0", "0", "0", "0", "0", "{1|^^*||^*}", "9", "5", "8"],
        ),
        (
            "9/8*",
            ["9/8", "9/8", "9/8", "0", "9/8", "9/8*", "2", "6", "7"],
        ),
    ];
    let methods = [
        "LeftStop",
        "RightStop",
        "Mean",
        "Temperature",
        "ReducedCanonicalForm",
        "Companion",
        "StopCount",
        "Birthday",
        "FollowerCount",
    ];
    let mut s = Session::new();
    for (game, values) in rows {
        for (m, want) in methods.iter().zip(values) {
            let input = format!("({game}).{m}");
            assert_eq!(s.run(&input).unwrap(), *want, "{input}");
        }
    }
    for (input, want) in [
        ("{3||2|1}.StopCount", "3"),
        ("{3||2|1}.Birthday", "4"),
        ("{3||2+*|1+*}.IsOddTempered", "true"),
        ("{3||2+*|1+*}.Cool(3/4)", "9/4*"),
        ("{3||2+*|1+*}.Cool(1/2)", "{5/2|2*}"),
        ("(1/4).Cool(-1/4)", "1/4*"),
        ("(1/4).Cool(-3/8)", "{3/8|1/8}"),
        ("({0||0|-3/2}).Incentives", "{{3/2,{3/2|0}|0}}"),
        (
            "({5||3|1|||0||||0}).Incentives",
            "{{5Tiny({5||3|1})|{3,{3|1}|||3|1||0|-2,{-2|-4}},{{4|2},{5||3|1}|0}||0}}",
        ),
        (
            "{0||0|-2}.PowTo(7/4)",
            "{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}",
        ),
        ("^.Pow(7/4)", "{0||0,v*|0,{0,v*|0,*}}"),
        ("{0||0|-3/2}.Companion", "{0,*||*|-3/2}"),
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("^.Pow(3)", "^<3>"),
        ("{0,*|v}", "^<2>*"),
        ("{^|*}", "^[2]"),
        ("({0||0|v*}).UptimalExpansion", "*.12"),
        ("(5).UptimalExpansion", "5.0"),
        ("({0||0|v*}).AtomicWeight", "1"),
        ("{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"),
        ("{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
    for (input, error) in [
        (
            "{1|0}.Cool(-1)",
            "Invalid cooling temperature (must be > -1): -1",
        ),
        ("^.Pow(off)", "Invalid exponent."),
        ("{1|0}.Pow(2)", "Invalid base for `Pow` operation"),
        ("(9/8+*).AtomicWeight", "That game is not atomic: 9/8*"),
        ("(5).AtomicWeight", "That game is not atomic: 5"),
        ("({0||0|-3/2}).UptimalExpansion", "Not a method or member variable: `UptimalExpansion` (in object of class `game.CanonicalShortGame`)"),
    ] {
        let e = s.run(input).unwrap_err().to_string();
        assert!(e.contains(error), "{input}: {e}");
    }
}

#[test]
fn norton_products_atomic_weights_and_number_tinies_as_cgsuite_gives_them() {
    // Values from CGSuite's own test tables (NortonMultiply, IsNumberTiny) and the
    // notation examples (AtomicWeight).
    let mut s = Session::new();
    for (input, want) in [
        ("0.NortonMultiply(^)", "0"),
        ("6.NortonMultiply(^)", "^6"),
        ("(-4).NortonMultiply(^)", "v4"),
        ("(1/2).NortonMultiply(^)", "{^^*|v*}"),
        ("^.NortonMultiply(^)", "{^^*||0|v4}"),
        ("Tiny(2).NortonMultiply(^)", "{^^*||0|v6}"),
        ("(1/2).NortonProduct(^)", "{^^*|v*}"),
        ("({0||0|vvv}).AtomicWeight", "0"),
        ("({0||0|v*}).AtomicWeight", "1"),
        ("({0||0|v*}).IsAtomic", "true"),
        ("(+-1).IsAtomic", "false"),
        ("(0).IsNumberTiny", "true"),
        ("(5).IsNumberTiny", "true"),
        ("(-1/2).IsNumberTiny", "true"),
        ("(25/16).IsNumberTiny", "true"),
        ("(*8).IsNumberTiny", "false"),
        ("(^).IsNumberTiny", "false"),
        ("(v*).IsNumberTiny", "false"),
        ("(6+^*).IsNumberTiny", "false"),
        ("(^*6).IsNumberTiny", "false"),
        ("(73/16+v9*8).IsNumberTiny", "false"),
        ("({0|*||*|||*||||*}).IsNumberTiny", "false"),
        ("({0||0|v*}).IsNumberTiny", "false"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
}

#[test]
fn an_interrupted_computation_is_forgotten_and_the_session_goes_on() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let mut s = Session::new();
    let flag = Arc::new(AtomicBool::new(false));
    s.arena.set_interrupt(Arc::clone(&flag));
    assert_eq!(s.run("g := {0|*}").unwrap(), "^");
    let before = s.arena.len();
    // Raise the flag while a long computation runs; it must stop with an error.
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        })
    };
    // *300.Heat(1) takes over a second in an optimised build, far longer unoptimised.
    let r = s.eval_text("h := *300.Heat(1)");
    raiser.join().unwrap();
    assert!(
        matches!(r, Err(crate::Error::Interrupted)),
        "not interrupted"
    );
    assert_eq!(
        s.arena.len(),
        before,
        "the games made meanwhile are forgotten"
    );
    flag.store(false, Ordering::Relaxed);
    // The variables set before stay, the one being set is not, and values are right.
    assert_eq!(s.run("g + g").unwrap(), "^^");
    assert!(s.run("h").is_err());
    let mut fresh = Session::new();
    for input in [
        "*3.Heat(1)",
        "{3||2|1} + {1|0}",
        "(^ + *).Mean",
        "{0,*|0} == ^ + *",
    ] {
        assert_eq!(s.run(input).unwrap(), fresh.run(input).unwrap(), "{input}");
    }
}

#[test]
fn games_too_large_to_list_give_a_limit_error_and_the_session_goes_on() {
    let mut s = Session::new();
    assert_eq!(s.run("g := ^*").unwrap(), "^*");
    for input in [
        "{*100000000|0}",
        "(*100000000).LeftOptions",
        "(*100000000).Heat(1)",
        "(^100000000).LeftOptions",
        "^.Pow(100000)",
        "^.PowTo(100000)",
    ] {
        match s.run(input) {
            Err(crate::Error::Limit(_)) => {}
            other => panic!("{input}: {other:?}"),
        }
    }
    // Sums and comparisons of such values need no options.
    assert_eq!(s.run("*100000000 + *100000001").unwrap(), "*");
    assert_eq!(s.run("^100000000 > 0").unwrap(), "true");
    assert_eq!(s.run("{^*4000|0}").unwrap(), "^*");
    assert_eq!(s.run("g + g").unwrap(), "^^");
}

#[test]
fn a_misspelt_method_is_named_with_the_closest_one() {
    let mut s = Session::new();
    for (input, hint) in [
        ("{1|0}.Temprature", Some("Temperature")),
        ("{1|0}.mean", Some("Mean")),
        ("^.AtomicWieght", Some("AtomicWeight")),
        ("^.Foo", None),
    ] {
        let e = s.run(input).unwrap_err().to_string();
        assert!(e.starts_with("Not a method or member variable"), "{e}");
        match hint {
            Some(m) => assert!(e.ends_with(&format!("did you mean `{m}`?")), "{e}"),
            None => assert!(!e.contains("did you mean"), "{e}"),
        }
    }
}

#[test]
fn positions_of_rulesets_in_expressions() {
    let mut s = Session::new();
    for (input, want) in [
        // CGSuite's own tests of Domineering and Clobber.
        (
            "domineering(\"....|....|....|....\")",
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
        ),
        ("Clobber(\"xox|ox.\")", "{^^*|*,v}"),
        // Text 000 (corrected): xooox is 3/16.
        ("hackenbush(\"xooox\")", "3/16"),
        ("domineering(\"..|..\") == +-1", "true"),
        ("cram(\"2x2\")", "0"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
    for (input, error) in [
        ("domineering(\"..|.\")", "rows must be equally long"),
        ("domineering(3)", "one position in double quotes"),
        ("\"abc", "a closing `\"`"),
    ] {
        let e = s.run(input).unwrap_err().to_string();
        assert!(e.contains(error), "{input}: {e}");
    }
}

/// CGSuite reads an infix `+-` as plus-or-minus: a +- b is a + (±b) = a + {b | -b}, so
/// that 3 +- 1 = {4 | 2}; the sums of switches below are CGSuite's values.
#[test]
fn infix_plus_minus_is_a_switch_as_in_cgsuite() {
    let mut s = Session::new();
    for (input, want) in [
        ("3+-1", "{4|2}"),
        ("3 +- 1", "{4|2}"),
        ("3±1", "{4|2}"),
        ("+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}"),
        ("3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"),
        // `+ -` with a space is a plus and a minus.
        ("3 + -1", "2"),
        ("3+ -1", "2"),
        ("3 +- {1,2}", "{5|1}"),
        ("{5|3 +- 1}", "{5||4|2}"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
    for (claim, holds) in [
        ("3 +- 1 == 3 + {1|-1}", true),
        ("1 +- 2 == {3|-1}", true),
        // ±* = {* | *} = 0.
        ("{1|0} +- * == {1|0}", true),
        // The operand of an infix +- is an ordinal sum (3 +- 1:1 is 3 ± 2), that of a
        // prefix one a power: +-2 * 3 is three copies of ±2, which is ±2.
        ("3 +- 1:1 == {5|1}", true),
        ("+-2 * 3 == +-2", true),
    ] {
        assert_eq!(s.run(claim).unwrap(), holds.to_string(), "{claim}");
    }
}

/// CGSuite reads `x^n` for integers as a power (2^100 is 2 to the 100th, 3^22/2^72 is a
/// number), and `^` as up where no exponent follows it (`6^*`, `^3`, `{^3|vv}`).
#[test]
fn integer_powers_are_read_as_in_cgsuite() {
    let mut s = Session::new();
    for (input, want) in [
        ("2^100", "1267650600228229401496703205376"),
        ("3^22/2^72", "31381059609/4722366482869645213696"),
        ("2^3", "8"),
        ("2^3^2", "512"),
        ("-2^2", "-4"),
        ("1/2^3", "1/8"),
        ("2^(1+2)", "8"),
        ("(1/2)^2", "1/4"),
        ("{2^100|0}.LeftStop", "1267650600228229401496703205376"),
        ("{2^100|0}", "{1267650600228229401496703205376|0}"),
        // Ups where no exponent follows.
        ("6^*", "6^*"),
        ("^3", "^3"),
        ("{^3|vv}", "{^3|vv}"),
        ("^<3>", "^<3>"),
        ("2^<3>", "2^<3>"),
        ("2^[3]", "2^[3]"),
        ("2^", "2^"),
        ("2^^", "2^^"),
        ("1/2^*", "1/2^*"),
        ("2v3", "2v3"),
        // CGSuite writes 2 + ↑↑↑ as `2^3`, which it reads as 8; nimlab writes `2+^3`.
        ("2+^^^", "2+^3"),
        ("2 + ^3*", "2+^3*"),
        ("-1/2 + ^^^^", "-1/2+^4"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
    for (claim, holds) in [
        ("2^3 == 8", true),
        ("2^3 == 2+^.Pow(3)", false),
        ("2+^3 == 2 + ^ + ^ + ^", true),
        ("2^<3> == 2 + ^.Pow(3)", true),
        ("3^22/2^72 > 0", true),
    ] {
        assert_eq!(s.run(claim).unwrap(), holds.to_string(), "{claim}");
    }
    // Exponents beyond the limit, or not integers, are refused.
    assert!(matches!(s.run("2^100000"), Err(crate::Error::Limit(_))));
    assert!(s.run("2^(1/2)").is_err());
}

/// A birthday, a stop or a mean is a number, and a number is a short game: it adds to
/// games and takes part in ordinal sums (1 + * = 1*, 3 : * = {2, 3 | 3} = 3*).
#[test]
fn numbers_from_methods_are_games_in_later_operations() {
    let mut s = Session::new();
    for (input, want) in [
        ("*.Birthday + *", "1*"),
        ("{3||2|1}.LeftStop : *", "3*"),
        ("{1|0}.Mean + *", "1/2*"),
        ("{3||2|1}.Temperature + ^", "3/4^"),
        ("{ {3||2|1}.RightStop | 0 }", "{2|0}"),
        ("b := ^.Birthday", "2"),
        ("b + *", "2*"),
        ("{1|0}.StopCount * ^", "^^"),
        ("(*.Birthday).IsInteger", "true"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
    assert_eq!(s.run("^.Birthday == 2").unwrap(), "true");
}

/// A sum of thousands of terms is read and added without deep recursion; nesting deeper
/// than the limit, and input longer than the limit, are refused with clear errors.
#[test]
fn long_sums_are_flat_and_nesting_and_length_have_limits() {
    let mut s = Session::new();
    // 7000 terms, 6999 stars and a zero (14 KB): * added an odd number of times is *.
    let sum = format!("{}0", "*+".repeat(6999));
    assert_eq!(sum.len(), 13_999);
    assert_eq!(s.run(&sum).unwrap(), "*");
    let diff = format!("{}1", "1-".repeat(7000));
    assert_eq!(s.run(&diff).unwrap(), "-6999");
    let product = format!("1{}", "*1".repeat(7000)).replace('*', " * ");
    assert_eq!(s.run(&product).unwrap(), "1");
    let ordinal = format!("0{}", ":1".repeat(5000));
    assert_eq!(s.run(&ordinal).unwrap(), "5000");
    for (input, column) in [
        (
            format!("{}0{}", "(".repeat(100), ")".repeat(100)),
            MAX_DEPTH,
        ),
        (format!("{}0", "-".repeat(100)), MAX_DEPTH),
        (
            format!("{}0{}", "{".repeat(100), "|}".repeat(100)),
            MAX_DEPTH,
        ),
        (format!("*{}", ".Negative".repeat(100)), 1 + 9 * MAX_DEPTH),
        (format!("2{}", "^2".repeat(100)), 1 + 2 * MAX_DEPTH),
        (format!("{}0", "+-".repeat(100)), 2 * MAX_DEPTH),
    ] {
        match s.run(&input) {
            Err(crate::Error::Parse(crate::ParseError::Expression {
                column: c,
                expected,
                ..
            })) => {
                assert_eq!(c, column, "{input}");
                assert!(expected.contains("levels of nesting"), "{expected}");
            }
            other => panic!("{input}: {other:?}"),
        }
    }
    // A game nested by bars counts too: {0|{0|…}} written with 100 runs of bars.
    let bars: String = (1..=100).map(|k| format!("0{}", "|".repeat(k))).collect();
    let e = s.run(&format!("{{{bars}0}}")).unwrap_err().to_string();
    assert!(e.contains("levels of nesting"), "{e}");
    let long = "0+".repeat(MAX_INPUT / 2) + "0";
    match s.run(&long) {
        Err(crate::Error::Limit(crate::LimitError { limit, .. })) => {
            assert!(limit.contains("bytes"), "{limit}")
        }
        other => panic!("{other:?}"),
    }
    // The session goes on.
    assert_eq!(s.run("{1|0} + {1|0}").unwrap(), "1");
}

/// Integers far beyond any stack depth and games thousands of levels deep are answered
/// (or refused with a limit) without deep recursion: by closed forms (a number's
/// companion is itself, as in CGSuite; ordinal sums of numbers put sign expansions end
/// to end) and by walks with stacks of their own.
#[test]
fn large_integers_and_deep_games_never_overflow_the_stack() {
    let mut s = Session::new();
    for (input, want) in [
        ("(-1823437481924).Companion", "-1823437481924"),
        ("(-30000).Companion", "-30000"),
        ("(-1823437481924).Birthday", "1823437481924"),
        ("(-1823437481924).FollowerCount", "1823437481925"),
        ("(-1823437481924).StopCount", "1"),
        ("(-1823437481924).Heat(1)", "-1823437481924"),
        ("(-1823437481924).Cool(1)", "-1823437481924"),
        ("(1823437481924).Overheat(1, 1)", "1823437481924"),
        ("(1823437481924).NortonProduct(^)", "^1823437481924"),
        (
            "(-1823437481924).Thermograph",
            "Thermograph(-1823437481924,[],[0],-1823437481924,[],[0])",
        ),
        ("(2^100).MisereOutcomeClass", "R"),
        // 1 : n has the signs of 1 then those of n: 1 + n for n ≥ 0.
        ("1 : 30000", "30001"),
        ("1 : 1999999999999", "2000000000000"),
        // +-----… (3000 minuses): 1 − 1/2 − 1/4 − … − 1/2^3000 = 1/2^3000.
        ("1 : -3000 == 1/2^3000", "true"),
        // Its birthday is the length of its sign expansion.
        ("(1 : -30000).Birthday", "30001"),
        // The temperature of m/2^k is −1/2^k.
        ("(1/2^3000).Temperature == -1/2^3000", "true"),
        // * : n = {0, * : (n − 1) | 0}: born on day n + 1, all small, stops 0.
        ("(* : 8000).Birthday", "8001"),
        ("(* : 8000).LeftStop", "0"),
        ("(* : 8000).IsAllSmall", "true"),
        // (G : H) : K = G : (H : K).
        ("(* : 3000) : 1 == * : 3001", "true"),
        ("(* : 3000) : * == * : (3000 : *)", "true"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
    for input in [
        // Texts that nest deeper than expressions are read.
        "* : 8000",
        "(* : 8000).Companion",
        "*(2+3) : {1999999999999|0} |> 0",
        "* : 1999999999999",
        "1 : -1999999999999",
        // Each ordinal sum with a larger nimber writes out those with smaller ones: the
        // text would take about 10^12 bytes.
        "{3||2|1}.Heat(1) : *(23)",
    ] {
        match s.run(input) {
            Err(crate::Error::Limit(_)) => {}
            other => panic!("{input}: {other:?}"),
        }
    }
    assert_eq!(s.run("1 + 1").unwrap(), "2");
}

/// n · G for a hot game whose canonical form grows with n: made one copy at a time from
/// translated bases, in time about proportional to n. The mean is additive (n · 9/4),
/// and multiples obey the group laws.
#[test]
fn multiples_of_hot_games_are_fast() {
    let mut s = Session::new();
    s.run("g := {3||2|1}").unwrap();
    for (input, want) in [
        ("(4000 * g).Mean", "9000"),
        ("(4000 * g).Temperature <= g.Temperature", "true"),
        ("120 * g - 119 * g == g", "true"),
        ("(100 * g) + (100 * g) == 200 * g", "true"),
        ("-1000 * g == 1000 * -g", "true"),
        ("(4000 * g).Birthday > 4000", "true"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
    // Multiples of numbers, ups and nimbers have a closed form, of any size.
    assert_eq!(s.run("1000000000000 * ^*").unwrap(), "^1000000000000");
    // 2^100 · (1/2 + *) = 2^99, an even number of stars being 0.
    assert_eq!(
        s.run("(2^100) * (1/2*)").unwrap(),
        "633825300114114700748351602688"
    );
    assert_eq!(
        s.run("(2^100 + 1) * (1/2*)").unwrap(),
        "1267650600228229401496703205377/2*"
    );
}

/// A game whose text would nest deeper than [`MAX_DEPTH`] levels is refused with the
/// limit instead of being printed as text the parser refuses: `v : n` is
/// {*, v : (n − 1) | 0} (by the definition G : H = {G^L, G : H^L | G^R, G : H^R}, H = n
/// having the single Left option n − 1 and v = {*|0}), so its text nests n braces.
/// Every text that is printed reads back as the same game.
#[test]
fn printed_text_nests_no_deeper_than_the_parser_reads() {
    let mut s = Session::new();
    for n in 1..=80 {
        let input = format!("v : {n}");
        let g = s.eval_text(&input).unwrap();
        let Value::Game(id) = g else {
            panic!("{input}: {g:?}")
        };
        match try_print(&mut s.arena, id) {
            Ok(text) => {
                assert!(n <= MAX_DEPTH, "{input} printed with {n} braces");
                assert_eq!(text.matches('{').count(), n, "{input}: {text}");
                assert_eq!(s.eval_text(&text).unwrap(), g, "{input} printed as {text}");
                assert!(parse(&text).is_ok());
            }
            Err(crate::Error::Limit(crate::LimitError { what, limit, .. })) => {
                assert!(n > MAX_DEPTH, "{input}: {what}");
                assert!(what.contains(&format!("{n} levels")), "{what}");
                assert!(limit.contains("64 levels"), "{limit}");
            }
            Err(e) => panic!("{input}: {e}"),
        }
    }
    // The same for a prefix minus, a switch, a tiny and parentheses at every depth:
    // whatever prints reads back.
    let mut checked = 0;
    for n in 55..=70 {
        for input in [
            format!("{{-1|(-1/2 + v) : {n}}}"),
            format!("+-(v : {n})"),
            format!("Tiny(v : {n})"),
            format!("-3 + Tiny(v : {n})"),
            format!("+-(^* + v : {n})"),
            format!("{{0|v : {n}}} : 2"),
        ] {
            let g = s.eval_text(&input).unwrap();
            let Value::Game(id) = g else {
                panic!("{input}: {g:?}")
            };
            match try_print(&mut s.arena, id) {
                Ok(text) => {
                    assert_eq!(s.eval_text(&text).unwrap(), g, "{input} printed as {text}");
                    checked += 1;
                }
                Err(crate::Error::Limit(crate::LimitError { what, .. })) => {
                    assert!(what.contains("levels deep"), "{input}: {what}");
                }
                Err(e) => panic!("{input}: {e}"),
            }
        }
    }
    assert!(checked > 20, "{checked}");
    assert!(matches!(s.run("v : 65"), Err(crate::Error::Limit(_))));
    assert_eq!(s.run("v : 64").unwrap().matches('{').count(), 64);
    // v = {*|0} is born on day 2, and each ordinal step adds a day.
    assert_eq!(s.run("(v : 65).Birthday").unwrap(), "67");
}

/// Sums and comparisons with large nimbers `*n`, whose n options the arena does not all
/// try: {1|0} + *n = {1*n | *n} (Left's move to {1|0} + *k is dominated by 1*n, as
/// 1*n − {1|0} − *k = {1|0} + *(n ^ k) ≥ 0; Right's alike), and the group laws. The sums
/// of a large nimber with an infinitesimal take time growing about as n³, so they are
/// checked here at *60 and timed at *300 by the `notation` benchmark.
#[test]
fn sums_with_large_nimbers_keep_their_values() {
    let mut s = Session::new();
    for (input, want) in [
        ("*500 + {1|0}", "{1*500|*500}"),
        ("*600 + {1|0}", "{1*600|*600}"),
        ("{1|0} + *2", "{1*2|*2}"),
        ("*500 + {1|0} - *500 == {1|0}", "true"),
        (
            "(*300 + {1|0}) + (*301 + {1|0}) == {1|0} + {1|0} + *",
            "true",
        ),
        // A Right option x + n·↑ + *m with a large nimber stays as it is.
        ("{0|vv*60}", "{0|vv*60}"),
        ("{0|vv*60} + *60 + *60 == {0|vv*60}", "true"),
        ("*60 + {0|v*} - *60 == {0|v*}", "true"),
        // {1|0} + *400 > 0: Left wins moving first (to 1*400) and second (1 + *k
        // after Right's {1|0} + *k, 0 after Right's *400).
        ("*400 < {1|0}", "true"),
        ("{1|0} + *400 > 0", "true"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
}

/// The printer's order of options is found once for each game (a game with many
/// followers, each shared by many others, prints at once), and what prints reads back.
#[test]
fn printing_games_with_shared_followers_is_fast() {
    let mut s = Session::new();
    s.run("g := {*3,*8||*4,v*2|v|||vv*4}").unwrap();
    for n in [2, 6, 8] {
        let text = s.run(&format!("{n} * g")).unwrap();
        let back = format!("({text}) == {n} * g");
        assert_eq!(s.run(&back).unwrap(), "true", "{n} * g");
    }
    // 10 · g and 14 · g are refused by the length of their texts (longer than an
    // expression may be), found before any of them is written.
    assert!(matches!(s.run("10 * g"), Err(crate::Error::Limit(_))));
    assert!(matches!(s.run("14 * g"), Err(crate::Error::Limit(_))));
    assert_eq!(s.run("(14 * g).Mean").unwrap(), "0");
}

/// The birthday and the stops are games in later operations. * = {0|0} is born on day 1;
/// {3||2|1} has Left stop 3 (Left moves to 3) and Right stop 2 (Right moves to {2|1},
/// then Left to 2). 3 : * = {2, 3 : 0 | 3 : 0} = {2, 3 | 3} (3 = {2|}, * = {0|0}), its
/// Left option 2 dominated by 3: {3|3} = 3*. 2 : ^ = {1, 2 : 0 | 2 : *} = {1, 2 | 2*}
/// = {2 | 2*} = 2^.
#[test]
fn birthdays_and_stops_in_sums_and_ordinal_sums() {
    let mut s = Session::new();
    for (input, want) in [
        ("*.Birthday + *", "1*"),
        ("(*).Birthday + *", "1*"),
        ("(^*).Birthday + ^", "2^"),
        ("{3||2|1}.LeftStop : *", "3*"),
        ("{3||2|1}.LeftStop : * == {2, 3 | 3}", "true"),
        ("{3||2|1}.RightStop : ^", "2^"),
        ("{3||2|1}.RightStop : ^ == {1, 2 | 2*}", "true"),
    ] {
        assert_eq!(s.run(input).unwrap(), want, "{input}");
    }
}

/// Found by fuzzing: `1/2 : n` for n near 2^64 added the binary places of the result in 64
/// bits, which overflowed (a panic in a debug build). It is refused with the limit, as
/// any ordinal sum of numbers with too many binary places is; smaller ones still answer
/// (1/2 : 1 = 3/4, 1/2 : -1 = 1/4, by their sign expansions +- then + or -).
#[test]
fn an_ordinal_sum_with_a_huge_number_is_refused_with_the_limit() {
    let mut s = Session::new();
    for input in [
        "1/2 : 18446744073709551615",
        "1/2 : -18446744073709551615",
        "-3/4 : 99999999999999999999999",
    ] {
        let e = s.run(input).unwrap_err().to_string();
        assert!(e.contains("binary places"), "{input}: {e}");
    }
    assert_eq!(s.run("1/2 : 1").unwrap(), "3/4");
    assert_eq!(s.run("1/2 : -1").unwrap(), "1/4");
}

#[test]
fn numbers_beyond_short_games_have_sign_expansions_and_birthdays() {
    let mut s = Session::new();
    // The birthday of a number is the length of its sign expansion: ω for 1/3 and for
    // ω itself, ω + 1 for ω − 1, ω·2 for ω/2 (Conway, On Numbers and Games, ch. 3).
    for (input, output) in [
        ("(1/3).Birthday", "ω"),
        ("omega.Birthday", "ω"),
        ("(omega - 1).Birthday", "ω+1"),
        ("(omega/2).Birthday", "2ω"),
        ("(5/8).Birthday", "4"),
        ("(1/omega).SignExpansion", "+−^ω"),
        ("(2/3).SignExpansion", "(+−)^ω"),
        ("(5/8).SignExpansion", "+−+−"),
        ("(omega + 1).SignExpansion", "+^ω+"),
        ("SignExpansion(\"+-(+-)^w\")", "2/3"),
        ("SignExpansion(\"+-+-\")", "5/8"),
        ("SignExpansion(\"+^w -\") == omega - 1", "true"),
        ("(1/3).OutcomeClass", "L"),
        ("(-omega).OutcomeClass", "R"),
        // Text 000's infinite Black-White Nim columns, and x beside (x)^ω.
        ("hackenbush(\"x(o)^w\")", "1/ω"),
        ("hackenbush(\"(x)^w\")", "ω"),
        ("hackenbush_string(\"(xo)^w\")", "2/3"),
        ("hackenbush(\"x\") + hackenbush(\"(x)^w\")", "ω+1"),
        ("hackenbush(\"x (x)^w\")", "ω+1"),
    ] {
        assert_eq!(s.run(input).unwrap(), output, "{input}");
    }
    for (input, why) in [
        ("(omega/3).SignExpansion", "not dyadic"),
        ("{1|0}.SignExpansion", "not a number"),
        ("(1/3).Heat(1)", "not a method"),
        ("(1/3).Birthday(2)", "takes no argument"),
        ("SignExpansion(\"+-x\")", "column 3"),
        ("SignExpansion(3)", "double quotes"),
    ] {
        let e = s.run(input).unwrap_err().to_string();
        assert!(e.contains(why), "{input}: {e}");
    }
}

#[test]
fn simplifications_are_explained_step_by_step() {
    let mut s = Session::new();
    // Text 001: {0,*|*} = ↑, * reversible through 0 and replaced by nothing.
    let e = s.explain("{0,*|*}").unwrap();
    let steps: Vec<(&str, &str)> = e.forms[0]
        .steps
        .iter()
        .map(|x| (x.rule, x.form.as_str()))
        .collect();
    assert_eq!(steps, [("reversible", "{0|*}")]);
    assert_eq!((e.forms[0].value.as_str(), e.output.as_str()), ("^", "^"));
    // {↑|↑}: Left's ↑ reverses through its Right option * and is replaced by 0, the Left
    // option of *; the result {0|↑} is ⇑* (CGSuite: {^|^} = ^^*).
    let e = s.explain("{^|^}").unwrap();
    let step = &e.forms[0].steps[0];
    assert_eq!(
        (
            step.option.as_str(),
            step.through.as_deref(),
            step.replacement.clone()
        ),
        ("^", Some("*"), vec!["0".to_string()])
    );
    assert_eq!((step.form.as_str(), e.output.as_str()), ("{0|^}", "^^*"));
    // A dominated option: {0, 1 |} = {1 |} = 2; duplicates go too.
    let e = s.explain("{0,1|}").unwrap();
    assert_eq!(e.forms[0].steps[0].by.as_deref(), Some("1"));
    assert_eq!(e.output, "2");
    let e = s.explain("{1,1|-1,-1}").unwrap();
    assert_eq!(e.forms[0].steps.len(), 2);
    assert_eq!(e.output, "+-1");
    // Inner forms first; an expression without forms says so.
    let e = s.explain("{{0|*}|{0,*|*}}").unwrap();
    let forms: Vec<&str> = e.forms.iter().map(|f| f.form.as_str()).collect();
    assert_eq!(forms, ["{0|*}", "{0,*|*}", "{^|^}"]);
    assert!(s.explain("^ + *").unwrap().forms.is_empty());
    assert!(s.explain("{1|").is_err());
}
