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
    assert set(s.rare) >= {"mask", "count", "last"}


def test_dawsons_kayles_values():
    # 0.07, OEIS A002187: 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3.
    s = nimlab.sequence("0.07", to=19)
    assert list(s.values) == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]


def test_proved_period():
    # Dawson's chess (0.137): period 34 from heap 52, proved (Winning Ways, ch. 4).
    s = nimlab.sequence("0.137", prove=True)
    assert (s.period, s.preperiod, s.proved) == (34, 52, True)
