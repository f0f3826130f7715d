"""Training benchmarks: bpe_core.train_bpe against its peers, measured side by side in one run.

    $ python tests/bench/bench_train.py            # 3 repetitions, full corpora (a few minutes)
    $ python tests/bench/bench_train.py --quick    # 1 repetition, a 3 MB stdlib prefix instead of 31 MB

Every timed thing runs in a fresh subprocess (no warm caches, no leftover memory). The child times only the
work itself (after imports); the parent samples the RSS of the child's whole process tree (child + its worker
processes) every 20 ms and keeps the peak of the sum. Summing RSS counts shared pages once per process, so the
figure is an upper bound. Medians over the repetitions are printed with ratios; targets come from issue 2.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpora  # noqa: E402

EOT = "<|endoftext|>"
SAMPLE_SECONDS = 0.02


# ---------------------------------------------------------------- children (run in a fresh interpreter)


def child_ours(job: dict) -> dict:
    from bpe_core import train_bpe

    start = time.perf_counter()
    vocab, merges = train_bpe(
        job["path"], job["vocab_size"], job["specials"], pattern=job["pattern"], processes=job["processes"]
    )
    seconds = time.perf_counter() - start
    if job.get("merges_out"):
        Path(job["merges_out"]).write_text(json.dumps([[a.hex(), b.hex()] for a, b in merges]))
    return {"seconds": seconds, "merges": len(merges), "vocab": len(vocab)}


def child_hf(job: dict) -> dict:
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    from bpe_core.gpt2_bytes import gpt2_to_bytes

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = trainers.BpeTrainer(
        vocab_size=job["vocab_size"],
        special_tokens=job["specials"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    start = time.perf_counter()
    tokenizer.train([job["path"]], trainer)
    seconds = time.perf_counter() - start
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    pairs = [m.split(" ") if isinstance(m, str) else m for m in merges]
    if job.get("merges_out"):
        out = [[gpt2_to_bytes(a).hex(), gpt2_to_bytes(b).hex()] for a, b in pairs]
        Path(job["merges_out"]).write_text(json.dumps(out))
    return {"seconds": seconds, "merges": len(pairs), "vocab": tokenizer.get_vocab_size()}


def child_counter(job: dict) -> dict:
    from collections import Counter

    data = Path(job["path"]).read_bytes()
    start = time.perf_counter()
    pairs = Counter(zip(data, data[1:]))
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "distinct_pairs": len(pairs)}


CHILDREN = {"ours": child_ours, "hf": child_hf, "counter": child_counter}


# ---------------------------------------------------------------- parent


def _tree_rss(proc: psutil.Process) -> int:
    """RSS of proc and all its descendants, in bytes (processes that vanish meanwhile count 0)."""
    total = 0
    try:
        family = [proc, *proc.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    for p in family:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total


def run_child(job: dict, threads: int) -> dict:
    """Run one job in a fresh interpreter; return its result plus peak_mb of the process tree."""
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads), PYTHONHASHSEED="0")
    cmd = [sys.executable, __file__, "--child", json.dumps(job)]
    popen = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    proc = psutil.Process(popen.pid)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss(proc))
            time.sleep(SAMPLE_SECONDS)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = popen.communicate()
    done.set()
    sampler.join()
    if popen.returncode != 0:
        raise RuntimeError(f"child {job['kind']} failed (exit {popen.returncode}):\n{err[-3000:]}")
    result = json.loads(out.strip().splitlines()[-1])
    result["peak_mb"] = peak / 1e6
    return result


def measure(job: dict, reps: int, threads: int = 2) -> dict:
    """Median seconds and max peak memory over reps fresh runs of job."""
    runs = [run_child(job, threads) for _ in range(reps)]
    summary = dict(runs[-1])
    summary["seconds"] = statistics.median(r["seconds"] for r in runs)
    summary["all_seconds"] = [r["seconds"] for r in runs]
    summary["peak_mb"] = max(r["peak_mb"] for r in runs)
    return summary


def first_merges_agreement(ours_file: Path, hf_file: Path, n: int = 1000) -> dict[str, int]:
    """How many of the first n merges agree, at the same rank and as sets; also after dropping merges that
    contain a newline from both lists (HF trains on each line separately, so those cannot agree)."""
    ours = [(bytes.fromhex(a), bytes.fromhex(b)) for a, b in json.loads(ours_file.read_text())]
    hf = [(bytes.fromhex(a), bytes.fromhex(b)) for a, b in json.loads(hf_file.read_text())]

    def no_newline(merges: list) -> list:
        return [m for m in merges if b"\n" not in m[0] + m[1]]

    def agree(a: list, b: list) -> tuple[int, int]:
        a, b = a[:n], b[:n]
        return sum(x == y for x, y in zip(a, b)), len(set(a) & set(b))

    (same, shared), (same_nl, shared_nl) = agree(ours, hf), agree(no_newline(ours), no_newline(hf))
    return {"same_rank": same, "shared": shared, "same_rank_no_newline": same_nl, "shared_no_newline": shared_nl}


def load() -> str:
    return "load avg %.2f %.2f %.2f" % os.getloadavg()


def row(name: str, ours: dict, peer: dict, peer_name: str, target: str, mem: bool = False) -> str:
    ratio = ours["seconds"] / peer["seconds"]
    runs = "/".join(f"{s:.2f}" for s in ours["all_seconds"])
    text = (
        f"{name:44} {ours['seconds']:9.3f} {peer['seconds']:9.3f}  {peer_name:8} {ratio:7.2f}x  {target:9}"
        f" ours runs {runs}"
    )
    if mem:
        text += f"; peak RSS ours {ours['peak_mb']:.0f} MB (target <= 500), {peer_name} {peer['peak_mb']:.0f} MB"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 repetition, 3 MB stdlib prefix")
    parser.add_argument("--reps", type=int, help="repetitions per measurement (default 3, 1 with --quick)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        job = json.loads(args.child)
        print(json.dumps(CHILDREN[job["kind"]](job)))
        return 0

    reps = args.reps or (1 if args.quick else 3)
    stdlib = corpora.stdlib_prefix() if args.quick else corpora.stdlib_corpus()
    english = corpora.english_slice()
    chinese = corpora.chinese_corpus()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {reps} repetition(s), median shown")
    print(f"corpora: stdlib {stdlib.stat().st_size:,} B, english slice {english.stat().st_size:,} B, "
          f"chinese {chinese.stat().st_size:,} B")
    print(f"start: {load()}")
    lines = []
    header = f"{'benchmark':44} {'ours s':>9} {'peer s':>9}  {'peer':8} {'ratio':>8}  {'target':9}"

    with tempfile.TemporaryDirectory() as tmp:
        ours_merges, hf_merges = Path(tmp, "ours.json"), Path(tmp, "hf.json")
        big = {"path": str(stdlib), "vocab_size": 10_000, "specials": [EOT]}
        ours = measure({**big, "kind": "ours", "pattern": "gpt2", "processes": 2,
                        "merges_out": str(ours_merges)}, reps)
        hf = measure({**big, "kind": "hf", "merges_out": str(hf_merges)}, reps, threads=2)
        size_mb = stdlib.stat().st_size / 1e6
        lines.append(row(f"stdlib {size_mb:.1f} MB, vocab 10000, 2 proc", ours, hf, "HF", "<= 0.8x", mem=True))
        agreement = first_merges_agreement(ours_merges, hf_merges)
        merge_note = (
            f"first 1000 merges vs HF (informational): {agreement['same_rank']} identical at the same rank, "
            f"{agreement['shared']} shared as a set; without merges containing '\\n': "
            f"{agreement['same_rank_no_newline']} same rank, {agreement['shared_no_newline']} shared "
            f"(ours {ours['merges']} merges, HF {hf['merges']}; HF trains line by line, does not split out "
            f"<|endoftext|> while training, and breaks ties differently)"
        )
        print(f"after stdlib: {load()}")

        small = {"path": str(english), "vocab_size": 500, "specials": []}
        hf_small = measure({**small, "kind": "hf"}, reps, threads=2)
        for processes in (1, 2):
            ours_small = measure({**small, "kind": "ours", "pattern": "gpt2", "processes": processes}, reps)
            lines.append(row(f"english 130 KB, vocab 500, {processes} proc", ours_small, hf_small, "HF",
                             "< 0.2 s"))

        counter = measure({"kind": "counter", "path": str(chinese)}, reps)
        for merges in (1_000, 5_000):
            job = {"kind": "ours", "path": str(chinese), "vocab_size": 256 + merges, "specials": [],
                   "pattern": "none", "processes": 1}
            ours_zh = measure(job, reps)
            lines.append(row(f"chinese {chinese.stat().st_size / 1e6:.1f} MB, none, {merges} merges, 1 proc",
                             ours_zh, counter, "Counter", "<= 10x" if merges == 1_000 else "(info)", mem=True))

    print()
    print(header)
    print("\n".join(lines))
    print(merge_note)
    print(f"end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
