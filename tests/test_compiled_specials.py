"""The compiled encoder takes whole texts (bpe_core/_encode.c): special tokens split out in C (the longest where
several start at one place), lone surrogates replaced as the Python path replaces them, and encode_array's uint32
ids; each gives the Python path's ids exactly (tests/test_compiled_encode.py compares the ordinary text)."""

import array

import numpy
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from python_path import python_path

from bpe_core.encoding import compiled_encode
from bpe_core.encoding.id_arrays import ids_array
from bpe_core.encoding.tokenizer import Tokenizer

pytestmark = pytest.mark.skipif(not compiled_encode.available(), reason="bpe_core._encode was not built here")

#: Special tokens that overlap (one a prefix of another, one inside another), start with the same character or not,
#: are one character, are wider than Latin-1 or UCS-2.
SPECIALS = ["<|a|>", "<|a|>b", "<|", "|>", "x", "xy", "é<", "中文", "\U0001f600!", " \n"]
#: Every special starts with "<": the compiled search looks for that character alone.
ANGLED = ["<|endoftext|>", "<|end|>", "<|endofprompt|>", "<s>", "<"]

pieces = st.one_of(
    st.sampled_from(SPECIALS + ANGLED + ["<|a", "|", "y", "<|endof", "ab c", "  ", "\r\n", "'s", "123"]),
    st.text(max_size=8),
    st.text("<|>axyé中", max_size=8),
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
    st.sampled_from(["\ud83d\ude00", "\U0001f600", "ÿ", "Ā"]),  # a surrogate pair; wider than Latin-1 / UCS-2
)
texts = st.lists(pieces, max_size=12).map("".join)


def small(specials, pattern: str, rule: str) -> Tokenizer:
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"<|", 257: b"ab", 258: b" a", 259: b"\xe4\xb8"}
    merges = [(b"<", b"|"), (b"a", b"b"), (b" ", b"a"), (b"\xe4", b"\xb8")]
    numbered = {token: 1000 + k for k, token in enumerate(specials)}  # "x" has an id of its own, not the byte's
    return Tokenizer(vocab, merges, numbered, pattern=pattern, merge_rule=rule)


@pytest.mark.parametrize("specials", [SPECIALS, ANGLED, []], ids=["mixed", "angled", "none"])
@pytest.mark.parametrize("pattern", ["gpt2", "cl100k", "o200k"])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts)
@example(text="")
@example(text="<|a|>b<|a|><|<|endoftext|>|>")
@example(text="a\ud800<|a|>\udfff")
@example(text="\ud83d\ude00!xé<")
def test_whole_texts_as_the_python_path(specials, pattern, text):
    for rule in ("pairs", "ranks"):
        tok = small(specials, pattern, rule)
        assert tok._compiled_whole is not None
        wanted = python_path(tok).encode(text)
        assert tok.encode(text) == wanted
        got = tok.encode_array(text)
        assert got.dtype == numpy.uint32 and got.tolist() == wanted
        assert tok.truncated(1).encode(text) == python_path(tok).truncated(1).encode(text)


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_shipped_tokenizers_arrays_equal_their_lists(name):
    tok = Tokenizer.from_tiktoken(name)
    text = "def f(x):\n    return x  # <|endoftext|> done\n" * 200 + "中文<|endoftext|>\ud800 end"
    assert tok.encode_array(text).tolist() == tok.encode(text) == python_path(tok).encode(text)


def test_a_special_token_at_every_place_of_an_arrays_blocks_takes_its_id():
    """An array whose ids are the tokens' numbers is checked 16 ids at a time for special tokens: one at each of
    the 16 places of a block, in the last block (shorter), and two in one block each take their ids."""
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab"}
    tok = Tokenizer(vocab, [(b"a", b"b")], {"<|s|>": 1000})  # (numbered 257 in the encoder: its id differs)
    for before in range(40):
        for text in ("ab" * before + "<|s|>" + "c" * 20, "ab" * before + "<|s|><|s|>"):
            assert tok.encode_array(text).tolist() == tok.encode(text) == python_path(tok).encode(text), before


def test_an_id_array_is_read_in_place():
    """encode_array's result lends its uint32s: memoryview, array('I') and numpy read them (the array writable)."""
    tok = Tokenizer.from_tiktoken("gpt2")
    raw = tok._compiled.encode_array("hello world<|endoftext|>", tok._limit, tok._compiled_specials)
    view = memoryview(raw)
    assert (view.format, view.itemsize, view.tolist()) == ("I", 4, [31373, 995, 50256])
    assert array.array("I", view).tolist() == [31373, 995, 50256]
    ids = tok.encode_array("hello")
    ids[0] = 7
    assert ids.tolist() == [7] and tok.encode_array("").tolist() == []


def test_tokens_numbered_as_their_ids_keep_them_and_special_tokens_take_theirs():
    """Where every token's id is its number (OpenAI's files), an array keeps the numbers; special tokens' ids are
    looked up, a big one refused."""
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab"}
    tok = Tokenizer(vocab, [(b"a", b"b")], {"<|s|>": 1000, "<|big|>": 1 << 40})
    assert tok.encode_array("ab<|s|>c").tolist() == [256, 1000, 99] == tok.encode("ab<|s|>c")
    with pytest.raises(OverflowError, match=f"id {1 << 40} does not fit an array of ids"):
        tok.encode_array("ab<|big|>")


@pytest.mark.parametrize("compiled", [True, False])
def test_an_id_past_uint32_is_an_overflow_error_naming_it_only_where_it_is_used(compiled):
    big = 1 << 40
    vocab = {i: bytes([i]) for i in range(256)} | {big: b"ab"}
    tok = Tokenizer(vocab, [(b"a", b"b")], {"<|big|>": big + 1})
    if not compiled:
        tok = python_path(tok)
    assert tok.encode_array("ba").tolist() == [98, 97]  # the big ids are not used
    with pytest.raises(OverflowError, match=f"id {big} does not fit an array of ids"):
        tok.encode_array("cab")
    with pytest.raises(OverflowError, match=f"id {big + 1} does not fit an array of ids"):
        tok.encode_array("c<|big|>")
    assert tok.encode("ab<|big|>") == [big, big + 1]


def test_ids_array_refuses_negative_ids():
    with pytest.raises(OverflowError, match="id -1 does not fit"):
        ids_array([1, -1])


def test_bad_specials_are_python_errors():
    from bpe_core import _encode

    with pytest.raises(ValueError, match="2 special tokens but 1 ids"):
        _encode.specials(["a", "b"], [1])
    with pytest.raises(ValueError, match="special token 1 is not a non-empty str with an int id"):
        _encode.specials(["a", ""], [1, 2])
    with pytest.raises(ValueError, match="special token 0 is not a non-empty str with an int id"):
        _encode.specials(["a"], ["1"])
    tok = Tokenizer.from_tiktoken("gpt2")
    with pytest.raises(TypeError, match="specials is None or made by"):
        tok._compiled.encode("a", 1, ["<|endoftext|>"])
    assert tok._compiled.encode("a<|endoftext|>", tok._limit, None) == tok.encode("a<|") + tok.encode("endoftext|>")
    surrogate = _encode.specials(["\ud800", "b"], [5, 6])  # never found: the Python path reads U+FFFD there
    assert tok._compiled.encode("a\ud800", tok._limit, surrogate) == tok.encode("a\ufffd")
    assert tok._compiled.encode("ab", tok._limit, surrogate) == [64, 6]


def test_a_text_of_more_tokens_than_characters_grows_the_ids_room():
    """The ids' room is made for a token per two characters: emoji and rare CJK (several tokens each) outgrow it."""
    tok = Tokenizer.from_tiktoken("gpt2")
    text = ("\U0001f600\U0001f680𠀀ㄱ<|endoftext|>" * 3000)[:-13]
    wanted = python_path(tok).encode(text)
    assert len(wanted) > len(text) // 2 + 16
    assert tok.encode(text) == wanted == tok.encode_array(text).tolist()
