"""Benchmark: our encode beside the fastest compiled tokenizers published as Python libraries, and tiktoken, each
on the same single core, each run in a fresh process.

    $ pip install gigatoken rs-bpe      # the peers (not the project's dependencies; a missing one is said so)
    $ python tests/bench/bench_peers.py [--rows chinese,english,stdlib] [--repeat N] [--quick]
    $ python tests/bench/bench_peers.py --distinct [--rows ...]   # each row's distinct words only: first sights
    $ python tests/bench/bench_peers.py --text FILE [--encoding o200k_base]   # a text of your own, one row
    $ python tests/bench/bench_peers.py --tree CHECKOUT   # ours from another checkout beside, as "before"
    $ python tests/bench/bench_peers.py --warm   # also each one's third encode of the same text (its cache full)

Issue 44 asks for "the speed of the fastest compiled tokenizers". Its anchors, side by side on this machine:

- ``gigatoken`` (SIMD pre-tokenizers and a pre-token cache, in Rust): ``Tokenizer.from_tiktoken`` of the same rank
  file we ship (``bpe_resources/encodings``, unpacked to a temporary folder), its ``encode`` (a numpy array);
- ``rs_bpe`` (the Python binding of GitHub's rust-gems ``bpe`` crate, the backtracking encoder): its built-in
  ``cl100k_base`` and ``o200k_base`` (it has no GPT-2: those rows say so), its ``encode`` (a list), which splits no
  special token out (the stdlib corpus's ``<|endoftext|>`` between files are text to it): compared with tiktoken's
  ``encode_ordinary``;
- ``tiktoken``: ``encode_to_numpy``, special tokens allowed;
- ``ours``: ``Tokenizer.encode_array`` (a uint32 array: no Python int per token, as the peers' arrays);
- ``before`` (with ``--tree``): the same, by another checkout's ``bpe_core`` (its compiled modules built in place:
  else its line says so), to measure a change against the same peers in the same run.

Every encoder runs pinned to one core (the same one: ``os.sched_setaffinity``), so that a library's own threads
(gigatoken's) cannot add a second core; the CPU seconds of its one encode of the row's corpus, the median of
``--repeat`` fresh processes (cold: each one's first encode of the text), the encoders alternating run by run. The
ids are compared with tiktoken's by their digest. The rows are ``bench_encode.py``'s (``ROWS``, the ``ranks`` rule).
``--distinct``: each row's corpus replaced by its distinct words (runs of letters), each once in the order first
seen, joined by spaces (``distinct_words``): every pre-token is then one the encoder has not seen, so this measures
the merge of a word not seen yet (a cache's miss), where a corpus measures mostly its hits. ``--warm``: each run
also encodes the text twice more, the third timed apart ("warm": every pre-token found in a cache that holds them):
what is left when no word is new, the cost of finding them; the cold encode less it is roughly the first sights'.
Exit status 1 if any encoder's ids (ours, before's or a peer's) differ from tiktoken's, 2 if a corpus cannot be
built.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_encode  # noqa: E402  (tests/bench/bench_encode.py: its rows, corpora and loading)
from bench_xray import _tree  # noqa: E402  (the same check of a checkout as the other benchmarks')

ENCODERS = ("tiktoken", "ours", "before", "gigatoken", "rs_bpe")
#: the encodings a --text row may use (ours, tiktoken's and gigatoken's read the same shipped rank files)
ENCODINGS = ("gpt2", "cl100k_base", "o200k_base")
#: the module each peer is imported as, for the line that says it is missing
MODULES = {"gigatoken": "gigatoken", "rs_bpe": "rs_bpe"}
#: the encodings rs_bpe carries
RS_BPE_ENCODINGS = ("cl100k_base", "o200k_base")
#: the peers that split no special token out of the text: their ids are compared with tiktoken's encode_ordinary
ORDINARY = ("rs_bpe",)


def loaded(encoder: str, encoding: str):
    """``encoder``'s encode of ``encoding``, as an array or list of ids, loaded before the clock starts."""
    if encoder in ("tiktoken", "ours", "before"):
        return bench_encode.loaded("tiktoken" if encoder == "tiktoken" else "ours", encoding, "ranks", True)[0]
    if encoder == "rs_bpe":
        from rs_bpe.bpe import openai

        return getattr(openai, encoding)().encode
    import bpe_resources
    import gigatoken

    from bpe_core.encoding.reference import REFERENCES, reference_ranks

    reference_ranks(encoding)  # the shipped file, hash-checked, before a peer reads it
    packed = REFERENCES[encoding].file
    with tempfile.TemporaryDirectory(prefix="bench_peers_") as folder:  # (read once, at load: then removed)
        unpacked = Path(folder) / packed.removesuffix(".gz")  # gigatoken knows an encoding by its file's name
        unpacked.write_bytes(gzip.decompress(bpe_resources.resource_path("encodings").joinpath(packed).read_bytes()))
        return gigatoken.Tokenizer.from_tiktoken(str(unpacked)).encode


def run_one(encoder: str, path: str, encoding: str, core: int, warm: bool = False) -> dict:
    """In a fresh process pinned to ``core``: load (untimed), encode the text once (timed); CPU and wall seconds,
    the ids' digest (as int64) and their count; for tiktoken, also its ``encode_ordinary``'s digest (untimed);
    ``warm``: the CPU seconds of a third encode of the text."""
    os.sched_setaffinity(0, {core})
    import numpy

    text = Path(path).read_text(encoding="utf-8")
    encode = loaded(encoder, encoding)
    encode("a first call, untimed: whatever a library does once")
    wall, cpu = time.perf_counter(), time.process_time()
    ids = encode(text)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall

    def digest(ids) -> str:
        return hashlib.sha256(numpy.asarray(ids, numpy.int64).tobytes()).hexdigest()[:16]

    done = {"cpu": cpu, "wall": wall, "digest": digest(ids), "tokens": len(ids)}
    if warm:
        encode(text)
        again = time.process_time()
        encode(text)
        done["warm"] = time.process_time() - again
    if encoder in ("ours", "before"):
        done["compiled"] = own_compiled_encoder()
    if encoder == "tiktoken":
        from bpe_core.encoding.reference import get_encoding

        done["ordinary"] = digest(get_encoding(encoding).encode_ordinary(text))
    return done


def own_compiled_encoder() -> bool:
    """Whether the encode just run was by the compiled encoder of the ``bpe_core`` imported (not the Python path,
    nor the compiled module of another checkout, which an editable install finds where a checkout has none)."""
    import bpe_core

    module = sys.modules.get("bpe_core._encode")
    return module is not None and Path(module.__file__).resolve().parent == Path(bpe_core.__file__).resolve().parent


def fresh(encoder: str, path: Path, encoding: str, core: int, tree: str | None = None, warm: bool = False) -> dict:
    """``run_one`` in a fresh process; ``before`` imports ``tree``'s ``bpe_core``."""
    command = [sys.executable, __file__, "--one", encoder, str(path), encoding, str(core)] + ["--warm"] * warm
    env = {**os.environ, "PYTHONPATH": tree} if encoder == "before" and tree else None
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def distinct_words(path: Path) -> Path:
    """The corpus's distinct words (runs of letters), each once, in the order first seen, joined by spaces; built
    once into the corpora's cache (``corpora.py``) as ``<name>_distinct.txt``."""

    def build() -> str:
        return " ".join(dict.fromkeys(re.findall(r"[^\W\d_]+", path.read_text(encoding="utf-8"))))

    return bench_encode.corpora._cached(f"{path.stem}_distinct.txt", build)


def absent(encoder: str, encoding: str) -> str | None:
    """Why ``encoder`` cannot encode ``encoding`` here, or None."""
    module = MODULES.get(encoder)
    if module and importlib.util.find_spec(module) is None:
        return "not installed"
    if encoder == "rs_bpe" and encoding not in RS_BPE_ENCODINGS:
        return f"has no {encoding}"
    return None


def bench(row: str, path: Path, encoding: str, repeat: int, core: int, tree: str | None, warm: bool = False) -> bool:
    size_mb = path.stat().st_size / 1e6
    encoders = [name for name in ENCODERS if absent(name, encoding) is None and (tree or name != "before")]
    runs: dict[str, list[dict]] = {name: [] for name in encoders}
    for _ in range(repeat):
        for name in encoders:
            runs[name].append(fresh(name, path, encoding, core, tree, warm))
    cpu = {name: statistics.median(r["cpu"] for r in got) for name, got in runs.items()}
    digests = {name: {r["digest"] for r in got} for name, got in runs.items()}
    ordinary = {r["ordinary"] for r in runs["tiktoken"]}
    print(f"{row:8s} {encoding:11s} {size_mb:5.1f} MB, {runs['ours'][0]['tokens']:,d} tokens", flush=True)
    same = True
    for name in ENCODERS:
        if name == "before" and not tree:
            continue
        if name not in runs:
            print(f"  {name:9s} {absent(name, encoding)}")
            continue
        agrees = digests[name] == (ordinary if name in ORDINARY else digests["tiktoken"])
        same &= agrees
        ratios = f"{cpu['tiktoken'] / cpu[name]:5.2f}x tiktoken"
        if name != "ours":
            ratios += f", ours {cpu[name] / cpu['ours']:5.2f}x its speed"
        check = "ids same as tiktoken" + "'s encode_ordinary" * (name in ORDINARY)
        check = check if agrees else check.replace("same as", "DIFFER from")
        if not runs[name][0].get("compiled", True):
            check += " (not its own compiled encoder: build its modules in place)"
        seconds = f"cpu {cpu[name]:6.3f} s"
        if warm:
            seconds += f", warm {statistics.median(r['warm'] for r in runs[name]):6.3f} s"
        print(f"  {name:9s} {size_mb / cpu[name]:6.1f} MB/s ({seconds}) | {ratios} | {check}", flush=True)
    return same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", help="bench_encode.py's rows, comma-separated, or all (chinese,english,stdlib)")
    parser.add_argument("--repeat", type=bench_encode.at_least_one("run"), default=3, help="fresh runs per encoder")
    parser.add_argument("--quick", action="store_true", help="3 MB of stdlib, the 130 KB English slice")
    parser.add_argument("--distinct", action="store_true", help="each row's distinct words only (first sights)")
    parser.add_argument("--text", type=Path, help="a UTF-8 text file of your own: its one row instead of --rows")
    parser.add_argument("--encoding", default="o200k_base", choices=ENCODINGS, help="--text's encoding")
    parser.add_argument("--tree", type=_tree, help="another checkout: its encode beside ours, as 'before'")
    parser.add_argument("--warm", action="store_true", help="also each one's third encode of the text, timed apart")
    parser.add_argument("--one", nargs=4, metavar=("ENCODER", "PATH", "ENCODING", "CORE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        encoder, path, encoding, core = args.one
        print(json.dumps(run_one(encoder, path, encoding, int(core), args.warm)))
        return 0
    ranks_rows = [row for row, (_, _, rule) in bench_encode.ROWS.items() if rule == "ranks"]
    for option, given in (("--rows", args.rows), ("--quick", args.quick), ("--distinct", args.distinct)):
        if args.text and given not in (None, False):
            parser.error(f"{option} is for the rows' corpora; --text measures its file as it is")
    if args.text:
        readable(parser, args.text)
        rows = [args.text.name]

        def text_of(_row: str) -> tuple[Path, str]:
            return args.text, args.encoding

    else:
        given = "chinese,english,stdlib" if args.rows is None else args.rows
        rows = bench_encode.chosen(parser, "--rows", given, ranks_rows, "row", every=True)

        def text_of(row: str) -> tuple[Path, str]:  # (built in run_rows: a corpus that cannot be is said so)
            corpus, encoding, _ = bench_encode.ROWS[row]
            path = bench_encode.corpus_path(corpus, args.quick)
            return (distinct_words(path) if args.distinct else path), encoding

    core = max(os.sched_getaffinity(0))
    title = f"encode on one core (cpu {core}), fresh process per run, median of {args.repeat}: ours beside the peers"
    return bench_encode.run_rows(
        "bench_peers", title, rows, lambda row: bench(row, *text_of(row), args.repeat, core, args.tree, args.warm)
    )


def readable(parser: argparse.ArgumentParser, path: Path) -> None:
    """argparse's error (status 2, before anything runs) unless ``path`` is a regular file of UTF-8 text, not empty."""
    try:
        if not path.is_file():
            parser.error(f"--text: {path} is not a regular file")
        if not path.read_bytes().decode("utf-8"):
            parser.error(f"--text: {path} is empty")
    except (OSError, UnicodeDecodeError) as exc:
        parser.error(f"--text: {path} cannot be read as UTF-8 text ({exc})")


if __name__ == "__main__":
    sys.exit(main())
