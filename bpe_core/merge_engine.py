"""Incremental pair merging over weighted token sequences — the heart of BPE training.

Every distinct pre-token (or, with no pre-tokenization, every stretch of text between special tokens) is one
sequence with a weight (how often it occurs). All sequences live in flat numpy arrays with a doubly linked list
over positions, and an index from each pair to the positions where it may occur. A merge touches only those
positions; nothing is recounted. Pair counts include overlaps ("aaa" holds two (a, a) pairs) and a merge
replaces occurrences left to right, exactly as the naive algorithm does.

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


def _group(sorted_codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct values of a sorted array and the index where each first appears."""
    if not len(sorted_codes):
        return sorted_codes, np.zeros(0, dtype=np.int64)
    first = np.flatnonzero(np.concatenate(([True], sorted_codes[1:] != sorted_codes[:-1])))
    return sorted_codes[first], first


def _descending_key(token: bytes) -> tuple[int, ...]:
    """A key that sorts byte strings in *descending* lexicographic order (a prefix sorts after its extensions)."""
    return tuple(255 - b for b in token) + (256,)


class MergeEngine:
    """Pair counts, a position index and a max-heap over weighted sequences of token ids."""

    def __init__(self, sequences: dict[bytes, int], *, id_limit: int):
        """``sequences`` maps each distinct byte sequence to its weight; ids stay below ``id_limit``."""
        self.limit = id_limit
        self.token_bytes: list[bytes] = [bytes([i]) for i in range(256)]
        self._key: list[tuple[int, ...]] = [_descending_key(t) for t in self.token_bytes]
        seqs = [s for s in sequences if s]
        lengths = np.fromiter((len(s) for s in seqs), dtype=np.int64, count=len(seqs))
        weights = np.fromiter((sequences[s] for s in seqs), dtype=np.int64, count=len(seqs))
        n = int(lengths.sum())
        index_type = np.int32 if n < 2**31 - 1 else np.int64
        self.tok = np.frombuffer(b"".join(seqs), dtype=np.uint8).astype(np.int32)
        ends = np.cumsum(lengths) - 1
        self.nxt = np.arange(1, n + 1, dtype=index_type)
        self.prv = np.arange(-1, n - 1, dtype=index_type)
        if n:
            self.nxt[ends] = -1
            self.prv[ends - lengths + 1] = -1
        self.weight = np.repeat(weights, lengths)
        self.total_tokens = int(self.weight.sum())

        starts = np.flatnonzero(self.nxt >= 0).astype(index_type)
        codes = self._codes(starts)
        order = np.argsort(codes, kind="stable")
        codes, starts = codes[order], starts[order]
        unique, first = _group(codes)
        sums = np.add.reduceat(self.weight[starts], first) if len(first) else np.zeros(0, np.int64)
        bounds = first.tolist() + [len(codes)]
        self.counts: dict[int, int] = dict(zip(unique.tolist(), sums.tolist()))
        self.where: dict[int, list[np.ndarray]] = {
            code: [starts[bounds[i] : bounds[i + 1]]] for i, code in enumerate(unique.tolist())
        }
        self.heap = [self._entry(code, count) for code, count in self.counts.items()]
        heapq.heapify(self.heap)

    # -- pairs ---------------------------------------------------------------------------------------------------
    def _codes(self, positions: np.ndarray) -> np.ndarray:
        """The pair code ``left * limit + right`` of the pair starting at each position."""
        return self.tok[positions].astype(np.int64) * self.limit + self.tok[self.nxt[positions]]

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
    def merge(self, pair: tuple[int, int], new_id: int) -> int:
        """Replace every occurrence of ``pair`` (left to right) by ``new_id``; return how many tokens that removed."""
        left, right = pair
        code = left * self.limit + right
        self._register(new_id, left, right)
        tok, nxt, prv, weight = self.tok, self.nxt, self.prv, self.weight
        chunks = self.where.pop(code)
        pos = chunks[0] if len(chunks) == 1 else np.concatenate(chunks)
        pos = pos[tok[pos] == left]
        after = nxt[pos]
        ok = after >= 0
        pos, after = pos[ok], after[ok]
        ok = tok[after] == right
        pos, after = pos[ok], after[ok]
        if left == right and len(pos) > 1:
            pos, after = self._left_to_right(pos, after)

        before = prv[pos]
        beyond = nxt[after]
        old = np.unique(np.concatenate([before[before >= 0], pos, after[beyond >= 0]]))
        old_codes = self._codes(old)
        old_weights = weight[old]

        tok[pos] = new_id
        tok[after] = -1
        nxt[pos] = beyond
        has_beyond = beyond >= 0
        prv[beyond[has_beyond]] = pos[has_beyond]

        before = prv[pos]
        new = np.unique(np.concatenate([before[before >= 0], pos[nxt[pos] >= 0]]))
        new_codes = self._codes(new)
        removed = int(weight[pos].sum())
        self.total_tokens -= removed

        self._apply_deltas(np.concatenate([old_codes, new_codes]), np.concatenate([-old_weights, weight[new]]))
        self._index(new_codes, new)
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

    def _apply_deltas(self, codes: np.ndarray, deltas: np.ndarray) -> None:
        """Add each delta to its pair's count; push pairs whose count grew, forget pairs that vanished."""
        if not len(codes):
            return
        order = np.argsort(codes, kind="stable")
        codes, deltas = codes[order], deltas[order]
        unique, first = _group(codes)
        sums = np.add.reduceat(deltas, first)
        counts, heap = self.counts, self.heap
        for code, delta in zip(unique.tolist(), sums.tolist()):
            if delta == 0:
                continue
            count = counts.get(code, 0) + delta
            if count > 0:
                counts[code] = count
                if delta > 0:
                    heapq.heappush(heap, self._entry(code, count))
            else:
                counts.pop(code, None)
                self.where.pop(code, None)

    def _index(self, codes: np.ndarray, positions: np.ndarray) -> None:
        """Add positions to the index of the pairs that now start there."""
        if not len(codes):
            return
        order = np.argsort(codes, kind="stable")
        codes, positions = codes[order], positions[order]
        unique, first = _group(codes)
        bounds = first.tolist() + [len(codes)]
        where = self.where
        for i, code in enumerate(unique.tolist()):
            chunk = positions[bounds[i] : bounds[i + 1]]
            chunks = where.get(code)
            if chunks is None:
                where[code] = [chunk]
            else:
                chunks.append(chunk)
