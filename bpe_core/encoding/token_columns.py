"""A text's tokens kept as columns (numpy arrays), read as :class:`~bpe_core.encoding.token_spans.TokenSpan` records on
demand.

A :class:`~bpe_core.encoding.token_spans.TokenView` built from a tuple of records costs a Python object per token,
every time; an edit that shifts every later token would rebuild them all. :class:`TokenColumns` keeps ids, byte and
character spans as arrays that an edit splices (:mod:`bpe_core.encoding.incremental`), and makes the record of token
``i`` only when it is read: indexing, slicing and iterating give the same records as
:func:`bpe_core.encoding.token_spans.view_from_spans` would.

``lead``/``trail`` say how many bytes of the token's first character lie before it, and of its last character after
it (both 0 for a token holding whole characters); its ``partial`` parts are worked out from them when read.

>>> import numpy as np
>>> from bpe_core.encoding.token_spans import view_from_spans
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

import bisect
import weakref
from collections.abc import Callable, Iterator, Sequence

import numpy as np

from bpe_core.encoding.token_spans import CharPart, TokenSpan


class TokenColumns(Sequence):
    """The tokens of ``text`` as arrays: ``ids``, byte spans ``byte_start``/``byte_end``, character spans
    ``start``/``end``, ``lead``/``trail`` (see the module), ``special``; ``token_bytes(id)`` gives a token's bytes."""

    def __init__(self, text, ids, byte_start, byte_end, start, end, lead, trail, special, token_bytes: Callable):
        self.text = text
        self.ids, self.byte_start, self.byte_end = ids, byte_start, byte_end
        self.start, self.end, self.lead, self.trail, self.special = start, end, lead, trail, special
        self.token_bytes = token_bytes
        self._spliced: tuple[weakref.ref, int, int] | None = None
        self._groups: tuple[np.ndarray, np.ndarray] | None = None

    def spliced_from(self, other: TokenColumns, first: int, stop: int) -> None:
        """Note that these tokens are ``other``'s with its tokens from ``first`` on replaced up to this text's token
        ``stop`` (an edit, :mod:`bpe_core.encoding.incremental`): what :meth:`changed_since` tells; the runs of
        :meth:`overlapping_groups` are then ``other``'s, found again only around the edit."""
        self._spliced = (weakref.ref(other), first, stop)
        if other._groups is not None:
            self._groups = self._spliced_groups(other._groups, first, stop, len(self) - len(other))

    def changed_since(self, other: TokenColumns) -> tuple[int, int]:
        """``(first, stop)``: these tokens before ``first`` are ``other``'s first ones and those from ``stop`` on are
        its last ones, as far as is known without comparing them: the edit's span when these were spliced from
        ``other``, else ``(0, len(self))``.

        >>> from bpe_core.encoding.incremental import IncrementalEncoder
        >>> from bpe_core.encoding.tokenizer import Tokenizer
        >>> encoder = IncrementalEncoder(Tokenizer.from_tiktoken("gpt2"))
        >>> text = "one two three four five six seven eight nine ten " * 3
        >>> old = encoder.view(text).tokens
        >>> new = encoder.view(text.replace("two", "too", 1)).tokens
        >>> len(new), new.changed_since(old), old.changed_since(new)
        (31, (0, 2), (0, 31))
        """
        if self._spliced is not None and self._spliced[0]() is other:
            return self._spliced[1], self._spliced[2]
        return 0, len(self)

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

    def __eq__(self, other) -> bool:
        """Equal to any sequence of the same records (a tuple of them, as a view may hold).

        >>> from bpe_core.encoding.tokenizer import Tokenizer
        >>> gpt2 = Tokenizer.from_tiktoken("gpt2")
        >>> view = gpt2.view("a鬱")
        >>> columns_of(view.tokens, view.text, gpt2.token_bytes) == view.tokens, view.tokens == columns_of([], "", len)
        (True, False)
        """
        return isinstance(other, Sequence) and len(self) == len(other) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as a list: Python's way; mypy expects a method

    def text_bytes(self) -> int:
        """The length of the text in UTF-8, read from the last token when it ends the text whole (else counted).

        >>> from bpe_core.encoding.tokenizer import Tokenizer
        >>> tokens = columns_of(Tokenizer.from_tiktoken("gpt2").view("a鬱 b").tokens, "a鬱 b", lambda i: b"")
        >>> tokens.text_bytes(), columns_of(tokens[:2], "a鬱 b", len).text_bytes()  # the last: counted
        (6, 6)
        """
        n = len(self)
        if n and self.end[-1] == len(self.text) and not self.trail[-1] and self.byte_end[-1] > self.byte_start[-1]:
            return int(self.byte_end[-1])
        return len(self.text.encode("utf-8", "surrogatepass"))

    def _record(self, i: int) -> TokenSpan:
        token_id = int(self.ids[i])
        first, end = int(self.start[i]), int(self.end[i])
        lo, hi = int(self.byte_start[i]), int(self.byte_end[i])
        lead, trail = int(self.lead[i]), int(self.trail[i])
        partial = self._parts(first, end - 1, lo, hi, lead, trail) if lead or trail else ()
        return TokenSpan(i, token_id, self.token_bytes(token_id), first, end, lo, hi, bool(self.special[i]), partial)

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

    def overlapping_groups(self) -> tuple[np.ndarray, np.ndarray]:
        """The first and last token indices of each run of two or more tokens whose character spans overlap (the
        runs :meth:`bpe_core.encoding.token_spans.TokenView.groups` gathers), found without reading every record."""
        if self._groups is None:
            self._groups = _groups(_runs(self._joined(0, len(self) - 1)))
        return self._groups

    def _joined(self, first: int, stop: int) -> np.ndarray:
        """The tokens ``i`` from ``first`` to ``stop - 1`` that share a character with token ``i + 1``."""
        if stop <= first:
            return np.zeros(0, np.int64)
        return first + np.flatnonzero(self.start[first + 1 : stop + 1] < self.end[first:stop])

    def _spliced_groups(self, old, first: int, stop: int, shift: int) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`overlapping_groups` from ``old``'s (the groups of the tokens before the edit, see
        :meth:`spliced_from`): the joined neighbours before token ``first - 1`` and after token ``stop`` are the old
        ones (the latter ``shift`` places on); those in between are found again."""
        starts, ends = old[0], old[1] - 1  # each group as the run of its joined neighbours i (i and i + 1)
        lo, old_stop = max(first - 1, 0), stop - shift
        k = int(np.searchsorted(starts, lo))  # the runs that begin before lo: kept, the last one cut at lo
        head = starts[:k], np.minimum(ends[:k], lo - 1)
        k = int(np.searchsorted(ends, old_stop))  # the runs that end in the old tail: kept from there on, shifted
        tail = np.maximum(starts[k:], old_stop) + shift, ends[k:] + shift
        return _groups(head, _runs(self._joined(lo, min(stop, len(self) - 1))), tail)

    def chunk_of(self, chunks: Sequence[int]) -> Sequence[int]:
        """For each token, the index of the chunk (sorted character offsets where chunks begin) it lies in, each
        found when read."""
        values = chunks.values if isinstance(chunks, IntColumn) else np.asarray(chunks, np.int64)
        return _ChunkOf(values, self.start)


def _runs(joined: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The runs of consecutive values in ``joined`` (sorted), as ``(starts, ends)``.

    >>> [a.tolist() for a in _runs(np.array([1, 2, 3, 7, 9, 10]))]
    [[1, 7, 9], [3, 7, 10]]
    """
    if not len(joined):
        return joined, joined
    breaks = np.flatnonzero(np.diff(joined) != 1)
    return np.concatenate(([joined[0]], joined[breaks + 1])), np.concatenate((joined[breaks], [joined[-1]]))


def _groups(*parts: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Runs of joined neighbours given in parts, in order (a part's last run may go on in the next part's first),
    as groups of tokens ``(firsts, lasts)``: a run ``i..j`` joins tokens ``i..j + 1``.

    >>> [a.tolist() for a in _groups((np.array([1]), np.array([2])), (np.array([3, 7]), np.array([4, 7])))]
    [[1, 7], [5, 8]]
    """
    parts = tuple((s, e) for s, e in parts if len(s))
    if not parts:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    starts = np.concatenate([s for s, _ in parts]).astype(np.int64)
    ends = np.concatenate([e for _, e in parts]).astype(np.int64)
    seams = np.cumsum([len(s) for s, _ in parts[:-1]], dtype=np.int64)
    touching = [int(p) for p in reversed(seams) if starts[p] == ends[p - 1] + 1]
    for p in touching:  # from the last seam back: a run may go on across two seams
        ends[p - 1] = ends[p]
    return np.delete(starts, touching), np.delete(ends, touching) + 1


class _ChunkOf(Sequence):
    def __init__(self, chunks: np.ndarray, starts: np.ndarray):
        self.chunks, self.starts = chunks, starts

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return (np.searchsorted(self.chunks, self.starts[i], "right") - 1).tolist()
        return int(np.searchsorted(self.chunks, self.starts[i], "right")) - 1

    def __eq__(self, other) -> bool:
        """Equal to any sequence of the same indices (the tuple a view of records gives).

        >>> _ChunkOf(np.array([0, 2]), np.array([0, 1, 2, 3])) == (0, 0, 1, 1)
        True
        """
        return isinstance(other, Sequence) and len(self) == len(other) and self[:] == list(other)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as a list: Python's way; mypy expects a method


class TokenGroups(Sequence):
    """The runs of tokens that together make whole characters though one of them holds part of one, as
    ``(first token, last token, those characters)``, each made when read; ``firsts``/``lasts`` as arrays, and
    :meth:`holds` whether a token is in a run.

    >>> from bpe_core.encoding.tokenizer import Tokenizer
    >>> view = Tokenizer.from_tiktoken("gpt2").view("a鬱")
    >>> groups = TokenGroups(columns_of(view.tokens, view.text, lambda i: b""))
    >>> list(groups), groups.holds(0), groups.holds(2), groups.held(0, 5)
    ([(1, 3, '鬱')], False, True, [False, True, True, True, False])
    """

    def __init__(self, tokens: TokenColumns):
        self.tokens = tokens
        self.firsts, self.lasts = tokens.overlapping_groups()
        self._bounds: tuple[list[int], list[int]] | None = None
        self._asked = 0

    def __len__(self) -> int:
        return len(self.firsts)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        first, last = int(self.firsts[k]), int(self.lasts[k])
        return first, last, self.tokens.text[int(self.tokens.start[first]) : int(self.tokens.end[last])]

    def holds(self, index: int) -> bool:
        """Whether token ``index`` is in a run (asked for every token laid out: numpy for the first few thousand
        questions, then plain lists and bisect)."""
        if self._bounds is None:
            self._asked += 1
            if self._asked < 4096:
                k = int(np.searchsorted(self.firsts, index, "right")) - 1
                return k >= 0 and index <= int(self.lasts[k])
            self._bounds = (self.firsts.tolist(), self.lasts.tolist())
        firsts, lasts = self._bounds
        k = bisect.bisect_right(firsts, index) - 1
        return k >= 0 and index <= lasts[k]

    def held(self, first: int, stop: int) -> list[bool]:
        """:meth:`holds` for each token from ``first`` to ``stop - 1``, in one go (the boxes in view)."""
        index = np.arange(first, stop)
        if not len(self.firsts):
            return [False] * len(index)
        k = np.searchsorted(self.firsts, index, "right") - 1
        return ((k >= 0) & (index <= self.lasts[np.maximum(k, 0)])).tolist()

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as a list: Python's way; mypy expects a method


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

    __hash__ = None  # type: ignore[assignment]  # unhashable, as a list: Python's way; mypy expects a method


def char_starts(text: str) -> np.ndarray:
    """The byte offset of each character of ``text`` in its UTF-8 bytes, and one past the end (int64; a lone
    surrogate counts 3 bytes, as ``surrogatepass`` writes it).

    >>> char_starts("a鬱🙂").tolist()
    [0, 1, 4, 8]
    """
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    sizes = 1 + (codes >= 0x80).astype(np.int64) + (codes >= 0x800) + (codes >= 0x10000)
    starts = np.zeros(len(codes) + 1, np.int64)
    np.cumsum(sizes, out=starts[1:])
    return starts


def span_columns(text: str, byte_start: np.ndarray, byte_end: np.ndarray) -> tuple[np.ndarray, ...]:
    """``(start, end, lead, trail)`` of tokens at byte offsets ``byte_start:byte_end`` of ``text``'s UTF-8 bytes, for
    all of them at once (int32, int32, int8, int8): what :func:`~bpe_core.encoding.token_spans.view_from_spans` works
    out token by token (a token that covers no byte stands at its start's character, holding none of it).

    >>> [column.tolist() for column in span_columns("a鬱", np.array([0, 1, 2, 3]), np.array([1, 2, 3, 4]))]
    [[0, 1, 1, 1], [1, 2, 2, 2], [0, 0, 1, 2], [0, 2, 1, 0]]
    """
    char_start = char_starts(text)
    n_chars = len(char_start) - 1
    char_at = np.empty(int(char_start[-1]) + 1, np.int32)  # byte offset -> its character (the end: len(text))
    char_at[:-1] = np.repeat(np.arange(n_chars, dtype=np.int32), np.diff(char_start))
    char_at[-1] = n_chars
    byte_start, byte_end = np.asarray(byte_start, np.int64), np.asarray(byte_end, np.int64)
    covers = byte_end > byte_start
    first = char_at[byte_start]
    last = np.where(covers, char_at[np.where(covers, byte_end - 1, byte_start)], first - 1)
    lead = np.where(covers, byte_start - char_start[first], 0).astype(np.int8)
    trail = np.where(covers, char_start[last + 1] - byte_end, 0).astype(np.int8)
    return first, (last + 1).astype(np.int32), lead, trail


def columns_of(tokens: Sequence[TokenSpan], text: str, token_bytes: Callable) -> TokenColumns:
    """The columns of records already made (a whole view's), e.g. to start editing from them; columns as they are."""
    if isinstance(tokens, TokenColumns):
        return tokens
    n = len(tokens)
    ids = np.fromiter((t.id for t in tokens), np.int64, n)  # (an id may pass int32: a special token's)
    byte_start = np.fromiter((t.byte_start for t in tokens), np.int32, n)
    byte_end = np.fromiter((t.byte_end for t in tokens), np.int32, n)
    start = np.fromiter((t.start for t in tokens), np.int32, n)
    end = np.fromiter((t.end for t in tokens), np.int32, n)
    special = np.fromiter((t.special for t in tokens), bool, n)
    lead, trail = np.zeros(n, np.int8), np.zeros(n, np.int8)
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
