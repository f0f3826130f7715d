"""Llama 3's and Qwen 2's patterns in the fast family (issue 44): our own tokenizers trained with ``llama3`` or
``qwen2`` are read in safe pieces, pre-tokenized by FastFindall (the compiled scanner, or the ASCII twin), counted
in C and encoded by the compiled encoder, each with the ``regex`` module's pre-tokens and the Python path's ids.
Tekken has no compiled scanner and stays out."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from python_path import python_path

from bpe_core import train_bpe
from bpe_core.corpus import tally_counting
from bpe_core.encoding import compiled_encode, parallel_encode
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign.base import encoding_path
from bpe_core.pretokenize import fast_findall, scanner
from bpe_core.pretokenize.patterns import SHIPPED, get_pattern, safe_boundary
from bpe_core.pretokenize.pretokens import Pretokenizer

ROOT = Path(__file__).resolve().parents[1]
NEW = ("llama3", "qwen2")
#: What Llama 3's and Qwen 2's alternatives set apart: line breaks (CRLF, runs, spaces before them), digits (Qwen 2
#: cuts each), contractions in any case and their case-insensitive twins (long s, Kelvin sign), punctuation before
#: letters and line breaks, non-ASCII letters, marks and spaces.
ATOMS = [
    *"aZé中ǅʰ\u0301\u0903 \t\r\n\u00a0\u3000\u2028\x85\x1c.,!/-'_0123456789Ⅻ①😀sSſK",
    *["\r\n", " \n", "  \n", " \r\n ", "\n\n", "\t\n", "'s", "'S", "'LL", "'ll", "'Re", "'VE", "'d", "'M", "'t", "'ſ"],
    *["12345", " 42", "x\n", ".\n", "!\r\n", " (", "  x", "A\u0301", "ab", "中文", " 中"],
]
TEXTS = st.lists(st.sampled_from(ATOMS) | st.text(max_size=3), max_size=40).map("".join)
needs_compiled = pytest.mark.skipif(not compiled_encode.available(), reason="built without a C compiler")


def test_llama3_and_qwen2_are_in_the_fast_family_and_tekken_is_not():
    """Every part of the fast family takes them: the safe boundaries, FastFindall, counting from bytes in C, and
    our own tokenizer's compiled encoder for whole texts; tekken (no compiled scanner) keeps the regex path."""
    assert SHIPPED == ("gpt2", "cl100k", "o200k", "llama3", "qwen2")
    for name in NEW:
        assert safe_boundary(name) is not None and Pretokenizer(name).fast is not None
        assert Pretokenizer(get_pattern(name).pattern).fast is not None  # given by its source, as a file stores it
        if compiled_encode.available():
            assert tally_counting.available(name)
            assert Tokenizer({i: bytes([i]) for i in range(256)}, [], pattern=name)._compiled_whole is not None
    assert safe_boundary("tekken") is None and Pretokenizer("tekken").fast is None
    with pytest.raises(ValueError, match="only for the shipped patterns"):
        fast_findall.FastFindall("tekken")


@pytest.mark.parametrize("name", NEW)
@settings(max_examples=400, deadline=None)
@given(text=TEXTS)
@example(text="It'S 12345 x\r\n\r\nY  \n z'll.\n\nq  ")
@example(text="a \n\n  b\t\r\n1")
def test_fast_findall_gives_regexs_pre_tokens(name, text):
    """The compiled scanner, the ASCII twin with non-ASCII stretches cut out, and the twin alone on ASCII text."""
    expected = get_pattern(name).findall(text)
    if scanner.available():
        assert scanner.findall(name, text) == expected
    for share in (fast_findall._MOSTLY_NON_ASCII, float("inf")):
        with (
            mock.patch.object(fast_findall, "_MOSTLY_NON_ASCII", share),
            mock.patch.object(fast_findall.scanner, "available", lambda: False),
        ):
            assert fast_findall.FastFindall(name)(text) == expected


@pytest.mark.parametrize("name", NEW)
@settings(max_examples=300, deadline=None)
@given(texts=st.lists(TEXTS, max_size=5).map(lambda texts: texts + texts[:2]))
@example(texts=["to be or not to be", " be", "1 2 3\r\n 4  \n"])
def test_counts_in_c_equal_the_python_path_and_regex(name, texts):
    expected = Counter(piece for text in texts for piece in get_pattern(name).findall(text))
    python: Counter = Counter()
    with mock.patch.object(fast_findall.scanner, "available", lambda: False):
        fast_findall.FastFindall(name).count(texts, python)
    assert python == expected
    if scanner.available():
        compiled: Counter = Counter()
        fast_findall.FastFindall(name).count(texts, compiled)
        assert compiled == expected


def real_text() -> str:
    """Code and prose as they come: this repository's samples, a C file and some Python."""
    samples = sorted((ROOT / "resources" / "samples").glob("*.txt"))
    sources = [*samples, ROOT / "bpe_core" / "_scan.c", ROOT / "bpe_core" / "encoding" / "tokenizer.py"]
    return "".join(path.read_text(encoding="utf-8") for path in sources)


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> dict[tuple[str, str], Tokenizer]:
    """Our own tokenizers trained with each pattern (two processes: the corpus is cut and counted in C), under
    both merge rules."""
    corpus = tmp_path_factory.mktemp("own") / "corpus.txt"
    corpus.write_text(real_text() + "\r\n".join(["It's 2024, we'LL see 12345.", "中文，也可以。"] * 50), "utf-8")
    made = {}
    for name in NEW:
        vocab, merges = train_bpe(str(corpus), 1200, ["<|endoftext|>"], pattern=name, processes=2)
        for rule in ("pairs", "ranks"):
            made[name, rule] = Tokenizer(vocab, merges, ["<|endoftext|>"], pattern=name, merge_rule=rule)
    return made


@needs_compiled
@settings(max_examples=150, deadline=None)
@given(text=TEXTS | st.text(max_size=60), cut=st.integers(0, 60))
@example(text="<|endoftext|>It'S 12345 x\r\n\r\nY  \n z'll.\n\nq  \ud800", cut=20)
def test_own_tokenizers_encode_in_c_as_in_python(trained, text, cut):
    """Whole texts with a special token in them, their compiled encode and its array, and a truncation."""
    text = text[:cut] + "<|endoftext|>" + text[cut:]
    for tokenizer in trained.values():
        assert tokenizer._compiled_whole is not None
        reference = python_path(tokenizer)
        assert tokenizer.encode(text) == reference.encode(text)
        assert tokenizer.encode_array(text).tolist() == reference.encode(text)
        assert tokenizer.truncated(300).encode(text) == reference.truncated(300).encode(text)


@needs_compiled
def test_own_tokenizers_encode_a_real_slice_in_c_as_in_python_and_in_pieces(trained):
    """Real code and prose: the compiled ids are the Python path's, and the text cut at the pattern's safe
    boundaries (as for several processes) encodes to the same ids piece by piece."""
    text = real_text()
    for tokenizer in trained.values():
        ids = tokenizer.encode(text)
        assert ids == python_path(tokenizer).encode(text)
        assert parallel_encode.worth_sharing(tokenizer, "x" * parallel_encode.MIN_CHARS, 2)
        pieces = list(parallel_encode.pieces(tokenizer, text, 2000))
        assert len(pieces) > 10 and [i for piece in pieces for i in tokenizer.encode(piece)] == ids


def test_bpe_encode_v_says_whether_our_own_tokenizers_text_is_scanned_in_compiled_code_or_by_regex():
    """`bpe encode -v` and the Compare pane's tooltip (encoding_path): a llama3 or qwen2 tokenizer of ours is now
    scanned in C; tekken, which has no compiled scanner, says it runs in the regex module and is slower."""
    gpt2 = Tokenizer.from_tiktoken("gpt2")

    def said(pattern: str) -> str:
        return str(encoding_path(Tokenizer(gpt2.vocab, gpt2.merges, gpt2.special_tokens, pattern=pattern)))

    for name in ("llama3", "qwen2"):
        assert said(name) == f"ours: encoded by our engine; it pre-tokenizes with our compiled {name} scanner"
    assert said("tekken").startswith("ours: encoded by our engine; it pre-tokenizes with its regex in the regex module")
    assert said(r"\w+|\s+") == said("tekken")
    assert said("none") == "ours: encoded by our engine"
