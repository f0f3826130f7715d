"""A foreign tokenizer's whole view as columns (:class:`~bpe_core.encoding.token_columns.TokenColumns`), worked out
with numpy for all tokens at once: the records :func:`~bpe_core.encoding.token_spans.view_from_spans` would make from
:func:`~bpe_core.foreign.spans.byte_spans`' spans, token by token, but none made until one is read.

The spans are :func:`~bpe_core.foreign.spans.byte_spans`' to the byte: the tokens' bytes laid end to end where they
spell the text; else each token's characters (``offsets``, clamped to the text), and each run of tokens that are not
valid UTF-8 on their own given consecutive bytes of those characters where together they spell them exactly. A token
may cover no byte, overlap the next, or hold part of a character: the columns say so as the records did.

>>> text, data = "a鬱", {64: b"a", 165: b"\\xe9", 105: b"\\xac", 109: b"\\xb1"}
>>> tokens = view_columns(text, [64, 165, 105, 109], [(0, 1), (1, 2), (1, 2), (1, 2)], data.__getitem__, set())
>>> tokens.byte_start.tolist(), tokens.byte_end.tolist(), str(tokens[2].partial[0])
([0, 1, 2, 3], [1, 2, 3, 4], "bytes 1-1 of 3 of '鬱'")
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import numpy as np

from bpe_core.encoding.spelling import Spelling, spread
from bpe_core.encoding.token_columns import TokenColumns, char_starts, span_columns
from bpe_core.foreign.spans import is_utf8


def view_columns(text: str, ids, offsets, token_bytes: Callable[[int], bytes], special_ids: Collection[int]):
    """The :class:`TokenColumns` of tokens ``ids`` of ``text`` (free of lone surrogates): ``offsets`` are their
    character spans, or a function returning them (called only if the tokens' bytes are not the text's), as an
    ``(n, 2)`` array or pairs; ``token_bytes(id)`` gives a token's bytes.

    >>> tokens = view_columns("Ab", [7, 8], lambda: [(0, 1), (1, 2)], {7: b"a", 8: b"b"}.__getitem__, {8})
    >>> [(t.id, t.token, t.byte_start, t.byte_end, t.special) for t in tokens]
    [(7, b'a', 0, 1, False), (8, b'b', 1, 2, True)]
    """
    ids = np.asarray(ids, np.int64)
    stream, lengths, valid = token_stream(ids, token_bytes)
    byte_start, byte_end = byte_span_arrays(text, stream, lengths, valid, offsets)
    start, end, lead, trail = span_columns(text, byte_start, byte_end)
    special = np.isin(ids, np.fromiter(special_ids, np.int64, len(special_ids)))
    return TokenColumns(text, ids, byte_start, byte_end, start, end, lead, trail, special, token_bytes)


def token_stream(ids: np.ndarray, token_bytes: Callable[[int], bytes]) -> tuple[np.ndarray, ...]:
    """The tokens' bytes end to end (uint8), each token's length, and whether it is valid UTF-8 on its own; each
    distinct id's bytes asked of ``token_bytes`` once.

    >>> [a.tolist() for a in token_stream(np.array([2, 1, 2]), {1: b"\\xe9", 2: b"ab"}.__getitem__)]
    [[97, 98, 233, 97, 98], [2, 1, 2], [True, False, True]]
    """
    spelling = Spelling.of(ids, token_bytes)
    data, sizes, each = spelling.data, spelling.sizes, spelling.each
    valid = np.fromiter(map(is_utf8, data), bool, len(data))
    flat = np.frombuffer(b"".join(data), np.uint8)
    lengths = sizes[each]
    index = spread((np.cumsum(sizes) - sizes)[each], lengths)  # each token's bytes where they are in flat
    return flat[index], lengths, valid[each]


def byte_span_arrays(text: str, stream, lengths, valid, offsets) -> tuple[np.ndarray, np.ndarray]:
    """Each token's byte start and byte end in ``text``'s UTF-8 bytes (int64 arrays), as
    :func:`~bpe_core.foreign.spans.byte_spans` gives them, from :func:`token_stream`'s arrays and the ``offsets``.

    >>> stream, lengths, valid = token_stream(np.array([1, 2]), {1: b" a", 2: b"b"}.__getitem__)
    >>> [a.tolist() for a in byte_span_arrays("ab", stream, lengths, valid, [(0, 1), (1, 2)])]
    [[0, 1], [1, 2]]
    """
    data = np.frombuffer(text.encode("utf-8"), np.uint8)
    if np.array_equal(stream, data):
        ends = np.cumsum(lengths)
        return ends - lengths, ends
    if callable(offsets):
        offsets = offsets()
    if len(offsets) != len(lengths):
        raise ValueError(f"{len(lengths)} tokens but {len(offsets)} offsets")
    pairs = np.asarray(offsets, np.int64).reshape(len(lengths), 2)
    starts = char_starts(text)
    first = np.clip(pairs[:, 0], 0, len(text))
    last = np.clip(np.maximum(pairs[:, 0], pairs[:, 1]), 0, len(text))
    byte_start, byte_end = starts[first], starts[last]
    share_out(data, stream, lengths, ~valid, byte_start, byte_end)
    return byte_start, byte_end


def share_out(data: np.ndarray, stream, lengths, partial, byte_start: np.ndarray, byte_end: np.ndarray) -> None:
    """Give each run of consecutive ``partial`` tokens (not valid UTF-8 alone) consecutive bytes of the text ``data``
    from the first byte any of them covers, where together they spell exactly the bytes they cover (in place).

    >>> data, stream = np.frombuffer("鬱".encode(), np.uint8), np.frombuffer("鬱".encode(), np.uint8)
    >>> start, end = np.array([0, 0, 0]), np.array([3, 3, 3])
    >>> share_out(data, stream, np.array([1, 1, 1]), np.array([True, True, True]), start, end)
    >>> start.tolist(), end.tolist()
    ([0, 1, 2], [1, 2, 3])
    """
    run_tokens = np.flatnonzero(partial)
    if not len(run_tokens) or not len(data):  # (no text: no run spells any)
        return
    begins = np.diff(run_tokens, prepend=-2) != 1  # the first token of a run
    heads, run_of = np.flatnonzero(begins), np.cumsum(begins) - 1  # each run's first (in run_tokens); each one's run
    lo = np.minimum.reduceat(byte_start[run_tokens], heads)  # the bytes of the text each run covers
    hi = np.maximum.reduceat(byte_end[run_tokens], heads)
    place = np.cumsum(lengths) - lengths  # each token's place in the stream
    shift = (lo - place[run_tokens[heads]])[run_of]  # from a token's place in the stream to its place in the text
    sizes = lengths[run_tokens]
    fits = hi - lo == np.add.reduceat(sizes, heads)
    spelled = (fits & _spells(data, stream, place[run_tokens], sizes, shift, heads))[run_of]
    moved = run_tokens[spelled]
    byte_start[moved] = place[moved] + shift[spelled]
    byte_end[moved] = byte_start[moved] + lengths[moved]


def _spells(data: np.ndarray, stream, places, sizes, shifts, heads) -> np.ndarray:
    """For each run of tokens (``heads``: where each run begins among them), whether the tokens' bytes (``sizes``
    of them at ``places`` in ``stream``) are the text's bytes ``shifts`` further on (bytes past the text's end are
    compared with its last: ask only of runs that lie within it).

    >>> data, stream = np.frombuffer(b"xab", np.uint8), np.frombuffer(b"abb", np.uint8)
    >>> _spells(data, stream, np.array([0, 1, 2]), np.array([1, 1, 1]), np.array([1, 1, -2]), np.array([0, 2]))
    array([ True, False])
    """
    at = spread(places, sizes)
    same = stream[at] == data[np.minimum(at + np.repeat(shifts, sizes), len(data) - 1)]
    return np.logical_and.reduceat(same, (np.cumsum(sizes) - sizes)[heads])


def distinct_sorted(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)``, read in one pass where they are already in order (tokens' starts, the library's in
    text order: ``np.unique`` hashes and sorts them, 13 ms of a 300,000-character Compare pane at every key).

    >>> distinct_sorted(np.array([0, 2, 2, 5])).tolist(), distinct_sorted(np.array([3, 1, 3])).tolist()
    ([0, 2, 5], [1, 3])
    """
    if len(values) < 2 or not (values[1:] >= values[:-1]).all():
        return np.unique(values)
    return values[np.concatenate(([True], values[1:] != values[:-1]))]
