"""Errors: ParseError and LimitError are ValueErrors that say where the input went
wrong; a long computation stops on Ctrl-C."""

import pytest

import nimlab

import interrupt


def test_parse_errors_carry_the_column():
    with pytest.raises(nimlab.ParseError) as e:
        nimlab.Game("{1|")
    assert isinstance(e.value, ValueError)
    assert (e.value.position, e.value.position_kind) == (3, "column")
    with pytest.raises(nimlab.ParseError) as e:
        nimlab.Game("{1|2} + ")
    assert e.value.position == 8
    # A long text is read on a worker thread: its errors say the same.
    with pytest.raises(nimlab.ParseError) as e:
        nimlab.Game(" " * 2000 + "{1|")
    assert (e.value.position, e.value.position_kind) == (2003, "column")
    with pytest.raises(nimlab.ParseError) as e:
        nimlab.Game("{3|2|1}")
    assert e.value.position == 4 and "ambiguous" in e.value.expected


def test_parse_errors_carry_the_word():
    # The game id is word 1, so `x` in "3 x" is word 3.
    with pytest.raises(nimlab.ParseError) as e:
        nimlab.analyze("nim", "3 x")
    assert (e.value.position, e.value.position_kind) == (3, "word")


def test_limits():
    with pytest.raises(nimlab.LimitError) as e:
        nimlab.sequence("0.77", to=10**15)
    assert isinstance(e.value, ValueError)
    with pytest.raises(nimlab.ParseError):
        nimlab.Game("{" * 1000)
    with pytest.raises(ValueError):
        nimlab.analyze("no-such-game", "1")


def test_ctrl_c_stops_a_long_computation():
    call = "nimlab.analyze('domineering', '|'.join(['........'] * 8))"
    assert interrupt.ctrl_c(call) == "interrupted"
