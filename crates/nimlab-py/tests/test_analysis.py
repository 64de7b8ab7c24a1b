"""Analyses of catalogue positions, held against Bouton's theorem and brute force."""

from functools import reduce
from operator import xor

import nimlab


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
    assert a.explanation and a.to_dict()["winning_move_count"] == 3


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
    ids = {g["id"] for g in games}
    assert {"nim", "kayles", "domineering"} <= ids
    for g in games:
        assert g["example"] is not None
