"""Grundy sequences of heap rules, held against brute force and the literature."""

import nimlab

import brute


def test_kayles():
    # Kayles (0.77): period 12 from heap 71 (Guy and Smith, 1956; Winning Ways, ch. 4).
    s = nimlab.sequence("0.77", to=300)
    assert (s.period, s.preperiod, s.proved) == (12, 71, True)
    assert list(s.values) == brute.kayles(300)
    assert len(s) == 301 == len(s.values)
    assert s.p_positions == [n for n, v in enumerate(brute.kayles(300)) if v == 0][: len(s.p_positions)]
    assert s.p_count == brute.kayles(300).count(0)


def test_long_runs_follow_the_proved_period():
    # 10^6 heaps of Kayles, Dawson's Kayles (period 34 from 53) and Dawson's chess (34
    # from 52): past the proof every value is the period's, as brute force gives it.
    for rule, period, start in [("0.77", 12, 71), ("0.07", 34, 53), ("0.137", 34, 52)]:
        head = brute.octal(rule, 300)
        s = nimlab.sequence(rule, to=10**6)
        assert (s.period, s.preperiod, s.proved) == (period, start, True)
        assert len(s.values) == 10**6 + 1
        for n in list(range(0, 10**6, 9973)) + [10**6]:
            i = n if n <= 300 else start + (n - start) % period
            assert s.values[n] == head[i], (rule, n)


def test_wide_values_come_in_a_wider_type():
    # 0.74… (take one leaving a heap or none, or any more leaving two heaps): its values
    # pass 255 before heap 350, and come in two bytes a value.
    s = nimlab.sequence("0.74…", to=350)
    values = s.values.tolist()
    assert values == brute.octal("0.74…", 350)
    assert max(values) > 255 and s.values.itemsize == 2


def test_kayles_rare_values():
    # With mask 0 a value is rare when it has an even number of 1 bits; Kayles's rare
    # values end at heap 70, its last exceptional value (Winning Ways, ch. 4).
    s = nimlab.sequence("kayles", to=300)
    k = brute.kayles(300)
    rare = [n for n, v in enumerate(k) if bin(v & ~s.rare.mask).count("1") % 2 == 0]
    assert s.rare.mask == 0 and s.rare.last == 70
    assert (s.rare.count, s.rare.last) == (len(rare), rare[-1])
    assert s.rare == nimlab.sequence("0.77", to=300).rare
    assert s.rare.to_dict() == {"mask": 0, "count": len(rare), "last": 70}


def test_first_heap_of_each_value():
    # Where each value of Dawson's Kayles first occurs within heap 500, as brute force
    # finds it.
    s = nimlab.sequence("0.07", to=500)
    firsts = []
    for n, v in enumerate(brute.octal("0.07", 500)):
        if all(v != w for w, _ in firsts):
            firsts.append((v, n))
    assert s.first_heaps == firsts
    assert s.to_dict()["first_heaps"][-1] == {"value": firsts[-1][0], "heap": firsts[-1][1]}


def test_dawsons_kayles_values():
    # 0.07, OEIS A002187: 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3.
    s = nimlab.sequence("0.07", to=19)
    assert list(s.values) == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]


def test_proved_period():
    # Dawson's chess (0.137): period 34 from heap 52, proved (Winning Ways, ch. 4).
    s = nimlab.sequence("0.137", prove=True)
    assert (s.period, s.preperiod, s.proved) == (34, 52, True)


def test_survey_of_one_digit_codes():
    # The seven codes 0.1 … 0.7 (each takes one counter): all but 0.6 have a proved
    # period; 0.3 is She-Loves-Me-She-Loves-Me-Not, 0 1 0 1 …: period 2 from heap 0.
    rows = nimlab.survey("octal", digits=1, to=200)
    assert sum(len(r.codes) for r in rows) == 7
    assert [c for r in rows if not r.proved for c in r.codes] == ["0.6"]
    row = next(r for r in rows if "0.3" in r.codes)
    assert (row.period, row.preperiod) == (2, 0)
    assert row.first_values[:6] == [0, 1, 0, 1, 0, 1]
