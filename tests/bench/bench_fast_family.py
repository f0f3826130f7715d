"""Llama 3's and Qwen 2's patterns on the compiled path: training and encoding, this code against another checkout.

    $ python tests/bench/bench_fast_family.py --before /tmp/pat-before          # 3 runs of each, alternating
    $ python tests/bench/bench_fast_family.py --before /tmp/pat-before --rows encode --repeat 5

Each job runs in a fresh interpreter with ``PYTHONPATH`` set to one checkout (this one, or ``--before``'s, with
``--resources`` after it). An encode reports its own CPU seconds (``time.process_time`` around the call); a
training, the CPU seconds of its whole process tree (the program's start included), sampled by this process. Runs
alternate between the checkouts (and tiktoken); the medians are printed with the load average.

- ``train``: ``train_bpe`` (what ``bpe train`` runs) on the 31.5 MB stdlib corpus (``corpora.py``), ``--pattern``
  llama3 and qwen2, 2 processes, vocabulary 8,192; the merges' hash must be the same in both checkouts.
- ``encode``: an own tokenizer (trained once on the English corpus with llama3, 8,192 tokens, saved under
  ``.corpora``) encodes the 11 MB English corpus, with either merge rule; tiktoken with the same ranks and pattern
  is the peer of the ``ranks`` rule. The ids' hash must agree.
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

import psutil

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import corpora  # noqa: E402

TOKENIZER = HERE / ".corpora" / "llama3_english_8192.json"


def child_train(job: dict) -> dict:
    from bpe_core import train_bpe

    _, merges = train_bpe(job["path"], 8192, ["<|endoftext|>"], pattern=job["pattern"], processes=2)
    return {"hash": hashlib.sha256(repr(merges).encode()).hexdigest()[:12]}


def _own_tokenizer(rule: str):
    from bpe_core.encoding.tokenizer import Tokenizer

    saved = json.loads(TOKENIZER.read_text())
    vocab = {int(i): bytes.fromhex(b) for i, b in saved["vocab"].items()}
    merges = [(bytes.fromhex(a), bytes.fromhex(b)) for a, b in saved["merges"]]
    return Tokenizer(vocab, merges, pattern="llama3", merge_rule=rule)


def child_encode(job: dict) -> dict:
    text = Path(job["path"]).read_text(encoding="utf-8")
    if job["encoder"] == "tiktoken":
        import tiktoken

        from bpe_core.pretokenize.patterns import LLAMA3

        saved = json.loads(TOKENIZER.read_text())
        ranks = {bytes.fromhex(b): int(i) for i, b in saved["vocab"].items()}
        encoding = tiktoken.Encoding("own-llama3", pat_str=LLAMA3, mergeable_ranks=ranks, special_tokens={})
        cpu = time.process_time()
        ids = encoding.encode_ordinary(text)
    else:
        tokenizer = _own_tokenizer(job["rule"])
        cpu = time.process_time()
        ids = tokenizer.encode(text)
    cpu = time.process_time() - cpu
    return {"cpu": cpu, "hash": hashlib.sha256(repr(ids).encode()).hexdigest()[:12], "tokens": len(ids)}


def make_tokenizer() -> None:
    """Train the encode rows' tokenizer once (this checkout) and save it as hex JSON."""
    if TOKENIZER.exists():
        return
    from bpe_core import train_bpe

    vocab, merges = train_bpe(str(corpora.english_corpus()), 8192, [], pattern="llama3", processes=2)
    saved = {"vocab": {i: b.hex() for i, b in vocab.items()}, "merges": [[a.hex(), b.hex()] for a, b in merges]}
    TOKENIZER.write_text(json.dumps(saved))


def run(job: dict, root: str, resources: str) -> dict:
    """Run ``job`` in a fresh interpreter on ``root``'s code. A training's CPU seconds are those of its whole process
    tree (the worker processes and the forkserver too), each process's last reading, taken every 10 ms."""
    env = dict(os.environ, PYTHONPATH=f"{root}:{resources}", PYTHONHASHSEED="0")
    command = [sys.executable, __file__, "--child", json.dumps(job)]
    started = time.perf_counter()
    # in the checkout's folder: a forkserver's interpreter (-c) puts its working folder before PYTHONPATH
    popen = subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    tree, seen = psutil.Process(popen.pid), {}
    while popen.poll() is None:
        try:
            family = [tree, *tree.children(recursive=True)]
        except psutil.NoSuchProcess:
            break
        for process in family:
            try:
                seen[process.pid] = sum(process.cpu_times()[:2])
            except psutil.NoSuchProcess:
                pass
        time.sleep(0.01)
    out, err = popen.communicate()
    if popen.returncode:
        raise RuntimeError(f"{job} under {root} failed:\n{err[-3000:]}")
    result = json.loads(out.strip().splitlines()[-1])
    result["wall"] = time.perf_counter() - started
    result.setdefault("cpu", sum(seen.values()))
    return result


def measure(name: str, jobs: dict[str, tuple[dict, str]], repeat: int, resources: str) -> None:
    """Run each of ``jobs`` (label -> (job, checkout)) ``repeat`` times, alternating; print the medians."""
    results: dict[str, list[dict]] = {label: [] for label in jobs}
    loads = []
    for _ in range(repeat):
        for label, (job, root) in jobs.items():
            results[label].append(run(job, root, resources))
            loads.append(os.getloadavg()[0])
    for label, runs in results.items():
        cpus = "/".join(f"{r['cpu']:.2f}" for r in runs)
        hashes = sorted({r["hash"] for r in runs})
        median, wall = statistics.median(r["cpu"] for r in runs), statistics.median(r["wall"] for r in runs)
        print(f"{name:28} {label:12} {median:7.2f} s CPU (runs {cpus}), process {wall:.2f} s wall, {','.join(hashes)}")
    print(f"{name:28} load {min(loads):.1f}-{max(loads):.1f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the other checkout (its bpe_core and built extensions)")
    parser.add_argument("--resources", default=os.environ.get("BPE_RESOURCES_DIR", "/work/res-pat"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rows", default="train,encode")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        job = json.loads(args.child)
        print(json.dumps((child_train if job["kind"] == "train" else child_encode)(job)))
        return 0
    if not args.before:
        parser.error("--before: the checkout to compare with is needed")
    here = str(ROOT)
    if "train" in args.rows:
        stdlib = str(corpora.stdlib_corpus())
        for pattern in ("llama3", "qwen2"):
            job = {"kind": "train", "path": stdlib, "pattern": pattern}
            measure(
                f"train 31.5 MB {pattern}",
                {"before": (job, args.before), "after": (job, here)},
                args.repeat,
                args.resources,
            )
    if "encode" in args.rows:
        make_tokenizer()
        english = str(corpora.english_corpus())
        jobs = {}
        for rule in ("pairs", "ranks"):
            job = {"kind": "encode", "path": english, "encoder": "ours", "rule": rule}
            jobs[f"{rule} before"] = (job, args.before)
            jobs[f"{rule} after"] = (job, here)
        jobs["tiktoken"] = ({"kind": "encode", "path": english, "encoder": "tiktoken"}, here)
        measure("encode 11 MB English llama3", jobs, args.repeat, args.resources)
    return 0


if __name__ == "__main__":
    sys.exit(main())
