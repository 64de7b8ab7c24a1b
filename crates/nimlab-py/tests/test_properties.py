"""Laws of games checked on random forms (hypothesis): sums commute and associate,
G - G = 0, and nimbers add as the XOR of their sizes (Bouton)."""

from hypothesis import given, settings, strategies as st

from nimlab import Game, star

import brute

forms = st.recursive(
    st.just(brute.ZERO),
    lambda children: st.tuples(
        st.lists(children, max_size=2).map(tuple), st.lists(children, max_size=2).map(tuple)
    ),
    max_leaves=6,
)


@settings(max_examples=200, deadline=None)
@given(forms, forms)
def test_addition_commutes_and_matches_the_definition(g, h):
    a, b = Game(brute.text(g)), Game(brute.text(h))
    assert a + b == b + a
    assert hash(a + b) == hash(b + a)
    assert (a <= b) == brute.le(g, h)


@settings(max_examples=200, deadline=None)
@given(forms, forms, forms)
def test_addition_associates_and_g_minus_g_is_zero(g, h, k):
    a, b, c = (Game(brute.text(x)) for x in (g, h, k))
    assert (a + b) + c == a + (b + c)
    assert a - a == 0
    assert Game(str(a)) == a


@given(st.integers(0, 2**40), st.integers(0, 2**40))
def test_nimbers_add_by_xor(m, n):
    assert star(m) + star(n) == star(m ^ n)
