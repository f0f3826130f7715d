"""Benchmark: the X-ray of a whole corpus (``bpe vocab ENCODING --xray --text FILE``), each run in a fresh process.

    $ python tests/bench/bench_xray.py [--rows chinese,stdlib,english] [--repeat N] [--tree OTHER_CHECKOUT]

Rows (corpora built and cached by ``corpora.py``): ``chinese`` (~4 MB, o200k: whole clauses, the longest words to
trace), ``stdlib`` (~31 MB of code, GPT-2), ``english`` (~11 MB of prose, cl100k). Each run is the ``bpe`` command
itself in a new process: its CPU seconds (its own and its encode worker's), its wall seconds (it counts the
text's words on two threads) and its peak memory (the largest process's). Beside it, as the scale of the same text,
tiktoken's encode of the corpus in a fresh process (the X-ray encodes, counts and traces every distinct word: the
ratio says how many encodes' worth it costs). ``--tree``: the same command run by another checkout's ``bpe_core``
(the code before a change), alternating run by run; the two outputs are compared byte for byte (exit status 1 if
they differ). Medians of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import corpora  # noqa: E402  (tests/bench/corpora.py)
from bench_encode import _runs, chosen, run_rows  # noqa: E402  (the same check of --repeat, the same body)

#: row -> (corpus, encoding)
ROWS = {"chinese": ("chinese", "o200k_base"), "stdlib": ("stdlib", "gpt2"), "english": ("english", "cl100k_base")}


def run_one(tree: str, path: str, encoding: str) -> dict:
    """In a fresh process: the X-ray command by the ``bpe_core`` of ``tree`` (its output kept as a digest), or
    tiktoken's encode of the text (tree ``tiktoken``); CPU seconds of this process and its children, peak RSS."""
    started = time.perf_counter()
    if tree == "tiktoken":
        import tiktoken  # noqa: F401  (imported before the clock: as the command's imports are not timed apart)

        from bpe_core.encoding.reference import get_encoding

        text, encoding_ = Path(path).read_text(encoding="utf-8"), get_encoding(encoding)
        cpu = time.process_time()
        digest = hashlib.sha256(str(len(encoding_.encode(text, disallowed_special=()))).encode()).hexdigest()
        cpu = time.process_time() - cpu
    else:
        command = [sys.executable, "-m", "bpe_core", "vocab", encoding, "--xray", "--text", path]
        env = {**os.environ, "PYTHONPATH": tree}
        done = subprocess.run(command, capture_output=True, env=env, cwd=tree, check=False)
        if done.returncode:
            raise SystemExit(f"{' '.join(command)} (in {tree}) failed:\n{done.stderr.decode()[-3000:]}")
        digest = hashlib.sha256(done.stdout).hexdigest()
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = usage.ru_utime + usage.ru_stime
    peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return {"cpu": cpu, "wall": time.perf_counter() - started, "peak_mb": peak / 1024, "digest": digest}


def fresh(tree: str, path: Path, encoding: str) -> dict:
    """One run (:func:`run_one`) in a process group of its own: on Ctrl-C, whether the terminal's (to this group) or
    this process's alone, the run and the bpe command it started get it too, and are waited for."""
    command = [sys.executable, __file__, "--one", tree, str(path), encoding]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        stdout, stderr = child.communicate()
    except KeyboardInterrupt:
        with contextlib.suppress(ProcessLookupError):  # (the run and its group may have ended already)
            os.killpg(child.pid, signal.SIGINT)
        try:
            child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
        raise
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{stderr[-3000:]}")
    return json.loads(stdout.splitlines()[-1])


def bench(row: str, repeat: int, other: str | None) -> bool:
    corpus, encoding = ROWS[row]
    path = getattr(corpora, f"{corpus}_corpus")()
    size_mb = path.stat().st_size / 1e6
    trees = ["tiktoken", str(ROOT)] + ([other] if other else [])
    runs: dict[str, list[dict]] = {tree: [] for tree in trees}
    for _ in range(repeat):
        for tree in trees:
            runs[tree].append(fresh(tree, path, encoding))
    cpu = {tree: statistics.median(r["cpu"] for r in got) for tree, got in runs.items()}
    wall = {tree: statistics.median(r["wall"] for r in got) for tree, got in runs.items()}
    peak = {tree: statistics.median(r["peak_mb"] for r in got) for tree, got in runs.items()}
    ours = str(ROOT)
    line = (
        f"{row:8s} {encoding:11s} {size_mb:5.1f} MB | X-ray cpu {cpu[ours]:6.2f} s, wall {wall[ours]:6.2f} s, "
        f"peak {peak[ours]:5.0f} MB "
        f"= {cpu[ours] / cpu['tiktoken']:5.1f} tiktoken encodes ({cpu['tiktoken']:.2f} s)"
    )
    same = True
    if other:
        digests = {tree: {r["digest"] for r in runs[tree]} for tree in (ours, other)}
        same = len(digests[ours] | digests[other]) == 1
        line += (
            f" | --tree: cpu {cpu[other]:6.2f} s, wall {wall[other]:6.2f} s, peak {peak[other]:5.0f} MB, this one"
            f" {cpu[ours] / cpu[other]:.2f}x its CPU, {wall[ours] / wall[other]:.2f}x its wall"
            f" | outputs {'the same' if same else 'DIFFER'}"
        )
    print(line, flush=True)
    return same


def _tree(value: str) -> str:
    """A checkout with a ``bpe_core`` package (argparse's message otherwise). One without its own compiled encoder
    is said so on stderr: an editable install of this project lends its compiled modules to a checkout that has
    none, so "before" would measure this checkout's C, not that one's."""
    path = Path(value).resolve()
    if not (path / "bpe_core" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(f"{value}: no bpe_core package there (a checkout of this project)")
    if not any(name.suffix in (".so", ".pyd") for name in (path / "bpe_core").glob("_encode*")):
        print(
            f"note: {value} has no compiled encoder of its own (bpe_core/_encode*.so): it may borrow an installed"
            " one; build it there first (pip wheel, or setup.py build_ext --inplace) to measure that checkout's",
            file=sys.stderr,
        )
    return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default=",".join(ROWS), help="which rows, comma-separated")
    parser.add_argument("--repeat", type=_runs, default=3, help="fresh-process runs each; the median counts")
    parser.add_argument("--tree", type=_tree, help="another checkout run alike (before a change), outputs compared")
    parser.add_argument("--one", nargs=3, metavar=("TREE", "PATH", "ENCODING"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rows = chosen(parser, "--rows", args.rows, ROWS, "row")
    if args.one:
        print(json.dumps(run_one(*args.one)))
        return 0
    title = f"X-ray of a corpus, fresh process per run, median of {args.repeat}"
    return run_rows("bench_xray", title, rows, lambda row: bench(row, args.repeat, args.tree))


if __name__ == "__main__":
    sys.exit(main())
