"""How BPE merges the bytes of one pre-token: the adjacent pair of lowest rank, leftmost first, again and again.

A :class:`~bpe_core.encoding.tokenizer.Tokenizer` is a :class:`WordMerges`: it gives the ranks (``_priority``: a
pair, or for the ranks rule the merged token -> rank; ``_limit``: the merges it applies; ``merge_rule``) and
:meth:`WordMerges.merge_parts` merges with them -- by rescanning the pairs of a short pre-token, with a heap over a
long one, a rank at a time in arrays for a huge one (:mod:`bpe_core.encoding.long_merge`).
"""

from __future__ import annotations

import heapq
import sys
from itertools import repeat

#: The 256 one-byte tokens, by byte.
SINGLE_BYTES = tuple(bytes([b]) for b in range(256))
#: Rank of a pair that is never merged.
_NEVER = sys.maxsize
#: Pre-tokens longer than this (in bytes) are merged with a heap instead of by rescanning all pairs.
_LONG_WORD = 64
#: ... and longer than this, a rank at a time in arrays (:mod:`bpe_core.encoding.long_merge`): under 80 bytes of
#: memory per byte instead of the heap's 200.
_HUGE_WORD = 1 << 16


class WordMerges:
    """The merging of one pre-token's bytes, for a tokenizer that has ``_priority``, ``_limit`` and
    ``merge_rule``."""

    _priority: dict
    _limit: int
    merge_rule: str

    def pair_rank(self, left: bytes, right: bytes) -> int | None:
        """The merge rank at which ``left`` and ``right`` would be merged here, or ``None`` if never.

        >>> from bpe_core.encoding.tokenizer import Tokenizer
        >>> gpt2 = Tokenizer.from_tiktoken("gpt2")
        >>> gpt2.pair_rank(b" ", b"t"), gpt2.pair_rank(b"t", b" ")
        (0, None)
        """
        rank = self._priority.get((left, right) if self.merge_rule == "pairs" else left + right)
        return rank if rank is not None and rank < self._limit else None

    def merge_parts(self, word: bytes, trace: list | None = None) -> list[bytes]:
        """The tokens (as bytes) BPE makes of ``word``: merge the lowest-ranked adjacent pair, leftmost first.

        With a ``trace`` list, each merge is appended to it as ``(rank, start, middle, end)``: byte offsets in
        ``word`` of the left part, the right part and the end of the right part.

        >>> from bpe_core.encoding.tokenizer import Tokenizer
        >>> trace = []
        >>> Tokenizer.from_tiktoken("gpt2").merge_parts(b"hello", trace)
        [b'hello']
        >>> trace
        [(2, 0, 1, 2), (41, 2, 3, 4), (12502, 0, 2, 4), (31117, 0, 4, 5)]
        """
        if len(word) > _LONG_WORD:
            return self._merge_long(word, trace)
        parts = [SINGLE_BYTES[b] for b in word]
        get, limit, pairs = self._priority.get, self._limit, self.merge_rule == "pairs"
        # ranks[i] belongs to the pair parts[i], parts[i + 1]; min() and index() scan in C, leftmost first.
        keys = zip(parts, parts[1:]) if pairs else map(bytes.__add__, parts, parts[1:])
        ranks = list(map(get, keys, repeat(_NEVER)))
        while ranks:
            best = min(ranks)
            if best >= limit:
                break
            i = ranks.index(best)
            if trace is not None:
                start = sum(map(len, parts[:i]))
                middle = start + len(parts[i])
                trace.append((best, start, middle, middle + len(parts[i + 1])))
            merged = parts[i] = parts[i] + parts.pop(i + 1)
            del ranks[i]
            if i < len(ranks):
                ranks[i] = get((merged, parts[i + 1]) if pairs else merged + parts[i + 1], _NEVER)
            if i:
                ranks[i - 1] = get((parts[i - 1], merged) if pairs else parts[i - 1] + merged, _NEVER)
        return parts

    def _merge_long(self, word: bytes, trace: list | None = None) -> list[bytes]:
        """:meth:`merge_parts` in O(n log n): a heap of candidate merges over a linked list of parts; for a huge
        word, in arrays (:mod:`bpe_core.encoding.long_merge`: rounds of merges, or a heap of integers if the vocabulary
        makes pairs of a lower rank than their parts).

        A part is ``word[start:next[start]]``; a heap entry ``(rank, i, j, k)`` merges parts ``i`` and ``j``
        and is stale unless ``next[i] == j`` and ``next[j] == k`` still.
        """
        if len(word) > _HUGE_WORD:
            from bpe_core.encoding.long_merge import merge_by_heap, merge_in_rounds

            found: list | None = None if trace is None else []  # kept apart: the heap traces afresh
            parts = merge_in_rounds(word, self._pair_merge, found)
            if parts is None:
                return merge_by_heap(word, self._pair_merge, trace)
            if trace is not None and found is not None:
                trace.extend(found)
            return parts
        get, limit, pairs = self._priority.get, self._limit, self.merge_rule == "pairs"
        n = len(word)
        nxt = list(range(1, n + 1))
        prv = list(range(-1, n - 1))

        def rank_of(i: int, j: int, k: int):
            rank = get((word[i:j], word[j:k]) if pairs else word[i:k])
            return rank if rank is not None and rank < limit else None

        heap = [(r, i, i + 1, i + 2) for i in range(n - 1) if (r := rank_of(i, i + 1, i + 2)) is not None]
        heapq.heapify(heap)
        while heap:
            entry = heapq.heappop(heap)
            _, i, j, k = entry
            if nxt[i] != j or nxt[j] != k:
                continue
            if trace is not None:
                trace.append(entry)
            nxt[i], nxt[j] = k, -1
            if k < n:
                prv[k] = i
                after = nxt[k]
                if (r := rank_of(i, k, after)) is not None:
                    heapq.heappush(heap, (r, i, k, after))
            before = prv[i]
            if before >= 0 and (r := rank_of(before, i, k)) is not None:
                heapq.heappush(heap, (r, before, i, k))
        parts, i = [], 0
        while i < n:
            parts.append(word[i : nxt[i]])
            i = nxt[i]
        return parts

    def _pair_merge(self, left: bytes, right: bytes) -> tuple[int, bytes] | None:
        """The rank of merging ``left`` and ``right`` here and the token made, or None if never."""
        rank = self.pair_rank(left, right)
        return None if rank is None else (rank, left + right)


def base_pieces(word: bytes, whole) -> list[bytes]:
    """The pieces BPE starts ``word`` from: each character whose bytes are in ``whole`` (a vocabulary's
    multi-byte base pieces, as a SentencePiece model's characters), each byte of any other.

    >>> base_pieces("a中".encode(), {"中".encode()}), base_pieces("中".encode(), set())
    ([b'a', b'\\xe4\\xb8\\xad'], [b'\\xe4', b'\\xb8', b'\\xad'])
    """
    parts: list[bytes] = []
    for char in word.decode("utf-8", errors="surrogateescape"):
        data = char.encode("utf-8", errors="surrogateescape")
        if len(data) > 1 and data not in whole:
            parts.extend(bytes([b]) for b in data)
        else:
            parts.append(data)
    return parts
