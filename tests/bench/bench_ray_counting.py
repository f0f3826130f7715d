"""Counting on Ray beside the local process pool (issue 24), on real text that does not repeat: the C sources and
docs of Linux 6.1 (``corpora.kernel_corpus``, built on first use from Debian's ``linux-source-6.1``).

    $ python tests/bench/bench_ray_counting.py [--megabytes 1000] [--repeat 3]

Prints, for the same CPUs: the local pool's and Ray's wall seconds (median of ``--repeat`` runs; Ray started once,
outside the timing, as a cluster would be), their ratio (target ≤ 1.3x), Ray at 1 and 2 CPUs (scaling), the peak
memory of all processes of this machine's job (sampled every 50 ms), and how the distinct pre-tokens grow with the
corpus (10 MB to the whole), for docs/scaling.md. Counts are checked equal.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpora  # noqa: E402
import psutil  # noqa: E402
import ray  # noqa: E402

from bpe_core.corpus.counting import count_pieces  # noqa: E402
from bpe_core.corpus.ray_counting import count_on_ray  # noqa: E402
from bpe_core.corpus.reader import CorpusInfo, CorpusReader  # noqa: E402
from bpe_core.pretokenize.specials import SpecialSplitter  # noqa: E402

PATTERN = "gpt2"


def pieces(path: Path, limit: int | None = None):
    reader = CorpusReader(pattern=PATTERN, splitter=SpecialSplitter([]))
    done = 0
    for piece in reader.pieces_of_files([path], CorpusInfo()):
        yield piece
        done += len(piece)
        if limit is not None and done >= limit:
            return


class PeakMemory:
    """The peak RSS of every process on the machine started since (Ray's raylets and workers included)."""

    def __init__(self):
        self.before = {p.pid for p in psutil.process_iter()}
        self.peak, self._stop = 0, threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self):
        me = psutil.Process()
        while not self._stop.wait(0.05):
            total = me.memory_info().rss
            for p in psutil.process_iter(["memory_info"]):
                if p.pid not in self.before and p.info["memory_info"] is not None:
                    total += p.info["memory_info"].rss
            self.peak = max(self.peak, total)

    def stop(self) -> float:
        self._stop.set()
        self._thread.join()
        return self.peak / 1e6


def timed(function):
    memory = PeakMemory()
    started = time.perf_counter()
    result = function()
    return result, time.perf_counter() - started, memory.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    path = corpora.kernel_corpus(args.megabytes)
    size = path.stat().st_size / 1e6
    print(f"corpus: {path.name}, {size:,.0f} MB")

    local_runs = [timed(lambda: count_pieces(pieces(path), pattern=PATTERN, special_tokens=(), processes=2))]
    for _ in range(args.repeat - 1):
        local_runs.append(timed(lambda: count_pieces(pieces(path), pattern=PATTERN, special_tokens=(), processes=2)))
    local = local_runs[0][0]
    results = {"local pool, 2 processes": local_runs}
    for cpus in (1, 2):
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        runs = [
            timed(lambda: count_on_ray(pieces(path), pattern=PATTERN, special_tokens=())) for _ in range(args.repeat)
        ]
        ray.shutdown()
        if runs[0][0].words != local.words:
            print("Ray's counts differ from the local counts")
            return 1
        results[f"Ray, {cpus} CPU{'s' if cpus > 1 else ''}"] = runs
    medians = {name: statistics.median(r[1] for r in runs) for name, runs in results.items()}
    for name, runs in results.items():
        peak = max(r[2] for r in runs)
        print(f"{name:24s} {medians[name]:7.2f} s  {size / medians[name]:6.1f} MB/s  peak {peak:,.0f} MB")
    print(f"Ray / local at 2 CPUs: {medians['Ray, 2 CPUs'] / medians['local pool, 2 processes']:.2f}x (target <= 1.3x)")
    print(f"Ray scaling 1 -> 2 CPUs: {medians['Ray, 1 CPU'] / medians['Ray, 2 CPUs']:.2f}x")

    print("distinct pre-tokens by corpus size (Heaps' law, for docs/scaling.md):")
    for megabytes in (10, 30, 100, 300, args.megabytes):
        if megabytes > args.megabytes:
            continue
        counts = count_pieces(pieces(path, megabytes * 1_000_000), pattern=PATTERN, special_tokens=(), processes=2)
        total = sum(counts.words.values())
        print(f"  {megabytes:>5} MB: {len(counts.words):>10,} distinct of {total:>12,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
