"""Surveys of the octal games, held against a brute-force valuation of every code and
the literature."""

import pytest

import nimlab

import brute

TO = 400


@pytest.fixture(scope="module")
def two_digits():
    return nimlab.survey("octal", digits=2, to=TO)


def row_of(survey, code):
    return next(r for r in survey if code in r.codes)


def test_every_code_once(two_digits):
    # 0.d with d in 1..7, and 0.d1d2 with d2 in 1..7: 7 + 8 * 7 = 63 codes.
    codes = [c for r in two_digits for c in r.codes]
    assert len(codes) == len(set(codes)) == 63 == two_digits.code_count
    assert len(two_digits) == len(two_digits.rows)
    assert two_digits[-1] == two_digits.rows[-1] and two_digits[1:3] == two_digits.rows[1:3]


def test_groups_are_the_codes_of_one_sequence(two_digits):
    # The brute force values every code: codes share a row exactly when their values
    # agree up to the survey's largest heap.
    values = {c: brute.octal(c, TO) for r in two_digits for c in r.codes}
    for r in two_digits:
        first = values[r.codes[0]]
        assert all(values[c] == first for c in r.codes)
        assert r.first_values == first[: len(r.first_values)]
        assert r.max_value == max(first)
    heads = [tuple(values[r.codes[0]]) for r in two_digits]
    assert len(heads) == len(set(heads))


def test_proved_periods_hold_and_are_the_least(two_digits):
    values = {c: brute.octal(c, TO) for r in two_digits for c in r.codes}
    for r in two_digits:
        if not r.proved:
            continue
        v = values[r.codes[0]]
        assert r.period is not None and r.preperiod is not None
        assert brute.preperiod(v, r.period) == r.preperiod
        assert not any(brute.preperiod(v, p) + p < len(v) // 2 for p in range(1, r.period))


def test_dawsons_kayles(two_digits):
    # 0.07: period 34 (Winning Ways, ch. 4); the last value off the period is G(52), as a
    # brute-force valuation shows, so the period holds from heap 53.
    r = row_of(two_digits, "0.07")
    assert (r.period, r.preperiod, r.proved) == (34, 53, True)
    assert brute.preperiod(brute.octal("0.07", TO), 34) == 53


def test_kayles(two_digits):
    # 0.77: period 12 from heap 71, the last exceptional value at heap 70 (Guy and Smith).
    r = row_of(two_digits, "0.77")
    assert (r.period, r.preperiod, r.proved) == (12, 71, True)
    assert r.first_values == brute.kayles(len(r.first_values) - 1)
    k = brute.kayles(TO)
    assert k[70] != k[82] and all(k[n] == k[n + 12] for n in range(71, TO - 12))


def test_dawsons_chess_is_dawsons_kayles_shifted():
    # Dawson's chess on a 3 x n board is 0.137, and G_0.137(n) = G_0.07(n + 1): the same
    # period, one heap sooner (Winning Ways, ch. 4).
    survey = nimlab.survey("octal", digits=3, to=300)
    chess, kayles = row_of(survey, "0.137"), row_of(survey, "0.07")
    assert (chess.period, chess.preperiod, chess.proved) == (34, 52, True)
    assert chess.first_values[:-1] == kayles.first_values[1:]


def test_rows_are_values():
    a = nimlab.survey("octal", digits=1, to=200)
    b = nimlab.survey("octal", digits=1, to=200)
    assert list(a) == list(b) and len({*a, *b}) == len(a)
    assert a[0].to_dict() == {
        "codes": a[0].codes,
        "period": a[0].period,
        "preperiod": a[0].preperiod,
        "max_value": a[0].max_value,
        "proved": a[0].proved,
        "first_values": a[0].first_values,
    }
    html = a._repr_html_()
    assert html.count("<tr>") == len(a) + 1 and "0.3 0.5 0.7" in html


def test_bad_family_and_whole():
    with pytest.raises(ValueError, match="family"):
        nimlab.survey("hexadecimal")
    with pytest.raises(ValueError, match="0 or 4"):
        nimlab.survey("octal", whole=2)
