"""Dense ranks of many strings, sorted by numpy so that other threads run meanwhile.

A Python sort of 200,000 strings holds the GIL for its whole 0.15 s: the window froze while the Vocabulary tab
ordered a vocabulary's labels in its worker. numpy sorts without the GIL, but only fixed-width strings, and a
width fitted to the longest token (one of 10,000 bytes in a hostile file) would take gigabytes. So the strings
are sorted by their first ``PREFIX`` bytes and their length, and only runs that share a prefix and hold a longer
string are sorted again whole, in Python (they are few and short).

>>> dense_ranks([b"b", b"a", b"ab", b"a", b"a\\0"]).tolist()
[3, 0, 2, 0, 1]
>>> text_ranks(["é", "z", "a", "z"]).tolist()
[2, 1, 0, 1]
"""

from __future__ import annotations

import numpy as np

#: Bytes of each string that numpy sorts by.
PREFIX = 64
#: Strings converted to numpy's fixed width at a time (each conversion holds the GIL: about 2 ms).
_CHUNK = 20_000


def text_ranks(texts: list[str]) -> np.ndarray:
    """Dense ranks of ``texts`` in Python's ``str`` order: UTF-8 orders bytes as code points are ordered
    (``surrogatepass`` keeps that true for lone surrogates)."""
    return dense_ranks([text.encode("utf-8", "surrogatepass") for text in texts])


def dense_ranks(keys: list[bytes]) -> np.ndarray:
    """Each key's rank in ``bytes`` order, equal keys sharing one (0, 1, 2... with no gaps)."""
    if not keys:
        return np.zeros(0, dtype=np.int64)
    lengths = np.fromiter(map(len, keys), dtype=np.int64, count=len(keys))
    width = max(1, min(int(lengths.max()), PREFIX))
    prefix = np.concatenate(
        [np.array(keys[start : start + _CHUNK], dtype=f"S{width}") for start in range(0, len(keys), _CHUNK)]
    )
    # numpy's fixed width drops trailing NULs (b"a" and b"a\0" look alike): among equal prefixes the shorter key
    # comes first, which is bytes order whenever both keys fit in the prefix.
    rows = np.lexsort((lengths, prefix))
    same_prefix = prefix[rows[1:]] == prefix[rows[:-1]]
    starts = np.flatnonzero(np.concatenate([[True], ~same_prefix]))  # runs of equal prefixes
    ends = np.append(starts[1:], len(keys))
    runs = np.cumsum(np.concatenate([[False], ~same_prefix]))
    for run in np.unique(runs[lengths[rows] > width]).tolist():  # runs holding a key past the prefix: sorted whole
        start, end = int(starts[run]), int(ends[run])
        if end - start > 1:
            rows[start:end] = sorted(rows[start:end].tolist(), key=keys.__getitem__)
    changes = ~same_prefix | (lengths[rows[1:]] != lengths[rows[:-1]])
    for at in np.flatnonzero(~changes & (lengths[rows[1:]] > width)).tolist():  # equal so far, past the prefix
        changes[at] = keys[rows[at + 1]] != keys[rows[at]]
    ranks = np.empty(len(keys), dtype=np.int64)
    ranks[rows] = np.concatenate([[0], np.cumsum(changes)])
    return ranks
