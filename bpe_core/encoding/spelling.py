"""The bytes a column of token ids stands for, asked of the tokenizer once per distinct id, and whether they spell a
text: what the first view of a long text checks before it keeps its tokens as columns
(:mod:`bpe_core.encoding.incremental`). A million characters of Chinese are half a million tokens; joining their
bytes one by one took 0.1 s, gathering them with numpy a block at a time takes a fifth of that.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> gpt2 = Tokenizer.from_tiktoken("gpt2")
>>> spelling = Spelling.of(np.array(gpt2.encode("hello hello")), gpt2.token_bytes)
>>> spelling.lengths.tolist(), spelling.spells(b"hello hello"), spelling.spells(b"hello world")
([5, 6], True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

#: Ids below this many times the tokens' count are told apart by a table indexed by id; larger ones are sorted (a
#: table of o200k's ids for a keystroke's few tokens would cost more than sorting them).
DENSE_IDS_PER_TOKEN = 4
#: Tokens gathered at once by :meth:`Spelling.spells` (their bytes' indices take 8 bytes each).
BLOCK = 1 << 18


@dataclass(frozen=True)
class Spelling:
    """Token ids (``ids``, int64), the distinct ones ascending (``distinct``), where each id is among them
    (``ids == distinct[each]``) and their bytes (``data``, one per distinct id)."""

    ids: np.ndarray
    distinct: np.ndarray
    each: np.ndarray
    data: list[bytes]

    @classmethod
    def of(cls, ids, token_bytes: Callable[[int], bytes]) -> Spelling:
        """The spelling of ``ids`` (any sequence of ints), ``token_bytes`` asked once per distinct id.

        >>> Spelling.of([7, 3, 7], lambda i: b"x" * i).data
        [b'xxx', b'xxxxxxx']
        """
        ids = np.asarray(ids, np.int64).reshape(-1)
        distinct, each = _distinct(ids)
        return cls(ids, distinct, each, [token_bytes(i) for i in distinct.tolist()])

    @cached_property
    def sizes(self) -> np.ndarray:
        """The length in bytes of each distinct id."""
        return np.fromiter(map(len, self.data), np.int64, len(self.data))

    @property
    def lengths(self) -> np.ndarray:
        """The length in bytes of each token."""
        return self.sizes[self.each]

    def spells(self, text: bytes) -> bool:
        """Whether the tokens' bytes, joined in order, are ``text``: gathered from one copy of each distinct token's
        bytes, :data:`BLOCK` tokens at a time (the memory of a block, not of the text's indices).

        >>> Spelling.of([2, 1], lambda i: b"ab"[:i]).spells(b"aba"), Spelling.of([], bytes).spells(b"")
        (True, True)
        """
        lengths = self.lengths
        if int(lengths.sum()) != len(text):
            return False
        pool = np.frombuffer(b"".join(self.data), np.uint8)
        pool_start = np.cumsum(self.sizes) - self.sizes
        ends = np.cumsum(lengths)
        wanted = np.frombuffer(text, np.uint8)
        for first in range(0, len(lengths), BLOCK):
            part = slice(first, first + BLOCK)
            length, end = lengths[part], ends[part]
            start = int(end[0] - length[0])
            gathered = pool[spread(pool_start[self.each[part]], length)]
            if not np.array_equal(gathered, wanted[start : int(end[-1])]):
                return False
        return True


def _distinct(ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct ``ids`` ascending and where each id is among them: by a table indexed by id where the ids are
    few enough for their count (no sort: a fifth of the time of ``np.unique`` on half a million ids), else by
    ``np.unique``.

    >>> [a.tolist() for a in _distinct(np.array([5, 2, 5]))], [a.tolist() for a in _distinct(np.array([1 << 40, -1]))]
    ([[2, 5], [1, 0, 1]], [[-1, 1099511627776], [1, 0]])
    """
    if len(ids) and 0 <= int(ids.min()) and int(ids.max()) < DENSE_IDS_PER_TOKEN * len(ids):
        seen = np.bincount(ids)
        distinct = np.flatnonzero(seen)
        where = np.zeros(len(seen), np.int64)
        where[distinct] = np.arange(len(distinct))
        return distinct.astype(np.int64), where[ids]
    distinct, each = np.unique(ids, return_inverse=True)
    return distinct, each.reshape(-1)


def spread(firsts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Each of ``firsts`` counted up ``sizes`` times, all end to end.

    >>> spread(np.array([5, 0]), np.array([2, 3])).tolist()
    [5, 6, 0, 1, 2]
    """
    return np.repeat(firsts - (np.cumsum(sizes) - sizes), sizes) + np.arange(int(sizes.sum()))
