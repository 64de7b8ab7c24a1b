"""nimlab beside two other Python libraries of combinatorial game theory.

Workloads (the same games in every library, written in plain brace notation that all
three read):

* ``sums``: 300 sums of 4 random small games (numbers, nimbers, switches, up,
  ``{3|{2|1}}``-like), each brought to canonical form;
* ``compare``: 300 comparisons ``a <= b`` of random sums of 3 small games;
* ``dom4``, ``dom5``: the canonical value of the empty 4x4 and 5x5 Domineering boards,
  checked against the known values (4x4: CGSuite's
  ``+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}``; 5x5: 0).

Every run is a fresh Python process (nimlab keeps the values it has computed for the
life of the process), timed for wall and CPU seconds after the library is imported and
the random workload drawn;
``warm`` is the same work a second time in that process. The ratios are a library's
median over nimlab's, wall and CPU. The fingerprints of the random workloads (each sum
against 0, each comparison's answer) must agree between the libraries, so all do the
same work.

Peers are imported if present and reported missing otherwise; this script never
installs or builds anything. To compare, make a scratch virtual environment outside the
repository, install nimlab in it, add pycgt and cgt-py yourself (cgt-py 0.11.0 also
imports anywidget, which it does not declare), and run:

    python -m venv /tmp/peers/venv
    /tmp/peers/venv/bin/pip install ./crates/nimlab-py
    /tmp/peers/venv/bin/python crates/nimlab-py/benches/peers.py --repeats 3

With nimlab alone, the script times nimlab and says which peers are missing.

Options: ``--repeats N`` (fresh processes per workload and library), ``--timeout S``
(seconds allowed to one run; a run over it is reported as ``> S``), ``--only NAME``.
"""

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

LIBRARIES = ["nimlab", "pycgt", "cgt_py"]
WORKLOADS = ["sums", "compare", "dom4", "dom5"]

# Small games born by day 3 or so, in brace notation every library reads.
POOL = [
    "0", "1", "-1", "2", "-2", "1/2", "-1/2", "3/4",
    "{0|0}",              # *
    "{0,{0|0}|0,{0|0}}",  # *2
    "{0|{0|0}}",          # up
    "{{0|0}|0}",          # down
    "{1|-1}", "{2|0}", "{0|-2}", "{1|0}", "{2|-1}",
    "{3|{2|1}}", "{{1|0}|-1}", "{1|{0|0}}", "{0|{0|-2}}", "{{2|0}|0}",
]

# 4x4 Domineering, CGSuite's +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}} written out.
DOM4 = ("{0,{{2|0},{2|{2|0}}|{2|0},{{2|0}|0}}"
        "|0,{{0|-2},{0|{0|-2}}|{0|-2},{{0|-2}|-2}}}")
BOARDS = {"dom4": "....|....|....|....", "dom5": ".....|.....|.....|.....|....."}


def adapter(lib):
    """(parse, add, leq, domineering) for one library; raises ImportError if absent."""
    if lib == "nimlab":
        import nimlab

        def dom(board):
            return nimlab.Position("domineering", board).value()

        return nimlab.Game, lambda a, b: a + b, lambda a, b: a <= b, dom
    if lib == "pycgt":
        import pycgt
        from pycgt.rulesets import domineering

        def dom(board):
            rows = board.split("|")
            return domineering.rectangle(len(rows), len(rows[0]))

        return pycgt.parse, pycgt.add, pycgt.leq, dom
    if lib == "cgt_py":
        import cgt_py

        def dom(board):
            return cgt_py.Domineering(board).canonical_form

        return cgt_py.CanonicalForm, lambda a, b: a + b, lambda a, b: a <= b, dom
    raise ValueError(lib)


def tasks(seed=1):
    """The random workloads' game indices, the same for every library."""
    rng = random.Random(seed)
    sums = [[rng.randrange(len(POOL)) for _ in range(4)] for _ in range(300)]
    pairs = [([rng.randrange(len(POOL)) for _ in range(3)],
              [rng.randrange(len(POOL)) for _ in range(3)]) for _ in range(300)]
    return sums, pairs


def run_once(lib, workload, work):
    """Do the workload once on the game indices `work` (from `tasks`, made before the
    clock starts); return its fingerprint."""
    parse, add, leq, dom = adapter(lib)
    if workload in BOARDS:
        value = dom(BOARDS[workload])
        expected = parse(DOM4 if workload == "dom4" else "0")
        ok = leq(value, expected) and leq(expected, value)
        return "value ok" if ok else "WRONG: %s" % value
    games = [parse(text) for text in POOL]
    zero = parse("0")
    sums, pairs = work

    def total(indices):
        s = games[indices[0]]
        for i in indices[1:]:
            s = add(s, games[i])
        return s

    if workload == "sums":
        return [(leq(zero, s), leq(s, zero)) for s in map(total, sums)]
    return [leq(total(a), total(b)) for a, b in pairs]


def worker(lib, workload):
    """One fresh process: a cold run and a warm run, printed as JSON."""
    adapter(lib)  # the import is not timed, nor making the random workload
    work = tasks()
    out = {}
    for phase in ("cold", "warm"):
        w, c = time.perf_counter(), time.process_time()
        fp = run_once(lib, workload, work)
        out[phase] = [time.perf_counter() - w, time.process_time() - c]
        out["fingerprint"] = fp
    print(json.dumps(out))


def available(lib):
    try:
        adapter(lib)
        return True
    except ImportError as e:
        print("%s: not importable (%s); skipped" % (lib, e))
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--only", choices=WORKLOADS)
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(*args.worker)
        return
    libs = [lib for lib in LIBRARIES if available(lib)]
    if "nimlab" not in libs:
        sys.exit("nimlab is not installed")
    rows, fingerprints = [], {}
    for workload in [args.only] if args.only else WORKLOADS:
        base = None
        for lib in libs:
            cold, warm, over = [], [], False
            for _ in range(args.repeats):
                try:
                    p = subprocess.run(
                        [sys.executable, __file__, "--worker", lib, workload],
                        capture_output=True, text=True, timeout=args.timeout, check=True)
                except subprocess.TimeoutExpired:
                    over = True
                    break
                except subprocess.CalledProcessError as e:
                    sys.exit("%s %s failed:\n%s" % (lib, workload, e.stderr))
                r = json.loads(p.stdout)
                cold.append(r["cold"])
                warm.append(r["warm"])
                fingerprints[(workload, lib)] = r["fingerprint"]
            if over:
                rows.append((workload, lib, "> %g" % args.timeout, "", "", "", "timed out"))
                continue
            wall = statistics.median(c[0] for c in cold)
            cpu = statistics.median(c[1] for c in cold)
            warm_wall = statistics.median(w[0] for w in warm)
            if lib == "nimlab":
                base = (wall, cpu)
            ratio = "%.1f / %.1f" % (wall / base[0], cpu / base[1]) if base else ""
            fp = fingerprints[(workload, lib)]
            note = fp if isinstance(fp, str) else (
                "agrees" if fp == fingerprints.get((workload, "nimlab")) else "DISAGREES")
            rows.append((workload, lib, "%.4f" % wall, "%.4f" % cpu, "%.4f" % warm_wall,
                         ratio, note))
    head = ("workload", "library", "wall s", "CPU s", "warm wall s", "ratio wall / CPU", "check")
    print("median of %d fresh processes per row" % args.repeats)
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    for r in [head] + rows:
        print("  ".join(str(x).ljust(w) for x, w in zip(r, widths)))


if __name__ == "__main__":
    main()
