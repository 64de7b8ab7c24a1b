"""Conway's games: values known from Winning Ways and CGSuite's documentation, and
comparisons and sums held against Conway's definitions written out in `brute.py`."""

from fractions import Fraction

import pytest

import nimlab
from nimlab import Game, star, up

import brute


def test_hot_game_of_winning_ways():
    # {3||2|1}: stops 3 and 2, mean 9/4, temperature 3/4 (Winning Ways, ch. 6;
    # CGSuite's tutorial on thermographs).
    g = Game("{3||2|1}")
    assert str(g) == repr(g) == "{3||2|1}"
    assert (g.left_stop, g.right_stop) == (3, 2)
    assert g.mean == Fraction(9, 4)
    assert g.temperature == Fraction(3, 4)
    assert g.outcome == "L"
    assert g.birthday == 4
    assert g.left_options == [Game(3)]
    assert g.right_options == [Game("{2|1}")]
    t = g.thermograph
    assert (t.mean, t.temperature) == (Fraction(9, 4), Fraction(3, 4))
    assert (t.left_at(0), t.right_at(0)) == (3, 2)
    assert t._repr_svg_().startswith("<svg")


def test_infinitesimals_and_nimbers():
    # Winning Ways, ch. 3: ↑ > 0, ↑* ‖ 0, ↑↑* > 0; *2 + *3 = *1 (nim-sum 2 ^ 3 = 1).
    assert up > 0 and up >= 0 and not up < 0 and up != 0
    upstar = up + star(1)
    assert upstar.confused_with(0) and upstar.fuzzy
    assert not (upstar < 0) and not (upstar > 0) and not (upstar <= 0) and not (upstar >= 0)
    assert up + up + star(1) > 0
    assert star(2) + star(3) == star(1)
    assert Game("{0|*}") == up and Game("{0,*|0}") == upstar
    assert up.is_infinitesimal and not Game("1/2").is_infinitesimal
    assert not up.is_number and Game("3/8").is_number
    # Atomic weights (Winning Ways, ch. 8): ↑ and ↑* weigh 1, * weighs 0.
    assert up.atomic_weight == 1 and upstar.atomic_weight == 1 and star(1).atomic_weight == 0


def test_a_game_written_out_is_the_game_reached_by_sums():
    # A literal is read with the GIL held, a sum or a long text on a worker thread; both
    # give the one game: ^* = ↑ + * and ±1 = {1|-1} (Winning Ways, ch. 3 and 6),
    # 3/4 = 1/2 + 1/4, *5 = *4 + *1 (nim-sum).
    long = " " * 2000
    for text, total in [
        ("^*", up + star(1)),
        ("+-1", Game("{1|-1}")),
        ("3/4", Game(Fraction(1, 2)) + Fraction(1, 4)),
        ("*5", star(4) + star(1)),
        ("{3||2|1}", Game("0 + {3||2|1}")),
        ("{0,*|-1/2}", Game("{0,*|-1/2} + 0")),
    ]:
        assert Game(text) == total == Game(long + text) == Game(text + " + 0"), text
    assert Game("{0,*|-1/2}").left_options == [Game(0), star(1)]
    assert Game("{0,*|-1/2}").right_options == [Game(Fraction(-1, 2))]


def test_literals_read_again_are_the_same_games():
    # Literals read lately are remembered (two generations of 2048 texts): reading
    # 5000 nimbers forgets the first ones, which are then read afresh. Nim values:
    # *a + *b = *(a xor b) (Winning Ways, ch. 3).
    for n in range(5000):
        assert Game(f"*{n}") == star(n)
    for a, b in [(3, 5), (4999, 1), (1234, 4321)]:
        assert Game(f"*{a}") + Game(f"*{b}") == star(a ^ b)
    # A computation stopped at a limit forgets what it made, not the games read before.
    g = Game("{3||2|1}")
    with pytest.raises(nimlab.LimitError):
        star(1 << 40).left_options
    assert Game("{3||2|1}") == g and g.mean == Fraction(9, 4)
    assert str(Game("{0,*|-1/2}")) == "{0,*|-1/2}"


def test_cooling_and_heating():
    # ±1 cooled by 1 is *, and * heated by 1 is ±1 (Winning Ways, ch. 6).
    assert Game("{1|-1}").cool(1) == star(1)
    assert star(1).heat(1) == Game("{1|-1}")


def test_numbers_convert_to_and_from_python():
    assert Game(Fraction(3, 4)) == Game("3/4") == Game("{1/2|1}")
    assert Game("{1/2|1}").to_fraction() == Fraction(3, 4)
    assert int(Game("{2|}")) == 3 and Game(-5) == Game("-5")
    assert Game("{0|1}") + 1 == Game("3/2") and 1 - Game("1/2") == Game("1/2")
    assert float(Game("-3/8")) == -0.375
    assert 3 * up == Game("{0|^^*}") == up + up + up
    with pytest.raises(ValueError):
        Game(Fraction(1, 3))
    with pytest.raises(ValueError):
        int(up)
    with pytest.raises(TypeError):
        Game(1.5)


def test_hash_agrees_with_equality():
    # {-1|1} is the simplest number between -1 and 1: 0.
    assert Game("{-1|1}") == nimlab.zero == Game(0)
    assert hash(Game("{-1|1}")) == hash(Game(0))
    assert len({Game("{0|*}"), up, Game("^"), star(1), Game("{0|0}")}) == 2


FORMS = [
    brute.ZERO,
    ((brute.ZERO,), ()),  # 1
    ((), (brute.ZERO,)),  # -1
    ((brute.ZERO,), (brute.ZERO,)),  # *
]
FORMS += [(tuple(l), tuple(r)) for l in ([], [FORMS[1]], [FORMS[3]], [FORMS[0], FORMS[3]])
          for r in ([], [FORMS[2]], [FORMS[3]], [FORMS[0]])]


@pytest.mark.parametrize("g", FORMS)
def test_comparisons_and_sums_follow_the_definitions(g):
    a = Game(brute.text(g))
    assert a.outcome == brute.outcome(g)
    for h in FORMS:
        b = Game(brute.text(h))
        assert (a <= b) == brute.le(g, h), (brute.text(g), brute.text(h))
        assert (a == b) == brute.eq(g, h)
        assert (a < b) == (brute.le(g, h) and not brute.le(h, g))
        assert a.confused_with(b) == (not brute.le(g, h) and not brute.le(h, g))
        assert a + b == Game(brute.text(brute.add(g, h)))
    assert -a == Game(brute.text(brute.neg(g)))


def test_games_pickle_and_compare_only_with_games_and_numbers():
    import pickle

    g = Game("{3||2|1}") + up
    assert pickle.loads(pickle.dumps(g)) == g
    assert (Game(0) == "0") is False
    with pytest.raises(TypeError):
        Game(0) < "1"
    assert Game("1/2") < 1 and Game("1/2") > Fraction(1, 4)
