"""The overlap of two vocabularies by token bytes: shared tokens, Jaccard, per script class, tokens only in A or
only in B, and for each shared token its rank in both (e.g. a trained tokenizer against a reference).

Special tokens are left out unless ``include_special``; a byte string held by several ids counts once (its
smallest id).

>>> from bpe_core.vocabulary.source import VocabularySource
>>> from bpe_core.vocabulary.table import build_table
>>> a = build_table(VocabularySource("A", {0: b"a", 1: b"b", 2: b"ab", 3: "中".encode()}))
>>> b = build_table(VocabularySource("B", {0: b"a", 1: b"b", 2: b"ba", 3: "中".encode()}))
>>> result = vocabulary_overlap(a, b)
>>> len(result.shared_a), round(result.jaccard, 2), a.tokens[result.only_a[0]], b.tokens[result.only_b[0]]
(3, 0.6, b'ab', b'ba')
>>> result.by_script()["Han"]
(1, 0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bpe_core.vocabulary.table import SCRIPTS, VocabTable


@dataclass
class Overlap:
    """Rows of ``a`` and ``b``: ``shared_a[i]`` and ``shared_b[i]`` hold the same bytes (in ``a``'s id order)."""

    a: VocabTable
    b: VocabTable
    shared_a: np.ndarray
    shared_b: np.ndarray
    only_a: np.ndarray
    only_b: np.ndarray

    @property
    def jaccard(self) -> float:
        """Shared / (shared + only in A + only in B); 0 for two empty vocabularies."""
        union = len(self.shared_a) + len(self.only_a) + len(self.only_b)
        return len(self.shared_a) / union if union else 0.0

    def by_script(self) -> dict[str, tuple[int, int, int]]:
        """Script class -> (shared, only in A, only in B), classes with no token left out."""
        shared = np.bincount(self.a.script[self.shared_a], minlength=len(SCRIPTS))
        only_a = np.bincount(self.a.script[self.only_a], minlength=len(SCRIPTS))
        only_b = np.bincount(self.b.script[self.only_b], minlength=len(SCRIPTS))
        return {
            name: (int(shared[c]), int(only_a[c]), int(only_b[c]))
            for c, name in enumerate(SCRIPTS)
            if shared[c] or only_a[c] or only_b[c]
        }

    def shared_ranks(self) -> np.ndarray:
        """One row per shared token made by a merge in both: ``(rank in A, rank in B)``, in ``a``'s id order.

        >>> from bpe_core.vocabulary.source import VocabularySource
        >>> from bpe_core.vocabulary.table import build_table
        >>> bytes_ = {i: bytes([i]) for i in range(256)}
        >>> a = build_table(VocabularySource("A", bytes_ | {256: b"ab", 257: b"cd"}))
        >>> b = build_table(VocabularySource("B", bytes_ | {256: b"cd", 257: b"ab"}))
        >>> vocabulary_overlap(a, b).shared_ranks().tolist()
        [[0, 1], [1, 0]]
        """
        ranks = np.stack([self.a.rank[self.shared_a], self.b.rank[self.shared_b]], axis=1)
        return ranks[(ranks >= 0).all(axis=1)]

    def summary(self) -> list[str]:
        """Lines of text for a report."""
        lines = [
            f"{self.a.name} vs {self.b.name}: {len(self.shared_a):,} shared tokens, {len(self.only_a):,} only in "
            f"{self.a.name}, {len(self.only_b):,} only in {self.b.name}; Jaccard {self.jaccard:.3f}",
            f"  {'script':14s} {'shared':>9s} {'only A':>9s} {'only B':>9s}",
        ]
        for name, (shared, only_a, only_b) in self.by_script().items():
            lines.append(f"  {name:14s} {shared:9,d} {only_a:9,d} {only_b:9,d}")
        return lines


def vocabulary_overlap(a: VocabTable, b: VocabTable, *, include_special: bool = False) -> Overlap:
    """Compare two vocabulary tables by token bytes."""
    rows_a, rows_b = _first_rows(a, include_special), _first_rows(b, include_special)
    in_b = {b.tokens[r]: r for r in rows_b.tolist()}
    shared_a, shared_b, only_a = [], [], []
    for row in rows_a.tolist():
        match = in_b.pop(a.tokens[row], None)
        if match is None:
            only_a.append(row)
        else:
            shared_a.append(row)
            shared_b.append(match)
    only_b = sorted(in_b.values())
    return Overlap(a, b, *(np.array(x, dtype=np.int64) for x in (shared_a, shared_b, only_a, only_b)))


def _first_rows(table: VocabTable, include_special: bool) -> np.ndarray:
    """Rows in id order, one per distinct byte string (its smallest id)."""
    seen: set[bytes] = set()
    rows = []
    for row, token in enumerate(table.tokens):
        if (include_special or not table.special[row]) and token not in seen:
            seen.add(token)
            rows.append(row)
    return np.array(rows, dtype=np.int64)
