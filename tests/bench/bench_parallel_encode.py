"""Benchmark: a large text encoded on two cores (:mod:`bpe_core.encoding.parallel_encode`, ``bpe encode
--processes``) against one, on the stdlib (~31 MB) and English (~11 MB) corpora of ``corpora.py``, with o200k_base's
and GPT-2's ranks (issue 44's goal: two at least 1.8x one on 30 MB, ids identical), and tiktoken's own batch encode
on as many threads beside it.

    $ python tests/bench/bench_parallel_encode.py [--processes N] [--repeat N] [--names o200k_base,gpt2]
        [--corpora stdlib,english] [--ways one,shared,tiktoken,tiktoken1,whole,first,parts,machine]

Each run is a fresh process, the ways alternating in turn: the tokenizer is loaded and has encoded another text
(the Chinese corpus) before the clock starts, as in a program that uses it, so its cache is as warm as a user's.

- ``one``: ``Tokenizer.encode_array`` in this thread (the list ``encode`` gives is timed too);
- ``shared``: ``encode_array`` of parallel_encode on ``--processes`` cores: threads of this process where the
  compiled encoder is built (each with a cache of its own in the encoder), else worker processes;
- ``tiktoken``: tiktoken's ``encode_batch`` of the same pieces on as many threads (its peer), and ``tiktoken1``
  its ``encode`` of the whole text (special tokens allowed, as ours finds them);
- ``whole`` and ``first``: a whole program (``bpe encode`` before it prints) on one core and on ``--processes``: the
  clock runs from the program's first import;
- ``parts``: what ``shared`` would take with nothing to join: the text cut at safe points in as many parts as
  cores, each part encoded in one call (``encode_array``) by a thread of its own, started together; the ids are
  left in their parts (hashed in order after the clock). What is left between it and ``shared`` is the pieces'
  and the joining's own cost; what is left between it and 2x is this machine's (two cores that share the
  processor's last cache and memory, on a virtual machine's host) and the encoder's (each thread's cache of
  pre-tokens fills apart). Where the compiled encoder is not built, its threads share the interpreter (about one
  core's speed) while ``shared`` uses processes: the two are then not comparable;
- ``machine`` (and ``machine1``, run with it): what this machine gives two threads of work that reads almost no
  memory: SHA-256 of a 256 KB block (in each core's own cache; hashlib lets go of the interpreter's lock), 2,048
  times, shared out among ``--processes`` threads (``machine1``: all of it on one). Its ratio is the most any
  encoder could reach here at that moment (on a shared virtual machine it drifts); ``shared``'s ratio over it says
  how much of it ours reaches.

Figures are medians of ``--repeat`` runs in wall time (the point is two cores), with the load average; beside the
ratio of the medians, the median of each round's own ratio (``one`` and ``shared`` run one after the other: on a
shared machine whose speed drifts from minute to minute, the pairs differ less than the medians). ``--ways``
measures only some ways (``one`` and ``shared`` always). Exit status 1 if any ids differ from one core's, 130 on
Ctrl-C.
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
from bench_encode import _runs, at_least_one, chosen, run_rows  # noqa: E402

WAYS = ("one", "shared", "tiktoken", "tiktoken1", "whole", "first", "parts", "machine")
#: The ``machine`` ways' work: SHA-256 of a block this large, this many times in all.
MACHINE_BLOCK, MACHINE_ROUNDS = 1 << 18, 2048
#: The tokenizers it can measure (shipped patterns: the ones parallel_encode shares out) and the corpora.
NAMES = ("gpt2", "r50k_base", "cl100k_base", "o200k_base")
CORPORA = {"stdlib": corpora.stdlib_corpus, "english": corpora.english_corpus}


def child(way: str, name: str, path: str, processes: int) -> dict:
    """One timed run in this (fresh) process."""
    import numpy as np

    from bpe_core.encoding import parallel_encode
    from bpe_core.encoding.reference import get_encoding
    from bpe_core.encoding.tokenizer import Tokenizer

    if way in ("whole", "first"):
        return whole_program(way, name, path, processes)
    if way.startswith("machine"):
        return machine(processes if way == "machine" else 1)
    text = Path(path).read_text(encoding="utf-8")
    other = corpora.chinese_corpus().read_text(encoding="utf-8")
    if way.startswith("tiktoken"):
        encoding = get_encoding(name)
        encoding.encode(other, allowed_special="all")
        tokenizer = Tokenizer.from_tiktoken(name)  # only to cut the text as ours is
        bounds = parallel_encode.thread_cuts(tokenizer, text, processes)
        parts = [text[a:b] for a, b in zip(bounds, bounds[1:])]
    else:
        tokenizer = Tokenizer.from_tiktoken(name)
        tokenizer.encode_array(other)
    if way == "parts":
        bounds = parallel_encode.cuts(tokenizer, text, -(-len(text) // processes))
    started, cpu = time.perf_counter(), time.process_time()
    if way == "one":
        ids = tokenizer.encode_array(text)
    elif way == "shared":
        ids = parallel_encode.encode_array(name, None, tokenizer, text, processes)
    elif way == "parts":
        ids = in_parts(tokenizer, text, bounds)
    elif way == "tiktoken":
        batch = encoding.encode_batch(parts, num_threads=processes, allowed_special="all")
        ids = np.concatenate([np.asarray(part, np.uint32) for part in batch])
    else:
        ids = np.asarray(encoding.encode(text, allowed_special="all"), np.uint32)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    listed = None
    if way == "one":  # the list encode gives, after the array (its pre-tokens are all in the cache now)
        started = time.perf_counter()
        tokenizer.encode(text)
        listed = time.perf_counter() - started
    digest = hashlib.sha256()
    for part in ids if way == "parts" else [ids]:
        digest.update(np.asarray(part, np.uint32).tobytes())
    return {"seconds": seconds, "listed": listed, "cpu": cpu, "hash": digest.hexdigest()}


def in_parts(tokenizer, text: str, bounds: list[int]):
    """The ``parts`` way: ``text[bounds[k]:bounds[k + 1]]`` encoded by a thread each, at once; the parts' arrays,
    in order (a list of them: nothing joined)."""
    import threading

    parts: list = [None] * (len(bounds) - 1)

    def encode(k: int) -> None:
        parts[k] = tokenizer.encode_array(text, bounds[k], bounds[k + 1])

    threads = [threading.Thread(target=encode, args=(k,)) for k in range(1, len(parts))]
    for thread in threads:
        thread.start()
    encode(0)
    for thread in threads:
        thread.join()
    return parts


def machine(threads: int) -> dict:
    """The ``machine`` ways: MACHINE_ROUNDS hashes of a MACHINE_BLOCK-byte block shared out among ``threads``
    threads started together, timed (no ids: its hash is None)."""
    import threading

    block = bytes(MACHINE_BLOCK)
    shares = [MACHINE_ROUNDS // threads + (k < MACHINE_ROUNDS % threads) for k in range(threads)]

    def work(rounds: int) -> None:
        for _ in range(rounds):
            hashlib.sha256(block).digest()

    workers = [threading.Thread(target=work, args=(rounds,)) for rounds in shares[1:]]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    work(shares[0])
    for worker in workers:
        worker.join()
    return {"seconds": time.perf_counter() - started, "hash": None}


def whole_program(way: str, name: str, path: str, processes: int) -> dict:
    """What ``bpe encode NAME --file PATH [--processes N]`` does before printing: start the workers (``first``;
    none where the compiled encoder is built), load the tokenizer, read the text, encode it; timed from the start."""
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


def run(way: str, name: str, path: Path, processes: int) -> dict:
    command = [sys.executable, __file__, "--child", json.dumps([way, name, str(path), processes])]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=at_least_one("core"), default=2)
    parser.add_argument("--repeat", type=_runs, default=3, help="fresh-process runs per way; the median counts")
    parser.add_argument("--names", default="o200k_base,gpt2")
    parser.add_argument("--corpora", default="stdlib,english")
    parser.add_argument("--ways", default=",".join(WAYS), help="which ways, comma-separated (one and shared always)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*json.loads(args.child))))
        return 0
    from bpe_core import spawning

    try:  # (a number past the machine's would fail in each run's process, with its traceback)
        spawning.check_processes(args.processes)
    except ValueError as exc:
        parser.error(f"--processes: {exc}")
    asked = chosen(parser, "--ways", args.ways, WAYS, "way")
    ways = [way for way in WAYS if way in asked or way in ("one", "shared")]
    ways += ["machine1"] if "machine" in ways else []  # (its one thread, for the machine's own ratio)
    names = chosen(parser, "--names", args.names, NAMES, "name")
    labels = chosen(parser, "--corpora", args.corpora, CORPORA, "corpus", "corpora")

    def measure(row: tuple[str, str]) -> bool:
        label, name = row
        path = CORPORA[label]()
        runs: dict[str, list[dict]] = {way: [] for way in ways}
        for _ in range(args.repeat):
            for way in ways:
                runs[way].append(run(way, name, path, args.processes))
        return report(label, name, path, runs, args.processes)

    rows = [(label, name) for label in labels for name in names]
    title = f"a text on {args.processes} cores against one, fresh process per run, median of {args.repeat}"
    return run_rows("bench_parallel_encode", title, rows, measure)


def report(label: str, name: str, path: Path, runs: dict[str, list[dict]], processes: int) -> bool:
    """Print one line; whether every run gave the same ids."""

    def median(way: str, what: str = "seconds") -> float:
        return statistics.median(r[what] for r in runs[way])

    one, shared = median("one"), median("shared")
    paired = statistics.median(a["seconds"] / b["seconds"] for a, b in zip(runs["one"], runs["shared"]))
    same = len({r["hash"] for way in runs for r in runs[way] if r["hash"] is not None}) == 1
    print(
        f"{label:8s} {path.stat().st_size / 1e6:5.1f} MB {name:11s} | one core {one:5.2f} s, "
        f"{median('one', 'cpu'):5.2f} CPU-s (the list, encoded again: {median('one', 'listed'):5.2f} s) | "
        f"ids {'identical' if same else 'DIFFER'} | load {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    line = (
        f"    {processes} cores: {shared:5.2f} s = {one / shared:.2f}x one (goal 1.8x; paired: {paired:.2f}x), "
        f"{median('shared', 'cpu'):5.2f} CPU-s"
    )
    if "tiktoken" in runs and "tiktoken1" in runs:
        line += (
            f" | tiktoken: {median('tiktoken1'):5.2f} s on one, {median('tiktoken'):5.2f} s on {processes} threads: "
            f"ours {median('tiktoken') / shared:.2f}x its speed"
        )
    print(line, flush=True)
    if "parts" in runs:
        parts = median("parts")
        paired_parts = statistics.median(a["seconds"] / b["seconds"] for a, b in zip(runs["one"], runs["parts"]))
        reach = statistics.median(a["seconds"] / b["seconds"] for a, b in zip(runs["parts"], runs["shared"]))
        print(
            f"    nothing joined: {processes} parts, a thread each: {parts:5.2f} s = {one / parts:.2f}x one (paired: "
            f"{paired_parts:.2f}x); {processes} cores reach {parts / shared:.0%} of it (paired: {reach:.0%})",
            flush=True,
        )
    if "machine" in runs:
        alone = statistics.median(a["seconds"] / b["seconds"] for a, b in zip(runs["machine1"], runs["machine"]))
        print(
            f"    the machine itself: hashing on {processes} threads {median('machine1') / median('machine'):.2f}x one "
            f"(paired: {alone:.2f}x); {processes} cores reach {paired / alone:.0%} of it (paired ratios)",
            flush=True,
        )
    if "whole" in runs and "first" in runs:
        whole, first = median("whole"), median("first")
        print(f"    a whole program: one core {whole:5.2f} s, {processes} cores {first:5.2f} s ({whole / first:.2f}x)")
    return same


if __name__ == "__main__":
    sys.exit(main())
