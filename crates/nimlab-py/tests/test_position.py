"""Positions explored by hand and games against the computer."""

from functools import reduce
from operator import xor

import pytest

import nimlab
from nimlab import Game, star


def test_domineering_by_hand():
    # 2×2 Domineering is ±1 (Winning Ways, ch. 1). Left plays vertically: after either
    # of her two moves one vertical domino still fits, a position worth 1.
    p = nimlab.Position("domineering", "..|..")
    assert p.is_partizan and p.value() == Game("{1|-1}")
    lefts = p.left_moves()
    assert len(lefts) == 2 and len(p.right_moves()) == 2
    assert all(m.value() == 1 for m in lefts)
    assert all(m.value() == -1 for m in p.right_moves())
    assert {m.last_move for m in lefts} == {"a1-a2", "b1-b2"}
    assert p.analyze().outcome == "N"
    assert p._repr_svg_().startswith("<svg")
    with pytest.raises(ValueError):
        p.moves()


def test_the_value_of_a_position_is_the_value_of_its_options():
    # The canonical form's value equals {left move values | right move values}.
    p = nimlab.Position("domineering", "...|...")
    lefts = ",".join(str(m.value()) for m in p.left_moves())
    rights = ",".join(str(m.value()) for m in p.right_moves())
    assert p.value() == Game("{" + lefts + "|" + rights + "}")


def test_nim_by_hand():
    # Bouton: the value of a nim position is the nimber of the XOR of its heaps, and its
    # moves are every smaller size of every heap.
    p = nimlab.Position("nim", "3 5 6")
    assert p.value() == star(3 ^ 5 ^ 6)
    moves = p.moves()
    assert len(moves) == 3 + 5 + 6
    for m in moves:
        heaps = [int(h) for h in str(m).split()]
        assert m.value() == star(reduce(xor, heaps))


def test_playing_nim_against_the_computer():
    play = nimlab.Play("nim", "1 2")
    assert play.your_turn and play.to_move == "Left" and play.winner is None
    assert len(play.moves()) == 3
    # 1 2 is worth *3: the winning move makes it 1 1 (worth 0); the hint finds it.
    hint = play.hint()
    assert hint.winning and hint.to.split() == ["1", "1"]
    play.move(hint.description)
    answer = play.computer_move()
    assert answer is not None and not answer.winning
    last = play.hint()
    assert last.winning
    play.move(last.to)
    assert play.winner == "Left"
    assert play.undo() and play.winner is None
    with pytest.raises(ValueError):
        play.move("7-3")
    assert play.explain().outcome == "N"
