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


def octal(code: str, n_max: int):
    """Grundy values of the octal game `0.d1d2…`: digit d_k says what removing k counters
    from a heap may leave, by its bits: 1, nothing; 2, one heap; 4, two heaps. A code
    ending in `…` repeats its last digit for ever."""
    repeats = code.endswith("…")
    digits = [int(d) for d in code.rstrip("…").split(".")[1]]
    if repeats:
        digits += [digits[-1]] * max(0, n_max - len(digits))
    g = []
    for n in range(n_max + 1):
        options = set()
        for k, d in enumerate(digits, start=1):
            rest = n - k
            if rest < 0:
                continue
            if d & 1 and rest == 0:
                options.add(0)
            if d & 2 and rest > 0:
                options.add(g[rest])
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    if rest - a > 0:
                        options.add(g[a] ^ g[rest - a])
        g.append(mex(options))
    return g


def preperiod(values, period: int) -> int:
    """The least n from which `values` repeat with `period` (to the end of the list)."""
    n = len(values) - period
    while n > 0 and values[n - 1] == values[n - 1 + period]:
        n -= 1
    return n
