"""How long from starting a training run to its first record, with the engine's processes forked from a preloaded
server (``bpe_core.spawning``, forkserver on Linux) against Python's ``spawn`` (a fresh interpreter each time, what
the engine did before and what macOS and Windows do)?

Each start method runs in a fresh program of its own, alternating, ``--repeat`` times: the first run of a program
includes starting the server (for the forkserver); the later runs are what a user who trains again, or a test
suite, meets. The run trains a few merges on a small text, so the time is the process's start, not the training.
Printed: medians in milliseconds, and the ratio ours / spawn.

    $ python tests/bench/bench_process_start.py [--runs 8] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

CHILD = """
import json, multiprocessing, sys, time
from bpe_core import spawning
from bpe_core.training.process import Corpus, Failed, Finished, TrainConfig, TrainingJob, TrainingProcess
if sys.argv[1] == "spawn":
    spawning.context = lambda: multiprocessing.get_context("spawn")
method = spawning.context().get_start_method()
job = TrainingJob(TrainConfig(300, processes=1), Corpus(text="the quick brown fox jumps over the lazy dog " * 50))
first, whole = [], []
for _ in range(int(sys.argv[2])):
    started = time.perf_counter()
    with TrainingProcess(job) as run:
        for record in run.messages(poll_seconds=0.001):
            if len(first) == len(whole):  # this run's first record
                first.append(time.perf_counter() - started)
            if isinstance(record, (Finished, Failed)):
                assert isinstance(record, Finished), record
                break
    whole.append(time.perf_counter() - started)
print(json.dumps({"method": method, "first": first, "whole": whole}))
"""


def run(method: str, runs: int) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, method, str(runs)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8, help="training runs per program")
    parser.add_argument("--repeat", type=int, default=3, help="programs per start method, alternating")
    args = parser.parse_args()
    results: dict[str, list[dict]] = {"spawn": [], "ours": []}
    for _ in range(args.repeat):
        for name in results:
            results[name].append(run(name, args.runs))
    method = results["ours"][0]["method"]
    print(f"ours: {method}; {args.repeat} programs each, {args.runs} training runs in each")
    rows = [
        ("first run of a program, to its first record", lambda r: r["first"][:1]),
        ("first run of a program, to its end", lambda r: r["whole"][:1]),
        ("later runs, to the first record", lambda r: r["first"][1:]),
        ("later runs, to the end", lambda r: r["whole"][1:]),
    ]
    for label, pick in rows:
        spawn = statistics.median(t for r in results["spawn"] for t in pick(r)) * 1000
        ours = statistics.median(t for r in results["ours"] for t in pick(r)) * 1000
        print(f"{label:46} spawn {spawn:6.1f} ms · ours {ours:6.1f} ms · ours/spawn {ours / spawn:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
