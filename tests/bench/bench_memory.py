"""Peak memory of training with ``pattern="none"``, in bytes per corpus byte (issue 14: target <= 16).

    $ python tests/bench/bench_memory.py            # English 11 MB, Chinese 4 MB, mixed ~40 MB; 2,000 merges
    $ python tests/bench/bench_memory.py --quick    # English and Chinese only

Each case trains in a fresh interpreter; the figure is that process's RSS high-water mark
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``), the whole process: Python, numpy and our modules included. The
child also reports its high-water mark after the imports (the baseline) and the seconds spent training, and the
peer, HF ``tokenizers`` training the same file to the same vocabulary size (byte-level pre-tokenization: it
has no ``none`` mode), is measured the same way in the same run. The mixed corpus repeats the English and
Chinese ones with a different separator line each time, and is written once to ``.corpora/``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpora

TARGET = 16.0
MIXED_BYTES = 40_000_000


def _peak() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def child_ours(job: dict) -> dict:
    from bpe_core import train_bpe

    baseline = _peak()
    start = time.perf_counter()
    _, merges = train_bpe(job["path"], job["vocab_size"], pattern="none", processes=1)
    return {"seconds": time.perf_counter() - start, "peak": _peak(), "baseline": baseline, "merges": len(merges)}


def child_hf(job: dict) -> dict:
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = trainers.BpeTrainer(
        vocab_size=job["vocab_size"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False
    )
    baseline = _peak()
    start = time.perf_counter()
    tokenizer.train([job["path"]], trainer)
    return {"seconds": time.perf_counter() - start, "peak": _peak(), "baseline": baseline}


CHILDREN = {"ours": child_ours, "hf": child_hf}


def run_child(job: dict) -> dict:
    env = dict(os.environ, RAYON_NUM_THREADS="2")
    done = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps(job)], capture_output=True, text=True, env=env, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"child {job['kind']} failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def mixed_corpus(english: Path, chinese: Path) -> Path:
    """English and Chinese repeated to ~40 MB, each copy after its own separator line (built once)."""
    path = english.parent / "mixed_40mb.txt"
    if path.exists():
        return path
    parts = [english.read_bytes(), chinese.read_bytes()]
    size, copy = 0, 0
    with open(path.with_suffix(".tmp"), "wb") as out:
        while size < MIXED_BYTES:
            separator = f"\n{'=-*#~'[copy % 5] * (copy % 7 + 3)} part {copy} {'·' * (copy % 3)}\n".encode()
            size += out.write(separator) + out.write(parts[copy % 2])
            copy += 1
    os.replace(path.with_suffix(".tmp"), path)
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="English and Chinese only")
    parser.add_argument("--merges", type=int, default=2_000)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        job = json.loads(args.child)
        print(json.dumps(CHILDREN[job["kind"]](job)))
        return 0

    english, chinese = corpora.english_corpus(), corpora.chinese_corpus()
    cases = [("english", english), ("chinese", chinese)]
    if not args.quick:
        cases.append(("mixed", mixed_corpus(english, chinese)))
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load avg "
        + "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    )
    print(
        f"pattern none, {args.merges:,} merges; peak RSS of the whole training process per corpus byte "
        f"(target <= {TARGET:g}); 'above' leaves out the baseline after imports"
    )
    print(
        f"{'corpus':9} {'MB':>6} {'ours MB':>8} {'B/B':>6} {'above':>6} {'ours s':>7}"
        f" {'HF MB':>7} {'HF B/B':>7} {'HF s':>6} {'mem ratio':>9}"
    )
    for name, path in cases:
        size = path.stat().st_size
        job = {"path": str(path), "vocab_size": 256 + args.merges}
        ours = run_child({**job, "kind": "ours"})
        hf = run_child({**job, "kind": "hf"})
        per_byte = ours["peak"] / size
        print(
            f"{name:9} {size / 1e6:6.1f} {ours['peak'] / 1e6:8.0f} {per_byte:6.1f} "
            f"{(ours['peak'] - ours['baseline']) / size:6.1f} {ours['seconds']:7.2f} {hf['peak'] / 1e6:7.0f} "
            f"{hf['peak'] / size:7.1f} {hf['seconds']:6.2f} {ours['peak'] / hf['peak']:8.2f}x"
            f"  {'ok' if per_byte <= TARGET else 'OVER TARGET'}"
        )
    print("end: load avg {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
