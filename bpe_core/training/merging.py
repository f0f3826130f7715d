"""What the trainer and the variants merge on: the interface of the merge loop, met by
:class:`~bpe_core.training.merge_engine.MergeEngine` (numpy; the reference) and by
:class:`~bpe_core.training.compiled_merge.CompiledMergeEngine` (C), which give the same answers; one place chooses
between them (:func:`~bpe_core.training.compiled_merge.new_engine`).

>>> from bpe_core.training.compiled_merge import new_engine
>>> engine: Merging = new_engine({b"abab": 3}, id_limit=300)
>>> engine.top_pairs(1)
[((97, 98), 6)]
"""

from __future__ import annotations

from typing import Protocol


class Merging(Protocol):
    """What the trainer and the variants merge on: :class:`~bpe_core.training.merge_engine.MergeEngine`, or the
    compiled engine (:class:`~bpe_core.training.compiled_merge.CompiledMergeEngine`) with the same answers."""

    token_bytes: list[bytes]
    banned: set[int]
    limit: int

    @property
    def total_tokens(self) -> int: ...

    @property
    def sequence_count(self) -> int: ...

    def top_pairs(self, k: int) -> list[tuple[tuple[int, int], int]]: ...

    def ban(self, pair: tuple[int, int]) -> None: ...

    def count_of(self, pair: tuple[int, int]) -> int: ...

    def merge(self, pair: tuple[int, int], new_id: int) -> int: ...

    def frequency(self, token_id: int) -> int: ...

    def split(self, token_id: int, parts: list[int]) -> int: ...
