"""Benchmark: our Tokenizer's encode versus tiktoken's, single process, each run in a fresh process.

    $ python tests/bench/bench_encode.py [--quick] [--repeat N] [--before] [--array]

Rows (corpora built and cached by ``corpora.py``; ``apt-get download`` fetches the Debian packages they come from):

- ``stdlib``   the Python standard library's sources (~31 MB), GPT-2 ranks;
- ``english``  the Python documentation's prose (~11 MB), GPT-2 ranks;
- ``chinese``  Chinese prose (~4 MB), o200k ranks;
- ``pairs``    the English prose with a trained-style tokenizer: GPT-2's vocabulary and merges under the ``pairs``
  rule (what a tokenizer we trained uses); tiktoken encodes the same text with GPT-2's ranks, for the speed;
- with ``--rows all``, beyond the goal: ``code-o200k`` and ``english-cl100k`` (the newer tokenizers) and
  ``latin-o200k`` (the English prose as a Latin-1 text, an é every ~50 characters: ``corpora.latin_corpus``) and
  ``european-o200k`` (real German prose, Debian's translated manual pages: ``corpora.european_corpus``) and
  ``novel-o200k`` (Chinese prose as a novel has it: the 红楼梦 the app ships, ``corpora.novel_corpus``).

Each run is a new process (cold caches: the pre-token cache starts empty, as for a user's first encode), the
encoders alternating run by run; the median CPU time of the runs counts (wall time beside it: a shared machine
disturbs it more). The ids are compared by their digest: ours equal tiktoken's (the rank rows) and equal the Python
path's (``--before``: the same tokenizer without the compiled encoder, the code before it, whose time is shown too).
The load average is printed before and after. Goal (issue 44): ours >= 8x tiktoken. Exit status 1 if ids differ.

``--array``: the ids as one uint32 array, no Python int per token: our ``Tokenizer.encode_array`` beside tiktoken's
``encode_to_numpy`` (what counting tokens, the board and the workers need); the digests are the lists' (as int64).
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
from array import array
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpora  # noqa: E402  (tests/bench/corpora.py)

GOAL = 8.0  # issue 44: eight times tiktoken's single-process throughput
#: row -> (corpus, tiktoken encoding, our merge rule)
ROWS = {
    "stdlib": ("stdlib", "gpt2", "ranks"),
    "english": ("english", "gpt2", "ranks"),
    "chinese": ("chinese", "o200k_base", "ranks"),
    "pairs": ("english", "gpt2", "pairs"),
    # beyond issue 44's goal rows (--rows all): the newer tokenizers, and a text past ASCII
    "code-o200k": ("stdlib", "o200k_base", "ranks"),
    "english-cl100k": ("english", "cl100k_base", "ranks"),
    "latin-o200k": ("latin", "o200k_base", "ranks"),
    "european-o200k": ("european", "o200k_base", "ranks"),
    "novel-o200k": ("novel", "o200k_base", "ranks"),
}
GOAL_ROWS = ("stdlib", "english", "chinese", "pairs")
QUICK = {
    "stdlib": "stdlib_prefix",
    "english": "english_slice",
    "chinese": "chinese_corpus",
    "latin": "latin_corpus",
    "european": "european_corpus",
    "novel": "novel_corpus",
}


def corpus_path(name: str, quick: bool) -> Path:
    return getattr(corpora, QUICK[name] if quick else f"{name}_corpus")()


def loaded(encoder: str, encoding: str, rule: str, to_array: bool = False):
    """``encoder``'s encode (``ours``, ``python`` or ``tiktoken``) of ``encoding`` under ``rule``, loaded and built as
    a first encode finds it, and the CPU seconds our compiled tables took to build (0 for tiktoken)."""
    if to_array:
        import numpy  # noqa: F401  (imported before the clock starts, for both encoders)
    if encoder == "tiktoken":
        from bpe_core.encoding.reference import get_encoding

        tiktoken_encoding = get_encoding(encoding)

        def encode(text: str):
            if to_array:
                return tiktoken_encoding.encode_to_numpy(text, allowed_special="all")
            return tiktoken_encoding.encode(text, allowed_special="all")

        return encode, 0.0
    from bpe_core.encoding.tokenizer import Tokenizer

    tok = Tokenizer.from_tiktoken(encoding)
    if rule == "pairs":
        tok = Tokenizer(tok.vocab, tok.merges, tok.special_tokens, pattern=tok.pattern, merge_rule="pairs")
    if encoder == "python":
        tok.__dict__["_compiled"] = None  # the Python path: the code before the compiled encoder
    build = time.process_time()
    tok._compiled  # noqa: B018  (built on first use: its cost is shown apart)
    return (tok.encode_array if to_array else tok.encode), time.process_time() - build


def run_one(encoder: str, path: str, encoding: str, rule: str, to_array: bool = False) -> dict:
    """In a fresh process: load (untimed, as tiktoken's encoding; our compiled tables' build is timed apart), encode
    once (timed); the CPU and wall seconds, the build's CPU seconds and the ids' digest."""
    text = Path(path).read_text(encoding="utf-8")
    encode, build = loaded(encoder, encoding, rule, to_array)
    wall, cpu = time.perf_counter(), time.process_time()
    ids = encode(text)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if to_array:
        import numpy

        digest = hashlib.sha256(numpy.asarray(ids, numpy.int64).tobytes()).hexdigest()[:16]
    else:
        digest = hashlib.sha256(array("q", ids).tobytes()).hexdigest()[:16]
    return {"cpu": cpu, "wall": wall, "build": build, "digest": digest, "tokens": len(ids)}


def fresh(encoder: str, path: Path, encoding: str, rule: str, to_array: bool) -> dict:
    command = [sys.executable, __file__, "--one", encoder, str(path), encoding, rule] + ["--array"] * to_array
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def bench(row: str, path: Path, repeat: int, before: bool, to_array: bool = False) -> bool:
    _, encoding, rule = ROWS[row]
    size_mb = path.stat().st_size / 1e6
    encoders = ["tiktoken", "ours"] + (["python"] if before else [])
    runs: dict[str, list[dict]] = {name: [] for name in encoders}
    for _ in range(repeat):
        for name in encoders:
            runs[name].append(fresh(name, path, encoding, rule, to_array and name != "python"))
    median = {
        name: (statistics.median(r["cpu"] for r in got), statistics.median(r["wall"] for r in got))
        for name, got in runs.items()
    }
    digests = {name: {r["digest"] for r in got} for name, got in runs.items()}
    same_python = not before or digests["ours"] == digests["python"]
    same_tiktoken = digests["ours"] == digests["tiktoken"]
    same = same_python and (same_tiktoken or rule == "pairs")
    (cpu, wall), (cpu_tiktoken, wall_tiktoken) = median["ours"], median["tiktoken"]
    build = statistics.median(r["build"] for r in runs["ours"])
    line = (
        f"{row + ' array' * to_array:14s} {encoding:10s} {size_mb:5.1f} MB {runs['ours'][0]['tokens']:>11,d} tokens | "
        f"ours {size_mb / cpu:6.1f} MB/s (cpu {cpu:5.2f} s, wall {wall:5.2f} s; tables {build:4.2f} s once) | "
        f"tiktoken {size_mb / cpu_tiktoken:5.1f} MB/s (cpu {cpu_tiktoken:5.2f} s) | "
        f"ratio {cpu_tiktoken / cpu:5.2f}x (wall {wall_tiktoken / wall:5.2f}x)"
    )
    if before:
        cpu_python = median["python"][0]
        line += f" | before {size_mb / cpu_python:5.1f} MB/s = {cpu_tiktoken / cpu_python:4.2f}x"
    check = "same as tiktoken" if same_tiktoken else "differ from tiktoken"
    if before:
        check += ", same as the Python path" if same_python else ", DIFFER from the Python path"
    print(f"{line} | ids {check}", flush=True)
    return same


def at_least_one(noun: str):
    """An argparse type for a number of ``noun``: a whole number of at least 1 (argparse's message otherwise).

    >>> at_least_one("core")("2")
    2
    """

    def number(value: str) -> int:
        try:
            count = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
        if count < 1:
            raise argparse.ArgumentTypeError(f"{count}: at least one {noun}")
        return count

    return number


#: A number of runs (``--repeat``).
_runs = at_least_one("run")


def chosen(parser, option: str, given: str, known, noun: str, plural: str | None = None, every: bool = False):
    """The comma-separated values ``given`` of ``option``, each one of ``known`` (with ``every``, ``all`` is every
    one); else argparse's error naming those that are not (status 2, before anything runs).

    >>> chosen(argparse.ArgumentParser(), "--rows", "english,stdlib", ROWS, "row")
    ['english', 'stdlib']
    """
    values = list(known) if every and given == "all" else given.split(",")
    unknown = [value for value in values if value not in known]
    if unknown:
        said = f"{option}: no {noun} {', '.join(map(repr, unknown))}; the {plural or noun + 's'} are {', '.join(known)}"
        parser.error(said + (", or all" if every else ""))
    return values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 MB of stdlib, the 130 KB English slice")
    parser.add_argument("--repeat", type=_runs, default=3, help="fresh-process runs per encoder; the median counts")
    parser.add_argument("--before", action="store_true", help="also the Python path (the code before _encode)")
    parser.add_argument("--rows", default=",".join(GOAL_ROWS), help="which rows, comma-separated, or all")
    parser.add_argument("--array", action="store_true", help="uint32 arrays: encode_array and encode_to_numpy")
    parser.add_argument("--one", nargs=4, metavar=("ENCODER", "PATH", "ENCODING", "RULE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rows = chosen(parser, "--rows", args.rows, ROWS, "row", every=True)
    if args.one:
        print(json.dumps(run_one(*args.one, to_array=args.array)))
        return 0
    title = f"encode, single process, fresh process per run, median of {args.repeat} (goal: ours >= {GOAL}x tiktoken)"
    return run_rows(
        "bench_encode",
        title,
        rows,
        lambda row: bench(row, corpus_path(ROWS[row][0], args.quick), args.repeat, args.before, args.array),
    )


def run_rows(name: str, title: str, rows: list, measure) -> int:
    """A benchmark's body: its title and the load average, ``measure(row)`` for each row (False: its outputs
    differed), the load again. 0, 1 if a row's outputs differed, 2 if a corpus cannot be built (no ``apt-get``: its
    reason, no traceback), 130 on Ctrl-C ("<name>: interrupted")."""
    ok = True
    try:  # (from the first line: Ctrl-C at any moment ends it so)
        print(title)
        print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()), flush=True)
        for row in rows:
            ok &= measure(row)
    except KeyboardInterrupt:  # (the run's process ended with it: subprocess.run kills its child)
        print(f"{name}: interrupted", file=sys.stderr)
        return 130
    except corpora.CorpusBuildError as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 2
    print("load average after:  {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
