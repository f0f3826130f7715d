"""Benchmark: the encoding methods of one vocabulary (``greedy``, ``fewest``, ``dropout``) beside the tokenizer's own
encoding (``bpe``: tiktoken, in Rust) and our engine's BPE of the same ranks (``ours``: Python, the same
pre-tokenizer the methods use), o200k_base, 1 MB of real text that does not repeat (English prose, Chinese, Python).

    $ python tests/bench/bench_methods.py [--repeat N] [--megabytes M]

Each method runs in a fresh ``Methods`` (cold caches of cuts; the vocabulary's lookups built once) and its ids
are checked to decode to the text. Prints the median CPU seconds of ``--repeat`` runs and the ratio to ``bpe``.
Goal (issue 22): ``greedy`` and ``fewest`` within 3x of ``bpe``. Exit status 1 if a method does not decode to the
text or misses the goal.
"""

from __future__ import annotations

import argparse
import functools
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpora  # noqa: E402  (tests/bench/corpora.py)

from bpe_core.encoding.methods import Methods  # noqa: E402
from bpe_core.encoding.tokenizer import Tokenizer  # noqa: E402
from bpe_core.foreign import TiktokenTokenizer  # noqa: E402

GOAL = 3.0


def cpu_seconds(function) -> tuple[object, float]:
    gc.collect()
    started = time.process_time()
    result = function()
    return result, time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--megabytes", type=float, default=1.0)
    args = parser.parse_args()
    size = int(args.megabytes * 1e6)
    tokenizer = TiktokenTokenizer.reference("o200k_base")
    # The vocabulary's lookups are built once per tokenizer and kept (not timed, as tiktoken's own encoder is
    # built before its encode is timed): the token table, the token lengths by prefix, the compiled cuts and the
    # ranks dropout merges by (an older engine without some of them, for a before/after run, builds what it has).
    built = Methods(tokenizer)
    kept = ("ids", "_lengths_at", "_compiled", "_compiled_dropout", "_leaves_are_bytes")
    lookups = {name: getattr(built, name) for name in kept if hasattr(Methods, name)}
    print(f"compiled cuts: {'yes' if lookups.get('_compiled') is not None else 'no (Python cuts)'}")
    ok = True
    for name, path in (
        ("english", corpora.english_corpus()),
        ("chinese", corpora.chinese_corpus()),
        ("stdlib", corpora.stdlib_corpus()),
    ):
        text = path.read_bytes()[:size].decode("utf-8", errors="ignore")  # 1 MB of UTF-8, a character cut off
        megabytes = len(text.encode("utf-8")) / 1e6
        times: dict[str, list[float]] = {}
        for _ in range(args.repeat):
            for method in ("bpe", "greedy", "fewest", "dropout"):
                methods = Methods(tokenizer)  # cold caches of cuts
                methods.__dict__.update(lookups)
                ids, seconds = cpu_seconds(functools.partial(methods.encode, text, method, p=0.1, seed=1))
                if tokenizer.decode(ids) != text:
                    print(f"{name}: {method} does not decode to the text")
                    ok = False
                times.setdefault(method, []).append(seconds)
            ours = Tokenizer.from_tiktoken("o200k_base")  # a cold word cache
            ids, seconds = cpu_seconds(functools.partial(ours.encode, text))
            times.setdefault("ours", []).append(seconds)
        median = {method: statistics.median(values) for method, values in times.items()}
        cells = []
        for method, seconds in median.items():
            ratio = seconds / median["bpe"]
            cells.append(f"{method} {seconds:6.3f} s ({ratio:4.1f}x)")
            if method in ("greedy", "fewest") and ratio > GOAL:
                ok = False
        print(f"{name:8s} {megabytes:4.2f} MB | " + " | ".join(cells))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
