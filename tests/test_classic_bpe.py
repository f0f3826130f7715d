"""Classic word-level BPE (Sennrich et al., 2016) against the paper, the textbook, a naive copy of the paper's
reference code, and the byte-level trainer on the same kind of corpus."""

import doctest
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core import BpeTrainer
from bpe_core.teaching import classic_bpe
from bpe_core.teaching.classic_bpe import (
    SENNRICH_EXAMPLE,
    TEXTBOOK_EXAMPLE,
    initial_table,
    learn_classic_bpe,
    pair_counts,
    word_counts,
)


def paper_bpe(words: dict[str, int], num_merges: int, marker: str) -> list[tuple[tuple[str, str], int]]:
    """Algorithm 1 of the paper, as printed: symbols joined by spaces, pairs counted into a dict, max() takes the
    first pair of the highest count, and a regex replaces the pair where it stands between symbol boundaries."""
    vocab = {" ".join(list(word) + [marker]): n for word, n in words.items()}
    merges = []
    for _ in range(num_merges):
        pairs: dict[tuple[str, str], int] = {}
        for word, freq in vocab.items():
            symbols = word.split()
            for i in range(len(symbols) - 1):
                pairs[symbols[i], symbols[i + 1]] = pairs.get((symbols[i], symbols[i + 1]), 0) + freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append((best, pairs[best]))
        bigram = re.escape(" ".join(best))
        p = re.compile(r"(?<!\S)" + bigram + r"(?!\S)")
        vocab = {p.sub("".join(best), word): freq for word, freq in vocab.items()}
    return merges


def test_module_examples():
    assert doctest.testmod(classic_bpe).failed == 0


def test_sennrich_example_round_by_round():
    # Worked out by hand. Counts before round 1: (e s) (s t) (t </w>) 9 each, (w e) 8, (l o) (o w) 7, ...;
    # ties go to the pair met first reading the table (low, lower, newest, widest) row by row, left to right.
    bpe = learn_classic_bpe(SENNRICH_EXAMPLE, 100)
    expected = [
        ("e", "s", 9),
        ("es", "t", 9),
        ("est", "</w>", 9),
        ("l", "o", 7),
        ("lo", "w", 7),
        ("n", "e", 6),
        ("ne", "w", 6),
        ("new", "est</w>", 6),
        ("low", "</w>", 5),
        ("w", "i", 3),
        ("wi", "d", 3),
        ("wid", "est</w>", 3),
        ("low", "e", 2),
        ("lowe", "r", 2),
        ("lower", "</w>", 2),
    ]
    assert [(*r.pair, r.count) for r in bpe.rounds] == expected
    assert [r.number for r in bpe.rounds] == list(range(1, 16))
    assert [r.changed for r in bpe.rounds[:4]] == [(2, 3), (2, 3), (2, 3), (0, 1)]
    assert [" ".join(row.symbols) for row in bpe.table(3)] == [
        "l o w </w>",
        "l o w e r </w>",
        "n e w est</w>",
        "w i d est</w>",
    ]
    assert [(row.word, row.count, row.symbols) for row in bpe.rounds[-1].table] == [
        ("low", 5, ("low</w>",)),
        ("lower", 2, ("lower</w>",)),
        ("newest", 6, ("newest</w>",)),
        ("widest", 3, ("widest</w>",)),
    ]
    # Round 1's candidates: every pair of the initial table, best first.
    first = bpe.rounds[0].candidates
    assert first[:4] == ((("e", "s"), 9), (("s", "t"), 9), (("t", "</w>"), 9), (("w", "e"), 8))
    assert sum(n for _, n in first) == sum(len(w) * n for w, n in SENNRICH_EXAMPLE.items())


def test_textbook_example_with_underscore_marker():
    # Jurafsky and Martin, SLP 3rd ed., ch. 2: the merges printed there, in order.
    bpe = learn_classic_bpe(TEXTBOOK_EXAMPLE, 8, end_marker="_")
    assert [r.pair for r in bpe.rounds] == [
        ("e", "r"),
        ("er", "_"),
        ("n", "e"),
        ("ne", "w"),
        ("l", "o"),
        ("lo", "w"),
        ("new", "er_"),
        ("low", "_"),
    ]
    assert bpe.segment("newer") == ("newer_",)
    assert bpe.segment("lower") == ("low", "er_")  # an unseen word, cut with the learned merges


def test_segment_unseen_words():
    bpe = learn_classic_bpe(SENNRICH_EXAMPLE, 10)
    assert bpe.segment("lowest") == ("low", "est</w>")
    assert bpe.segment("newer") == ("new", "e", "r", "</w>")
    assert learn_classic_bpe(SENNRICH_EXAMPLE, 0).segment("low") == ("l", "o", "w", "</w>")


def test_matches_the_paper_code_on_its_example():
    assert [(r.pair, r.count) for r in learn_classic_bpe(SENNRICH_EXAMPLE, 20).rounds] == paper_bpe(
        SENNRICH_EXAMPLE, 20, "</w>"
    )


words_strategy = st.dictionaries(
    st.text(alphabet="abcde<>/é", min_size=1, max_size=7), st.integers(1, 9), min_size=1, max_size=8
)


@settings(max_examples=150, deadline=None)
@given(words_strategy, st.integers(0, 30))
def test_matches_the_paper_code(words, n):
    bpe = learn_classic_bpe(words, n)
    assert [(r.pair, r.count) for r in bpe.rounds] == paper_bpe(words, n, "</w>")
    for r in bpe.rounds:  # the table keeps the words' characters, and counts add up
        assert all("".join(row.symbols) == row.word + "</w>" for row in r.table)
    if bpe.rounds:
        # The last table's rows are each cut as segment() cuts that word.
        assert all(bpe.segment(row.word) == row.symbols for row in bpe.rounds[-1].table)


def test_overlapping_pairs_merge_left_to_right():
    table = initial_table({"aaa": 2}, "_")
    assert pair_counts(table) == {("a", "a"): 4, ("a", "_"): 2}  # counted with overlaps, as the paper does
    bpe = learn_classic_bpe({"aaa": 2}, 1, "_")
    assert bpe.rounds[0].table[0].symbols == ("aa", "a", "_")


def test_text_input_and_stopping():
    assert word_counts("low  lower\nlow\tnewest ") == {"low": 2, "lower": 1, "newest": 1}
    bpe = learn_classic_bpe("low low", 50)
    assert [r.pair for r in bpe.rounds] == [("l", "o"), ("lo", "w"), ("low", "</w>")]  # then nothing is left


@pytest.mark.parametrize(
    "words, message", [({"a b": 1}, "whitespace"), ({"": 1}, "non-empty"), ({"a": 0}, "at least 1")]
)
def test_bad_words_are_refused(words, message):
    with pytest.raises(ValueError, match=message):
        learn_classic_bpe(words, 3)


def test_byte_level_counterpart_on_whitespace_split_corpus():
    # The byte-level trainer on the same kind of corpus, pre-tokenized on whitespace (no end-of-word marker, ties
    # to the lexicographically greatest pair): the sequence of the Stanford CS336 handout.
    text = "low low low low low lower lower widest widest widest newest newest newest newest newest newest"
    trainer = BpeTrainer(300, pattern=r"\S+", processes=1)
    trainer.count_text(text)
    merges = [(s.token, s.count) for s in trainer.steps()]
    assert [b" ".join(pair) for pair in trainer.merges] == [
        b"s t",
        b"e st",
        b"o w",
        b"l ow",
        b"w est",
        b"n e",
        b"ne west",
        b"w i",
        b"wi d",
        b"wid est",
        b"low e",
        b"lowe r",
    ]
    assert merges[0] == (b"st", 9) and merges[-1] == (b"lower", 2)
    assert trainer.stop_reason.startswith("no pair left")
