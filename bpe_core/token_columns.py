"""A text's tokens kept as columns (numpy arrays), read as :class:`~bpe_core.views.TokenSpan` records on demand.

A :class:`TokenView` built from a tuple of records costs a Python object per token, every time; an edit that
shifts every later token would rebuild them all. :class:`TokenColumns` keeps ids, byte and character spans as
arrays that an edit splices (:mod:`bpe_core.incremental`), and makes the record of token ``i`` only when it is read:
indexing, slicing and iterating give the same records as :func:`bpe_core.views.view_from_spans` would.

``lead``/``trail`` say how many bytes of the token's first character lie before it, and of its last character after
it (both 0 for a token holding whole characters); its ``partial`` parts are worked out from them when read.

>>> import numpy as np
>>> from bpe_core.views import view_from_spans
>>> text, data = "a鬱", {64: b"a", 165: b"\\xe9", 105: b"\\xac", 109: b"\\xb1"}
>>> cols = TokenColumns(text, np.array([64, 165, 105, 109]), np.array([0, 1, 2, 3]), np.array([1, 2, 3, 4]),
...     np.array([0, 1, 1, 1]), np.array([1, 2, 2, 2]), np.array([0, 0, 1, 2]), np.array([0, 2, 1, 0]),
...     np.zeros(4, bool), data.__getitem__)
>>> list(cols) == list(view_from_spans(text, [64, 165, 105, 109], list(data.values()), [0, 1, 2, 3], [1, 2, 3, 4],
...     set()).tokens)
True
>>> len(cols), cols[-1].partial[0].first
(4, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import numpy as np

from bpe_core.views import CharPart, TokenSpan


class TokenColumns(Sequence):
    """The tokens of ``text`` as arrays: ``ids``, byte spans ``byte_start``/``byte_end``, character spans
    ``start``/``end``, ``lead``/``trail`` (see the module), ``special``; ``token_bytes(id)`` gives a token's bytes."""

    def __init__(self, text, ids, byte_start, byte_end, start, end, lead, trail, special, token_bytes: Callable):
        self.text = text
        self.ids, self.byte_start, self.byte_end = ids, byte_start, byte_end
        self.start, self.end, self.lead, self.trail, self.special = start, end, lead, trail, special
        self._token_bytes = token_bytes

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._record(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("token index out of range")
        return self._record(index)

    def __iter__(self) -> Iterator[TokenSpan]:
        return map(self._record, range(len(self)))

    def _record(self, i: int) -> TokenSpan:
        token_id = int(self.ids[i])
        first, end = int(self.start[i]), int(self.end[i])
        lo, hi = int(self.byte_start[i]), int(self.byte_end[i])
        lead, trail = int(self.lead[i]), int(self.trail[i])
        partial = self._parts(first, end - 1, lo, hi, lead, trail) if lead or trail else ()
        return TokenSpan(i, token_id, self._token_bytes(token_id), first, end, lo, hi, bool(self.special[i]), partial)

    def _parts(self, first: int, last: int, lo: int, hi: int, lead: int, trail: int) -> tuple[CharPart, ...]:
        """The characters at the edges of bytes ``lo:hi`` held only in part (as ``views._parts`` finds them)."""
        text = self.text
        parts = []
        char_lo = lo - lead  # where the first character's bytes begin
        for char in dict.fromkeys((first, last)):
            start = char_lo if char == first else char_lo + len(text[first:char].encode("utf-8"))
            size = len(text[char].encode("utf-8"))
            a, b = max(lo, start) - start, min(hi, start + size) - 1 - start
            if a > 0 or b < size - 1:
                parts.append(CharPart(text[char], char, a, b, size))
        return tuple(parts)

    def overlapping_groups(self) -> list[tuple[int, int]]:
        """``(first, last)`` token indices of each run of two or more tokens whose character spans overlap (the
        runs :meth:`bpe_core.views.TokenView.groups` gathers), found without reading every record."""
        if len(self) < 2:
            return []
        joined = np.flatnonzero(self.start[1:] < self.end[:-1])  # token i + 1 shares a character with token i
        if not len(joined):
            return []
        breaks = np.flatnonzero(np.diff(joined) != 1)
        firsts = np.concatenate(([joined[0]], joined[breaks + 1]))
        lasts = np.concatenate((joined[breaks], [joined[-1]])) + 1
        return list(zip(firsts.tolist(), lasts.tolist()))


class IntColumn(Sequence):
    """A read-only sequence of ints over a numpy array (a view's ``chunks``): ints out, as a tuple gives them.

    >>> chunks = IntColumn(np.array([0, 5]))
    >>> list(chunks), chunks[-1], len(chunks), tuple(chunks) == (0, 5)
    ([0, 5], 5, 2, True)
    """

    def __init__(self, values: np.ndarray):
        self.values = values

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.values[index].tolist()
        return int(self.values[index])

    def __iter__(self) -> Iterator[int]:
        return iter(self.values.tolist())

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None


def columns_of(tokens: Sequence[TokenSpan], text: str, token_bytes: Callable) -> TokenColumns:
    """The columns of records already made (a whole view's), e.g. to start editing from them."""
    n = len(tokens)
    ids = np.fromiter((t.id for t in tokens), np.int64, n)
    byte_start = np.fromiter((t.byte_start for t in tokens), np.int64, n)
    byte_end = np.fromiter((t.byte_end for t in tokens), np.int64, n)
    start = np.fromiter((t.start for t in tokens), np.int64, n)
    end = np.fromiter((t.end for t in tokens), np.int64, n)
    special = np.fromiter((t.special for t in tokens), bool, n)
    lead, trail = np.zeros(n, np.int64), np.zeros(n, np.int64)
    for t in tokens:
        if t.partial:
            lead[t.index], trail[t.index] = edge_bytes(t)
    return TokenColumns(text, ids, byte_start, byte_end, start, end, lead, trail, special, token_bytes)


def edge_bytes(token: TokenSpan) -> tuple[int, int]:
    """``(lead, trail)`` of a record: bytes of its first character before it, of its last character after it."""
    lead = trail = 0
    for part in token.partial:
        if part.index == token.start:
            lead = part.first
        if part.index == token.end - 1:
            trail = part.length - 1 - part.last
    return lead, trail
