"""``span_columns`` (every token's character span and edge bytes at once, numpy) gives what ``view_from_spans`` works
out token by token: any text (Han, emoji, accents, surrogates as tiktoken leaves them fixed), its bytes cut anywhere,
inside characters too, with tokens that cover no byte among them."""

from __future__ import annotations

import numpy as np
from hypothesis import example, given
from hypothesis import strategies as st

from bpe_core.encoding.token_columns import edge_bytes, span_columns
from bpe_core.encoding.token_spans import view_from_spans

TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30) | st.lists(
    st.sampled_from(["a", " ", "é", "鬱", "今天", "🙂", "👍🏽", "\n", "\u0800", "\U00010000"]), max_size=20
).map("".join)


@st.composite
def cut_text(draw):
    """A text and its UTF-8 bytes cut into tokens at any byte, some of them empty (a token that covers no byte)."""
    text = draw(TEXT)
    size = len(text.encode("utf-8"))
    cuts = sorted(draw(st.lists(st.integers(0, size), max_size=12)))  # repeated cuts make empty tokens
    bounds = [0, *cuts, size]
    return text, bounds[:-1], bounds[1:]


@given(cut_text())
@example(("a鬱", [0, 1, 2, 3], [1, 2, 3, 4]))
@example(("鬱", [0, 0, 3, 3], [0, 3, 3, 3]))  # empty tokens before and after the character
@example(("鬱🙂", [0, 2, 2, 5], [2, 2, 5, 7]))  # an empty token inside a character
@example(("", [0], [0]))
def test_span_columns_are_the_records_spans(case):
    text, starts, ends = case
    ids = list(range(len(starts)))
    data = [text.encode("utf-8")[a:b] for a, b in zip(starts, ends)]
    records = view_from_spans(text, ids, data, starts, ends, set()).tokens
    start, end, lead, trail = span_columns(text, np.array(starts), np.array(ends))
    assert start.tolist() == [t.start for t in records]
    assert end.tolist() == [t.end for t in records]
    assert list(zip(lead.tolist(), trail.tolist())) == [edge_bytes(t) for t in records]
