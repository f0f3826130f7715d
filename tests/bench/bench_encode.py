"""Benchmark: our Tokenizer's encode versus tiktoken's, single process, GPT-2 ranks, same text, same run.

    $ python tests/bench/bench_encode.py [--quick] [--repeat N]

For each corpus (stdlib sources ~31 MB, English prose ~11 MB; built and cached by ``corpora.py``) it encodes with
a fresh ``Tokenizer.from_tiktoken("gpt2")`` (cold pre-token cache) and with ``tiktoken``'s ``encode`` built from
the same shipped ranks, alternating run by run, and prints throughputs (CPU time of this process, which a busy
machine disturbs less than wall time; wall time beside it) and the ratio ours/tiktoken.
Goal (issue 25): ratio >= 1.0. Exit status 1 if the ids differ or a ratio is below the goal.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpora  # noqa: E402  (tests/bench/corpora.py)

from bpe_core.encoding.reference import get_encoding  # noqa: E402
from bpe_core.encoding.tokenizer import Tokenizer  # noqa: E402

GOAL = 1.0  # issue 25: at least tiktoken's single-thread throughput


def timed(function):
    """``function()``'s result, wall seconds and CPU seconds of this process."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    result = function()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def bench(name: str, text: str, repeat: int) -> bool:
    """Alternate tiktoken and ours run by run (so a busy machine slows both alike); the best run of each counts."""
    size_mb = len(text.encode("utf-8")) / 1e6
    encoding = get_encoding("gpt2")
    best = {"ours": (float("inf"),) * 2, "tiktoken": (float("inf"),) * 2}
    for _ in range(repeat):
        theirs, wall, cpu = timed(lambda: encoding.encode(text, allowed_special="all"))
        best["tiktoken"] = min(best["tiktoken"], (cpu, wall))
        # A fresh tokenizer per run: the pre-token cache starts cold every time.
        ours, wall, cpu = timed(lambda: Tokenizer.from_tiktoken("gpt2").encode(text))
        best["ours"] = min(best["ours"], (cpu, wall))
        same = ours == theirs
        if not same:
            break
    (cpu_ours, wall_ours), (cpu_theirs, wall_theirs) = best["ours"], best["tiktoken"]
    ratio = cpu_theirs / cpu_ours
    print(
        f"{name:8s} {size_mb:5.1f} MB {len(ours):>11,d} tokens | ours {size_mb / cpu_ours:5.2f} MB/s "
        f"(cpu {cpu_ours:5.2f} s, wall {wall_ours:5.2f} s) | tiktoken {size_mb / cpu_theirs:5.2f} MB/s "
        f"(cpu {cpu_theirs:5.2f} s, wall {wall_theirs:5.2f} s) | ratio {ratio:4.2f}x "
        f"(wall {wall_theirs / wall_ours:4.2f}x)"
        f" | ids {'identical' if same else 'DIFFER'}"
    )
    if not same:
        first = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        print(f"  first difference at token {first}; lengths {len(ours)} vs {len(theirs)}", file=sys.stderr)
    return same and ratio >= GOAL


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 MB of stdlib and the 130 KB English slice")
    parser.add_argument("--repeat", type=int, default=5, help="runs per encoder; the best CPU time counts")
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
