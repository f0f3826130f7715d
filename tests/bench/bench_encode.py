"""Benchmark: our Tokenizer's encode versus tiktoken's, single process, GPT-2 ranks, same text, same run.

    $ python tests/bench/bench_encode.py [--quick] [--repeat N]

For each corpus (stdlib sources ~31 MB, English prose ~11 MB; built and cached by ``corpora.py``) it encodes with
a fresh ``Tokenizer.from_tiktoken("gpt2")`` (cold pre-token cache) and with ``tiktoken``'s ``encode`` built from
the same shipped ranks, prints both throughputs and their ratio, and fails unless the ids are identical.
Goal: ratio >= 0.5. Exit status 1 if the ids differ or a ratio is below the goal.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpora  # noqa: E402  (tests/bench/corpora.py)

from bpe_core.reference import get_encoding  # noqa: E402
from bpe_core.tokenizer import Tokenizer  # noqa: E402

GOAL = 0.5


def best_time(function, repeat: int):
    """The result of ``function()`` and its best wall time over ``repeat`` runs."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return result, best


def bench(name: str, text: str, repeat: int) -> bool:
    size_mb = len(text.encode("utf-8")) / 1e6
    encoding = get_encoding("gpt2")
    theirs, t_theirs = best_time(lambda: encoding.encode(text, allowed_special="all"), repeat)
    # A fresh tokenizer per run: the pre-token cache starts cold every time.
    ours, t_ours = best_time(lambda: Tokenizer.from_tiktoken("gpt2").encode(text), repeat)
    ratio = t_theirs / t_ours
    same = ours == theirs
    print(
        f"{name:8s} {size_mb:6.1f} MB  {len(ours):>10,d} tokens  "
        f"ours {size_mb / t_ours:6.2f} MB/s ({t_ours:5.2f} s)  tiktoken {size_mb / t_theirs:6.2f} MB/s "
        f"({t_theirs:5.2f} s)  ratio {ratio:4.2f}x  ids {'identical' if same else 'DIFFER'}"
    )
    if not same:
        first = next(i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b) if len(ours) == len(theirs) else -1
        print(f"  first difference at token {first}; lengths {len(ours)} vs {len(theirs)}", file=sys.stderr)
    return same and ratio >= GOAL


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 MB of stdlib and the 130 KB English slice")
    parser.add_argument("--repeat", type=int, default=1, help="runs per encoder; the best time counts")
    args = parser.parse_args(argv)
    if args.quick:
        paths = {"stdlib": corpora.stdlib_prefix(), "english": corpora.english_slice()}
    else:
        paths = {"stdlib": corpora.stdlib_corpus(), "english": corpora.english_corpus()}
    # Build the reference once outside the timings (loading ranks is not encoding).
    get_encoding("gpt2")
    Tokenizer.from_tiktoken("gpt2")
    print(f"encode throughput, single process, GPT-2 ranks (goal: ours >= {GOAL}x tiktoken)")
    ok = True
    for name, path in paths.items():
        ok &= bench(name, path.read_text(encoding="utf-8"), args.repeat)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
