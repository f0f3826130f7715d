"""tiktoken's regex engine, Hugging Face ``tokenizers``' (Oniguruma), the ``regex`` module and the compiled scanner
read every code point alike.

The shipped patterns ask what a character is (a letter, a digit, white space, an upper- or lower-case kind of
letter, what ``s`` matches case-insensitively): each engine answers from the Unicode tables it was built with. Where
two answer differently, the same text is cut into different pre-tokens and the ids differ from tiktoken's. That
happened when ``regex`` 2025.10.22 moved to Unicode 17 while tiktoken 0.14 stayed on 16 (U+323B0 and 4,643 other
new letters; U+0295 changed kind); ``pyproject.toml`` now keeps ``regex`` on Unicode 16. This test looks at every
code point, so a new release of either that reads one differently fails here at once, not by a random example
(``tokenizers``' engine takes a second a class, so it is compared in the whole suite only).
"""

from __future__ import annotations

import functools
import sys

import numpy as np
import pytest
import regex
import tiktoken
from tokenizers import Regex, pre_tokenizers

from bpe_core.pretokenize import scanner


@functools.cache
def every() -> str:
    """Every code point but the surrogates, in order (made on first use, not when the module is collected)."""
    return "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)


SINGLE_BYTES = {bytes([b]): b for b in range(256)}


def read_by_tiktoken(source: str) -> set[str]:
    """The characters tiktoken's engine matches with ``source``: an encoding of single bytes whose pattern is
    ``source`` keeps exactly those (tiktoken drops the text its pattern does not match)."""
    probe = tiktoken.Encoding("probe", pat_str=source, mergeable_ranks=SINGLE_BYTES, special_tokens={})
    return set(bytes(probe.encode_ordinary(every())).decode("utf-8"))


def read_by_huggingface(source: str) -> np.ndarray:
    """Whether ``tokenizers``' engine matches each code point of :func:`every` with ``source`` (what a split removing
    the matches takes away): the engine of every ``tokenizer.json``, ours exported included."""
    split = pre_tokenizers.Split(Regex(f"(?:{source})+"), behavior="removed")
    read = np.ones(len(every()), dtype=bool)
    for _piece, (start, end) in split.pre_tokenize_str(every()):  # offsets in characters
        read[start:end] = False
    return read


def read_by_regex(source: str) -> np.ndarray:
    """Whether ``regex`` matches each code point of :func:`every` with ``source``: a flag a character, where a set of
    a million one-character strings took a second to build."""
    read = np.zeros(len(every()), dtype=bool)
    for match in regex.finditer(f"(?:{source})+", every()):
        read[match.start() : match.end()] = True
    return read


@pytest.fixture(scope="module")
def scanner_classes() -> np.ndarray:
    return np.frombuffer(scanner.classes_table(), dtype="<u2")


CLASS_IDS = [source for _, source in scanner._CLASSES]


@pytest.mark.parametrize(("bit", "source"), scanner._CLASSES, ids=CLASS_IDS)
def test_every_code_point_is_read_alike_by_tiktoken_regex_and_the_compiled_scanner(bit, source, scanner_classes):
    ours = set(regex.findall(source, every()))
    differ = sorted(ours ^ read_by_tiktoken(source))
    assert not differ, f"{len(differ)} code points read otherwise, e.g. {[f'U+{ord(c):04X}' for c in differ[:5]]}"
    assert {chr(code) for code in np.flatnonzero(scanner_classes & bit)} == ours
    assert len(ours) > 0


#: The classes for ``tokenizers``, the eight case-insensitive letters as one (each code point folds to one at most).
TOKENIZERS_CLASSES = [source for source in CLASS_IDS if not source.startswith("(?i:")] + ["(?i:[sdmtlvre])"]


@pytest.mark.slow  # tokenizers takes a second to split the 1.1 million code points, for each class
@pytest.mark.parametrize("source", TOKENIZERS_CLASSES)
def test_every_code_point_is_read_by_tokenizers_as_by_regex(source):
    ours = read_by_regex(source)
    differ = np.flatnonzero(ours != read_by_huggingface(source))
    named = [f"U+{ord(every()[i]):04X}" for i in differ[:5]]
    assert not differ.size, f"{differ.size} code points read otherwise, e.g. {named}"
    assert ours.any()
