"""The runs of tokens that share a character (TokenColumns.overlapping_groups) after an edit are those of the old
tokens kept as they were, found again only around the edit: they must be the runs found from scratch."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.encoding.token_columns import TokenColumns


def columns(joined: list[bool]) -> TokenColumns:
    """Tokens ``0..len(joined)``; token ``i`` shares a character with token ``i + 1`` where ``joined[i]``."""
    n = len(joined) + 1
    start = np.arange(n, dtype=np.int32)
    end = start + 1 + np.array([*joined, False], np.int32)
    zeros = np.zeros(n, np.int32)
    return TokenColumns("", zeros, zeros, zeros, start, end, zeros, zeros, zeros.astype(bool), lambda i: b"")


@settings(max_examples=500)
@given(
    old=st.lists(st.booleans(), max_size=40),
    at=st.floats(0, 1),
    cut=st.integers(0, 6),
    inserted=st.lists(st.booleans(), max_size=6),
    wider=st.integers(0, 2),
)
def test_groups_after_an_edit_are_the_groups_found_from_scratch(old, at, cut, inserted, wider):
    first = round(at * len(old))
    new = old[:first] + inserted + old[first + cut :]
    before, after = columns(old), columns(new)
    before.overlapping_groups()
    stop = min(first + len(inserted) + wider, len(new) + 1)  # the new tokens, and maybe a few old ones after them
    after.spliced_from(before, first, stop)
    spliced = after.overlapping_groups()
    fresh = columns(new).overlapping_groups()
    assert [a.tolist() for a in spliced] == [a.tolist() for a in fresh]
