"""Corpus shapes (issue 14): the same words with line breaks, on one line, and joined by single spaces.

    $ python tests/bench/bench_corpus_shapes.py            # ~33 MB (the English corpus three times), 1 repetition
    $ python tests/bench/bench_corpus_shapes.py --quick    # ~5.5 MB (half the English corpus)

Three files hold the same words: ``lines`` is the English bench corpus as it is (289 k line breaks); ``one-line``
is the same text with every line break removed (a minified file); ``spaces`` has every run of white space
replaced by one space (text joined by spaces). Each is trained with ``train_bpe(path, 1000, ["<|endoftext|>"],
processes=N)`` for N = 1 and 2 (a small vocabulary, so reading and counting dominate) and with HF
``tokenizers``' BpeTrainer (RAYON_NUM_THREADS=N) as the peer, each in a fresh subprocess; the parent samples the
RSS of the child's whole process tree (workers included) and keeps the peak of the sum. Printed: wall seconds,
peak MB, and the ratios one-line / lines and spaces / lines (target <= 1.3 for both). Merges for 1 and 2
processes must be identical (checked). The files are built in ``tests/bench/.corpora/shapes/`` (never committed).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpora
from bench_train import _tree_rss

EOT = "<|endoftext|>"
VOCAB = 1_000
TARGET = 1.3
SHAPES = ("lines", "one-line", "spaces")


def build(copies: float) -> dict[str, Path]:
    """Write the three shapes of ``copies`` times the English corpus; reuse them if already there."""
    english = corpora.english_corpus().read_text(encoding="utf-8")
    text = (english * int(copies + 1))[: int(len(english) * copies)]
    text = text[: text.rfind("\n") + 1]
    folder = corpora.CACHE / "shapes"
    folder.mkdir(parents=True, exist_ok=True)
    makers = {
        "lines": lambda t: t,
        "one-line": lambda t: t.replace("\n", ""),
        "spaces": lambda t: re.sub(r"\s+", " ", t),
    }
    paths = {}
    for shape, make in makers.items():
        path = folder / f"{shape}-{copies:g}.txt"
        if not path.exists():
            path.with_suffix(".partial").write_text(make(text), encoding="utf-8", newline="")
            path.with_suffix(".partial").replace(path)
        paths[shape] = path
    return paths


# ---------------------------------------------------------------- children (run in a fresh interpreter)


def child_ours(job: dict) -> dict:
    from bpe_core import train_bpe

    start = time.perf_counter()
    _, merges = train_bpe(job["path"], job.get("vocab", VOCAB), [EOT], processes=job["processes"])
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "merges": hashlib.sha256(repr(merges).encode()).hexdigest()[:12], "count": len(merges)}


def child_hf(job: dict) -> dict:
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = trainers.BpeTrainer(
        vocab_size=job.get("vocab", VOCAB),
        special_tokens=[EOT],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    start = time.perf_counter()
    tokenizer.train([job["path"]], trainer)
    return {"seconds": time.perf_counter() - start, "merges": "", "count": len(tokenizer.get_vocab()) - 257}


CHILDREN = {"ours": child_ours, "hf": child_hf}


# ---------------------------------------------------------------- parent


def run_child(job: dict) -> dict:
    """One job in a fresh interpreter (``job["kind"]``: "ours" or "hf"; ``job["vocab"]`` defaults to 1,000); its
    result plus the peak RSS (MB) of its process tree, sampled every 20 ms."""
    env = dict(os.environ, RAYON_NUM_THREADS=str(job["processes"]), PYTHONHASHSEED="0")
    popen = subprocess.Popen(
        [sys.executable, __file__, "--child", json.dumps(job)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    proc, peak, done = psutil.Process(popen.pid), [0], threading.Event()
    cpu: dict[int, float] = {}  # each process's CPU seconds when last seen (it is gone after that)

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], _tree_rss(proc))
            _tree_cpu(proc, cpu)
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = popen.communicate()
    done.set()
    sampler.join()
    if popen.returncode != 0:
        raise RuntimeError(f"{job} failed (exit {popen.returncode}):\n{err[-3000:]}")
    return {**json.loads(out.strip().splitlines()[-1]), "mb": peak[0] / 1e6, "cpu": sum(cpu.values())}


def _tree_cpu(proc: psutil.Process, cpu: dict[int, float]) -> None:
    """Note the CPU seconds (user + system) of ``proc`` and of every process under it, by process id."""
    with contextlib.suppress(psutil.Error):  # the job has ended
        family = [proc, *proc.children(recursive=True)]
        for p in family:
            with contextlib.suppress(psutil.Error):
                times = p.cpu_times()
                cpu[p.pid] = times.user + times.system


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="half the English corpus instead of three times it")
    parser.add_argument("--no-peer", action="store_true", help="skip HF tokenizers")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        job = json.loads(args.child)
        print(json.dumps(CHILDREN[job["kind"]](job)))
        return 0

    paths = build(0.5 if args.quick else 3)
    kinds = ("ours",) if args.no_peer else ("ours", "hf")
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, vocab {VOCAB}, gpt2 pattern, load avg "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    for shape, path in paths.items():
        breaks = path.read_bytes().count(b"\n")
        print(f"  {shape:9} {path.stat().st_size:>12,} B  {breaks:>8,} line breaks  {path}")
    results = {}
    for processes in (1, 2):  # shapes alternate, so that load from other programs hits them alike
        for kind in kinds:
            for shape in SHAPES:
                results[kind, shape, processes] = result = run_child(
                    {"kind": kind, "path": str(paths[shape]), "processes": processes}
                )
                print(f"  {kind:4} {shape:9} {processes} proc  {result['seconds']:7.2f} s  {result['mb']:6.0f} MB")
    print(
        f"\n{'who':4} {'shape':9} {'proc':>4} {'seconds':>8} {'peak MB':>8} {'time/lines':>10} {'MB/lines':>9}"
        f"  target <= {TARGET}"
    )
    for kind in kinds:
        for processes in (1, 2):
            base = results[kind, "lines", processes]
            for shape in SHAPES:
                r = results[kind, shape, processes]
                print(
                    f"{kind:4} {shape:9} {processes:>4} {r['seconds']:8.2f} {r['mb']:8.0f}"
                    f" {r['seconds'] / base['seconds']:9.2f}x {r['mb'] / base['mb']:8.2f}x"
                )
    for shape in SHAPES:
        one, two = results["ours", shape, 1]["merges"], results["ours", shape, 2]["merges"]
        if one != two:
            raise SystemExit(f"{shape}: merges differ between 1 and 2 processes ({one} vs {two})")
    print(
        "merges identical for 1 and 2 processes on every shape; load avg "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
