"""Analyses of catalogue positions, held against Bouton's theorem and brute force."""

from functools import reduce
from operator import xor

import nimlab

import brute


def test_nim_3_5_7():
    # 3 ^ 5 ^ 7 = 1: the first player wins, and exactly the heaps whose size has the
    # nim-sum's top bit can be reduced (3, 5 and 7 all have bit 0): three winning moves.
    a = nimlab.analyze("nim", "3 5 7")
    assert (a.outcome, a.value) == ("N", "*1")
    assert a.winning_move_count == 3 and len(a.winning_moves) == 3
    for move in a.winning_moves:
        heaps = [int(h) for h in move.to.split()]
        assert reduce(xor, heaps) == 0 and sum(heaps) == 3 + 5 + 7 - 1
        assert move.description and move.player is None
    assert a.to_dict()["winning_move_count"] == 3


def test_nim_columns():
    # 3 6 8 9 has nim-sum 4, and only 6 has the 4s bit (bit 2) set.
    [step] = nimlab.analyze("nim", "3 6 8 9").explanation
    assert isinstance(step, nimlab.NimColumns) and step.kind == "nim_columns"
    assert [(r.label, r.size) for r in step.rows] == [
        ("heap 1", 3), ("heap 2", 6), ("heap 3", 8), ("heap 4", 9)
    ]
    assert (step.nim_sum, step.top_bit, step.reducible) == (3 ^ 6 ^ 8 ^ 9, 2, [1])
    assert (step.omitted, step.of_values, step.unit) == (0, False, "heap")
    assert "nim-sum" in str(step)
    assert step == nimlab.analyze("nim", "3 6 8 9").explanation[0]
    assert step != nimlab.analyze("nim", "3 6 8 10").explanation[0]
    # Heaps beyond 64 bits are exact Python ints.
    [big] = nimlab.analyze("nim", f"{2**70} 1").explanation
    assert big.nim_sum == 2**70 + 1 and big.top_bit == 70


def test_mex_step():
    # Kayles 4: knocking one pin leaves 3 or 1+2, two pins leave 2 or 1+1; the value is
    # the mex of G(3), G(1)^G(2), G(2) and G(1)^G(1).
    k = brute.kayles(10)
    [step] = nimlab.analyze("kayles", "4").explanation
    assert isinstance(step, nimlab.MexStep) and step.kind == "mex"
    values = [v for _, v in step.options]
    assert step.value == brute.mex(values) == k[4]
    assert sorted(set(values)) == sorted({k[3], k[1] ^ k[2], k[2], k[1] ^ k[1]})


def test_sum_parts():
    # nim 3 5 is *6, kayles 4 is *1: the sum is *7.
    [step] = nimlab.analyze("nim", "3 5 + kayles 4").explanation
    assert isinstance(step, nimlab.SumParts) and step.kind == "sum"
    assert [v for _, v in step.parts] == [3 ^ 5, brute.kayles(4)[4]]
    assert step.total == 3 ^ 5 ^ brute.kayles(4)[4] == 7


def test_partizan_explanation_is_empty():
    assert nimlab.analyze("domineering", "..|..").explanation == []


def test_misere_nim():
    # Misère nim with every heap 1: the player to move wins with an even number of heaps
    # (Bouton's misère rule).
    assert nimlab.analyze("nim", "1 1", misere=True).outcome == "N"
    assert nimlab.analyze("nim", "1 1 1", misere=True).outcome == "P"


def test_partizan_domineering():
    # A 2×2 Domineering board is ±1 (Winning Ways, ch. 1): each player wins moving first.
    a = nimlab.analyze("domineering", "..|..")
    assert (a.outcome, a.value) == ("N", "+-1")
    assert {m.player for m in a.winning_moves} == {"Left", "Right"}


def test_the_catalogue():
    games = nimlab.games()
    kinds = {g.id: g.kind for g in games}
    assert (kinds["nim"], kinds["kayles"], kinds["domineering"]) == (
        "impartial", "impartial", "partizan"
    )
    assert len(set(games)) == len(games) == len(kinds)
    for g in games:
        # Each example is the game's id and a position that the package reads.
        assert g.example.split()[0].split(":")[0] == g.id
        assert g.to_dict()["usage"] == g.usage and g == nimlab.games()[games.index(g)]


def test_rule_step():
    # Wythoff's P-positions are (⌊kφ⌋, ⌊kφ²⌋): k = 2 gives (3, 5), a loss for the player
    # to move; the explanation states the closed form in words.
    phi = (1 + 5**0.5) / 2
    assert (int(2 * phi), int(2 * phi * phi)) == (3, 5)
    a = nimlab.analyze("wythoff", "3 5")
    assert a.outcome == "P"
    [step] = a.explanation
    assert isinstance(step, nimlab.RuleStep) and step.kind == "rule"
    assert "(3, 5)" in step.text and str(step).strip() == step.text
    assert step == nimlab.analyze("wythoff", "3 5").explanation[0]
    assert step != nimlab.analyze("wythoff", "4 7").explanation[0]
