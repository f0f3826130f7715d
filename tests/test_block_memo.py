"""A BlockMemo's block ends of a text found near an edit of the text before it (block_memo.ends_after_edit): the
same as the whole text's, cut afresh, for the words of a ``tokenizer.json`` (hf_words: ``WORD`` and
``WORD_OR_LINE``) and for lines (sp_lines), through several random edits anywhere (inserts, deletions, replacements,
at the text's ends and at its units' boundaries), in blocks of 1 to 3 units (many blocks to a text); units cut only
near an edit; and the families' units from any unit start the whole text's."""

from __future__ import annotations

import functools
import itertools

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bpe_core.foreign.block_memo import BlockMemo, common_ends, marked_ends
from bpe_core.foreign.hf_words import WORD, words_from
from bpe_core.foreign.sp_lines import lines_from, lines_of
from bpe_core.foreign.word_memo import WORD_OR_LINE

#: Spaces, ``▁`` and line breaks, alone, doubled and beside other characters.
PIECES = [" ", "▁", "\n", "a", "b", "中", "😀", "  ", "▁▁", " ▁", "▁ ", " \n", "\n ", "\n\n", "ab", "a▁", "\r\n"]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)
#: Each family's units (block_memo.Units) and the whole text's, cut as the family did before the memo cut near edits.
KINDS = {
    "words": (functools.partial(words_from, WORD), lambda text: WORD.findall(text)[:-1]),
    "words or lines": (functools.partial(words_from, WORD_OR_LINE), lambda text: WORD_OR_LINE.findall(text)[:-1]),
    "lines": (lines_from, lines_of),
}


def whole_ends(kind: str, text: str, every: int) -> list[int]:
    """The block ends of the whole text, its units cut afresh."""
    return marked_ends(KINDS[kind][1](text), every).tolist()


def edited(kind: str, text: str) -> st.SearchStrategy[str]:
    """``text`` with a stretch of it (maybe none) replaced by other text (maybe none), where it begins, ends, at a
    boundary of its units or anywhere; or another text altogether."""
    bounds = [0, *itertools.accumulate(map(len, KINDS[kind][1](text)))]
    places = st.sampled_from(bounds) | st.integers(0, len(text))
    lengths = st.integers(0, 3) | st.integers(0, len(text))
    inserted = st.lists(st.sampled_from(PIECES), max_size=4).map("".join)
    edit = st.tuples(places, lengths, inserted)
    return edit.map(lambda e: text[: e[0]] + e[2] + text[e[0] + e[1] :]) | TEXTS


@settings(max_examples=600, deadline=None)
@given(kind=st.sampled_from(list(KINDS)), every=st.integers(1, 3), text=TEXTS, data=st.data())
def test_the_ends_found_near_each_edit_are_the_whole_texts(kind, every, text, data):
    memo = BlockMemo(KINDS[kind][0], lambda: every, ask=None)
    assert memo.ends(text).tolist() == whole_ends(kind, text, every)
    for _ in range(data.draw(st.integers(1, 6), label="edits")):
        text = data.draw(edited(kind, text), label="text")
        assert memo.ends(text).tolist() == whole_ends(kind, text, every), repr(text)


def test_a_long_texts_units_are_cut_only_near_an_edit():
    """A line typed into the middle of 2,000 lines, again and again, blocks of about 2 lines: each text's units
    are cut from a block or two before the edit to a block or two after it, not over the whole text."""
    cut = []

    def lines(text: str, start: int, stop: int) -> list[str]:
        found = lines_from(text, start, stop)
        cut.append(sum(map(len, found)))
        return found

    memo = BlockMemo(lines, lambda: 2, ask=None)
    text = "".join(f"line {k}\n" for k in range(2000))
    memo.ends(text)
    for typed in ["x", "\n", "a new line\n", ""]:
        middle = len(text) // 2
        text = text[:middle] + typed + text[middle:]
        cut.clear()
        assert memo.ends(text).tolist() == whole_ends("lines", text, 2)
        assert 0 < sum(cut) < len(text) // 20


def test_a_changed_every_cuts_the_whole_text_again():
    every = 2
    memo = BlockMemo(lines_from, lambda: every, ask=None)
    text = "".join(f"{k}\n" for k in range(100))
    assert memo.ends(text).tolist() == whole_ends("lines", text, 2)
    every = 1  # (the old ends were marked for blocks of about 2 lines)
    assert memo.ends(text + "x").tolist() == whole_ends("lines", text + "x", 1)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(list(KINDS)), text=TEXTS, data=st.data())
def test_a_familys_units_from_a_unit_start_are_the_whole_texts(kind, text, data):
    """From any unit's start to the first unit that ends at or past any later place: the whole text's units."""
    units, whole = KINDS[kind]
    assert units(text, len(text), len(text)) == []
    cut = whole(text)
    assume(cut)
    ends = list(itertools.accumulate(map(len, cut)))
    first = data.draw(st.integers(0, len(cut) - 1), label="first unit")
    start = ends[first] - len(cut[first])
    stop = data.draw(st.integers(start + 1, len(text)), label="stop")
    last = next(k for k, end in enumerate(ends) if end >= stop)
    assert units(text, start, stop) == cut[first : last + 1]


@settings(max_examples=300, deadline=None)
@given(a=st.text("ab", max_size=30), b=st.text("ab", max_size=30))
def test_common_ends_are_the_longest_shared_beginning_and_then_end(a, b):
    prefix, suffix = common_ends(a, b)
    most = min(len(a), len(b))
    assert a[:prefix] == b[:prefix] and (prefix == most or a[prefix] != b[prefix])
    assert prefix + suffix <= most and a[len(a) - suffix :] == b[len(b) - suffix :]
    assert prefix + suffix == most or a[len(a) - suffix - 1] != b[len(b) - suffix - 1]
