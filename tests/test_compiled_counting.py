"""Counting pre-tokens in compiled code (``_scan.count``, bpe_core/_scan.c): the same counts as ``regex``'s pre-tokens
and as the Python path it replaces (FastFindall's distinct units), on every kind of character, on real text, fuzzed,
through odd dicts, and the same merges when a corpus is trained either way."""

import random
from collections import Counter
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bpe_core import train_bpe
from bpe_core.pretokenize import fast_findall, scanner
from bpe_core.pretokenize.patterns import get_pattern
from tests.test_scanner import SHIPPED, SPECIAL, TEXTS

needs_compiled = pytest.mark.skipif(not scanner.available(), reason="built without a C compiler")
SAMPLES = Path(__file__).resolve().parents[1] / "resources" / "samples"


def regex_counts(pattern: str, texts: list[str]) -> Counter:
    """The reference: every match of the pattern in ``regex``, counted."""
    return Counter(piece for text in texts for piece in get_pattern(pattern).findall(text))


def python_counts(pattern: str, texts: list[str]) -> Counter:
    """The Python path, as where no C compiler built the scanner."""
    words: Counter = Counter()
    with mock.patch.object(fast_findall.scanner, "available", lambda: False):
        fast_findall.FastFindall(pattern).count(texts, words)
    return words


def compiled_counts(pattern: str, texts: list[str], start: Counter | None = None) -> Counter:
    words = Counter() if start is None else start
    for text in texts:
        scanner.count(pattern, text, words)
    return words


@needs_compiled
@pytest.mark.parametrize("pattern", SHIPPED)
@settings(max_examples=400, deadline=None)
@given(texts=st.lists(TEXTS, max_size=4).map(lambda texts: texts + texts[:1]))
@example(texts=["to be or not to be", " be"])
@example(texts=["a" * 3000 + " b" * 3000])  # a table that grows several times
def test_compiled_counting_equals_regex_and_the_python_path(pattern, texts):
    expected = regex_counts(pattern, texts)
    assert compiled_counts(pattern, texts) == expected
    assert python_counts(pattern, texts) == expected


@needs_compiled
@pytest.mark.parametrize("pattern", SHIPPED)
def test_compiled_counting_on_code_and_prose(pattern):
    texts = [p.read_text(encoding="utf-8") for p in [Path(__file__), *sorted(SAMPLES.glob("*.txt"))]]
    assert compiled_counts(pattern, texts) == regex_counts(pattern, texts)


@needs_compiled
@pytest.mark.parametrize("seed", range(6))
def test_compiled_counting_fuzzed_with_many_distinct_pre_tokens(seed):
    """Random texts of up to 20,000 characters from the characters the patterns set apart and any others (one,
    two and four bytes wide): many distinct pre-tokens, so the table grows and probes far."""
    rng = random.Random(seed)
    alphabet = SPECIAL + [chr(rng.randrange(0x20, 0x3000)) for _ in range(200)] + [" "] * 20
    text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(20_000)))
    for pattern in SHIPPED:
        assert compiled_counts(pattern, [text]) == regex_counts(pattern, [text]), (seed, pattern)


@needs_compiled
def test_compiled_counting_adds_to_what_the_dict_holds_and_refuses_what_it_cannot_add():
    """Counts already there are added to (a Counter, a dict, big numbers); a value that does not add raises the
    error of its +, the counts added before it kept; the pattern must be one of the shipped ones."""
    assert compiled_counts("gpt2", ["to be"], Counter({" be": 2**70, "x": 1})) == Counter(
        {" be": 2**70 + 1, "to": 1, "x": 1}
    )
    plain = {"to": 1}
    scanner.count("gpt2", "to to", plain)
    assert plain == {"to": 2, " to": 1}
    with pytest.raises(TypeError):
        scanner.count("gpt2", "to", {"to": "many"})
    from bpe_core import _scan

    with pytest.raises(ValueError, match="pattern is 0"):
        _scan.count("to", 7, {})
    with pytest.raises(TypeError):
        _scan.count("to", 0, [])


@needs_compiled
def test_a_value_whose_addition_empties_the_dict_does_not_crash_the_count():
    """Adding to a count runs Python code (its __add__), which may clear the very dict being counted into."""
    counts: dict = {}

    class Clearing(int):
        def __add__(self, other):
            counts.clear()
            return int(self) + other

    counts.update({"to": Clearing(5), " be": Clearing(1)})
    scanner.count("gpt2", "to be to be", counts)
    assert sum(counts.values()) >= 2


@needs_compiled
@pytest.mark.parametrize("pattern", ["gpt2", "o200k"])
def test_a_training_run_makes_the_same_merges_counted_in_c_or_in_python(tmp_path, pattern):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("".join(p.read_text(encoding="utf-8") for p in sorted(SAMPLES.glob("*.txt"))), "utf-8")
    compiled = train_bpe(corpus, 600, ["<|endoftext|>"], pattern=pattern, processes=1)
    with mock.patch.object(fast_findall.scanner, "available", lambda: False):
        python = train_bpe(corpus, 600, ["<|endoftext|>"], pattern=pattern, processes=1)
    assert compiled == python


@needs_compiled
def test_a_count_started_while_adding_another_counts_in_a_table_of_its_own():
    """The table is kept from one count to the next; a count started by the Python code of another's addition (or
    by another thread) finds it taken and makes its own: both counts are right, and so are later ones."""
    inner: Counter = Counter()

    class Counting(int):
        def __add__(self, other):
            scanner.count("gpt2", "a long text, then a short one " * 200, inner)
            return int(self) + other

    outer = {"to": Counting(1)}
    scanner.count("gpt2", "to be or not to be", outer)
    assert outer == {"to": 2, " be": 2, " or": 1, " not": 1, " to": 1}
    assert inner == regex_counts("gpt2", ["a long text, then a short one " * 200])
    assert compiled_counts("gpt2", ["to be"]) == Counter({"to": 1, " be": 1})
