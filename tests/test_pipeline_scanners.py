"""The compiled scanners of published tokenizer.json pipelines (bpe_core/_scan.c): Llama 3's and Qwen 2's Split
regexes, DeepSeek V3's three Split steps. Each gives the ``regex`` module's pre-tokens (the Split steps' pieces, in
turn, for DeepSeek) on hypothesis text and on real text (Chinese, code, emoji, combining marks); and the compiled
encoder's ``ignore_merges`` gives the Python path's ids under both merge rules."""

from __future__ import annotations

from pathlib import Path

import pytest
import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_scanner import SPECIAL

from bpe_core.encoding import compiled_encode
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign.hf_engine import IgnoreMergesTokenizer, _isolated
from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.patterns import CL100K, LLAMA3, PATTERNS

ROOT = Path(__file__).resolve().parents[1]
PIPELINES = ["llama3", "qwen2", "deepseek_v3"]
#: What DeepSeek's steps set apart, besides the shipped patterns' characters: kanji and kana with the punctuation
#: and marks inside their ranges (U+30FB, U+30A0, U+3099) and the unassigned U+3040, ASCII punctuation before
#: ASCII and other letters, symbols, controls, a zero-width space.
DEEPSEEK_SPECIAL = [*"一龥龦ぁゟ゠ァヿ・ー々〇", "\u3040", "\u3099", *"$+<=>^`|~@#", "\x00", "\x7f", "\u200b", "é", "ß"]
TEXTS = (
    st.text(st.sampled_from(SPECIAL + DEEPSEEK_SPECIAL), max_size=40)
    | st.text(max_size=30)
    | st.text(st.one_of(st.sampled_from(SPECIAL + DEEPSEEK_SPECIAL), st.characters()), max_size=60)
)
needs_compiled = pytest.mark.skipif(not compiled_encode.available(), reason="built without a C compiler")


def reference(name: str, text: str) -> list[str]:
    """The pre-tokens ``regex`` gives: the pattern's matches, or DeepSeek's Split steps in turn (Isolated)."""
    if name == "deepseek_v3":
        return [piece for _, piece in _isolated([regex.compile(s) for s in scanner.DEEPSEEK_V3_SPLITS], text)]
    return regex.findall(PATTERNS[name], text)


def real_text() -> str:
    """Code, prose, Chinese, Japanese, emoji and combining marks, as they come."""
    samples = sorted((ROOT / "resources" / "samples").glob("*.txt"))
    sources = [Path(__file__), ROOT / "bpe_core" / "_scan.c", *samples]
    extra = "日本語のテキスト・カタカナ゠ひらがな、漢字。😀👨‍👩‍👧 e\u0301 a\u0308\u0323 ﬁ x=12345 ١٢٣٤ \t\r\n  \n"
    return "".join(path.read_text(encoding="utf-8") for path in sources) + extra


@needs_compiled
@pytest.mark.parametrize("name", PIPELINES)
@settings(max_examples=800, deadline=None)
@given(text=TEXTS)
@example(text="a\n  ")
@example(text="x=12345中文ア・イ 1234567")
@example(text=".foo(bar) \x00ab ゙ア\u3040x  \n")
@example(text="'S'ſ'LL'Ve ABCdef  \r\n\n  x\t\n")
def test_each_pipeline_scanner_gives_regexs_pre_tokens(name, text):
    found = scanner.findall(name, text)
    assert found == reference(name, text)
    assert "".join(found) == text  # every character in one pre-token: spans follow


@needs_compiled
@pytest.mark.parametrize("name", PIPELINES)
def test_each_pipeline_scanner_on_real_text(name):
    text = real_text()
    assert scanner.findall(name, text) == reference(name, text)


def test_llama_3s_regex_is_cl100ks_but_at_the_end_of_a_text():
    """Llama 3's Split regex is not cl100k's: cl100k takes white space ending a text whole (\\s++$), Llama 3 ends
    the pre-token after the last line break, as its own regex does (so it has a scanner of its own)."""
    assert LLAMA3 != CL100K
    assert regex.findall(CL100K, "a\n  ") == ["a", "\n  "]
    assert regex.findall(LLAMA3, "a\n  ") == ["a", "\n", "  "]
    if compiled_encode.available():
        assert scanner.findall("llama3", "a\n  ") == ["a", "\n", "  "]


def byte_vocab(extra: list[bytes]) -> dict[int, bytes]:
    return {b: bytes([b]) for b in range(256)} | {256 + k: token for k, token in enumerate(extra)}


#: A vocabulary whose whole words ("hello", "中文") are tokens that the merges never make.
WORDS = [b"he", b"ll", b"hell", b"hello", b" w", b"or", b" wor", b"\xe4\xb8\xad\xe6\x96\x87"]
MERGES = [(b"h", b"e"), (b"l", b"l"), (b"he", b"ll"), (b" ", b"w"), (b"o", b"r"), (b" w", b"or")]


@needs_compiled
@pytest.mark.parametrize("name", ["gpt2", "cl100k", *PIPELINES])
@settings(max_examples=200, deadline=None)
@given(text=st.lists(st.sampled_from([*"helo wrd中文 \n1", "hello", " world", "中文"]), max_size=20).map("".join))
@example(text="hello world 中文")
def test_ignore_merges_in_compiled_code_gives_the_python_paths_ids(name, text):
    """Under ignore_merges a pre-token that is a token is that token, in C as in IgnoreMergesTokenizer (the pairs
    rule); without it, the merges alone ("hello" is never made)."""
    vocab = byte_vocab(WORDS)
    python = IgnoreMergesTokenizer(vocab, MERGES, pattern=PATTERNS.get(name) or CL100K)
    ids = {token: token_id for token_id, token in vocab.items()}
    whole = compiled_encode.compiled_encoder(name, ids, "pairs", {}, MERGES, ignore_merges=True)
    if name == "deepseek_v3":  # no one regex: the Python path cuts with its Split steps first
        expected = [i for piece in reference(name, text) for i in python.encode(piece)]
    else:
        expected = python.encode(text)
    assert whole.encode(text, len(MERGES)) == expected
    plain = compiled_encode.compiled_encoder(name, ids, "pairs", {}, MERGES)
    assert (259 in plain.encode("hello", len(MERGES))) is False


@needs_compiled
def test_ignore_merges_under_the_ranks_rule_takes_a_token_whatever_the_limit():
    """The ranks rule takes a token whole already, under its limit; ignore_merges takes it at any limit (a file
    knows no limit)."""
    vocab = byte_vocab(WORDS[:4])
    ranked = Tokenizer(vocab, [*MERGES[:3], (b"hell", b"o")], merge_rule="ranks")
    ids, priority = ranked._bytes_to_id, ranked._priority
    plain = compiled_encode.compiled_encoder("gpt2", ids, "ranks", priority, ranked.merges)
    whole = compiled_encode.compiled_encoder("gpt2", ids, "ranks", priority, ranked.merges, ignore_merges=True)
    assert plain.encode("hello", 4) == whole.encode("hello", 4) == [259]
    assert plain.encode("hello", 2) == [256, 257, 111]
    assert whole.encode("hello", 2) == [259]


@needs_compiled
def test_a_scanner_number_out_of_range_is_refused():
    from bpe_core import _encode, _scan

    scanner._ready()
    with pytest.raises(ValueError, match="deepseek_v3"):
        _scan.findall("x", len(scanner.PATTERNS))
    with pytest.raises(ValueError, match="0 to 5"):
        _encode.encoder(6, [bytes([b]) for b in range(256)], list(range(256)), None, [])
