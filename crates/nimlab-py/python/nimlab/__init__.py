"""nimlab: combinatorial game theory in Python.

Conway's games with exact arithmetic, the analysis of positions of the catalogue's games,
the Grundy sequences of heap rules, and misère play (canonical forms and quotients),
computed by nimlab's Rust library.

>>> import nimlab
>>> g = nimlab.Game("{3||2|1}")
>>> g.mean, g.temperature
(Fraction(9, 4), Fraction(3, 4))
>>> nimlab.star(2) + nimlab.star(3)
*
"""

from ._nimlab import (
    Analysis,
    Choice,
    Explanation,
    Game,
    GameInfo,
    Genus,
    LimitError,
    MexStep,
    MisereGame,
    MisereQuotient,
    Move,
    NimColumns,
    NimRow,
    ParseError,
    Periodicity,
    Play,
    Position,
    RareValues,
    RuleStep,
    Sequence,
    SumParts,
    Survey,
    SurveyRow,
    Thermograph,
    analyze,
    down,
    games,
    quotient,
    sequence,
    star,
    survey,
    up,
    zero,
)

__all__ = [
    "Analysis",
    "Choice",
    "Explanation",
    "Game",
    "GameInfo",
    "Genus",
    "LimitError",
    "MexStep",
    "MisereGame",
    "MisereQuotient",
    "Move",
    "NimColumns",
    "NimRow",
    "ParseError",
    "Periodicity",
    "Play",
    "Position",
    "RareValues",
    "RuleStep",
    "Sequence",
    "SumParts",
    "Survey",
    "SurveyRow",
    "Thermograph",
    "analyze",
    "down",
    "games",
    "quotient",
    "sequence",
    "star",
    "survey",
    "up",
    "zero",
]
