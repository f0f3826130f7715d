"""Training benchmarks: bpe_core.train_bpe against its peers, measured side by side in one run.

    $ python tests/bench/bench_train.py            # 3 repetitions, full corpora (a few minutes)
    $ python tests/bench/bench_train.py --quick    # 1 repetition, a 3 MB stdlib prefix instead of 31 MB

Every timed thing runs in a fresh subprocess (no warm caches, no leftover memory). The child times only the
work itself (after imports); the parent samples the RSS of the child's whole process tree (child + its worker
processes) every 20 ms and keeps the peak of the sum. Summing RSS counts shared pages once per process, so the
figure is an upper bound. The machine may be shared: wall-time ratios are the targets, and CPU seconds (user +
system, workers included) are printed beside them as a load-robust cross-check. Jobs compared with each other
alternate run by run. Medians over the repetitions are printed with ratios; targets come from issue 2.
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


def _cpu_seconds() -> float:
    """User + system CPU of this process and of its children, living or reaped: the finished worker processes, and
    the forkserver with the workers it forked and reaped (bpe_core.spawning)."""
    me = psutil.Process()
    total = sum(me.cpu_times()[:4])  # user, system, and the same of the reaped children
    for child in me.children():
        try:
            total += sum(child.cpu_times()[:4])
        except psutil.NoSuchProcess:
            pass  # it ended since: reaped, or about to be
    return total


def child_ours(job: dict) -> dict:
    from bpe_core import train_bpe

    cpu, start = _cpu_seconds(), time.perf_counter()
    vocab, merges = train_bpe(
        job["path"], job["vocab_size"], job["specials"], pattern=job["pattern"], processes=job["processes"]
    )
    seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
    if job.get("merges_out"):
        Path(job["merges_out"]).write_text(json.dumps([[a.hex(), b.hex()] for a, b in merges]))
    return {"seconds": seconds, "cpu": cpu, "merges": len(merges), "vocab": len(vocab)}


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
    cpu, start = _cpu_seconds(), time.perf_counter()
    tokenizer.train([job["path"]], trainer)
    seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    pairs = [m.split(" ") if isinstance(m, str) else m for m in merges]
    if job.get("merges_out"):
        out = [[gpt2_to_bytes(a).hex(), gpt2_to_bytes(b).hex()] for a, b in pairs]
        Path(job["merges_out"]).write_text(json.dumps(out))
    return {"seconds": seconds, "cpu": cpu, "merges": len(pairs), "vocab": tokenizer.get_vocab_size()}


def child_counter(job: dict) -> dict:
    from collections import Counter

    data = Path(job["path"]).read_bytes()
    cpu, start = _cpu_seconds(), time.perf_counter()
    pairs = Counter(zip(data, data[1:]))
    seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
    return {"seconds": seconds, "cpu": cpu, "distinct_pairs": len(pairs)}


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


def measure(jobs: list[dict], reps: int) -> list[dict]:
    """Run each job reps times in fresh subprocesses, alternating between the jobs so that load from other
    programs hits them alike; return per job the median seconds, all seconds and the max peak memory.
    All jobs get 2 threads (RAYON_NUM_THREADS=2 for HF)."""
    runs: list[list[dict]] = [[] for _ in jobs]
    for _ in range(reps):
        for job, job_runs in zip(jobs, runs):
            job_runs.append(run_child(job, threads=2))
    summaries = []
    for job_runs in runs:
        summary = dict(job_runs[-1])
        summary["seconds"] = statistics.median(r["seconds"] for r in job_runs)
        summary["cpu"] = statistics.median(r["cpu"] for r in job_runs)
        summary["all_seconds"] = [r["seconds"] for r in job_runs]
        summary["peak_mb"] = max(r["peak_mb"] for r in job_runs)
        summaries.append(summary)
    return summaries


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
    return "load avg {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def row(name: str, ours: dict, peer: dict, peer_name: str, target: str, mem: bool = False) -> str:
    """One table line: median wall seconds, their ratio, median CPU seconds (all processes), all runs."""
    runs = "/".join(f"{s:.2f}" for s in ours["all_seconds"])
    peer_runs = "/".join(f"{s:.2f}" for s in peer["all_seconds"])
    wall_ratio, cpu_ratio = ours["seconds"] / peer["seconds"], ours["cpu"] / peer["cpu"]
    text = (
        f"{name:42} {ours['seconds']:8.3f} {peer['seconds']:8.3f} {peer_name:8} {wall_ratio:6.2f}x {target:8}"
        f" {ours['cpu']:8.2f} {peer['cpu']:8.2f} {cpu_ratio:8.2f}x   runs {runs} vs {peer_runs}"
    )
    if mem:
        text += f"; peak RSS ours {ours['peak_mb']:.0f} MB (target <= 500), {peer_name} {peer['peak_mb']:.0f} MB"
    return text


HEADER = (
    f"{'benchmark':42} {'ours s':>8} {'peer s':>8} {'peer':8} {'ratio':>7} {'target':8}"
    f" {'ours cpu':>8} {'peer cpu':>8} {'cpu ratio':>9}"
)


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
    print(
        f"corpora: stdlib {stdlib.stat().st_size:,} B, english slice {english.stat().st_size:,} B, "
        f"chinese {chinese.stat().st_size:,} B"
    )
    print(f"start: {load()}")
    lines = []

    with tempfile.TemporaryDirectory() as tmp:
        ours_merges, hf_merges = Path(tmp, "ours.json"), Path(tmp, "hf.json")
        big = {"path": str(stdlib), "vocab_size": 10_000, "specials": [EOT]}
        ours, hf = measure(
            [
                {**big, "kind": "ours", "pattern": "gpt2", "processes": 2, "merges_out": str(ours_merges)},
                {**big, "kind": "hf", "merges_out": str(hf_merges)},
            ],
            reps,
        )
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
        hf_small, *ours_small_runs = measure(
            [{**small, "kind": "hf"}] + [{**small, "kind": "ours", "pattern": "gpt2", "processes": p} for p in (1, 2)],
            reps,
        )
        for processes, ours_small in zip((1, 2), ours_small_runs):
            lines.append(row(f"english 130 KB, vocab 500, {processes} proc", ours_small, hf_small, "HF", "< 0.2 s"))

        zh_jobs = [
            {
                "kind": "ours",
                "path": str(chinese),
                "vocab_size": 256 + merges,
                "specials": [],
                "pattern": "none",
                "processes": 1,
            }
            for merges in (1_000, 5_000)
        ]
        counter, *ours_zh_runs = measure([{"kind": "counter", "path": str(chinese)}, *zh_jobs], reps)
        for merges, ours_zh in zip((1_000, 5_000), ours_zh_runs):
            lines.append(
                row(
                    f"chinese {chinese.stat().st_size / 1e6:.1f} MB, none, {merges} merges, 1 proc",
                    ours_zh,
                    counter,
                    "Counter",
                    "<= 10x" if merges == 1_000 else "(info)",
                    mem=True,
                )
            )

    print()
    print(HEADER)
    print("\n".join(lines))
    print(merge_note)
    print(f"end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
