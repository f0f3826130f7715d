"""Cutting a corpus into pieces never changes the pre-tokens, and keeps pieces small; hard files are named."""

import hashlib
import os
import socket
import threading
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bpe_core.corpus import reader as corpus
from bpe_core.corpus.counting import count_piece
from bpe_core.corpus.reader import (
    CorpusError,
    CorpusInfo,
    CorpusReader,
    InvalidTextError,
    NotUtf8Error,
    WrongEncodingError,
    _Cutter,
)
from bpe_core.pretokenize.patterns import get_pattern, safe_boundary
from bpe_core.pretokenize.specials import SpecialSplitter

SPECIALS = ("<|endoftext|>", "<|end|>")
#: The patterns with safe boundaries: OpenAI's three, Llama 3's and Qwen 2's (issue 44).
CUT = ["gpt2", "cl100k", "o200k", "llama3", "qwen2"]
ATOMS = list("aZ9 \t\n\r.,'s中é😀/") + ["\r\n", "\n\n", "  ", "'S", "<|endoftext|>", "<|end|>", "'ll", "x\n/"]
texts = st.lists(st.sampled_from(ATOMS), max_size=120).map("".join)


def whole_counts(text, pattern, specials=SPECIALS):
    regex = get_pattern(pattern)
    words = Counter()
    for piece, is_special in SpecialSplitter(specials).split(text):
        if not is_special:
            words.update([piece] if regex is None else regex.findall(piece))
    return words


def chunked_counts(pieces, pattern, specials=SPECIALS):
    words = Counter()
    for piece in pieces:
        words.update(count_piece((piece, pattern, specials)).words)
    return words


@settings(max_examples=150, deadline=None)
@given(text=texts, pattern=st.sampled_from([*CUT, "none", r"\w+|\W"]), size=st.integers(1, 12))
def test_chunked_counts_equal_whole_text_counts(text, pattern, size):
    reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(SPECIALS), piece_chars=size)
    pieces = list(reader.pieces_of_text(text, name="t"))
    assert "".join(pieces) == text
    assert chunked_counts(pieces, pattern) == whole_counts(text, pattern)


@settings(max_examples=40, deadline=None)
@given(text=texts, pattern=st.sampled_from(CUT), block=st.integers(1, 9))
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


@pytest.mark.parametrize("pattern", CUT)
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
    for pattern in ("gpt2", "cl100k", "llama3", "qwen2"):
        reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(()), piece_chars=10_000)
        pieces = list(reader.pieces_of_files([path], CorpusInfo()))
        assert len(pieces) > 10
        assert chunked_counts(pieces, pattern) == whole_counts(path.read_bytes().decode(), pattern)


# -- one-line corpora: cut before a space that follows a non-space character ---------------------------------------
# Everything the named patterns treat specially around a space: letters of every case (titlecase ǅ, modifier ʰ,
# CJK), combining marks, digits, contractions in both cases, o200k's "/" tail, other white space (NBSP, U+2028,
# NEL, tabs, CR, LF, CRLF), punctuation, and special tokens that hold a space or start with a letter.
ONE_LINE_ATOMS = list("aZǅʰ中\u0301é9 .,'/-\t\r\n\u00a0\u2028\u0085😀") + [
    "  ",
    " '",
    "'s",
    "'S",
    "'ll",
    "'LL",
    "'t",
    "\r\n",
    " \r\n",
    "A\u0301",
    "x y",
    "ab",
    " 9\n",
    "<|end|>",
]
one_line_texts = st.lists(st.sampled_from(ONE_LINE_ATOMS), max_size=150).map("".join)
TOUCHY_SPECIALS = ("x y", "ab", " 9\n", "<|end|>")


@settings(max_examples=300, deadline=None)
@given(text=one_line_texts, pattern=st.sampled_from(CUT), size=st.integers(1, 9))
def test_cutting_at_spaces_keeps_the_pre_tokens(text, pattern, size):
    reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(TOUCHY_SPECIALS), piece_chars=size)
    pieces = list(reader.pieces_of_text(text, name="t"))
    assert "".join(pieces) == text
    assert chunked_counts(pieces, pattern, TOUCHY_SPECIALS) == whole_counts(text, pattern, TOUCHY_SPECIALS)


@settings(max_examples=300, deadline=None)
@given(
    text=one_line_texts,
    pattern=st.sampled_from(CUT),
    pos=st.integers(0, 30),
    length=st.integers(0, 200),
)
@example(text="Q\nab", pattern="o200k", pos=2, length=5)  # the line feed just before where the search starts
@example(text="Q\r\nab", pattern="gpt2", pos=0, length=5)  # GPT-2 cuts a CRLF between its two characters
def test_a_boundary_search_that_skips_to_spaces_and_line_breaks_finds_what_the_regex_finds(text, pattern, pos, length):
    boundary = safe_boundary(pattern)
    found, expected = boundary.search(text, pos, pos + length), boundary.regex.search(text, pos, pos + length)
    assert (found and found.start()) == (expected and expected.start())


@pytest.mark.parametrize("pattern", CUT)
@pytest.mark.parametrize("text", ["Q\r\nab", "Q\nab", "Qx y z", "Q 9\nz", "ab cd", "x<|end|> y", "Q 'sab"])
def test_no_cut_where_a_special_token_is_part_of_the_context(pattern, text):
    # "Q\r|\nab": GPT-2 would pre-tokenize "Q\r\n" whole as "Q", "\r\n", but "Q\r" alone as "Q", "\r"
    for size in range(1, len(text) + 1):
        reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(TOUCHY_SPECIALS), piece_chars=size)
        pieces = list(reader.pieces_of_text(text, name="t"))
        assert chunked_counts(pieces, pattern, TOUCHY_SPECIALS) == whole_counts(text, pattern, TOUCHY_SPECIALS)


@settings(max_examples=60, deadline=None)
@given(text=one_line_texts, pattern=st.sampled_from(["gpt2", "o200k", "qwen2", "none"]), block=st.integers(1, 9))
def test_one_line_files_read_in_tiny_blocks_count_the_same(tmp_path_factory, text, pattern, block):
    path = tmp_path_factory.mktemp("c") / "c.txt"
    path.write_bytes(text.encode())
    original = corpus.BLOCK_BYTES
    corpus.BLOCK_BYTES = block
    try:
        reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(TOUCHY_SPECIALS), piece_chars=4)
        pieces = list(reader.pieces_of_files([path], CorpusInfo()))
    finally:
        corpus.BLOCK_BYTES = original
    assert "".join(pieces) == text
    assert chunked_counts(pieces, pattern, TOUCHY_SPECIALS) == whole_counts(text, pattern, TOUCHY_SPECIALS)


@pytest.mark.parametrize("pattern", CUT)
def test_pieces_stay_small_on_a_file_with_no_line_break(tmp_path, pattern):
    words = ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog;", "中文也可以。", "'ll", "/x"]
    path = tmp_path / "one-line.txt"
    path.write_text(" ".join(words * 40_000), encoding="utf-8")  # ~2 MB on one line
    reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(()), piece_chars=64 * 1024)
    sizes = [len(p) for p in reader.pieces_of_files([path], CorpusInfo())]
    assert sum(sizes) == len(path.read_text(encoding="utf-8"))
    assert len(sizes) > 30 and max(sizes) < 64 * 1024 + 20


def _instrumented_cutter(monkeypatch, reader):
    """A cutter on ``reader`` that records every searched range and the longest window it kept."""
    seen = {"searched": 0, "window": 0}
    first_cut = reader.first_cut

    def spy(text, lo, hi):
        seen["searched"] += hi - lo + 1
        return first_cut(text, lo, hi)

    monkeypatch.setattr(reader, "first_cut", spy)
    cutter = _Cutter(reader)
    original_feed = cutter.feed

    def feed(text, final):
        pieces = original_feed(text, final)
        seen["window"] = max(seen["window"], len(cutter.window))
        return pieces

    cutter.feed = feed
    return cutter, seen


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        ("gpt2", "x" * 4000),
        ("none", "a b " * 1000),
        ("o200k", "中" * 4000),
        ("llama3", " \n" * 2000),
        ("qwen2", "9" * 4000),
    ],
)
def test_a_long_run_with_no_cut_is_searched_once_and_not_recopied(monkeypatch, pattern, text):
    reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(["<|endoftext|>"]), piece_chars=10)
    cutter, seen = _instrumented_cutter(monkeypatch, reader)
    pieces = []
    for start in range(0, len(text), 7):
        pieces += cutter.feed(text[start : start + 7], final=False)
    pieces += cutter.feed("", final=True)
    assert pieces == [text]  # no safe cut anywhere: one piece
    assert seen["searched"] <= len(text) + 50  # each position searched about once, not again per block
    assert seen["window"] <= 7 + 2 * (len("<|endoftext|>") + 4)  # the rest waits in a list, never re-joined


def test_none_and_custom_regex_keep_the_text_between_special_tokens_whole():
    for pattern in ("none", r"\w+|\W"):
        reader = CorpusReader(pattern=pattern, splitter=SpecialSplitter(["<|endoftext|>"]), piece_chars=1)
        pieces = list(reader.pieces_of_text("a b\nc<|endoftext|>d e<|endoftext|>", name="t"))
        assert pieces == ["a b\nc", "<|endoftext|>d e", "<|endoftext|>"]


# -- hard files, named for what they are ----------------------------------------------------------------------------
def read_all(path, **options):
    reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter(SPECIALS), piece_chars=8, **options)
    info = CorpusInfo()
    return "".join(reader.pieces_of_files([path], info)), info


@pytest.mark.parametrize(
    ("encoding", "family", "label"),
    [
        ("utf-16-le", "utf-16", "UTF-16 (little-endian)"),
        ("utf-16-be", "utf-16", "UTF-16 (big-endian)"),
        ("utf-32-le", "utf-32", "UTF-32 (little-endian)"),
        ("utf-32-be", "utf-32", "UTF-32 (big-endian)"),
    ],
)
def test_utf16_and_utf32_files_are_named_and_can_be_read(tmp_path, encoding, family, label):
    text = "Hello wörld, 中文 😀<|end|> again.\r\n"
    path = tmp_path / "wide.txt"
    path.write_bytes("\ufeff".encode(encoding) + text.encode(encoding))
    with pytest.raises(WrongEncodingError) as caught:
        read_all(path)
    assert caught.value.encoding == encoding and caught.value.path == str(path)
    assert str(caught.value) == (
        f"{path}: the file is {label} text (it starts with a byte-order mark); BPE Explorer reads UTF-8: "
        f"convert it, or read it as {label.split()[0]} (encoding {family})"
    )
    for name in (family, encoding):  # the family takes the byte order from the mark; the exact name works too
        read, info = read_all(path, encoding=name)
        assert read == text  # the byte-order mark is not text
        assert info.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
        assert info.total_bytes == path.stat().st_size


WIDE = ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"]


@settings(max_examples=40, deadline=None)
@given(text=texts, encoding=st.sampled_from(WIDE), block=st.integers(1, 9))
def test_wide_encodings_decode_across_tiny_blocks(tmp_path_factory, text, encoding, block):
    path = tmp_path_factory.mktemp("w") / "w.txt"
    path.write_bytes(text.encode(encoding))
    original = corpus.BLOCK_BYTES
    corpus.BLOCK_BYTES = block
    try:
        read, _ = read_all(path, encoding=encoding)
    finally:
        corpus.BLOCK_BYTES = original
    assert read == text.removeprefix("\ufeff")


def test_wide_encoding_problems_are_named(tmp_path):
    no_mark = tmp_path / "no-mark.txt"
    no_mark.write_bytes("abc".encode("utf-16-le"))
    with pytest.raises(InvalidTextError, match="no byte-order mark.*utf-16-le .*or utf-16-be"):
        read_all(no_mark, encoding="utf-16")
    assert read_all(no_mark, encoding="utf-16-le")[0] == "abc"
    odd = tmp_path / "odd.txt"
    odd.write_bytes("abc".encode("utf-16-le") + b"d")
    with pytest.raises(
        InvalidTextError,
        match=r"ends in the middle of a UTF-16 \(little-endian\) character \(its last 1 byte, at byte offset 6\)",
    ) as caught:
        read_all(odd, encoding="utf-16-le")
    assert caught.value.offset == 6 and not isinstance(caught.value, NotUtf8Error)
    utf8 = tmp_path / "utf8.txt"
    utf8.write_bytes(b"\xef\xbb\xbfabc")
    with pytest.raises(WrongEncodingError, match="is UTF-8 text .* it was to be read as UTF-16") as caught:
        read_all(utf8, encoding="utf-16")
    assert caught.value.encoding == "utf-8"
    with pytest.raises(ValueError, match="encoding must be one of"):
        CorpusReader(pattern="gpt2", splitter=SpecialSplitter(()), encoding="latin-1")


def test_utf8_byte_order_mark_is_dropped_from_each_file_start_only(tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(b"\xef\xbb\xbfone \xef\xbb\xbftwo")
    second.write_bytes(b"\xef\xbb\xbfthree")
    original = corpus.BLOCK_BYTES
    corpus.BLOCK_BYTES = 1  # the mark arrives a byte at a time
    try:
        reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter(()), piece_chars=3)
        info = CorpusInfo()
        pieces = list(reader.pieces_of_files([first, second], info))
    finally:
        corpus.BLOCK_BYTES = original
    assert "".join(pieces) == "one \ufefftwothree"
    assert info.sha256 == hashlib.sha256(first.read_bytes() + second.read_bytes()).hexdigest()
    assert info.sizes == [13, 8] and info.total_bytes == 21


def test_not_utf8_names_file_offset_and_bytes(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"hello " + "café".encode("latin-1") + b" ok")
    with pytest.raises(NotUtf8Error) as caught:
        read_all(path)
    assert (caught.value.path, caught.value.offset, caught.value.encoding) == (str(path), 9, "utf-8")
    assert str(caught.value).startswith(f"{path}: not valid UTF-8 at byte offset 9 (bytes E9 20 6F 6B: ")
    assert "(errors='replace')" in str(caught.value)
    assert read_all(path, errors="replace")[0] == "hello caf\ufffd ok"


def test_binary_file_says_it_looks_binary(tmp_path):
    path = tmp_path / "data.bin"
    path.write_bytes(b"ELF" + b"\0" * 40 + b"\x8f\xff\0\0")
    expected = r"data\.bin: looks binary \(NUL bytes at offset 3\); not valid UTF-8 at byte offset 43"
    with pytest.raises(NotUtf8Error, match=expected):
        read_all(path)


def test_missing_folder_and_special_files_are_named_before_opening(tmp_path):
    with pytest.raises(CorpusError, match=r"nope\.txt: no such file"):
        read_all(tmp_path / "nope.txt")
    with pytest.raises(CorpusError, match="is a folder, not a text file"):
        read_all(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    errors = []
    reader = threading.Thread(target=lambda: errors.append(pytest.raises(CorpusError, read_all, fifo)), daemon=True)
    reader.start()
    reader.join(timeout=20)  # opening a named pipe would block forever
    assert not reader.is_alive()
    assert str(errors[0].value) == f"{fifo}: not a regular file (a named pipe); BPE Explorer reads text files"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "sock"))
        with pytest.raises(CorpusError, match=r"sock: not a regular file \(a socket\)"):
            read_all(tmp_path / "sock")
    if os.path.exists("/dev/zero"):
        with pytest.raises(CorpusError, match=r"/dev/zero: not a regular file \(a device\)"):
            read_all("/dev/zero")


def test_paths_may_be_a_generator_read_once_at_the_call(tmp_path):
    names = ["a.txt", "b.txt"]
    for name in names:
        (tmp_path / name).write_text(f"text of {name}\n", encoding="utf-8")
    paths = (tmp_path / name for name in names)
    reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter(()))
    info = CorpusInfo()
    pieces = reader.pieces_of_files(paths, info)
    assert next(paths, None) is None  # consumed at the call, so a caller may not consume it first by mistake
    assert info.names == names and info.total_bytes == 2 * len("text of a.txt\n")
    assert list(pieces) == ["text of a.txt\n", "text of b.txt\n"]
    with pytest.raises(CorpusError, match="no corpus file given"):
        reader.pieces_of_files(iter(()), CorpusInfo())
