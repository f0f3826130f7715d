"""BPE inside one very long pre-token (a run of megabytes: ``pattern="none"``, or 10 MB of ``a``) in memory
proportional to it: under 80 bytes per byte at the peak (66 measured), in numpy arrays.

The merges are applied a rank at a time: every adjacent pair of the lowest rank present, leftmost first, skipping
a pair whose left part was just merged into its neighbour. That is exactly the order of the one-merge-at-a-time
rule (lowest rank, leftmost first) as long as a merge never makes a pair of a lower rank than its own; a trained
vocabulary never does, and when one does :func:`merge_in_rounds` says so (returns None) and the caller merges
one pair at a time instead: :func:`merge_by_heap`, a heap of integers over a linked list in arrays (47 bytes
a byte measured, 139 for the heap of tuples; 1.5 times slower).

>>> ranks = {(b"a", b"a"): 0, (b"aa", b"aa"): 1}
>>> def pair(left, right):
...     rank = ranks.get((left, right))
...     return None if rank is None else (rank, left + right)
>>> merge_in_rounds(b"aaaaaaa", pair)
[b'aaaa', b'aa', b'a']
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Callable

import numpy as np

#: Above any rank: the rank of a pair that is never merged.
_NONE = np.iinfo(np.int32).max
#: Pairs looked up at a time (their keys and indices take 16 bytes each).
_BLOCK = 1 << 16


class _Pairs:
    """Rank and result of each adjacent pair of token numbers, asked once per distinct pair and kept in arrays.

    Tokens are numbered as met: 0-255 are the bytes, the results of merges come next.
    """

    def __init__(self, pair: Callable[[bytes, bytes], tuple[int, bytes] | None]):
        self.pair = pair
        self.tokens: list[bytes] = [bytes([b]) for b in range(256)]
        self.numbers: dict[bytes, int] = {token: i for i, token in enumerate(self.tokens)}
        self.keys = np.array([-1], np.int64)  # left * 2**32 + right of the pairs looked up so far, sorted (-1: none)
        self.ranks = np.array([_NONE], np.int32)  # ... their ranks (_NONE: no merge)
        self.results = np.array([-1], np.int32)  # ... and the numbers of the tokens they make

    def lookup(self, left: np.ndarray, right: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The ranks (``_NONE`` where no merge) and the results' numbers of the pairs ``left[i], right[i]``
        (looked up :data:`_BLOCK` at a time)."""
        ranks, results = np.empty(len(left), np.int32), np.empty(len(left), np.int32)
        for at in range(0, len(left), _BLOCK):
            keys = left[at : at + _BLOCK].astype(np.int64) << 32
            keys |= right[at : at + _BLOCK]
            where = self._where(keys)
            missing = self.keys[where] != keys
            if missing.any():
                self._learn(np.unique(keys[missing]).tolist())
                where = self._where(keys)
            ranks[at : at + _BLOCK], results[at : at + _BLOCK] = self.ranks[where], self.results[where]
        return ranks, results

    def _where(self, keys: np.ndarray) -> np.ndarray:
        return np.searchsorted(self.keys, keys).clip(max=len(self.keys) - 1)

    def _learn(self, keys: list[int]) -> None:
        """Look up the pairs ``keys`` (new ones) and add them to the sorted table."""
        ranks, results = self._table(keys)
        known = np.concatenate([self.keys, np.array(keys, np.int64)])
        order = np.argsort(known, kind="stable")
        self.keys = known[order]
        self.ranks = np.concatenate([self.ranks, ranks])[order]
        self.results = np.concatenate([self.results, results])[order]

    def lookup_bytes(self, word: np.ndarray) -> np.ndarray:
        """The ranks of the pairs of adjacent bytes of ``word`` (through a table of the 65,536 byte pairs: a
        lookup of a long word's pairs by :meth:`lookup` would take 40 bytes per byte)."""
        keys = word[:-1].astype(np.int32) << 8
        keys |= word[1:]
        present = np.flatnonzero(np.bincount(keys, minlength=1 << 16))
        table = np.full(1 << 16, _NONE, np.int32)
        table[present] = self._table([(key >> 8) << 32 | (key & 0xFF) for key in present.tolist()])[0]
        return table[keys]

    def _table(self, keys: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """The ranks and results' numbers of the pairs ``keys``, asked of ``pair``."""
        found = [self._one(key >> 32, key & 0xFFFFFFFF) for key in keys]
        return np.array([f[0] for f in found], np.int32), np.array([f[1] for f in found], np.int32)

    def _one(self, left: int, right: int) -> tuple[int, int]:
        merged = self.pair(self.tokens[left], self.tokens[right])
        if merged is None:
            return _NONE, -1
        number = self.numbers.setdefault(merged[1], len(self.tokens))
        if number == len(self.tokens):
            self.tokens.append(merged[1])
        return merged[0], number


def merge_in_rounds(
    word: bytes, pair: Callable[[bytes, bytes], tuple[int, bytes] | None], trace: list | None = None
) -> list[bytes] | None:
    """The parts BPE makes of ``word``, or None if a merge made a pair of a lower rank than its own (then the
    rounds would not follow the one-at-a-time order). ``pair(left, right)`` gives the rank of the merge of two
    parts and its result, or None. ``trace`` gets ``(rank, start, middle, end)`` per merge, in order."""
    n = len(word)
    pairs = _Pairs(pair)
    number = np.frombuffer(word, np.uint8)
    waiting: dict[int, list[np.ndarray]] = {}  # rank -> starts of pairs that had it when made
    _wait(waiting, np.arange(n - 1, dtype=np.int32), pairs.lookup_bytes(number))
    number = number.astype(np.int32)  # each part's token, at the part's first byte (-1 inside a part)
    after = np.arange(1, n + 1, dtype=np.int32)  # where the next part starts (n: none)
    before = np.arange(-1, n - 1, dtype=np.int32)  # where the previous part starts (-1: none)
    order = list(waiting)
    heapq.heapify(order)
    merges = []
    while order:
        rank = heapq.heappop(order)
        starts = np.sort(np.concatenate(waiting.pop(rank)))
        starts = starts[np.r_[True, starts[1:] != starts[:-1]]]  # a pair may wait twice
        starts = starts[(number[starts] >= 0) & (after[starts] < n)]  # still the start of a part with a right one
        found, results = pairs.lookup(number[starts], number[after[starts]])
        keep = found == rank
        starts, results = _leftmost_first(starts[keep], results[keep], after)
        if not len(starts):
            continue
        middles = after[starts]
        ends = after[middles]
        right_before = number[ends.clip(max=n - 1)]
        number[starts], number[middles] = results, -1
        after[starts] = ends
        inner = ends < n
        before[ends[inner]] = starts[inner]
        made = _new_pairs(pairs, number, before, starts, ends, inner, right_before, rank)
        if made is None:
            return None
        for new in _wait(waiting, *made):
            heapq.heappush(order, new)
        if trace is not None:
            merges.append((rank, starts, middles, ends))
    if trace is not None:
        for rank, starts, middles, ends in merges:
            trace.extend((rank, *offsets) for offsets in zip(starts.tolist(), middles.tolist(), ends.tolist()))
    cuts = np.flatnonzero(number >= 0).tolist()
    return [word[i:j] for i, j in zip(cuts, cuts[1:] + [n])]


def _leftmost_first(starts: np.ndarray, results: np.ndarray, after: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Of pairs of one rank (sorted), those merged leftmost first: in a chain where each pair's right part is the
    next one's left part (``aaaa``), the first, the third, ...

    >>> after = np.array([1, 2, 3, 4])
    >>> _leftmost_first(np.array([0, 1, 2]), np.array([7, 7, 7]), after)[0].tolist()
    [0, 2]
    """
    index = np.arange(len(starts), dtype=np.int32)
    chained = np.zeros(len(starts), bool)
    chained[1:] = after[starts[:-1]] == starts[1:]
    chain_start = np.maximum.accumulate(np.where(chained, 0, index))
    taken = (index - chain_start) % 2 == 0
    return starts[taken], results[taken]


def _new_pairs(pairs, number, before, starts, ends, inner, right_before, rank):
    """The pairs a round of merges made (starts and ranks), or None if one of them, or one that existed for a
    moment during the round (a merged part beside its right neighbour before that merged too), ranks below
    ``rank``."""
    lefts = before[starts]
    has_left = lefts >= 0
    left_starts = lefts[has_left]
    left_ranks = pairs.lookup(number[left_starts], number[starts[has_left]])[0]
    right_starts = starts[inner]
    right_ranks = pairs.lookup(number[right_starts], number[ends[inner]])[0]
    passing = pairs.lookup(number[right_starts], right_before[inner])[0]
    if (left_ranks < rank).any() or (right_ranks < rank).any() or (passing < rank).any():
        return None
    return np.concatenate([left_starts, right_starts]), np.concatenate([left_ranks, right_ranks])


def _wait(waiting: dict[int, list[np.ndarray]], starts: np.ndarray, ranks: np.ndarray) -> list[int]:
    """Put ``starts`` under their ``ranks`` (those with a merge); return the ranks new to ``waiting``."""
    has = ranks != _NONE
    starts, ranks = starts[has], ranks[has]
    order = np.argsort(ranks, kind="stable")
    starts, ranks = starts[order], ranks[order]
    first = np.flatnonzero(ranks[1:] != ranks[:-1]) + 1
    new = []
    for rank, part in zip(ranks[np.r_[0, first]].tolist() if len(ranks) else [], np.split(starts, first)):
        if rank not in waiting:
            waiting[rank] = []
            new.append(rank)
        waiting[rank].append(part)
    return new


def merge_by_heap(
    word: bytes, pair: Callable[[bytes, bytes], tuple[int, bytes] | None], trace: list | None = None
) -> list[bytes]:
    """The parts BPE makes of ``word``, one merge at a time (lowest rank, leftmost first), for any vocabulary.

    A part is ``word[start:after[start]]``; a heap entry ``rank << 32 | start`` is the pair starting there when it
    had that rank, and is taken only if the pair starting there now still has it.

    >>> merge_by_heap(b"xabab", lambda left, right: {(b"x", b"ab"): (0, b"xab"), (b"a", b"b"): (1, b"ab")}.get(
    ...     (left, right)))
    [b'xab', b'ab']
    """
    n = len(word)
    after = array("i", range(1, n + 1))  # n: no next part; -1: not the start of a part
    before = array("i", range(-1, n - 1))

    def rank_at(i: int) -> int | None:
        j = after[i]
        if j < 0 or j >= n:
            return None
        merged = pair(word[i:j], word[j : after[j]])
        return None if merged is None else merged[0]

    heap = [rank << 32 | i for i in range(n - 1) if (rank := rank_at(i)) is not None]
    heapq.heapify(heap)
    while heap:
        key = heapq.heappop(heap)
        rank, i = key >> 32, key & 0xFFFFFFFF
        if rank_at(i) != rank:
            continue
        j = after[i]
        k = after[j]
        if trace is not None:
            trace.append((rank, i, j, k))
        after[i], after[j] = k, -1
        if k < n:
            before[k] = i
        for start in (before[i], i):
            if start >= 0 and (new := rank_at(start)) is not None:
                heapq.heappush(heap, new << 32 | start)
    starts = [i for i in range(n) if after[i] >= 0]
    return [word[i:j] for i, j in zip(starts, starts[1:] + [n])]
