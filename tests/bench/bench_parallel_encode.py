"""Benchmark: a large text encoded by two processes (:mod:`bpe_core.encoding.parallel_encode`, ``bpe encode
--processes``) against one, on the stdlib (~31 MB) and English (~11 MB) corpora of ``corpora.py``, with o200k_base's
and GPT-2's ranks (issue 44's goal: two processes at least 1.8x one on 30 MB, ids identical).

    $ python tests/bench/bench_parallel_encode.py [--processes N] [--repeat N] [--names o200k_base,gpt2]
        [--corpora stdlib,english]

Each run is a fresh process, the ways alternating in turn: the tokenizer is loaded and has encoded another text
(the Chinese corpus) before the clock starts, as in a program that uses it, so its cache is as warm as a user's.

- ``one``: ``Tokenizer.encode`` in this process, its ids made an array of unsigned 32-bit numbers (what the board
  and the audit count with; the list alone is given too);
- ``warm``: ``encode_array`` with its workers started and holding the tokenizer (they encoded the Chinese text too);
- ``whole`` and ``first``: a whole program (``bpe encode`` before it prints) in one process and in two: the
  workers are started first (forked from the engine's server) and load the tokenizer while this process loads its
  own and reads the text; the clock runs from the program's first import.

Figures are medians of ``--repeat`` runs in wall time (the point is two cores), with the load average; exit status
1 if any ids differ from one process's.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpora  # noqa: E402  (tests/bench/corpora.py)

WAYS = ("one", "warm", "whole", "first")


def child(way: str, name: str, path: str, processes: int) -> dict:
    """One timed run in this (fresh) process."""
    from bpe_core import spawning
    from bpe_core.encoding import parallel_encode
    from bpe_core.encoding.tokenizer import Tokenizer

    if way in ("whole", "first"):
        return whole_program(way, name, path, processes)
    text = Path(path).read_text(encoding="utf-8")
    other = corpora.chinese_corpus().read_text(encoding="utf-8")
    tokenizer = Tokenizer.from_tiktoken(name)
    tokenizer.encode(other)
    spawning.warm_up()
    if way == "warm":
        parallel_encode.start_workers(name, None, processes)
        for connection in parallel_encode._kept.connections:
            connection.poll(120)  # loaded: it says so
        parallel_encode.encode_array(name, None, tokenizer, other, processes)
    listed = None
    workers = _worker_seconds(parallel_encode)
    started, cpu = time.perf_counter(), time.process_time()
    if way == "one":
        ids = tokenizer.encode(text)
        listed = time.perf_counter() - started
        ids = parallel_encode.ids_array(ids)
    else:
        ids = parallel_encode.encode_array(name, None, tokenizer, text, processes)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    worked = [after - workers.get(pid, 0.0) for pid, after in _worker_seconds(parallel_encode).items()]
    return {
        "seconds": seconds,
        "listed": listed,
        "cpu": cpu,
        "longest_cpu": max([cpu, *worked]),
        "all_cpu": cpu + sum(worked),
        "ids": len(ids),
        "hash": hashlib.sha256(ids.tobytes()).hexdigest(),
    }


def whole_program(way: str, name: str, path: str, processes: int) -> dict:
    """What ``bpe encode NAME --file PATH [--processes N]`` does before printing: start the workers (``first``),
    load the tokenizer, read the text, encode it; timed from the start."""
    started = time.perf_counter()
    from bpe_core.encoding import parallel_encode
    from bpe_core.formats import load_any

    if way == "first":
        parallel_encode.start_workers(name, None, processes)
    tokenizer = load_any(name)
    text = Path(path).read_text(encoding="utf-8")
    if way == "first":
        ids = parallel_encode.encode_array(name, None, tokenizer, text, processes)
    else:
        ids = parallel_encode.ids_array(tokenizer.encode(text))
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "ids": len(ids), "hash": hashlib.sha256(ids.tobytes()).hexdigest()}


def _worker_seconds(parallel_encode) -> dict[int, float]:
    """CPU seconds each kept worker has used so far (from /proc: they are not this process's children)."""
    kept = parallel_encode._kept
    if kept is None:
        return {}
    found = {}
    for process in kept.processes:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        found[process.pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def run(way: str, name: str, path: Path, processes: int) -> dict:
    command = [sys.executable, __file__, "--child", json.dumps([way, name, str(path), processes])]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--names", default="o200k_base,gpt2")
    parser.add_argument("--corpora", default="stdlib,english")
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*json.loads(args.child))))
        return 0
    same = True
    built = {"stdlib": corpora.stdlib_corpus, "english": corpora.english_corpus}
    for label, path in ((label, built[label]()) for label in args.corpora.split(",")):
        for name in args.names.split(","):
            runs: dict[str, list[dict]] = {way: [] for way in WAYS}
            for _ in range(args.repeat):
                for way in WAYS:
                    runs[way].append(run(way, name, path, args.processes))
            same = report(label, name, path, runs, args.processes) and same
    return 0 if same else 1


def report(label: str, name: str, path: Path, runs: dict[str, list[dict]], processes: int) -> bool:
    """Print one line; whether every run gave the same ids."""

    def median(way: str, what: str) -> float:
        return statistics.median(r[what] for r in runs[way])

    one, one_cpu = median("one", "seconds"), median("one", "cpu")
    same = len({r["hash"] for way in WAYS for r in runs[way]}) == 1
    print(
        f"{label:8s} {path.stat().st_size / 1e6:5.1f} MB {name:11s} | one process {one:5.2f} s, "
        f"{one_cpu:5.2f} CPU-s (list {median('one', 'listed'):5.2f} s) | ids {'identical' if same else 'DIFFER'} | "
        f"load {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    longest = median("warm", "longest_cpu")
    print(
        f"    {processes} processes, warm: {median('warm', 'seconds'):5.2f} s ({one / median('warm', 'seconds'):.2f}x"
        f" in wall time); CPU-s {median('warm', 'all_cpu'):5.2f} in all, the busiest process {longest:5.2f} "
        f"(one process's CPU over the busiest's: {one_cpu / longest:.2f}x)",
        flush=True,
    )
    whole, first = median("whole", "seconds"), median("first", "seconds")
    print(
        f"    a whole program: one process {whole:5.2f} s, {processes} processes {first:5.2f} s ({whole / first:.2f}x)"
    )
    return same


if __name__ == "__main__":
    sys.exit(main())
