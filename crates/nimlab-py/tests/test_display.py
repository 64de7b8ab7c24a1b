"""What notebooks show: LaTeX for games, SVG for thermographs and boards, HTML for
analyses."""

import re

import nimlab
from nimlab import Game, star, up


def test_latex_of_games():
    assert Game("{3||2|1}")._repr_latex_() == r"$\{3\parallel 2\mid 1\}$"
    assert (up + up + star(1))._repr_latex_() == r"$\uparrow\uparrow\ast$"
    assert Game("-9/4")._repr_latex_() == r"$-\frac{9}{4}$"
    assert Game("{1|-1}")._repr_latex_() == r"$\pm1$"


def test_svg_of_thermographs_and_boards():
    svg = Game("{3||2|1}").thermograph._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert nimlab.Position("domineering", "..|..")._repr_svg_().startswith("<svg")
    # Impartial positions have no picture: notebooks fall back to the text.
    assert nimlab.Position("nim", "3 5")._repr_svg_() is None


def test_html_of_analyses():
    html = nimlab.analyze("nim", "3 5 7")._repr_html_()
    # Binary columns: 3 = 011, 5 = 101, 7 = 111 and their nim-sum 001 (= 3 ^ 5 ^ 7).
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    cells = [re.findall(r"<t[dh]>(.*?)</t[dh]>", r) for r in rows]
    assert cells[0] == ["heap", "2^2", "2^1", "2^0", "size"]
    assert cells[1] == ["heap 1", "0", "1", "1", "3"]
    assert cells[2] == ["heap 2", "1", "0", "1", "5"]
    assert cells[3] == ["heap 3", "1", "1", "1", "7"]
    assert cells[4] == ["nim-sum", "0", "0", "1", "1"]
    assert cells[5] == ["winning move", "to"] and len(cells) == 9
    partizan = nimlab.analyze("domineering", "..|..")._repr_html_()
    assert "<th>player</th>" in partizan and "a1-a2" in partizan
