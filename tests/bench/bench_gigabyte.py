"""A gigabyte corpus (issue 12): wall time and peak memory of all processes together, 1 and 2 processes, beside HF.

    $ python tests/bench/bench_gigabyte.py                 # ~1 GB, vocab 32,000, gpt2 pattern
    $ python tests/bench/bench_gigabyte.py --gigabytes 0.2 # a smaller run
    $ python tests/bench/bench_gigabyte.py --corpus linux.txt --runs 3 --two-only  # a real corpus, medians

The corpus is the stdlib and English bench corpora repeated, their documents joined by varied separators (a line
break, a blank line, a space, a tab), until it reaches the size asked for; it is written to
``tests/bench/.corpora/gigabyte/`` (never committed). Each job runs ``train_bpe(path, 32000, ["<|endoftext|>"],
processes=N)`` in a fresh interpreter (HF ``tokenizers``' BpeTrainer with ``RAYON_NUM_THREADS=N`` as the peer);
the parent samples the RSS of the job's whole process tree every 20 ms and keeps the peak of the sum (an upper
bound: shared pages count once per process). Target (issue 44): peak ≤ 1 GB; printed: wall seconds, MB/s, peak MB, the
ratio to HF, and the scaling from 1 to 2 processes; also the CPU seconds of the whole process tree (sampled with the
memory: on a shared machine the wall time says more about the others' load than about us). ``--corpus`` takes a
real file instead (repeated text flatters every cache: the Linux sources, ``corpora.linux_gigabyte()``), ``--runs
N`` prints the median of N runs of each job, and the machine's load average is printed first (the machine is
shared).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpora
from bench_corpus_shapes import run_child

EOT = "<|endoftext|>"
VOCAB = 32_000
SEPARATORS = ("\n", "\n\n", " ", "\t")


def build(gigabytes: float) -> Path:
    """The corpus of ``gigabytes`` GB (reused if already built)."""
    target = int(gigabytes * 1e9)
    path = corpora.CACHE / "gigabyte" / f"corpus-{gigabytes:g}GB.txt"
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    sources = [corpora.stdlib_corpus(), corpora.english_corpus()]
    documents = [doc for p in sources for doc in p.read_text(encoding="utf-8").split(EOT) if doc.strip()]
    written, i = 0, 0
    partial = path.with_suffix(".partial")
    with open(partial, "w", encoding="utf-8", newline="") as f:
        while written < target:
            for doc in documents:
                chunk = doc.strip() + SEPARATORS[i % len(SEPARATORS)] + (EOT + "\n" if i % 7 == 0 else "")
                f.write(chunk)
                written += len(chunk.encode("utf-8"))
                i += 1
                if written >= target:
                    break
    partial.replace(path)
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gigabytes", type=float, default=1.0)
    parser.add_argument("--corpus", type=Path, help="a real text file to train on instead of the built corpus")
    parser.add_argument("--runs", type=int, default=1, help="runs of each job; the median is printed")
    parser.add_argument("--two-only", action="store_true", help="skip our 1-process job")
    parser.add_argument("--no-peer", action="store_true", help="skip HF tokenizers")
    args = parser.parse_args()
    path = args.corpus or build(args.gigabytes)
    size = path.stat().st_size
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"corpus {path.name}: {size / 1e6:,.0f} MB; vocab {VOCAB:,}, gpt2 pattern; load average {load}")
    results = {}
    jobs = ([] if args.two_only else [("ours", 1)]) + [("ours", 2)] + ([] if args.no_peer else [("hf", 2)])
    for who, processes in jobs:
        runs = [
            run_child({"kind": who, "processes": processes, "path": str(path), "vocab": VOCAB})
            for _ in range(args.runs)
        ]
        result = {**runs[0], **{key: statistics.median(r[key] for r in runs) for key in ("seconds", "mb", "cpu")}}
        results[who, processes] = result
        print(
            f"  {who:4s} {processes} proc  {result['seconds']:7.1f} s  {size / 1e6 / result['seconds']:6.1f} MB/s  "
            f"CPU {result['cpu']:7.1f} s  peak {result['mb']:7.0f} MB  ({result['count']:,} merges "
            f"{result['merges']})  runs: " + ", ".join(f"{r['seconds']:.1f} s (CPU {r['cpu']:.1f} s)" for r in runs),
            flush=True,
        )
    ours2 = results["ours", 2]
    if ("ours", 1) in results:
        print(f"scaling 1 -> 2 processes: {results['ours', 1]['seconds'] / ours2['seconds']:.2f}x faster")
    if ("hf", 2) in results:
        hf = results["hf", 2]
        print(
            f"ours / HF at 2 processes: {ours2['seconds'] / hf['seconds']:.2f}x time, "
            f"{ours2['cpu'] / hf['cpu']:.2f}x CPU"
        )
    peak = max(r["mb"] for (who, _), r in results.items() if who == "ours")
    print(f"peak memory of ours, all processes: {peak:,.0f} MB (target <= 1,000: {'OK' if peak <= 1000 else 'MISSED'})")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":  # guard required: counting spawns worker processes that import this file
    sys.exit(main())
