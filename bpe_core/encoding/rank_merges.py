"""The merges of a rank table (tiktoken's files, OpenAI's shipped encodings): for each multi-byte token in rank
order, the two lower-ranked tokens BPE makes of it. A big table's are derived once and kept on disk
(:mod:`bpe_core.encoding.merges_cache`); a shipped encoding's, on first use (:class:`DerivedMerges`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

from bpe_core.encoding.merges_cache import cached_merges
from bpe_core.encoding.word_merge import SINGLE_BYTES


class DerivedMerges:
    """The merges of a rank table, derived on first use (for o200k_base that takes seconds)."""

    def __init__(self, derive, ranks: Mapping[bytes, int]):
        self._derive = derive
        self._count = len(ranks) - sum(token in ranks for token in (b"", *SINGLE_BYTES))  # the multi-byte ones
        self._items: list[tuple[bytes, bytes]] | None = None

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[tuple[bytes, bytes]]:
        return iter(self.items())

    def items(self) -> list[tuple[bytes, bytes]]:
        if self._items is None:
            self._items = self._derive()
        return self._items


def merges_from_ranks(ranks: Mapping[bytes, int], *, source: str = "ranks") -> list[tuple[bytes, bytes]]:
    """The merges of a rank table: for each multi-byte token in rank order, the two parts BPE over the lower
    ranks makes of it (found quickly when only one split into two lower-ranked tokens exists).

    >>> merges_from_ranks({b"a": 0, b"b": 1, b"c": 2, b"ab": 3, b"abc": 4})
    [(b'a', b'b'), (b'ab', b'c')]

    A big table's merges are derived once and kept on disk (:mod:`bpe_core.encoding.merges_cache`).
    """
    return cached_merges(ranks, lambda: _derive_merges(ranks, source))


def _derive_merges(ranks: Mapping[bytes, int], source: str) -> list[tuple[bytes, bytes]]:
    merges = []
    get = ranks.get
    for token, rank in sorted(ranks.items(), key=lambda item: item[1]):
        if len(token) < 2:
            continue
        splits = [(token[:i], token[i:]) for i in range(1, len(token)) if _below(get, token[:i], token[i:], rank)]
        split = splits[0] if len(splits) == 1 else _split_below(token, get, rank)
        if split is None:
            raise ValueError(f"{source}: token {token!r} (rank {rank}) is not two lower-ranked tokens merged")
        merges.append(split)
    return merges


def _below(get, left: bytes, right: bytes, rank: int) -> bool:
    a, b = get(left), get(right)
    return a is not None and b is not None and a < rank and b < rank


def _split_below(token: bytes, get, limit: int) -> tuple[bytes, bytes] | None:
    parts = [SINGLE_BYTES[b] for b in token]
    if any(get(p) is None for p in parts):
        return None
    while len(parts) > 2:
        best, at = limit, -1
        for i in range(len(parts) - 1):
            rank = get(parts[i] + parts[i + 1])
            if rank is not None and rank < best:
                best, at = rank, i
        if at < 0:
            return None
        parts[at : at + 2] = (parts[at] + parts[at + 1],)
    return (parts[0], parts[1]) if len(parts) == 2 else None


@functools.cache
def reference_merges(name: str) -> list[tuple[bytes, bytes]]:
    """The merges of a shipped encoding, derived once per process (seconds for o200k_base)."""
    from bpe_core.encoding import reference

    ranks = reference.cached_reference_ranks(name)
    key = f"{reference.reference_sha256(name)}-{name}"  # the shipped file is known by its hash: nothing to hash
    return cached_merges(ranks, lambda: _derive_merges(ranks, name), key=key)
