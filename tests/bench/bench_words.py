"""Benchmark: a published tokenizer's ids of a long text a word at a time (``bpe_core/foreign/word_memo.py``, what
the board counts with) against its library's encode of the whole text, same run, ids identical.

    $ python tests/bench/bench_words.py [--model PATH] [--families sentencepiece,huggingface]
        [--corpora english,stdlib,chinese,european] [--repeat 3]

The model: ``--model`` (a Llama 2 or Mistral ``tokenizer.model``: set so, their ids are encoded by words), else one
trained once and kept under ``tests/bench/.corpora/`` (16,000 pieces on the English slice and the Chinese corpus, set
as Llama 2's is: BPE, no normalization, spaces kept, byte fallback). The families:

- ``sentencepiece``: the model by the ``sentencepiece`` library (``EncodeAsIds``) against the library host's ids call
  (``sp_tokenizer.library_calls``: by ``sp_words``' memo);
- ``huggingface``: the same pieces as a ``tokenizer.json`` set as Llama 2's is (``llama2_tokenizer_json`` of
  ``tests/test_foreign_builders.py``) by the ``tokenizers`` library (``encode(...).ids``) against its host's ids call
  (``hf_tokenizer.library_calls``: by ``hf_words``' memo, but for a text that holds an added token's text, ``<s>``,
  which goes whole: the stdlib and the German manual pages do).

Rows, each corpus of ``corpora.py``:

- ``whole``: the text in one call: the library against a new memo's ``encode``;
- ``board``: the text in pieces of 1 M characters cut at line ends, as the board sends them: the library on each
  piece against one memo through all of them (a piece's words met before are not asked again).

Times are the median CPU seconds of ``--repeat`` runs in this process (the library and the memo alternating).
Exit status 1 if any ids differ, 2 for an option refused (a family, corpus or model by name and why, a model not
encoded by words) or a corpus or model that cannot be built (a full disk: no model left) or a kept model that
cannot be read (damaged, or a FIFO or folder in its place: named, left as it is), 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # tests/: the tokenizer.json builder

import corpora  # noqa: E402  (tests/bench/corpora.py)
import numpy as np  # noqa: E402
import sentencepiece  # noqa: E402
import tokenizers  # noqa: E402
from bench_encode import _runs, chosen, run_rows  # noqa: E402
from test_foreign_builders import llama2_tokenizer_json  # noqa: E402

from bpe_core.foreign import hf_tokenizer, hf_words, sp_tokenizer, sp_words  # noqa: E402
from bpe_core.foreign.base import IDS_CALL  # noqa: E402
from bpe_core.foreign.word_memo import WORDS_LEAST  # noqa: E402

PIECE_CHARS = 1 << 20  # the board's pieces (bpe_core/board/encode_corpus.py)
FAMILIES = ("sentencepiece", "huggingface")
CORPORA = ("english", "stdlib", "chinese", "european")
#: The largest --model read (Llama 2's is 0.5 MB, Gemma's 4 MB).
MODEL_MOST = 64 << 20


def trained_model() -> Path:
    """The bench's own model, trained once (about a minute) and kept (written to a ``.partial`` file and renamed: a
    training cut short or a full disk leaves no model). One kept there is read as ``--model`` is (a damaged one, or
    a FIFO or folder in its place, is refused by name, not trained over: ArgumentTypeError)."""
    path = corpora.CACHE / "llama_style_16k.model"
    if path.exists() or path.is_symlink():
        return model_file(str(path))
    lines = corpora.english_slice().read_text(encoding="utf-8").splitlines()
    lines += corpora.chinese_corpus().read_text(encoding="utf-8")[:1_000_000].splitlines()
    out = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(line for line in lines if line.strip()),
        model_writer=out,
        vocab_size=16_000,
        model_type="bpe",
        normalization_rule_name="identity",
        remove_extra_whitespaces=False,
        byte_fallback=True,
        character_coverage=0.9995,
        minloglevel=2,
    )
    partial = path.with_suffix(".partial")
    try:
        partial.write_bytes(out.getvalue())
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)  # (gone once renamed; a full disk's half-written one removed)
    return path


def model_file(value: str) -> Path:
    """An argparse type for ``--model``: a regular file of at most MODEL_MOST bytes (a FIFO would block the read, a
    device never end), read by the ``sentencepiece`` library; else argparse's error naming it and why."""
    path = Path(value)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{value}: {exc.strerror}") from None
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{value}: not a regular file (a SentencePiece .model is one)")
    if size > MODEL_MOST:
        raise argparse.ArgumentTypeError(f"{value}: {size:,} bytes; a SentencePiece .model is at most {MODEL_MOST:,}")
    try:
        sentencepiece.SentencePieceProcessor().LoadFromSerializedProto(path.read_bytes())
    except (RuntimeError, OSError) as exc:
        raise argparse.ArgumentTypeError(f"{value}: not a SentencePiece .model ({exc})") from None
    return path


def board_pieces(text: str) -> list[str]:
    """The text in pieces of PIECE_CHARS or more, each ending at a line break (the last where the text ends)."""
    pieces, at = [], 0
    while at < len(text):
        cut = text.find("\n", at + PIECE_CHARS) + 1 or len(text)
        pieces.append(text[at:cut])
        at = cut
    return pieces


def encoders(family: str, data: bytes):
    """The library's encode of a text and a function making the library host's ids call anew (its memo empty, its
    rule decided), for ``family``; None where the model is not encoded by words."""
    library = sentencepiece.SentencePieceProcessor()
    library.LoadFromSerializedProto(data)
    if family == "sentencepiece":
        if not sp_words.by_words(data, library):
            return None
        encode, calls = library.EncodeAsIds, functools.partial(sp_tokenizer.library_calls, data)
    else:
        text = llama2_tokenizer_json(data)
        words = hf_words.word_rule(json.loads(text))
        if words is None:
            return None
        whole = tokenizers.Tokenizer.from_str(text)
        encode = functools.partial(_ids, whole)
        calls = functools.partial(hf_tokenizer.library_calls, text, [], words.pattern)

    def new_ids():
        ids = calls()[IDS_CALL]
        ids(" " * WORDS_LEAST)  # (one word: the rule decided, nothing learned)
        return ids

    return encode, new_ids


def _ids(library, text: str) -> list[int]:
    return library.encode(text, add_special_tokens=False).ids


def compare(encode, new_ids, parts: list[str], repeat: int) -> tuple[float, float, bool]:
    """The library on each of ``parts`` against one new ids call (its memo) through them all, ``repeat`` times in
    turn: the median CPU seconds of each, and whether every id was the same."""
    times: dict[str, list[float]] = {"library": [], "words": []}
    same = True
    for _ in range(repeat):
        start = time.process_time()
        expected = [encode(part) for part in parts]
        times["library"].append(time.process_time() - start)
        ids = new_ids()
        start = time.process_time()
        got = [ids(part) for part in parts]
        times["words"].append(time.process_time() - start)
        same &= all(np.array_equal(np.asarray(a), b) for a, b in zip(expected, got, strict=True))
    return statistics.median(times["library"]), statistics.median(times["words"]), same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=model_file, help="a SentencePiece .model (default: one trained by this bench)")
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--corpora", default=",".join(CORPORA))
    parser.add_argument("--repeat", type=_runs, default=3, help="runs of each way; the median counts")
    args = parser.parse_args(argv)
    families = chosen(parser, "--families", args.families, FAMILIES, "family", "families")
    names = chosen(parser, "--corpora", args.corpora, CORPORA, "corpus", "corpora")
    try:
        model = args.model or trained_model()
    except KeyboardInterrupt:
        print("bench_words: interrupted", file=sys.stderr)
        return 130
    except (OSError, corpora.CorpusBuildError, argparse.ArgumentTypeError) as exc:
        print(f"bench_words: the bench's model: {exc}", file=sys.stderr)
        return 2
    found = {family: encoders(family, model.read_bytes()) for family in families}
    refused = [family for family, ways in found.items() if ways is None]
    if refused:
        parser.error(f"{model}: not encoded by words as {' or '.join(refused)} (bpe_core/foreign/*_words.py)")

    def measure(row: tuple[str, str]) -> bool:
        family, name = row
        text = getattr(corpora, f"{name}_corpus")().read_text(encoding="utf-8")
        megabytes = len(text.encode("utf-8")) / 1e6
        same = True
        for way, parts in (("whole", [text]), ("board", board_pieces(text))):
            lib, words, identical = compare(*found[family], parts, args.repeat)
            same &= identical
            print(
                f"{family:13s} {name:9s} {way:5s} {megabytes:5.1f} MB | library {lib:6.2f} s "
                f"({megabytes / lib:5.1f} MB/s) | by words {words:6.2f} s ({megabytes / words:5.1f} MB/s) | "
                f"{lib / words:5.2f}x | ids {'identical' if identical else 'DIFFER'}",
                flush=True,
            )
        return same

    title = f"{model.name}: median CPU seconds of {args.repeat} runs"
    return run_rows("bench_words", title, [(family, name) for family in families for name in names], measure)


if __name__ == "__main__":
    sys.exit(main())
