"""Fuzz every reader: mutated real files of each format ``load_any`` reads, and mutated corpora for the trainer.

Each mutated input must end, within :data:`TIME_LIMIT` seconds, either in a tokenizer that encodes and decodes
``"hello 你好"`` or in a documented error (a ``ValueError`` -- ``TokenizerFileError``, ``LibraryError``,
``PatternError``, ``CorpusError``, ``UnknownTokenError`` -- or an ``OSError``); any other exception, a hang or a
crash is a bug. A corpus must also read the same (or fail the same) in 7-byte blocks and 5-character pieces.
``tests/test_fuzz_readers.py`` runs a few examples of each under pytest; this script runs many::

    python tests/fuzz/fuzz_readers.py --examples 300 [--formats ours,hf,...] [--seed 0]

and prints, per format, the inputs tried, loaded, refused with a documented error, and the slowest example's time
and peak (Python-heap) memory. Its exit status is 1 if any input broke the contract (printed with its mutation).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import sys
import threading
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))  # test_foreign_builders
if str(TESTS.parent) not in sys.path:
    sys.path.insert(0, str(TESTS.parent))  # bpe_core, when run as a script from anywhere

from hypothesis import strategies as st  # noqa: E402

#: Seconds one input may take (load, encode, decode) before it counts as a hang.
TIME_LIMIT = 20.0
SAMPLE = "hello 你好"
#: What a reader may raise: the documented errors are ValueError subclasses, or an OSError.
DOCUMENTED = (ValueError, OSError)

# ----- the seed files -----


def corpus_text() -> str:
    from test_foreign_builders import corpus_lines

    lines = corpus_lines()[:60]
    return "".join(line + ("\n<|endoftext|>" if i % 10 == 9 else "\n") for i, line in enumerate(lines))


#: The formats fuzzed, each from one seed file made by :func:`build_seeds`.
FORMATS = (
    "ours",
    "hf",
    "hf_precompiled",
    "tekken",
    "sentencepiece",
    "tiktoken",
    "tiktoken_gz",
    "gpt2_vocab",
    "gpt2_merges",
    "corpus_utf8",
    "corpus_utf16",
)


@dataclass
class Seed:
    name: str
    data: bytes
    file_name: str
    #: other files written beside the mutated one, unchanged (GPT-2's other half)
    beside: dict[str, bytes] = field(default_factory=dict)
    pattern: str | None = None
    corpus_encoding: str | None = None  # a corpus for BpeTrainer.count_files, not a tokenizer file


def build_seeds(folder: Path) -> dict[str, Seed]:
    """One real file of every format, made in ``folder`` (a few seconds)."""
    from test_foreign_builders import build_hf, build_sentencepiece, write_tekken

    from bpe_core import BpeTrainer, Tokenizer, train_bpe
    from bpe_core.encoding.reference import parse_ranks
    from bpe_core.formats import export, save_json

    folder.mkdir(parents=True, exist_ok=True)
    text = corpus_text()
    corpus = folder / "corpus.txt"
    corpus.write_text(text, encoding="utf-8")
    vocab, merges = train_bpe(corpus, 300, ["<|endoftext|>"], processes=1)
    tok = Tokenizer(vocab, merges, special_tokens=["<|endoftext|>"])
    trainer = BpeTrainer(300, ["<|endoftext|>"], processes=1)
    trainer.count_files(corpus)
    trainer.run()
    save_json(trainer.tokenizer(), folder / "ours.json")  # with its training record
    gpt2 = dict(zip(("vocab.json", "merges.txt"), export(tok, folder / "gpt2", "gpt2")))
    plain_vocab, plain_merges = train_bpe(corpus, 300, processes=1)
    ranked = Tokenizer(plain_vocab, plain_merges, merge_rule="ranks")
    (tiktoken_path,) = export(ranked, folder / "tiktoken", "tiktoken")
    tiktoken_data = tiktoken_path.read_bytes()
    ranks = parse_ranks(tiktoken_data, source=str(tiktoken_path))
    from bpe_core.pretokenize.patterns import PATTERNS

    tekken = write_tekken(folder / "tekken.json", ranks, PATTERNS["tekken"], ["<unk>", "<s>", "</s>"], 5, len(ranks))
    hf = build_hf(folder, "bytelevel")
    sp = build_sentencepiece(folder, "bpe")
    hf_precompiled = json.loads(hf.read_text(encoding="utf-8"))
    hf_precompiled["normalizer"] = {"type": "Precompiled", "precompiled_charsmap": charsmap_of(sp.read_bytes())}
    gpt2_vocab, gpt2_merges = gpt2["vocab.json"].read_bytes(), gpt2["merges.txt"].read_bytes()
    return {
        "ours": Seed("ours", (folder / "ours.json").read_bytes(), "ours.json"),
        "hf": Seed("hf", hf.read_bytes(), "tokenizer.json"),
        "hf_precompiled": Seed("hf_precompiled", json.dumps(hf_precompiled).encode("utf-8"), "tokenizer.json"),
        "tekken": Seed("tekken", tekken.read_bytes(), "tekken.json"),
        "sentencepiece": Seed("sentencepiece", sp.read_bytes(), "bpe.model"),
        "tiktoken": Seed("tiktoken", tiktoken_data, "ranks.tiktoken", pattern="gpt2"),
        "tiktoken_gz": Seed(
            "tiktoken_gz", gzip.compress(tiktoken_data, mtime=0), "ranks.tiktoken.gz", pattern="cl100k"
        ),
        "gpt2_vocab": Seed("gpt2_vocab", gpt2_vocab, "vocab.json", {"merges.txt": gpt2_merges}),
        "gpt2_merges": Seed("gpt2_merges", gpt2_merges, "merges.txt", {"vocab.json": gpt2_vocab}, pattern="gpt2"),
        "corpus_utf8": Seed("corpus_utf8", text.encode("utf-8"), "corpus.txt", corpus_encoding="utf-8"),
        "corpus_utf16": Seed("corpus_utf16", text.encode("utf-16"), "corpus16.txt", corpus_encoding="utf-16"),
    }


def charsmap_of(model: bytes) -> str:
    """The base64 of a SentencePiece model's precompiled normalization map (``normalizer_spec`` is field 3 of the
    ``ModelProto``, ``precompiled_charsmap`` its field 2), as a ``Precompiled`` normalizer holds it."""
    from bpe_core.foreign.sp_proto import _field

    return base64.b64encode(_field(_field(model, 3), 2)).decode("ascii")


# ----- mutations: each a small description drawn by hypothesis, applied deterministically -----


def _pos(data: bytes, where: float) -> int:
    return min(len(data), int(where * (len(data) + 1)))


def flip(data: bytes, where: float, byte: int) -> bytes:
    if not data:
        return data
    i = min(len(data) - 1, _pos(data, where))
    return data[:i] + bytes([data[i] ^ (byte or 1)]) + data[i + 1 :]


def truncate(data: bytes, where: float) -> bytes:
    return data[: _pos(data, where)]


def insert(data: bytes, where: float, run: bytes) -> bytes:
    i = _pos(data, where)
    return data[:i] + run + data[i:]


def delete(data: bytes, where: float, length: int) -> bytes:
    i = _pos(data, where)
    return data[:i] + data[i + length :]


def duplicate_line(data: bytes, where: float, times: int) -> bytes:
    lines = data.splitlines(keepends=True)
    if not lines:
        return data
    i = min(len(lines) - 1, int(where * len(lines)))
    return b"".join(lines[: i + 1] + [lines[i]] * times + lines[i + 1 :])


#: JSON values a node may be replaced by: every kind, edge numbers, odd strings.
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.sampled_from([0, -1, 1, 255, 256, 2**31, 2**63, 10**30, 1.5, -0.0, float("inf")])
    | st.integers()
    | st.sampled_from(["", "a", "Ġ", "<0xFF>", "\ud800", "(a+)+$", "[", "gpt2", "BPE", "ByteLevel", "Split"])
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _nodes(doc, path=()):
    """Every node's path in a JSON document, the document itself first."""
    yield path
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _nodes(value, (*path, i))


def swap_json(data: bytes, where: float, value) -> bytes:
    """Replace a JSON node (the one at ``where`` among all nodes in document order) by ``value``."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return data
    paths = list(_nodes(doc))
    target = paths[min(len(paths) - 1, int(where * len(paths)))]
    if not target:
        doc = value
    else:
        node = doc
        for key in target[:-1]:
            node = node[key]
        node[target[-1]] = value
    return json.dumps(doc, ensure_ascii=False, allow_nan=True).encode("utf-8", "surrogatepass")


def copy_json(data: bytes, where: float, source: float) -> bytes:
    """Replace a JSON node by a copy of another node of the same document (a plausible value of the wrong kind)."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return data
    paths = list(_nodes(doc))
    node = doc
    for key in paths[min(len(paths) - 1, int(source * len(paths)))]:
        node = node[key]
    return swap_json(data, where, json.loads(json.dumps(node)))


#: a place in the data, often near its start (where JSON files keep their settings, before the vocabulary)
WHERE = st.floats(0, 1) | st.floats(0, 0.01)
RUNS = st.binary(min_size=1, max_size=16) | st.sampled_from(
    [b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b'"', b"{", b"]", b"\n", b"\r\n", b"\\u", b"\xed\xa0\x80", b"=="]
)
MUTATION = st.one_of(
    st.tuples(st.just("flip"), WHERE, st.integers(0, 255)),
    st.tuples(st.just("truncate"), WHERE),
    st.tuples(st.just("insert"), WHERE, RUNS),
    st.tuples(st.just("delete"), WHERE, st.integers(1, 64)),
    st.tuples(st.just("duplicate_line"), WHERE, st.integers(1, 3)),
    st.tuples(st.just("swap_json"), WHERE, JSON_VALUES),
    st.tuples(st.just("copy_json"), WHERE, WHERE),
)
#: one to three mutations in a row
MUTATIONS = st.lists(MUTATION, min_size=1, max_size=3)
_APPLY = {
    "flip": flip,
    "truncate": truncate,
    "insert": insert,
    "delete": delete,
    "duplicate_line": duplicate_line,
    "swap_json": swap_json,
    "copy_json": copy_json,
}


def mutate(data: bytes, mutations) -> bytes:
    for name, *args in mutations:
        data = _APPLY[name](data, *args)
    return data


# ----- the contract -----


@dataclass
class Outcome:
    kind: str  # "loaded", "refused" or "broken"
    seconds: float
    peak: int = 0
    error: BaseException | None = None


def write_input(seed: Seed, data: bytes, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in seed.beside.items():
        (folder / name).write_bytes(content)
    path = folder / seed.file_name
    path.write_bytes(data)
    return path


def exercise(seed: Seed, path: Path) -> str:
    """Read ``path`` as ``seed``'s format and use the result; returns what happened or raises."""
    if seed.corpus_encoding:
        from bpe_core import BpeTrainer

        trainer = BpeTrainer(300, ["<|endoftext|>"], processes=1, encoding=seed.corpus_encoding)
        trainer.count_files(path)
        same_in_small_blocks(trainer.reader, path)
        return "loaded"
    from bpe_core.formats import load_any

    tokenizer = load_any(path, pattern=seed.pattern)
    ids = tokenizer.encode(SAMPLE)
    assert isinstance(ids, list), type(ids)
    text = tokenizer.decode(ids)
    assert isinstance(text, str), type(text)
    record = getattr(tokenizer, "record", None)
    if record is not None:  # unpacked only when shown (the Train tab): unpack it as the Train tab does
        assert isinstance(record.steps, list)
    return "loaded"


def same_in_small_blocks(reader, path: Path) -> None:
    """The text read in 7-byte blocks and cut into 5-character pieces is the text read in the usual blocks and
    pieces (a character, a surrogate pair, a byte-order mark or a special token cut by a block's end), or both
    readings fail with the same error."""
    from bpe_core.corpus import reader as corpus

    def read(block_bytes: int, piece_chars: int):
        saved = corpus.BLOCK_BYTES, reader.piece_chars
        corpus.BLOCK_BYTES, reader.piece_chars = block_bytes, piece_chars
        try:
            return "".join(reader.pieces_of_files([path], corpus.CorpusInfo())), None
        except DOCUMENTED as exc:
            return None, f"{type(exc).__name__}: {exc}"
        finally:
            corpus.BLOCK_BYTES, reader.piece_chars = saved

    usual, small = read(corpus.BLOCK_BYTES, reader.piece_chars), read(7, 5)
    assert usual == small, f"read in small blocks: {small!r:.200}, in the usual ones: {usual!r:.200}"


def check(seed: Seed, data: bytes, folder: Path, *, measure: bool = False) -> Outcome:
    """Write ``data`` as ``seed``'s file in ``folder`` and exercise it in a thread watched for :data:`TIME_LIMIT`
    seconds. A documented error is "refused"; anything else (or a hang) is "broken", with the error kept."""
    path = write_input(seed, data, folder)
    result: dict = {}

    def run():
        try:
            result["kind"] = exercise(seed, path)
        except DOCUMENTED as exc:
            result["kind"], result["error"] = "refused", exc
        except BaseException as exc:  # noqa: B036 -- a Rust panic is a BaseException; all are findings here
            result["kind"], result["error"] = "broken", exc

    if measure:
        tracemalloc.start()
    start = time.perf_counter()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(TIME_LIMIT)
    seconds = time.perf_counter() - start
    peak = 0
    if measure:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    if thread.is_alive():
        return Outcome("broken", seconds, peak, TimeoutError(f"still running after {TIME_LIMIT} s"))
    return Outcome(result["kind"], seconds, peak, result.get("error"))


# ----- the long run -----


@dataclass
class Tally:
    tried: int = 0
    loaded: int = 0
    refused: int = 0
    broken: list = field(default_factory=list)
    slowest: float = 0.0
    slowest_peak: int = 0
    errors: dict = field(default_factory=dict)


def run(formats, examples: int, seed_value: int, folder: Path) -> dict[str, Tally]:
    seeds = build_seeds(folder / "seeds")
    return {name: fuzz_format(seeds[name], examples, seed_value, folder / "inputs" / name) for name in formats}


def fuzz_format(seed: Seed, examples: int, seed_value: int, folder: Path) -> Tally:
    """``examples`` mutated inputs of ``seed``'s file, drawn by hypothesis from ``seed_value``; prints a line."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed

    tally = Tally()

    @hypothesis_seed(seed_value)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(mutations=MUTATIONS)
    def one(mutations):
        outcome = check(seed, mutate(seed.data, mutations), folder, measure=True)
        tally.tried += 1
        if outcome.kind == "loaded":
            tally.loaded += 1
        elif outcome.kind == "refused":
            tally.refused += 1
            kind = type(outcome.error).__name__
            tally.errors[kind] = tally.errors.get(kind, 0) + 1
        else:
            tally.broken.append((mutations, outcome.error))
            error = f"{type(outcome.error).__name__}: {outcome.error!s:.300}"
            print(f"  BROKEN {seed.name}: {error} <- {mutations!r:.300}", flush=True)
        if outcome.seconds > tally.slowest:
            tally.slowest, tally.slowest_peak = outcome.seconds, outcome.peak

    one()
    print(
        f"{seed.name:14} tried {tally.tried:5}  loaded {tally.loaded:5}  refused {tally.refused:5}  "
        f"broken {len(tally.broken):3}  slowest {tally.slowest:6.2f} s, peak {tally.slowest_peak / 1e6:6.1f} MB  "
        f"{dict(sorted(tally.errors.items()))}",
        flush=True,
    )
    return tally


def main(argv=None) -> int:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=200, help="mutated inputs per format (default 200)")
    parser.add_argument("--formats", default=",".join(FORMATS), help=f"comma-separated, of {', '.join(FORMATS)}")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis seed (default 0)")
    args = parser.parse_args(argv)
    formats = [f for f in args.formats.split(",") if f]
    unknown = set(formats) - set(FORMATS)
    if unknown:
        parser.error(f"unknown format(s): {', '.join(sorted(unknown))}")
    from bpe_core.foreign.library_host import close_host

    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="fuzz_readers_") as tmp:
            tallies = run(formats, args.examples, args.seed, Path(tmp))
    finally:
        close_host()
    broken = sum(len(t.broken) for t in tallies.values())
    try:
        import resource

        rss = f", process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    except ImportError:  # Windows
        rss = ""
    print(f"total {time.perf_counter() - started:.0f} s{rss}, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
