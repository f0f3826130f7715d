"""gpt2's pre-tokens of ASCII text found 64 characters at a time (bpe_core/_ascii_starts.h): the same starts as the
pattern in `regex`, and the same ids from the compiled encoder as from the Python path, around the 64-character
words and the encoder's 32,768-character spans."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from python_path import python_path

from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.patterns import get_pattern

pytestmark = pytest.mark.skipif(not scanner.available(), reason="built without a C compiler")

#: What each rule reads: the contractions' letters and their capitals (gpt2's are case-sensitive), every ASCII white
#: space, the controls regex's \s leaves out, an apostrophe, digits, others.
ALPHABET = (
    list("'sdmtlvreSDMTLVREax ") + ["\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x00", "\x7f"] + list("09!.,-_")
)
ASCII_TEXTS = st.text(st.sampled_from(ALPHABET), max_size=200) | st.text(st.characters(max_codepoint=127), max_size=200)


def starts(text: str) -> list[int]:
    from bpe_core import _scan

    scanner._ready()
    return _scan.starts(text, 0)


def regex_starts(text: str) -> list[int]:
    lengths = [len(piece) for piece in get_pattern("gpt2").findall(text)]
    return list(itertools.accumulate([0, *lengths]))[:-1]


@settings(max_examples=2000, deadline=None)
@given(text=ASCII_TEXTS)
@example(text="it's  a 42!\n")
@example(text="'s'll've're'd'm't 's\t'sx''s")
@example(text=" " * 63 + "x" + "\n" * 64 + "'" + "ll")
@example(text="a" * 62 + "'ve")  # a contraction across two words
@example(text="  ")
def test_the_starts_are_the_patterns(text):
    assert starts(text) == regex_starts(text)


def test_every_short_text_of_the_rules_characters():
    """All 2,744 texts of up to three characters of 'sl \\t\\nax1!'-like classes, whole."""
    chars = ["'", "s", "l", "e", "v", " ", "\t", "\n", "x", "1", "!", "\x1c", "r", "d"]
    for size in range(1, 4):
        for letters in itertools.product(chars, repeat=size):
            text = "".join(letters)
            assert starts(text) == regex_starts(text), repr(text)


def test_a_non_ascii_text_is_refused():
    with pytest.raises(ValueError, match="ASCII"):
        starts("é")


@pytest.fixture(scope="module")
def gpt2():
    return Tokenizer.from_tiktoken("gpt2")


SPAN = 1 << 15
LONG = [
    "a" * (SPAN + 10),  # a run longer than a span: the scanner ends it
    " " * (SPAN - 1) + "x" + " " * SPAN,  # white space across the span's end, then ending the text
    "x" * (SPAN - 2) + "'ll" + "y" * 100,  # a contraction across the span's end
    ("def f(x):\n    return x's 2  # it'll\n\n\n" * 2000),
    "\t \n" * 30000 + "end",
]


@pytest.mark.parametrize("case", range(len(LONG)))
def test_long_ascii_texts_give_the_python_paths_ids(gpt2, case):
    text = LONG[case]
    assert gpt2.encode(text) == python_path(gpt2).encode(text)
    assert gpt2.encode(text + "\U0001f600") == python_path(gpt2).encode(text + "\U0001f600")  # narrowed stretches


@settings(max_examples=300, deadline=None)
@given(text=ASCII_TEXTS, special=st.booleans())
def test_ascii_texts_give_the_python_paths_ids(gpt2, text, special):
    if special:
        text = text[: len(text) // 2] + "<|endoftext|>" + text[len(text) // 2 :]
    assert gpt2.encode(text) == python_path(gpt2).encode(text)
