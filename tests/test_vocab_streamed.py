"""``bpe vocab --text`` and ``--xray`` read their file a block at a time and count it a piece at a time: the usage
counts and the X-ray equal those of the whole text however the blocks and pieces fall (hypothesis, with both made
tiny), and the memory of counting does not grow with the text (tracemalloc)."""

from __future__ import annotations

import os
import tempfile
import tracemalloc
from pathlib import Path
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpe_core.cli import main, texts
from bpe_core.encoding import compiled_encode, parallel_encode
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.vocabulary import text_pieces as pieces_module
from bpe_core.vocabulary.audit import usage_counts
from bpe_core.vocabulary.report import load_source, vocab_report
from bpe_core.vocabulary.table import build_table
from bpe_core.vocabulary.text_pieces import text_pieces
from bpe_core.vocabulary.xray import xray, xray_json

#: Pieces of text that make pre-tokens meet at block edges: spaces, line breaks, CR, tabs, letters, digits, Han,
#: an emoji (4 bytes), a contraction, a special token and half of one.
_PARTS = [
    " ",
    "  ",
    "\n",
    "\r\n",
    "\t",
    "word",
    "Word",
    "x",
    "42",
    "中文",
    "研究",
    "😀",
    "'s",
    "<|endoftext|>",
    "<|end",
]
TEXTS = st.lists(st.sampled_from(_PARTS), max_size=40).map("".join)
GPT2 = Tokenizer.from_tiktoken("gpt2")
REFERENCE = TiktokenTokenizer.reference("gpt2")


def _file_of(text: str) -> Path:
    path = Path(tempfile.mkdtemp()) / "text.txt"
    path.write_bytes(text.encode("utf-8"))
    return path


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, block=st.integers(1, 9), piece=st.integers(1, 12))
def test_the_pieces_of_a_file_read_in_tiny_blocks_are_the_text_and_encode_to_its_ids(text, block, piece):
    blocks = list(texts.read_text_blocks(str(_file_of(text)), block_bytes=block))
    assert "".join(blocks) == text
    for tokenizer in (GPT2, REFERENCE):
        for read in (iter(blocks), text):  # blocks as read, or a whole str (the window's pages) cut in slices
            pieces = list(text_pieces(read, tokenizer, piece_chars=piece))
            assert "".join(pieces) == text
            assert [i for p in pieces for i in tokenizer.encode(p)] == tokenizer.encode(text)


@settings(max_examples=60, deadline=None)
@given(text=TEXTS, block=st.integers(1, 9), piece=st.integers(1, 12))
def test_usage_counts_and_the_xray_of_the_pieces_equal_those_of_the_whole_text(text, block, piece):
    source = load_source("gpt2")
    table = build_table(source)
    blocks = list(texts.read_text_blocks(str(_file_of(text)), block_bytes=block))
    counted = usage_counts(source, table, text_pieces(iter(blocks), REFERENCE, piece_chars=piece))
    assert counted.tolist() == usage_counts(source, table, [text]).tolist()
    with mock.patch.object(pieces_module, "PIECE_CHARS", 10**9):
        whole = xray_json(xray(GPT2, text, min_formed=1))  # one piece
    with mock.patch.object(pieces_module, "PIECE_CHARS", piece):
        assert xray_json(xray(GPT2, iter(blocks), min_formed=1)) == whole
        assert xray_json(xray(GPT2, text, min_formed=1)) == whole


def test_bpe_vocab_with_tiny_blocks_and_pieces_prints_what_the_whole_text_gives(tmp_path, monkeypatch, capsys):
    """The command itself, its blocks 7 bytes and its pieces 5 characters: the report and the X-ray (its CSV too)
    are those of the whole text read at once."""
    text = ("def f(x):\n    return x  # 中文 😀 <|endoftext|> it's\r\n" * 30) + "end"
    path = tmp_path / "t.txt"
    path.write_text(text, encoding="utf-8")
    expected = vocab_report("gpt2", text=text)  # one piece: shorter than PIECE_CHARS
    expected_ray = xray(GPT2, text)
    monkeypatch.setattr(texts, "BLOCK_BYTES", 7)
    monkeypatch.setattr(pieces_module, "PIECE_CHARS", 5)
    monkeypatch.setattr(pieces_module, "USAGE_PIECE_CHARS", 5)  # (the usage our engine counts on every core)
    assert main(["vocab", "gpt2", "--text", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == expected
    out = tmp_path / "x.json"
    assert main(["vocab", "gpt2", "--xray", "--text", str(path), "--xray-out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == xray_json(expected_ray)
    assert "used in the text" in "\n".join(expected) and expected_ray.fertility.words > 100


def _unrepeated_text(path: Path, megabytes: int) -> None:
    """``megabytes`` of random lower-case words and line breaks (nothing repeats that a cache would flatter)."""
    letters = np.frombuffer(b"abcdefghijklmnopqrstuvwxyz     \n", dtype=np.uint8)
    rng = np.random.default_rng(44)
    with path.open("wb") as f:
        for _ in range(megabytes):
            f.write(letters[rng.integers(0, len(letters), 1 << 20)].tobytes())


@pytest.mark.slow
def test_counting_usage_on_40_mb_holds_a_piece_at_a_time(tmp_path, capsys):
    """``bpe vocab gpt2 --text`` on 40 MB of text that does not repeat, one core: tracemalloc's peak stays under
    120 MB (measured 81 MB, 23 of them the audit without a text; reading the whole file, its str, its ids and their
    int64 copies peaked at 770 MB). On every core, threads of this process encode it, each with a pre-token cache of
    its own in the encoder, which words that never repeat fill (the first bounded at 48 MB of keys and ids and 32 MB
    of slots, the others at a quarter of that): the peak stays under 175 MB with two (measured 114 MB; 125 MB since
    usage on several threads is counted in pieces of 8 M characters; 148 MB since a piece's ids are placed in the
    allocator's memory, 20 MB that tracemalloc sees where it did not see a mapping of their own; 161 MB, before
    those, when every cache had the first's bounds; with worker processes the caches were theirs, out of sight)."""
    path, warm = tmp_path / "random.txt", tmp_path / "warm.txt"
    _unrepeated_text(path, 40)
    _unrepeated_text(warm, 3)
    assert main(["vocab", "gpt2", "--text", str(warm)]) == 0  # the engine and its workers, loaded before measuring
    capsys.readouterr()
    tracemalloc.start()
    try:
        assert main(["vocab", "gpt2", "--text", str(path)]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "used in the text" in capsys.readouterr().out
    assert peak < (175_000_000 if compiled_encode.available() and (os.cpu_count() or 1) > 1 else 120_000_000), (
        f"{peak / 1e6:.0f} MB"
    )


def test_a_tokenizer_that_needs_the_whole_text_reads_at_most_a_limit(tmp_path, monkeypatch, capsys):
    """A tokenizer whose cuts are not proven (a .tiktoken file under a custom regex) gets the whole text: at most
    WHOLE_MOST_CHARS of it (here made 100), refused past that by name, as bpe vocab refused any file over 256 MB
    before it read in blocks."""
    import base64

    ranks = tmp_path / "tiny.tiktoken"
    ranks.write_text("".join(f"{base64.b64encode(bytes([b])).decode()} {b}\n" for b in range(256)), encoding="ascii")
    text = tmp_path / "t.txt"
    text.write_text("word " * 40, encoding="utf-8")
    monkeypatch.setattr(pieces_module, "WHOLE_MOST_CHARS", 100)
    monkeypatch.setattr(texts, "BLOCK_BYTES", 16)
    for extra in ([], ["--xray"]):
        assert main(["vocab", str(ranks), "--pattern", r"\w+|\W", "--text", str(text), *extra]) != 0
        err = capsys.readouterr().err
        assert "encodes its text whole" in err and str(text) in err, err
    monkeypatch.setattr(pieces_module, "WHOLE_MOST_CHARS", 1000)
    assert main(["vocab", str(ranks), "--pattern", r"\w+|\W", "--text", str(text)]) == 0


def test_a_tekken_file_is_cut_where_its_text_is_not_at_its_special_tokens():
    """A Tekken file does not find its special tokens in text (<s> there is three characters, ' <' a pre-token): its
    pieces are cut where its own splitter finds them, none, and give the whole text's ids (the cut before <s> split
    ' <' and counted ' <' 27 times where the whole text has it 40)."""
    from bpe_core.foreign import TiktokenTokenizer
    from bpe_core.pretokenize.patterns import PATTERNS

    tekken = TiktokenTokenizer("t", TiktokenTokenizer.reference("gpt2")._ranks, PATTERNS["gpt2"], {"<s>": 0}, shift=1)
    text = "word <s>word " * 40
    pieces = list(pieces_module.text_pieces(text, tekken, piece_chars=16))
    assert len(pieces) > 1 and [i for piece in pieces for i in tekken.encode(piece)] == tekken.encode(text)


@pytest.mark.parametrize("cores", [1, 2])
def test_usage_on_several_threads_is_read_in_larger_pieces_and_on_one_core_as_before(monkeypatch, cores):
    """Where our engine shares each piece among threads, usage is counted in pieces of USAGE_PIECE_CHARS (a piece
    starts the threads once); on one core a piece's ids are a list, so pieces stay PIECE_CHARS long."""
    monkeypatch.setattr(pieces_module, "PIECE_CHARS", 100)
    monkeypatch.setattr(pieces_module, "USAGE_PIECE_CHARS", 1_000)
    monkeypatch.setattr(parallel_encode.os, "cpu_count", lambda: cores)
    monkeypatch.setattr(compiled_encode, "available", lambda: True)  # (as where it is built)
    text = "def f(x):\n    return x + 1\n" * 200
    usage = list(text_pieces(text, GPT2, usage=True))
    plain = list(text_pieces(text, GPT2))
    assert "".join(usage) == "".join(plain) == text
    assert max(map(len, plain)) < 200 and min(map(len, usage[:-1])) >= (100 if cores == 1 else 1_000)
    assert (usage == plain) == (cores == 1)
