"""The package and the command line agree: random games valued by both.

The command line is looked for in `NIMLAB_CLI`, then in the workspace's target folders;
the tests are skipped when no binary was built (CI builds it before running them)."""

import json
import os
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import nimlab
from nimlab import Game

import brute


def _cli():
    if os.environ.get("NIMLAB_CLI"):
        return os.environ["NIMLAB_CLI"]
    root = Path(__file__).resolve().parents[3]
    for profile in ("release", "debug"):
        path = root / "target" / profile / "nimlab"
        if path.is_file():
            return str(path)
    return None


CLI = _cli()
needs_cli = pytest.mark.skipif(CLI is None, reason="the nimlab binary is not built")


def run(*args):
    out = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)


forms = st.recursive(
    st.just(brute.ZERO),
    lambda children: st.tuples(
        st.lists(children, max_size=2).map(tuple), st.lists(children, max_size=2).map(tuple)
    ),
    max_leaves=5,
)


@needs_cli
@settings(max_examples=25, deadline=None)
@given(forms, st.sampled_from(["", " + *", " + ^", " + 1/2", " + {1|-1}"]))
def test_values_agree(form, extra):
    text = brute.text(form) + extra
    report = run("value", text, "--json")
    g = Game(text)
    assert str(g) == report["output"]
    assert g.outcome == report["outcome"]
    assert g.mean == Fraction(report["mean"])
    assert g.temperature == Fraction(report["temperature"])
    assert g.birthday == report["birthday"]


@needs_cli
@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=5), st.booleans())
def test_analyses_agree(heaps, misere):
    position = " ".join(map(str, heaps))
    args = ["analyze", "nim", *position.split(), "--json"] + (["--misere"] if misere else [])
    cli = run(*args)
    a = nimlab.analyze("nim", position, misere=misere)
    assert a.outcome == cli["outcome"]
    assert a.winning_move_count == cli["winning_move_count"]
    assert [m.to for m in a.winning_moves] == [m["to"] for m in cli["winning_moves"]]


@needs_cli
def test_sequences_agree():
    cli = run("sequence", "0.137", "--to", "200", "--json")
    s = nimlab.sequence("0.137", to=200)
    assert (s.period, s.preperiod, s.proved) == (cli["period"], cli["preperiod"], cli["proved"])
    assert list(s.values[: len(cli["first_values"])]) == cli["first_values"]


@needs_cli
def test_catalogues_agree():
    # `nimlab games` lists the impartial games, then, under a heading, the partizan ones.
    text = subprocess.run([CLI, "games"], capture_output=True, text=True, timeout=60, check=True)
    impartial, partizan = text.stdout.split("\nPartizan games")
    listed = [(line.split()[0], "impartial") for line in impartial.splitlines() if line.strip()]
    listed += [(line.split()[0], "partizan") for line in partizan.splitlines()[1:] if line.strip()]
    games = nimlab.games()
    assert [(g.usage, g.kind) for g in games] == listed
    assert [g.to_dict() for g in games] == run("games", "--json")


@needs_cli
def test_surveys_agree():
    cli = run("survey", "octal", "--digits", "2", "--to", "300", "--json")
    survey = nimlab.survey("octal", digits=2, to=300)
    assert [r.to_dict() for r in survey] == cli["groups"]
    assert survey.code_count == cli["codes"]
