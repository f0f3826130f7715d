"""Incremental pair merging over weighted byte sequences — the heart of BPE training.

Every distinct pre-token (or, with no pre-tokenization, every stretch of text between special tokens) is one
sequence with a weight (how often it occurs). The sequences are laid end to end in one array of *slots*, one slot
per byte. A merge touches only the positions of its pair's rarer token; nothing is recounted. Pair counts include
overlaps ("aaa" holds two (a, a) pairs) and a merge replaces occurrences left to right, as the naive algorithm does.

What the fields hold (the invariants every merge keeps):

- ``token``: a live token covering slots ``p .. p + len - 1`` has its id in its *first* slot ``p`` and in its
  *last* slot. So the next token starts at ``p + len`` and the token before ends at slot ``p - 1``: no links are
  stored. Slots inside a token hold stale ids, which never pass for a live token (see ``where``).
- ``starts_sequence[p]`` is True where a sequence begins (and at the end, ``p == len(token)``): a token starting
  there has no token before it, and one ending just before it has none after.
- ``where[t]``: increasing positions where a ``t`` token started at some time. Tokens starting at a slot only
  grow, and a slot inside a token never starts one again, so ``token[p] == t`` tells whether ``t`` still starts
  at ``p`` (every write to an inside slot writes an id that is not listed there). A list is filtered when it is
  searched, and all of them when the stale entries would outnumber a quarter of the slots.
- ``counts[code]``: the current count of every pair with a positive count, ``code = left * id_limit + right``.
- ``heap`` (lazy): every pair in ``counts`` has an entry whose count is *at least* its current one. An entry
  whose count is too high is pushed again with the right count when it reaches the top; a pair's count only
  grows through :meth:`_apply_deltas`, which pushes a fresh entry, and rebuilds the heap from ``counts`` when
  stale entries would outnumber the live pairs (so memory does not grow with the number of merges).
- ``weight``: one weight per slot (its sequence's), or ``None`` when every weight is 1 (the ``none`` case).
- ``banned``: codes of pairs never to be chosen (:meth:`ban`); they are counted as any pair, and dropped from the
  heap when they reach its top.

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
from collections.abc import Mapping

import numpy as np

CHUNK = 1 << 18  # slots handled at once while setting up, so temporaries stay small
HEAP_SLACK = 1024  # stale heap entries allowed beyond one per live pair before the heap is rebuilt
SMALL = 128  # up to this many tokens are summed in Python: faster than numpy's bincount over every id


def _descending_key(token: bytes) -> bytes:
    """A key that sorts byte strings in *descending* lexicographic order (a prefix sorts after its extensions).

    Each byte ``b`` becomes the two bytes of ``255 - b`` (big-endian) and the key ends with the two bytes of 256,
    so that comparing keys (``memcmp``, as fast as comparing ``bytes``) compares the sequences ``255 - b``
    element by element, with the end above every byte. Two bytes per byte: a vocabulary of long tokens (a corpus
    of long runs of one character) keeps its keys in twice its size, not eight times (a tuple of ints).

    >>> sorted([b"a", b"ab", b"b"], key=_descending_key)
    [b'b', b'ab', b'a']
    """
    if len(token) > 64:
        return (255 - np.frombuffer(token, dtype=np.uint8)).astype(">u2").tobytes() + _END
    return b"".join(map(_TWO_BYTES.__getitem__, token)) + _END


def _weighted_total(weights: np.ndarray, lengths: np.ndarray) -> int:
    """The sequences' tokens, weighted: ``weights @ lengths`` without int64's wrap past 2**63 - 1 (a ValueError then,
    as the compiled engine says).

    >>> _weighted_total(np.array([2**62, 2**62]), np.array([1, 1]))
    Traceback (most recent call last):
    ValueError: the sequences hold more than 2**63 - 1 tokens
    """
    if len(weights) and int(weights.max()) * int(lengths.sum()) < 2**63:
        return int(weights @ lengths)
    total = sum(int(w) * int(n) for w, n in zip(weights, lengths))
    if total >= 2**63:
        raise ValueError("the sequences hold more than 2**63 - 1 tokens")
    return total


_TWO_BYTES = [bytes((0, 255 - b)) for b in range(256)]
_END = b"\x01\x00"


class MergeEngine:
    """Pair counts, a per-token position index and a lazy max-heap over weighted byte sequences.

    ``sequences`` maps each distinct byte sequence to its weight; new ids stay below ``id_limit`` (token ids are
    stored as uint16 when ``id_limit <= 65536``); ``extra_tokens`` (e.g. special tokens) are added to
    ``total_tokens`` but never merged.
    """

    def __init__(self, sequences: Mapping[bytes, int], *, id_limit: int, extra_tokens: int = 0):
        self.limit = id_limit
        self.token_bytes: list[bytes] = [bytes([i]) for i in range(256)]
        self._key: list[bytes] = [_descending_key(t) for t in self.token_bytes]
        lengths = np.fromiter((len(s) for s in sequences), dtype=np.int64, count=len(sequences))
        weights = np.fromiter(sequences.values(), dtype=np.int64, count=len(sequences))
        size = int(lengths.sum())
        self.position_type = np.int32 if size < 2**31 - 1 else np.int64
        self.token: np.ndarray = np.empty(size, dtype=np.uint16 if id_limit <= 2**16 else np.int32)
        offset = 0
        for sequence in sequences:
            self.token[offset : offset + len(sequence)] = np.frombuffer(sequence, dtype=np.uint8)
            offset += len(sequence)
        self.starts_sequence = np.zeros(size + 1, dtype=bool)
        self.starts_sequence[np.cumsum(lengths) - lengths] = True
        self.starts_sequence[size] = True
        heavy = weights.max(initial=0) > 1
        self.weight = np.repeat(weights.astype(np.min_scalar_type(weights.max())), lengths) if heavy else None
        self.total_tokens = _weighted_total(weights, lengths) + extra_tokens
        self.where: dict[int, np.ndarray] = self._index_bytes()
        self._listed = self._live = size  # entries in ``where``; tokens in the sequences (unweighted)
        self.counts: dict[int, int] = {}
        self.heap: list[tuple] = []
        self.banned: set[int] = set()
        self._apply_deltas(self._byte_pair_counts())

    @property
    def sequence_count(self) -> int:
        """How many sequences the engine merges in (distinct pre-tokens).

        >>> MergeEngine({b"ab": 2, b"c": 1}, id_limit=300).sequence_count
        2
        """
        return int(self.starts_sequence.sum()) - 1

    def _index_bytes(self) -> dict[int, np.ndarray]:
        """Where each byte value stands, in increasing order (sorted a chunk at a time, into int32 lists)."""
        token = self.token
        totals = np.zeros(256, dtype=np.int64)
        for start in range(0, len(token), CHUNK):
            totals += np.bincount(token[start : start + CHUNK], minlength=256)
        where = {b: np.empty(n, dtype=self.position_type) for b, n in enumerate(totals.tolist()) if n}
        filled = dict.fromkeys(where, 0)
        for start in range(0, len(token), CHUNK):
            chunk = token[start : start + CHUNK]
            order = np.argsort(chunk, kind="stable").astype(self.position_type) + start
            bounds = np.cumsum(np.bincount(chunk, minlength=256)).tolist()
            for b, begin, end in zip(range(256), [0] + bounds, bounds):
                if end > begin:
                    where[b][filled[b] : filled[b] + end - begin] = order[begin:end]
                    filled[b] += end - begin
        return where

    def _byte_pair_counts(self) -> dict[int, int]:
        """The count of every adjacent byte pair within a sequence, as ``{code: count}``."""
        token, starts, weight = self.token, self.starts_sequence, self.weight
        # bincount adds weights as float64, exact while every count stays under 2**53; past that, int64 sums
        exact = weight is None or self.total_tokens < 2**53
        sums = np.zeros(256 * 256, dtype=np.float64 if weight is not None and exact else np.int64)
        for start in range(0, len(token) - 1, CHUNK):
            end = min(start + CHUNK, len(token) - 1)
            codes = token[start:end].astype(np.int32) * 256 + token[start + 1 : end + 1]
            inside = ~starts[start + 1 : end + 1]
            chunk_weights = None if weight is None else weight[start:end][inside]
            if chunk_weights is None or exact:
                sums += np.bincount(codes[inside], weights=chunk_weights, minlength=256 * 256)
            else:
                np.add.at(sums, codes[inside], chunk_weights.astype(np.int64))
        present = np.flatnonzero(sums)
        left, right = np.divmod(present, 256)
        return dict(zip((left * self.limit + right).tolist(), sums[present].astype(np.int64).tolist()))

    # -- pairs ---------------------------------------------------------------------------------------------------
    def _entry(self, code: int, count: int) -> tuple:
        left, right = divmod(code, self.limit)
        return (-count, self._key[left], self._key[right], code)

    def top_pairs(self, k: int) -> list[tuple[tuple[int, int], int]]:
        """The ``k`` best pairs now that are not banned, best first, as ``((left, right), count)``. Leaves the heap
        valid."""
        found: list[tuple[tuple[int, int], int]] = []
        keep = []
        seen = set()
        heap, counts, banned = self.heap, self.counts, self.banned
        while heap and len(found) < k:
            entry = heapq.heappop(heap)
            code = entry[3]
            actual = counts.get(code, 0)
            if code in banned:
                continue
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

    def ban(self, pair: tuple[int, int]) -> None:
        """Never give ``pair`` as a best pair again (it is still counted, and :meth:`merge` may still merge it).

        >>> engine = MergeEngine({b"aab": 1}, id_limit=300)
        >>> engine.ban((97, 97))
        >>> engine.top_pairs(2)
        [((97, 98), 1)]
        """
        self.banned.add(pair[0] * self.limit + pair[1])

    def count_of(self, pair: tuple[int, int]) -> int:
        """How often ``pair`` occurs now (overlaps included).

        >>> MergeEngine({b"aaa": 2}, id_limit=300).count_of((97, 97))
        4
        """
        return self.counts.get(pair[0] * self.limit + pair[1], 0)

    # -- merging -------------------------------------------------------------------------------------------------
    def _positions(self, token_id: int) -> np.ndarray:
        """Where ``token_id`` starts now, in increasing order (its index list is filtered on the way, in place, a
        chunk at a time: a list of ten million positions needs no second copy)."""
        listed = self.where.get(token_id)
        if listed is None:
            return np.zeros(0, dtype=self.position_type)
        token, kept = self.token, 0
        if len(listed) <= CHUNK:  # one chunk: a filtered copy is as small, and faster
            current = listed[token[listed] == token_id]
            self._listed -= len(listed) - len(current)
            if len(current):
                self.where[token_id] = current
            else:
                del self.where[token_id]
            return current
        for start in range(0, len(listed), CHUNK):
            part = listed[start : start + CHUNK]
            alive = part[token[part] == token_id]  # a copy: writing it at or before ``start`` is safe
            listed[kept : kept + len(alive)] = alive
            kept += len(alive)
        self._listed -= len(listed) - kept
        if not kept:
            del self.where[token_id]
            return listed[:0]
        current = listed[:kept] if kept > len(listed) // 2 else listed[:kept].copy()
        self.where[token_id] = current
        return current

    def _gather(self, source: np.ndarray, pick) -> np.ndarray:
        """``pick`` applied to ``source`` a chunk at a time, the picked positions laid one after another in one buffer
        (never the whole of ``source``'s temporaries at once)."""
        if len(source) <= CHUNK:
            return pick(source)
        out = np.empty(len(source), dtype=self.position_type)
        n = 0
        for start in range(0, len(source), CHUNK):
            picked = pick(source[start : start + CHUNK])
            out[n : n + len(picked)] = picked
            n += len(picked)
        return out[:n] if n > len(source) // 2 else out[:n].copy()

    def _occurrences(self, left: int, right: int) -> np.ndarray:
        """Start of every ``(left, right)`` occurrence to merge, in increasing order; searched from the rarer token."""
        token, starts = self.token, self.starts_sequence
        left_length = len(self.token_bytes[left])
        rarer_right = len(self.where.get(right, ())) < len(self.where.get(left, ()))
        if left != right and rarer_right:

            def preceded_by_left(after: np.ndarray) -> np.ndarray:
                after = after[~starts[after]]
                return after[token[after - 1] == left] - left_length  # the token before ends at after - 1

            return self._gather(self._positions(right), preceded_by_left)

        def followed_by_right(pos: np.ndarray) -> np.ndarray:
            after = pos + left_length
            found = ~starts[after]
            found[found] = token[after[found]] == right
            return pos[found]

        pos = self._gather(self._positions(left), followed_by_right)
        if left == right and len(pos) > 1:
            pos = self._left_to_right(pos, left_length)
        return pos

    @staticmethod
    def _left_to_right(pos: np.ndarray, length: int) -> np.ndarray:
        """For a pair (a, a): in a run of chained occurrences keep the 1st, 3rd, 5th… (left-to-right merging).
        A chunk at a time; a run that goes on into the next chunk carries its length over.

        >>> MergeEngine._left_to_right(np.array([0, 1, 2, 5, 6]), 1).tolist()
        [0, 2, 5]
        """
        kept = 0  # the kept occurrences are moved to the front of ``pos``, in place (no second array)
        carried = 0  # occurrences of the run that goes on into this chunk, in the chunks before it
        previous = -1  # the last occurrence of the chunk before (read before the chunk is overwritten)
        for start in range(0, len(pos), CHUNK):
            part = pos[start : start + CHUNK]
            chained = np.empty(len(part), dtype=bool)
            chained[0] = start > 0 and previous + length == part[0]
            chained[1:] = part[:-1] + length == part[1:]
            index = np.arange(len(part), dtype=np.int64 if len(part) > 2**30 else np.int32)
            run_start = np.maximum.accumulate(np.where(chained, -carried, index))
            carried, previous = len(part) - int(run_start[-1]), int(part[-1])
            picked = part[(index - run_start) % 2 == 0]  # a copy: writing it at or before ``start`` is safe
            pos[kept : kept + len(picked)] = picked
            kept += len(picked)
        return pos[:kept]

    def merge(self, pair: tuple[int, int], new_id: int) -> int:
        """Replace every occurrence of ``pair`` (left to right) by ``new_id``; return how many tokens that removed.

        In three passes over the occurrences, a chunk at a time: read the neighbours' old ids, write the new token,
        then count the pairs that changed (the neighbours' new ids are read once every occurrence is written).
        """
        left, right = pair
        self._register(new_id, left, right)
        token, starts, weight = self.token, self.starts_sequence, self.weight
        pos = self._occurrences(left, right)
        left_length, new_length = len(self.token_bytes[left]), len(self.token_bytes[new_id])
        parts = [pos] if len(pos) <= CHUNK else [pos[start : start + CHUNK] for start in range(0, len(pos), CHUNK)]

        # The neighbours before any write: the last slot of the token before each occurrence, the first slot of
        # the token after it (where there is one).
        neighbours = []
        for at in parts:
            has_before, has_beyond = ~starts[at], ~starts[at + new_length]
            before_end, beyond = at[has_before] - 1, (at + new_length)[has_beyond]
            kept = (before_end, beyond) if len(parts) == 1 else (None, None)  # many chunks: recomputed, not held
            neighbours.append((has_before, token[before_end], has_beyond, token[beyond], *kept))
        for at in parts:
            token[at] = new_id
            token[at + left_length] = new_id  # inside the new token now (no index lists it under new_id)
            token[at + new_length - 1] = new_id  # last slot of each new token

        # A token before an occurrence that is now new_id was the right half of the previous occurrence: the pair
        # it formed with `left` is counted (and removed) once, as (right, y) of that occurrence.
        deltas: dict[int, int] = {}
        removed = 0
        for at, (has_before, old_before, has_beyond, old_beyond, before_end, beyond) in zip(parts, neighbours):
            chunk_weight = None if weight is None else weight[at]
            if before_end is None:
                before_end, beyond = at[has_before] - 1, (at + new_length)[has_beyond]
            new_before = token[before_end]
            alone = new_before != new_id
            before_weight = None if chunk_weight is None else chunk_weight[has_before][alone]
            self._add_pairs_ending_in(deltas, old_before[alone], left, before_weight, -1)
            self._add_pairs_ending_in(deltas, new_before[alone], new_id, before_weight, +1)
            beyond_weight = None if chunk_weight is None else chunk_weight[has_beyond]
            self._add_pairs_starting_with(deltas, right, old_beyond, beyond_weight, -1)
            self._add_pairs_starting_with(deltas, new_id, token[beyond], beyond_weight, +1)
            removed += len(at) if chunk_weight is None else int(chunk_weight.sum())
        code = left * self.limit + right
        deltas[code] = deltas.get(code, 0) - removed

        self.total_tokens -= removed
        self.where[new_id] = pos
        self._listed += len(pos)
        self._live -= len(pos)
        if self._listed - self._live > len(token) // 4:
            for token_id in list(self.where):
                self._positions(token_id)
        self._apply_deltas(deltas)
        return removed

    def frequency(self, token_id: int) -> int:
        """How often ``token_id`` occurs now (weighted by its sequences' counts).

        >>> engine = MergeEngine({b"abab": 3}, id_limit=300)
        >>> engine.frequency(97), engine.merge((97, 98), 256), engine.frequency(256), engine.frequency(97)
        (6, 6, 6, 0)
        """
        pos = self._positions(token_id)
        return len(pos) if self.weight is None else int(self.weight[pos].sum())

    def split(self, token_id: int, parts: list[int]) -> int:
        """Replace every occurrence of ``token_id`` by ``parts`` (live ids whose bytes, end to end, are its bytes)
        and forget ``token_id`` (PickyBPE's removal, :mod:`bpe_core.variants.picky`); return how many tokens that
        added. Pair counts are updated as :meth:`merge` does, in reverse.

        >>> engine = MergeEngine({b"abab": 1}, id_limit=300)
        >>> engine.merge((97, 98), 256), engine.merge((256, 256), 257), engine.split(257, [256, 256])
        (2, 1, 1)
        >>> engine.top_pairs(1), engine.total_tokens
        ([((256, 256), 1)], 2)
        """
        token, starts, weight = self.token, self.starts_sequence, self.weight
        if b"".join(self.token_bytes[p] for p in parts) != self.token_bytes[token_id] or len(parts) < 2:
            raise ValueError(f"{parts} do not spell token {token_id}")
        pos = self._positions(token_id)
        self.where.pop(token_id, None)
        if not len(pos):
            return 0
        length = len(self.token_bytes[token_id])
        has_before, has_beyond = ~starts[pos], ~starts[pos + length]
        before_end, beyond = pos[has_before] - 1, (pos + length)[has_beyond]
        old_before, old_beyond = token[before_end], token[beyond]
        offset = 0
        self._listed -= len(pos)
        for part in parts:
            part_length = len(self.token_bytes[part])
            token[pos + offset] = part
            token[pos + offset + part_length - 1] = part
            listed = self.where.get(part)
            merged = pos + offset if listed is None else np.union1d(listed, pos + offset).astype(self.position_type)
            if part_length > 1:  # its last slots are inside it: no stale entry may pass for a start there
                merged = merged[~np.isin(merged, pos + offset + part_length - 1)]
            self._listed += len(merged) - (0 if listed is None else len(listed))
            self.where[part] = merged
            offset += part_length
        weights = None if weight is None else weight[pos]
        total = len(pos) if weights is None else int(weights.sum())
        deltas: dict[int, int] = {}
        alone = old_before != token_id  # a token before that is an occurrence too is counted on its other side
        before_weight = None if weights is None else weights[has_before][alone]
        self._add_pairs_ending_in(deltas, old_before[alone], token_id, before_weight, -1)
        self._add_pairs_ending_in(deltas, old_before[alone], parts[0], before_weight, +1)
        beyond_weight = None if weights is None else weights[has_beyond]
        self._add_pairs_starting_with(deltas, token_id, old_beyond, beyond_weight, -1)
        self._add_pairs_starting_with(deltas, parts[-1], token[beyond], beyond_weight, +1)
        for left, right in zip(parts, parts[1:]):
            code = left * self.limit + right
            deltas[code] = deltas.get(code, 0) + total
        added = (len(parts) - 1) * total
        self.total_tokens += added
        self._live += (len(parts) - 1) * len(pos)
        self._apply_deltas(deltas)
        return added

    def _register(self, new_id: int, left: int, right: int) -> None:
        """Record the new token's bytes (from its two parts) and its sort key."""
        if new_id != len(self.token_bytes) or new_id >= self.limit:
            raise ValueError(f"new id {new_id} is not the next free id {len(self.token_bytes)} below {self.limit}")
        token = self.token_bytes[left] + self.token_bytes[right]
        self.token_bytes.append(token)
        self._key.append(_descending_key(token))

    @staticmethod
    def _sums(tokens: np.ndarray, weights: np.ndarray | None) -> list[tuple[int, int]]:
        """``(token, total weight)`` for each distinct token (weight 1 each when ``weights`` is None).

        >>> MergeEngine._sums(np.array([3, 1, 3]), None)
        [(1, 1), (3, 2)]
        """
        if len(tokens) <= SMALL:
            totals: dict[int, int] = {}
            if weights is None:
                for token in tokens.tolist():
                    totals[token] = totals.get(token, 0) + 1
            else:
                for token, weight in zip(tokens.tolist(), weights.tolist()):
                    totals[token] = totals.get(token, 0) + weight
            return sorted(totals.items())
        if weights is not None and int(weights.max()) * len(weights) >= 2**53:  # float64 would round the sums
            exact = np.zeros(int(tokens.max()) + 1, dtype=np.int64)
            np.add.at(exact, tokens, weights.astype(np.int64))
            present = np.flatnonzero(exact)
            return list(zip(present.tolist(), exact[present].tolist()))
        sums = np.bincount(tokens, weights=weights)
        present = np.flatnonzero(sums)
        return list(zip(present.tolist(), sums[present].astype(np.int64).tolist()))

    def _add_pairs_ending_in(self, deltas: dict, tokens: np.ndarray, right: int, weights, sign: int) -> None:
        """Add ``sign * weight`` to the pair ``(t, right)`` for each ``t`` in ``tokens``."""
        for left, total in self._sums(tokens, weights) if len(tokens) else ():
            code = left * self.limit + right
            deltas[code] = deltas.get(code, 0) + sign * total

    def _add_pairs_starting_with(self, deltas: dict, left: int, tokens: np.ndarray, weights, sign: int) -> None:
        """Add ``sign * weight`` to the pair ``(left, t)`` for each ``t`` in ``tokens``."""
        base = left * self.limit
        for right, total in self._sums(tokens, weights) if len(tokens) else ():
            deltas[base + right] = deltas.get(base + right, 0) + sign * total

    def _apply_deltas(self, deltas: dict[int, int]) -> None:
        """Add each delta to its pair's count; push pairs whose count grew (the heap's rule)."""
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
        if len(heap) > 2 * len(counts) + HEAP_SLACK:
            heap.clear()  # before making the new entries, so that the old and new ones are never held together
            heap.extend(self._entry(code, count) for code, count in counts.items())
            heapq.heapify(heap)
