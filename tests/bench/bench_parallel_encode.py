"""Benchmark: a large file encoded on every core (``bpe encode --file``, :mod:`bpe_core.encoding.parallel_encode`)
against one process, with o200k_base's ranks, on the English (~11 MB) and stdlib (~31 MB) corpora of ``corpora.py``.

    $ python tests/bench/bench_parallel_encode.py [--processes N] [--repeat N]

Each figure is the median wall time of ``--repeat`` runs (a fresh tokenizer each time: cold caches, workers
started and the tokenizer loaded in each, all counted). Peer in the same run: tiktoken's ``encode_batch`` on the
same pieces with as many threads. Exit status 1 if any ids differ from one process's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpora  # noqa: E402  (tests/bench/corpora.py)

from bpe_core.encoding.parallel_encode import encode_in_processes, pieces  # noqa: E402
from bpe_core.encoding.reference import get_encoding  # noqa: E402
from bpe_core.encoding.tokenizer import Tokenizer  # noqa: E402

NAME = "o200k_base"


def median_seconds(run, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    encoding = get_encoding(NAME)
    same = True
    for label, path in (("english", corpora.english_corpus()), ("stdlib", corpora.stdlib_corpus())):
        same = measure(label, Path(path).read_text(encoding="utf-8"), encoding, args.processes, args.repeat) and same
    return 0 if same else 1


def measure(label: str, text: str, encoding, processes: int, repeat: int) -> bool:
    """Print one corpus's line; whether every way gave the same ids."""
    one, ids = median_seconds(lambda: Tokenizer.from_tiktoken(NAME).encode(text), repeat)
    many, parallel = median_seconds(
        lambda: encode_in_processes(NAME, None, Tokenizer.from_tiktoken(NAME), text, processes), repeat
    )
    parts = list(pieces(Tokenizer.from_tiktoken(NAME), text))
    peer, batches = median_seconds(
        lambda: encoding.encode_batch(parts, num_threads=processes, allowed_special="all"), repeat
    )
    size = len(text.encode("utf-8")) / 1e6
    print(
        f"{label:8s} {size:5.1f} MB | one process {one:6.2f} s | {processes} processes {many:6.2f} s "
        f"({one / many:.2f}x) | tiktoken encode_batch, {processes} threads {peer:6.2f} s | "
        f"ours/tiktoken {peer / many:.2f}x | ids {'identical' if parallel == ids else 'DIFFER'}"
    )
    return parallel == ids and [i for batch in batches for i in batch] == ids


if __name__ == "__main__":
    sys.exit(main())
