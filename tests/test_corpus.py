"""Cutting a corpus into pieces never changes the pre-tokens, and keeps pieces small."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bpe_core.corpus as corpus
from bpe_core.corpus import CorpusInfo, CorpusReader
from bpe_core.counting import count_piece
from bpe_core.patterns import get_pattern
from bpe_core.specials import SpecialSplitter

SPECIALS = ("<|endoftext|>", "<|end|>")
ATOMS = list("aZ9 \t\n\r.,'s中é😀/") + ["\r\n", "\n\n", "  ", "'S", "<|endoftext|>", "<|end|>", "'ll", "x\n/"]
texts = st.lists(st.sampled_from(ATOMS), max_size=120).map("".join)


def whole_counts(text, pattern):
    regex = get_pattern(pattern)
    words = Counter()
    for piece, is_special in SpecialSplitter(SPECIALS).split(text):
        if not is_special:
            words.update([piece] if regex is None else regex.findall(piece))
    return words


def chunked_counts(pieces, pattern):
    words = Counter()
    for piece in pieces:
        words.update(count_piece((piece, pattern, SPECIALS)).words)
    return words


@settings(max_examples=150, deadline=None)
@given(text=texts, pattern=st.sampled_from(["gpt2", "cl100k", "o200k", "none", r"\w+|\W"]), size=st.integers(1, 12))
def test_chunked_counts_equal_whole_text_counts(text, pattern, size):
    reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(SPECIALS), piece_chars=size)
    pieces = list(reader.pieces_of_text(text, name="t"))
    assert "".join(pieces) == text
    assert chunked_counts(pieces, pattern) == whole_counts(text, pattern)


@settings(max_examples=40, deadline=None)
@given(text=texts, pattern=st.sampled_from(["gpt2", "cl100k", "o200k"]), block=st.integers(1, 9))
def test_files_read_in_tiny_blocks_count_the_same(tmp_path_factory, text, pattern, block):
    path = tmp_path_factory.mktemp("c") / "c.txt"
    path.write_bytes(text.encode())
    original = corpus.BLOCK_BYTES
    corpus.BLOCK_BYTES = block
    try:
        reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(SPECIALS), piece_chars=5)
        info = CorpusInfo()
        pieces = list(reader.pieces_of_files([path], info))
    finally:
        corpus.BLOCK_BYTES = original
    assert "".join(pieces) == text
    assert chunked_counts(pieces, pattern) == whole_counts(text, pattern)
    assert info.total_bytes == len(text.encode())


@pytest.mark.parametrize("pattern", ["gpt2", "cl100k", "o200k"])
def test_pieces_stay_small_on_a_large_file_without_special_tokens(tmp_path, pattern):
    line = "The quick brown fox jumps over the lazy dog; 中文也可以。\n"
    path = tmp_path / "big.txt"
    path.write_text(line * 60_000, encoding="utf-8")  # ~3.6 MB, one long text
    reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(()), piece_chars=64 * 1024)
    sizes = [len(p) for p in reader.pieces_of_files([path], CorpusInfo())]
    assert sum(sizes) == len(line) * 60_000
    assert len(sizes) > 30 and max(sizes) < 64 * 1024 + 2 * len(line)


def test_crlf_files_are_cut_too(tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_text("Line one.\r\nLine two!\r\n" * 20_000, encoding="utf-8", newline="")
    for pattern in ("gpt2", "cl100k"):
        reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(()), piece_chars=10_000)
        pieces = list(reader.pieces_of_files([path], CorpusInfo()))
        assert len(pieces) > 10
        assert chunked_counts(pieces, pattern) == whole_counts(path.read_bytes().decode(), pattern)
