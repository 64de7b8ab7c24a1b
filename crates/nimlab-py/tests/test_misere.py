"""Misère play: canonical forms held to CGSuite's worked cases (MisereCanonicalGameTestCase,
GameHeapTest) and to a brute-force misère search written here, and misère quotients held
to Plambeck and Siegel's published ones and to a brute-force search of Kayles positions."""

import pickle
from functools import lru_cache
from itertools import combinations_with_replacement

import pytest

import nimlab
from nimlab import Game, MisereGame, star

import interrupt

# --- A brute-force misère search over game trees -------------------------------------
# A tree is the frozenset of its options' trees; a sum is a tuple of trees. In misère
# play the player who cannot move wins.

ZERO = frozenset()


def heap(n):
    """The nim-heap of n counters as a tree."""
    return frozenset(heap(k) for k in range(n))


@lru_cache(maxsize=None)
def misere_p(position):
    """Whether a sum of trees is a misère P-position (the player to move loses)."""
    position = tuple(sorted((t for t in position if t), key=hash))
    if not position:
        return False  # the player to move cannot move, and wins
    for i, t in enumerate(position):
        for option in t:
            if misere_p(position[:i] + (option,) + position[i + 1 :]):
                return False
    return True


def mex(values):
    values = set(values)
    n = 0
    while n in values:
        n += 1
    return n


@lru_cache(maxsize=None)
def grundy_plus(t):
    """G⁺: the normal-play nim value."""
    return mex(grundy_plus(o) for o in t)


@lru_cache(maxsize=None)
def grundy_minus(t):
    """G⁻: the misère nim value, 1 for the empty game, else the mex of the options'."""
    return 1 if not t else mex(grundy_minus(o) for o in t)


def add(a, b):
    """The sum of two trees, as a tree."""
    return frozenset({add(o, b) for o in a} | {add(a, o) for o in b})


@lru_cache(maxsize=None)
def tree(g):
    """The tree of a misère canonical form, from its options."""
    return frozenset(tree(o) for o in g.options)


@lru_cache(maxsize=None)
def canonical(t):
    """The misère canonical form of a tree, built up from its options."""
    return MisereGame.from_options([canonical(o) for o in t])


def born_by(day):
    games = [ZERO]
    for _ in range(day):
        games = [
            frozenset(g for i, g in enumerate(games) if mask >> i & 1)
            for mask in range(1 << len(games))
        ]
    return games


DAY2 = born_by(2)
DAY3 = born_by(3)
# The games that test two games for equality: those born by day 3, and their pairs.
TESTERS = [(t,) for t in DAY3] + [(a, b) for i, a in enumerate(DAY2) for b in DAY2[i:]]


def plays_alike(a, b):
    """Whether the trees a and b have the same misère outcome in every test sum."""
    return all(misere_p((a,) + x) == misere_p((b,) + x) for x in TESTERS + [()])


# --- CGSuite's worked cases -----------------------------------------------------------

# input, printed, birthday, genus, G⁺, G⁻, outcome, mate, options, flags that are true
# (MisereCanonicalGameTestCase.scala).
CASES = [
    ("*[0]", "*[0]", 0, "0", 0, 1, "N", "*[1]", [], "even extraverted gt introverted nh tame tameable"),
    ("*[1]", "*[1]", 1, "1", 1, 0, "P", "*[0]", ["*[0]"], "extraverted gt introverted nh tame tameable"),
    ("*[2]", "*[2]", 2, "2", 2, 2, "N", "*[2]", ["*[0]", "*[1]"], "even extraverted gt nh prime tame tameable"),
    ("*[[2]]", "*[2#]", 3, "0^0", 0, 0, "P", "*[2#]", ["*[2]"], "even extraverted gt tame tameable"),
    ("*[[[2]]]", "*[2##]", 4, "1^1", 1, 1, "N", "*[2##]", ["*[2#]"], "even extraverted gt tame tameable"),
    ("*[2]+*[2]", "*[2[2]]", 4, "0^0", 0, 0, "P", "*[2[2]]", ["*[2]", "*[3]"], "even extraverted gt tame tameable"),
    ("*[[2],0]", "*[2#0]", 4, "1^2", 1, 2, "N", "*[2#1]", ["*[0]", "*[2#]"], "even gr halftame prime restive"),
    ("*[[2],1]", "*[2#1]", 4, "2^1420", 2, 1, "N", "*[2#0]", ["*[1]", "*[2#]"], "even prime restless"),
    ("*[[*[4]+*[2]]]", "*[4[2#]]", 7, "0^0", 0, 0, "P", "*[4[2#]]", ["*[4[2]]"], "even gt tame tameable"),
    ("*[[[2]],[[2],1]]", "*[(2#1)2##]", 5, "0^0", 0, 0, "P", "*[(2#0)2##]", ["*[2##]", "*[2#1]"], "even gt prime tameable"),
    (
        "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        "*[((2#0)2[#1]2#)(2#1)[1]]",
        6,
        "0^120",
        0,
        1,
        "N",
        "*[((2#1)2[#1]2#)(2#0)[1]]",
        ["*[(2#1)[1]]", "*[(2#0)2[#1]2#]"],
        "even prime tameable",
    ),
    ("*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]", 5, "0^2", 0, 2, "N", "*[(2#21)2[#1]0]", ["*[1]", "*[2[#1]]", "*[2#20]"], "even gr halftame prime"),
]

FLAGS = {
    "even": "is_even",
    "extraverted": "is_extraverted",
    "gt": "is_generally_tame",
    "introverted": "is_introverted",
    "nh": "is_nim_heap",
    "prime": "is_prime",
    "tame": "is_tame",
    "tameable": "is_tameable",
    "restive": "is_restive",
    "gr": "is_generally_restive",
    "restless": "is_restless",
    "halftame": "is_half_tame",
}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_cgsuite_worked_cases(case):
    text, printed, birthday, genus, gplus, gminus, outcome, mate, options, flags = case
    g = MisereGame(text)
    assert str(g) == repr(g) == printed
    assert MisereGame(printed) == g
    assert g.birthday == birthday
    assert str(g.genus) == genus
    assert (g.nim_value, g.misere_nim_value, g.outcome) == (gplus, gminus, outcome)
    assert str(g.mate()) == mate
    assert [str(o) for o in g.options] == options
    on = {name for name, attr in FLAGS.items() if getattr(g, attr)}
    assert on == set(flags.split())


def test_parts_and_partitions_of_cgsuite():
    # MisereCanonicalGameTestCase: 2# = 2 + 2[#-2]; 2[2] = 2 + 2; 4[2#] = 2 + 4[2#-2] =
    # 4 + 4[2#-4], two partitions (Norton).
    sharp = MisereGame("*[2#]")
    assert [str(p) for p in sharp.parts()] == ["*[2]", "*[2[#-2]]"]
    assert [[str(p) for p in ps] for ps in MisereGame("*[2[2]]").partitions()] == [["*[2]", "*[2]"]]
    g = MisereGame("*[4[2#]]")
    assert [[str(p) for p in ps] for ps in g.partitions()] == [
        ["*[2]", "*[4[2#-2]]"],
        ["*[4]", "*[4[2#-4]]"],
    ]
    for partition in g.partitions():
        assert sum(partition, MisereGame(0)) == g
    assert g.misere_minus(MisereGame(2)) == MisereGame("*[4[2#-2]]")
    three = MisereGame(3)  # *2 + *: its difference is *[4[2#-2]] + *
    assert g.misere_minus(three) == MisereGame("*[4[2#-2]]") + star(1)
    assert three + g.misere_minus(three) == g
    assert MisereGame(4).misere_minus(three) is None
    assert MisereGame(2).parts() == [] and MisereGame(2).is_prime


def test_sums_mates_and_reductions_against_brute_force():
    # Canonical forms of all games born by day 3 and some born on day 4, their sums and
    # mates, play like the trees they come from in every test sum.
    sample = DAY3 + [frozenset(DAY3[i] for i in range(len(DAY3)) if (i * 7 + k) % 3 == 0) for k in range(3)]
    for t in sample:
        g = canonical(t)
        assert plays_alike(t, tree(g)), str(g)
        assert (g.nim_value, g.misere_nim_value) == (grundy_plus(t), grundy_minus(t))
        assert g.outcome == ("P" if misere_p((t,)) else "N")
    for i, a in enumerate(DAY3):
        for b in DAY3[i:]:
            s = canonical(a) + canonical(b)
            assert plays_alike(add(a, b), tree(s)), f"{canonical(a)} + {canonical(b)}"
    # ONAG's mate: mate(0) = *, else the game of the options' mates.
    def mate(t):
        return heap(1) if not t else frozenset(mate(o) for o in t)

    for t in DAY3:
        assert plays_alike(mate(t), tree(canonical(t).mate()))
    # The reductions of misère play: {*} = 0, {*, *2} = 0, {0, *2} = *, {*2} is not 0.
    assert MisereGame.from_options([1]) == MisereGame(0)
    assert MisereGame.from_options([1, 2]) == MisereGame(0)
    assert MisereGame.from_options([0, 2]) == MisereGame(1)
    assert MisereGame.from_options([2]) != MisereGame(0)
    assert not plays_alike(frozenset({heap(2)}), ZERO)


def test_genus_digits_are_misere_values_of_sums_with_twos():
    # γᵢ = G⁻(G + i·*2), by brute force.
    two = heap(2)
    for t in DAY3:
        g = canonical(t)
        genus = g.genus
        assert genus.base == grundy_plus(t)
        sums = t
        for i in range(4):
            assert genus.digit(i) == grundy_minus(sums), (str(g), i)
            sums = add(sums, two)
        assert genus.misere_nim_value == g.misere_nim_value
    assert MisereGame("*[2#]").genus == MisereGame("*[2]+*[2]").genus
    assert MisereGame("*[2#]").genus != MisereGame("*[2#0]").genus
    assert MisereGame("*[2#1]").genus.digits == (1, 4, 2, 0)
    assert len({MisereGame("*[2#]").genus, MisereGame("*[2[2]]").genus}) == 1


def test_distinguishers_and_links_against_brute_force():
    forms = [canonical(t) for t in DAY3]
    forms += [MisereGame(text) for text in ["*[2#]", "*[2#0]", "*[2#1]", "*[2[2]]", "*[2##]"]]
    for g in forms:
        for h in forms:
            d = g.distinguisher(h)
            if g == h:
                assert d is None
            else:
                assert misere_p((tree(g), tree(d))) and not misere_p((tree(h), tree(d)))
            option = h in g.options or g in h.options
            assert g.is_linked_to(h) == (not option)
            link = g.link(h)
            if option:
                assert link is None
            else:
                assert misere_p((tree(g), tree(link))) and misere_p((tree(h), tree(link)))


def test_kayles_heaps_as_cgsuite():
    # CGSuite's GameHeapTest: the genera of misère Kayles heaps 0 … 20, each heap made
    # here from its options (take 1 or 2 pins, leaving up to two rows).
    genera = "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031"
    forms = []
    for n in range(21):
        options = []
        for k in (1, 2):
            rest = n - k
            for a in (range(rest // 2 + 1) if rest >= 0 else []):
                options.append(forms[a] + forms[rest - a])
        forms.append(MisereGame.from_options(options))
    assert [str(f.genus) for f in forms] == genera.split(",")


def test_nimbers_enter_misere_play_as_nim_heaps():
    assert Game("*2").misere() == MisereGame(2) == MisereGame("*[2]") == MisereGame(star(2))
    assert star(3).misere() == MisereGame("*[2]") + star(1)
    assert nimlab.zero.misere() == MisereGame(0)
    assert 0 + MisereGame(2) == MisereGame(2) + 0 == MisereGame(2)
    assert MisereGame(2) + star(2) == MisereGame("*[2[2]]")
    # A Game is a normal-play canonical form: only nimbers have a misère form.
    with pytest.raises(ValueError):
        Game("{1|0}").misere()
    with pytest.raises(ValueError):
        MisereGame(Game("^"))
    with pytest.raises(TypeError):
        MisereGame(1.5)
    with pytest.raises(nimlab.LimitError):
        MisereGame(10**6)


def test_equal_forms_hash_alike_and_pickle():
    a, b = MisereGame("*[2]+*[2]"), MisereGame("*[2[2]]")
    assert a == b and hash(a) == hash(b) and len({a, b, MisereGame("*[2#]")}) == 2
    assert pickle.loads(pickle.dumps(a)) == a
    assert MisereGame(2) != Game("*2")  # different kinds of values, never equal


def test_parse_errors_name_the_column():
    for text, column in [("*[2#0", 5), ("*[2,x]", 4), ("*[2]+", 5), ("*[2] 3", 5), ("", 0)]:
        with pytest.raises(nimlab.ParseError) as e:
            MisereGame(text)
        assert (e.value.position, e.value.position_kind) == (column, "column"), text


# --- Misère quotients -----------------------------------------------------------------


@lru_cache(maxsize=None)
def kayles_p(heaps):
    """Whether a position of misère Kayles (rows of pins; take one pin or two adjacent
    pins, which may split a row in two) is a P-position, the player taking the last pin
    losing."""
    if not heaps:
        return False
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for take in (1, 2):
            for left in range(0, h - take + 1):
                right = h - take - left
                nxt = tuple(sorted(x for x in rest + (left, right) if x))
                if kayles_p(nxt):
                    return False
    return True


def test_misere_nim_quotient_t2():
    # Plambeck–Siegel: misère Nim with heaps of at most 3 has the quotient T2 of order 6,
    # P = {a, b²}, heaps 0, 1, 2, 3 pretending to be 1, a, b, ab.
    q = nimlab.quotient("subtraction:1,2,3", to=3)
    assert (q.order, q.p_portion, q.pretending) == (6, ["a", "b^2"], ["1", "a", "b", "ab"])
    assert q.generators == ["a", "b"] and q.to == 3
    assert q.is_p_position([1, 2, 3]) and q.is_p_position([1]) and not q.is_p_position([])
    assert q.element([2, 2]) == "b^2" and q.is_p_position([2, 2])
    with pytest.raises(ValueError):
        q.is_p_position([4])


def test_quotient_of_0_75_has_order_8():
    # Plambeck–Siegel, the quotient R8 of 0.75, of order 8 and period 2.
    q = nimlab.quotient("0.75", to=30)
    assert q.order == 8 and q.is_final
    assert q.periodicity.period == 2 and q.periodicity.proved


def test_kayles_quotient_against_brute_force():
    # Plambeck: misère Kayles has a quotient of order 40 with 9 P-elements, the pretending
    # function of period 12 from heap 71 (proved by heap 170).
    q = nimlab.quotient("kayles", to=170)
    assert (q.order, len(q.p_portion), q.is_final) == (40, 9, True)
    p = q.periodicity
    assert (p.period, p.preperiod, p.proved) == (12, 71, True)
    assert p == q.periodicity and hash(p) == hash(q.periodicity)
    for count in (1, 2, 3):
        for heaps in combinations_with_replacement(range(1, 11), count):
            assert q.is_p_position(list(heaps)) == kayles_p(heaps), heaps
    # Past heap 170, by the period.
    assert q.element([1000]) == q.element([76])
    assert q.to_dict()["order"] == 40


def test_misere_analysis_of_kayles_agrees_with_brute_force():
    for heaps in [(1,), (4,), (1, 1, 1), (2, 3), (1, 4, 5), (3, 3, 6), (2, 7, 9)]:
        a = nimlab.analyze("kayles", " ".join(map(str, heaps)), misere=True)
        assert a.outcome == ("P" if kayles_p(heaps) else "N"), heaps
        for m in a.winning_moves:
            to = tuple(sorted(int(x) for x in m.to.split() if int(x)))
            assert kayles_p(to), (heaps, m.to)
    # Large heaps, read off the quotient by its period; the outcome agrees with it.
    q = nimlab.quotient("kayles", to=170)
    a = nimlab.analyze("kayles", "40 100 1000", misere=True)
    assert a.outcome == ("P" if q.is_p_position([40, 100, 1000]) else "N")


def test_quotient_limits():
    with pytest.raises(nimlab.LimitError):
        nimlab.quotient("subtraction:1,2,3,4,5,6", to=6, max_order=8)
    with pytest.raises(nimlab.LimitError) as e:
        nimlab.quotient("0.07", to=40, max_work=1000)
    assert "1000 units of work" in str(e.value)
    with pytest.raises(nimlab.LimitError):
        nimlab.quotient("0.77", to=10**6)
    with pytest.raises(ValueError):
        nimlab.quotient("no-such-rule", to=3)


def test_ctrl_c_stops_a_quotient():
    assert interrupt.ctrl_c("nimlab.quotient('0.77', to=100000)") == "interrupted"


@lru_cache(maxsize=None)
def octal_p(code, heaps):
    """Whether a sum of heaps is a misère P-position of the octal game `code` (digit k
    after the point: bit 1, taking k counters may leave no heap; bit 2, one heap; bit 4,
    two heaps), by brute force. The player to move who has no move wins."""
    digits = [int(d) for d in code.split(".")[1]]
    moved = False
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for k, d in enumerate(digits, start=1):
            left = h - k
            nexts = []
            if d & 1 and left == 0:
                nexts.append(())
            if d & 2 and left > 0:
                nexts.append((left,))
            if d & 4 and left > 1:
                nexts += [(a, left - a) for a in range(1, left // 2 + 1)]
            for nxt in nexts:
                moved = True
                if octal_p(code, tuple(sorted(rest + nxt))):
                    return False
    return moved


def test_quotient_survey_of_one_digit_codes():
    s = nimlab.quotient_survey(digits=1, to=12)
    assert (s.digits, s.to, s.code_count) == (1, 12, 7)
    assert sum(len(r.codes) for r in s) == 7 and len(s) == len(s.rows)
    # 0.3, 0.5 and 0.7 (take a counter, leaving the rest of the heap): misère Nim with
    # heaps of 0 and 1 counters, the quotient T1 of order 2 with P = {a}.
    [t1] = [r for r in s if "0.3" in r.codes]
    assert t1.codes == ["0.3", "0.5", "0.7"]
    assert (t1.order, t1.p_portion, t1.relations) == (2, ["a"], ["a^2 = 1"])
    assert t1.periodicity.proved and t1.stopped is None
    # Each code's quotient is that of its row, and agrees with a brute-force search.
    for row in s:
        for code in row.codes:
            q = nimlab.quotient(code, to=row.heaps)
            assert (q.order, q.p_portion, q.relations) == (row.order, row.p_portion, row.relations)
            assert q.pretending[:12] == row.first_pretending[:12]
            for count in (1, 2, 3):
                for heaps in combinations_with_replacement(range(1, 9), count):
                    assert q.is_p_position(list(heaps)) == octal_p(code, heaps), (code, heaps)
    assert s.to_dict()["codes"] == 7 and s._repr_html_().startswith("<div>")
