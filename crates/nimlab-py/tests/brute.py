"""Conway's definitions, written out directly: a game is a pair (left options, right
options) of games. Slow, and independent of nimlab: the tests hold nimlab to them."""

from functools import lru_cache
from typing import Tuple

Form = Tuple[tuple, tuple]

ZERO: Form = ((), ())


@lru_cache(maxsize=None)
def le(g: Form, h: Form) -> bool:
    """G <= H: no Left option of G is >= H and no Right option of H is <= G."""
    return not any(le(h, gl) for gl in g[0]) and not any(le(hr, g) for hr in h[1])


def eq(g: Form, h: Form) -> bool:
    return le(g, h) and le(h, g)


@lru_cache(maxsize=None)
def add(g: Form, h: Form) -> Form:
    left = tuple(add(gl, h) for gl in g[0]) + tuple(add(g, hl) for hl in h[0])
    right = tuple(add(gr, h) for gr in g[1]) + tuple(add(g, hr) for hr in h[1])
    return (left, right)


@lru_cache(maxsize=None)
def neg(g: Form) -> Form:
    return (tuple(neg(r) for r in g[1]), tuple(neg(l) for l in g[0]))


def outcome(g: Form) -> str:
    ge0, le0 = le(ZERO, g), le(g, ZERO)
    if ge0 and le0:
        return "P"
    if ge0:
        return "L"
    if le0:
        return "R"
    return "N"


def text(g: Form) -> str:
    """The form in CGSuite's notation, option by option (not simplified)."""
    return "{" + ",".join(map(text, g[0])) + "|" + ",".join(map(text, g[1])) + "}"


def mex(values) -> int:
    values = set(values)
    n = 0
    while n in values:
        n += 1
    return n


def kayles(n_max: int):
    """Grundy values of Kayles: remove one pin or two adjacent pins from a row."""
    g = []
    for n in range(n_max + 1):
        options = set()
        for take in (1, 2):
            rest = n - take
            for a in range(rest + 1):
                if rest >= 0:
                    options.add(g[a] ^ g[rest - a])
        g.append(mex(options))
    return g
