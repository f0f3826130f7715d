"""Incremental pair merging over weighted token sequences — the heart of BPE training.

Every distinct pre-token (or, with no pre-tokenization, every stretch of text between special tokens) is one
sequence with a weight (how often it occurs). All sequences live in flat numpy arrays with a doubly linked list
over positions, and an index from each token to the positions where it may stand. A merge touches only the
positions of its pair's rarer token; nothing is recounted. Pair counts include overlaps ("aaa" holds two (a, a)
pairs) and a merge replaces occurrences left to right, exactly as the naive algorithm does.

The best pair is the one with the highest count; among equal counts, the lexicographically greatest
``(left bytes, right bytes)``.

>>> engine = MergeEngine({b"aaabdaaabac": 1}, id_limit=300)
>>> engine.top_pairs(2)
[((97, 97), 4), ((97, 98), 2)]
>>> engine.merge((97, 97), 256)
2
>>> engine.top_pairs(1), engine.total_tokens
([((256, 97), 2)], 9)
"""

from __future__ import annotations

import heapq

import numpy as np


def _descending_key(token: bytes) -> tuple[int, ...]:
    """A key that sorts byte strings in *descending* lexicographic order (a prefix sorts after its extensions)."""
    return tuple(255 - b for b in token) + (256,)


class MergeEngine:
    """Pair counts, a per-token position index and a max-heap over weighted sequences of token ids."""

    def __init__(self, sequences: dict[bytes, int], *, id_limit: int):
        """``sequences`` maps each distinct byte sequence to its weight; ids stay below ``id_limit``."""
        self.limit = id_limit
        self.token_bytes: list[bytes] = [bytes([i]) for i in range(256)]
        self._key: list[tuple[int, ...]] = [_descending_key(t) for t in self.token_bytes]
        seqs = [s for s in sequences if s]
        lengths = np.fromiter((len(s) for s in seqs), dtype=np.int64, count=len(seqs))
        weights = np.fromiter((sequences[s] for s in seqs), dtype=np.int64, count=len(seqs))
        data = np.frombuffer(b"".join(seqs), dtype=np.uint8)
        self._link(lengths)
        self.tok = data.astype(np.int32)
        # one weight per position; int8 ones when every sequence occurs once (the usual case with no pre-tokens)
        self.weight = np.repeat(weights, lengths) if weights.max(initial=0) > 1 else np.ones(len(data), np.int8)
        self.total_tokens = int(weights @ lengths)
        self._mark = np.zeros(len(data), dtype=bool)  # scratch space for de-duplicating positions
        self._index_bytes(data)
        self.counts: dict[int, int] = {}
        self.heap: list[tuple] = []
        starts = np.flatnonzero(self.nxt >= 0)
        byte_pairs: dict[int, int] = {}
        self._add(byte_pairs, data[starts].astype(np.int64) * 256 + data[starts + 1], self.weight[starts], 0, 1, 1)
        self._apply_deltas({(pair >> 8) * id_limit + (pair & 255): count for pair, count in byte_pairs.items()})

    def _link(self, lengths: np.ndarray) -> None:
        """Link the positions of each sequence: ``nxt``/``prv`` hold the neighbour's position, -1 at the ends."""
        n = int(lengths.sum())
        index_type = np.int32 if n < 2**31 - 1 else np.int64
        self.nxt = np.arange(1, n + 1, dtype=index_type)
        self.prv = np.arange(-1, n - 1, dtype=index_type)
        if n:
            ends = np.cumsum(lengths) - 1
            self.nxt[ends] = -1
            self.prv[ends - lengths + 1] = -1

    def _index_bytes(self, data: np.ndarray) -> None:
        """Start the token -> positions index: where each byte value stands."""
        by_byte = np.argsort(data, kind="stable").astype(self.nxt.dtype)
        bounds = np.concatenate(([0], np.cumsum(np.bincount(data, minlength=256))))
        self.where: dict[int, list[np.ndarray]] = {
            b: [by_byte[bounds[b] : bounds[b + 1]]] for b in range(256) if bounds[b + 1] > bounds[b]
        }

    # -- pairs ---------------------------------------------------------------------------------------------------
    def _entry(self, code: int, count: int) -> tuple:
        left, right = divmod(code, self.limit)
        return (-count, self._key[left], self._key[right], code)

    def top_pairs(self, k: int) -> list[tuple[tuple[int, int], int]]:
        """The ``k`` best pairs now, best first, as ``((left, right), count)``. Leaves the heap valid."""
        found: list[tuple[tuple[int, int], int]] = []
        keep = []
        seen = set()
        heap, counts = self.heap, self.counts
        while heap and len(found) < k:
            entry = heapq.heappop(heap)
            code = entry[3]
            actual = counts.get(code, 0)
            if actual == -entry[0]:
                if code not in seen:
                    seen.add(code)
                    found.append((divmod(code, self.limit), actual))
                    keep.append(entry)
            elif 0 < actual < -entry[0]:
                heapq.heappush(heap, (-actual,) + entry[1:])  # the count fell since this entry was pushed
        for entry in keep:
            heapq.heappush(heap, entry)
        return found

    # -- merging -------------------------------------------------------------------------------------------------
    def _positions(self, token: int) -> np.ndarray:
        """Where ``token`` stands now (the index is compacted on the way)."""
        chunks = self.where.get(token)
        if not chunks:
            return np.zeros(0, dtype=self.nxt.dtype)
        pos = chunks[0] if len(chunks) == 1 else np.concatenate(chunks)
        pos = pos[self.tok[pos] == token]
        self.where[token] = [pos]
        return pos

    def _occurrences(self, left: int, right: int) -> tuple[np.ndarray, np.ndarray]:
        """Positions of every ``(left, right)`` pair and of their right halves, searched from the rarer token."""
        tok, nxt, prv = self.tok, self.nxt, self.prv
        if left != right and sum(map(len, self.where.get(right, ()))) < sum(map(len, self.where.get(left, ()))):
            after = self._positions(right)
            pos = prv[after]
            ok = pos >= 0
            pos, after = pos[ok], after[ok]
            ok = tok[pos] == left
            return pos[ok], after[ok]
        pos = self._positions(left)
        after = nxt[pos]
        ok = after >= 0
        pos, after = pos[ok], after[ok]
        ok = tok[after] == right
        pos, after = pos[ok], after[ok]
        if left == right and len(pos) > 1:
            pos, after = self._left_to_right(pos, after)
        return pos, after

    def merge(self, pair: tuple[int, int], new_id: int) -> int:
        """Replace every occurrence of ``pair`` (left to right) by ``new_id``; return how many tokens that removed."""
        left, right = pair
        self._register(new_id, left, right)
        tok, nxt, prv, weight, mark, limit = self.tok, self.nxt, self.prv, self.weight, self._mark, self.limit
        pos, after = self._occurrences(left, right)
        deltas: dict[int, int] = {}

        # Pairs that disappear: (x, left) before each occurrence, the pair itself, (right, y) after it.
        before = prv[pos]
        beyond = nxt[after]
        mark[after] = True
        before = before[before >= 0]
        before = before[~mark[before]]  # a token before one occurrence may be the right half of the previous
        mark[after] = False
        removed = int(weight[pos].sum())
        self._add(deltas, tok[before], weight[before], left, limit, -1)
        code = left * limit + right
        deltas[code] = deltas.get(code, 0) - removed
        has_beyond = beyond >= 0
        self._add(deltas, tok[beyond[has_beyond]], weight[after[has_beyond]], right * limit, 1, -1)

        tok[pos] = new_id
        tok[after] = -1
        nxt[pos] = beyond
        prv[beyond[has_beyond]] = pos[has_beyond]

        # Pairs that appear: (x, new) before each new token, unless x is itself new; (new, y) after it.
        mark[pos] = True
        before = prv[pos]
        before = before[before >= 0]
        before = before[~mark[before]]
        mark[pos] = False
        self._add(deltas, tok[before], weight[before], new_id, limit, 1)
        follows = nxt[pos]
        has_next = follows >= 0
        self._add(deltas, tok[follows[has_next]], weight[pos[has_next]], new_id * limit, 1, 1)

        self.total_tokens -= removed
        self.where[new_id] = [pos]
        self._apply_deltas(deltas)
        return removed

    @staticmethod
    def _left_to_right(pos: np.ndarray, after: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For a pair (a, a): in a run of chained occurrences keep the 1st, 3rd, 5th… (left-to-right merging)."""
        order = np.argsort(pos)
        pos, after = pos[order], after[order]
        chained = np.zeros(len(pos), dtype=bool)
        chained[1:] = after[:-1] == pos[1:]
        index = np.arange(len(pos))
        run_start = np.maximum.accumulate(np.where(chained, 0, index))
        keep = (index - run_start) % 2 == 0
        return pos[keep], after[keep]

    def _register(self, new_id: int, left: int, right: int) -> None:
        """Record the new token's bytes (from its two parts) and its sort key."""
        if new_id != len(self.token_bytes) or new_id >= self.limit:
            raise ValueError(f"new id {new_id} is not the next free id {len(self.token_bytes)} below {self.limit}")
        token = self.token_bytes[left] + self.token_bytes[right]
        self.token_bytes.append(token)
        self._key.append(_descending_key(token))

    @staticmethod
    def _add(deltas: dict[int, int], keys: np.ndarray, weights: np.ndarray, base: int, step: int, sign: int) -> None:
        """Add ``sign * weight`` to the pair ``base + key * step`` for each key (summed per key in one pass)."""
        if not len(keys):
            return
        sums = np.bincount(keys) if weights.dtype == np.int8 else np.bincount(keys, weights=weights)
        present = np.flatnonzero(sums)
        for code, total in zip((present * step + base).tolist(), sums[present].astype(np.int64).tolist()):
            deltas[code] = deltas.get(code, 0) + sign * total

    def _apply_deltas(self, deltas: dict[int, int]) -> None:
        """Add each delta to its pair's count; push pairs whose count grew."""
        counts, heap = self.counts, self.heap
        for code, delta in deltas.items():
            if delta == 0:
                continue
            count = counts.get(code, 0) + delta
            if count > 0:
                counts[code] = count
                if delta > 0:
                    heapq.heappush(heap, self._entry(code, count))
            else:
                del counts[code]
