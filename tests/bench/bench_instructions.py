"""Benchmark: the instructions, cache misses and mispredicted branches of one cold encode, ours against tiktoken's,
counted by valgrind.

    $ python tests/bench/bench_instructions.py [--rows chinese,english] [--quick]

For a shared or noisy machine, where two runs of the same code differ by a third in time (the first machine of
2026-11-29's evening did; see the README), these counts are the same from run to run. Each encoder runs twice in a
fresh process under ``valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes``: once encoding the row's text,
once encoding an empty text after the same loading, reading and building (each ends without teardown). The
difference is the encode's own (the ids are compared in runs of their own, outside valgrind):

- ``Ir``: the instructions it ran;
- ``D1 miss``: its reads and writes that missed the simulated first-level data cache;
- ``LL miss``: those that missed the last level too (main memory);
- ``mispredicts``: its branches whose way a simple simulated predictor guessed wrong (a real processor loses about
  15 cycles at each: an encode can gain there with the same instructions, as English did when a pre-token's length
  stopped being tested by a branch: 0.58 M of its 3.2 M).

The rows are ``bench_encode.py``'s (``ROWS``); the ratio is tiktoken's count over ours. Instructions are not time:
where an encode waits on memory or guesses branches wrong, those weigh more. Valgrind runs a program about 50 times
slower (a minute or two a run for the 4 MB Chinese corpus). Needs ``valgrind`` on the PATH. Exit status 1 if the ids
differ, 2 without valgrind.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_encode  # noqa: E402  (tests/bench/bench_encode.py: its rows, corpora and loading)

#: The counts read from valgrind's summary: (name shown, the summary's label).
COUNTS = (("Ir", "I   refs"), ("D1 miss", "D1  misses"), ("LL miss", "LLd misses"), ("mispredicts", "Mispredicts"))


def child(encoder: str, path: str, encoding: str, rule: str, empty: bool) -> None:
    """In a fresh process (under valgrind): load as a first encode does, read the text, encode it (or an empty text);
    print how many ids, and end at once (no teardown: freeing the ids is not the encode's)."""
    text = Path(path).read_text(encoding="utf-8")
    encode, _build = bench_encode.loaded(encoder, encoding, rule)
    ids = encode("" if empty else text)
    print(json.dumps({"tokens": len(ids)}), flush=True)
    os._exit(0)


def same_ids(row: str, path: Path) -> bool:
    """Whether ours and tiktoken give the same ids for the row (outside valgrind: the digest's own work is not
    counted); a ``pairs`` row's tiktoken encodes with ranks, for the speed: its ids are not compared."""
    _corpus, encoding, rule = bench_encode.ROWS[row]
    ours = bench_encode.fresh("ours", path, encoding, rule, False)
    theirs = bench_encode.fresh("tiktoken", path, encoding, rule, False)
    return rule == "pairs" or ours["digest"] == theirs["digest"]


def counted(encoder: str, path: Path, encoding: str, rule: str, empty: bool) -> dict[str, int]:
    """valgrind's counts of one run of :func:`child`."""
    with tempfile.TemporaryDirectory() as folder:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--cache-sim=yes",
            "--branch-sim=yes",
            f"--callgrind-out-file={Path(folder) / 'out'}",
            sys.executable,
            __file__,
            "--child",
            json.dumps([encoder, str(path), encoding, rule, empty]),
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    counts = {}
    for name, label in COUNTS:
        found = re.search(rf"{re.escape(label)}:\s+([\d,]+)", done.stderr)
        if found is None:
            raise SystemExit(f"valgrind's summary has no {label!r}:\n{done.stderr[-3000:]}")
        counts[name] = int(found.group(1).replace(",", ""))
    return counts


def encode_counts(encoder: str, path: Path, encoding: str, rule: str) -> dict[str, int]:
    """The encode's own counts: the text's run less the empty text's."""
    full = counted(encoder, path, encoding, rule, empty=False)
    base = counted(encoder, path, encoding, rule, empty=True)
    return {name: full[name] - base[name] for name in full}


def ratio(theirs: int, ours: int) -> str:
    """tiktoken's count over ours, or "-" where ours is none.

    >>> ratio(500, 100), ratio(3, 0)
    ('5.00x', '-')
    """
    return f"{theirs / ours:.2f}x" if ours > 0 else "-"


def bench(row: str, path: Path) -> bool:
    _corpus, encoding, rule = bench_encode.ROWS[row]
    ours = encode_counts("ours", path, encoding, rule)
    theirs = encode_counts("tiktoken", path, encoding, rule)
    same = same_ids(row, path)
    shown = " | ".join(
        f"{name} ours {ours[name] / 1e6:.1f} M, tiktoken {theirs[name] / 1e6:.1f} M ({ratio(theirs[name], ours[name])})"
        for name, _ in COUNTS
    )
    print(f"{row:14} {encoding:11} {path.stat().st_size / 1e6:5.1f} MB | {shown} | ids {'same' if same else 'DIFFER'}")
    return same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="chinese", help="bench_encode.py's rows, comma-separated, or all")
    parser.add_argument("--quick", action="store_true", help="bench_encode.py's smaller corpora")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(*json.loads(args.child))
        return 0
    rows = bench_encode.chosen(parser, "--rows", args.rows, bench_encode.ROWS, "row", every=True)
    if shutil.which("valgrind") is None:
        print("bench_instructions: valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    title = "one cold encode under valgrind (caches and branches simulated): its own counts, ours and tiktoken's"
    return bench_encode.run_rows(
        "bench_instructions",
        title,
        rows,
        lambda row: bench(row, bench_encode.corpus_path(bench_encode.ROWS[row][0], args.quick)),
    )


if __name__ == "__main__":
    sys.exit(main())
