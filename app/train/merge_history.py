"""The GUI's copy of a training run: the engine's merge steps plus what it reported about the corpus.

It only stores and looks up records the engine produced (a :class:`bpe_core.MergeStep` per merge); it computes no
BPE itself. Models and charts read from one shared ``MergeHistory``.

>>> from bpe_core.training.steps import MergeStep
>>> h = MergeHistory()
>>> h.reset(corpus_bytes=12, initial_tokens=12)
>>> h.extend([MergeStep(0, 256, 108, 111, b"lo", 3, 9, ((108, 111, 3),))])
>>> h.token_bytes(256), h.token_bytes(108), len(h)
(b'lo', b'l', 1)
>>> h.bytes_per_token(0)
1.3333333333333333
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from bpe_core.training.steps import MergeStep, TrainingRecord


class MergeHistory:
    """Merge steps in rank order, with id -> bytes lookups and numpy columns for the charts."""

    def __init__(self) -> None:
        self.reset()

    def reset(self, *, corpus_bytes: int = 0, initial_tokens: int = 0, unique_words: int = 0) -> None:
        """Forget every step; remember the corpus figures of a new run (0 while still unknown)."""
        self.steps: list[MergeStep] = []
        self.corpus_bytes = corpus_bytes
        self.initial_tokens = initial_tokens
        self.unique_words = unique_words
        self.special_tokens: dict[str, int] = {}
        self._tokens: dict[int, bytes] = {i: bytes([i]) for i in range(256)}
        self._parts: list[tuple[bytes, bytes]] = []  # each step's two tokens as they were (PickyBPE reuses ids)
        self.removals = 0  # tokens PickyBPE removed so far
        self.parity: dict | None = None  # a parity-aware run's languages (TrainingRecord.parity), once known
        self._counts = np.zeros(0, dtype=np.float64)
        self._tokens_after = np.zeros(0, dtype=np.float64)
        self._removed = np.zeros(0, dtype=np.float64)  # tokens PickyBPE removed up to each merge, by rank

    def set_corpus(self, *, corpus_bytes: int, initial_tokens: int, unique_words: int) -> None:
        """Record the corpus figures the engine reported once counting finished."""
        self.corpus_bytes = corpus_bytes
        self.initial_tokens = initial_tokens
        self.unique_words = unique_words

    def set_special_tokens(self, special_tokens: dict[str, int]) -> None:
        self.special_tokens = dict(special_tokens)
        for text, token_id in special_tokens.items():
            self._tokens[token_id] = text.encode("utf-8")

    @classmethod
    def from_record(cls, record: TrainingRecord, special_tokens: dict[str, int] | None = None) -> MergeHistory:
        """A history holding a whole saved or finished run."""
        history = cls()
        history.reset(
            corpus_bytes=record.corpus_bytes,
            initial_tokens=record.initial_tokens,
            unique_words=record.unique_words,
        )
        history.extend(record.steps)
        history.set_special_tokens(special_tokens or {})
        history.parity = record.parity
        return history

    def extend(self, steps: Iterable[MergeStep]) -> None:
        """Append a batch of steps (they must continue the rank sequence)."""
        new = list(steps)
        if not new:
            return
        for step in new:
            if step.rank != len(self.steps):
                raise ValueError(f"merge step {step.rank} arrived after step {len(self.steps) - 1}")
            self.steps.append(step)
            self._parts.append((self._tokens[step.left], self._tokens[step.right]))
            self._tokens[step.new_id] = step.token
            self.removals += len(step.removed)
        removed = np.cumsum(np.fromiter((len(s.removed) for s in new), np.float64, len(new)))
        self._removed = np.concatenate([self._removed, removed + (self._removed[-1] if len(self._removed) else 0)])
        self._counts = np.concatenate([self._counts, np.fromiter((s.count for s in new), np.float64, len(new))])
        self._tokens_after = np.concatenate(
            [
                self._tokens_after,
                np.fromiter((s.tokens_after for s in new), np.float64, len(new)),
            ]
        )

    def __len__(self) -> int:
        return len(self.steps)

    def token_bytes(self, token_id: int) -> bytes:
        """The bytes of a token id known so far (raw bytes, merged tokens, special tokens)."""
        return self._tokens[token_id]

    def parts(self, rank: int) -> tuple[bytes, bytes]:
        """The bytes of the two tokens merge ``rank`` merged, as they were then (a PickyBPE run gives a removed
        token's id to a later token).

        >>> from dataclasses import replace
        >>> h = MergeHistory()
        >>> ab, abc = MergeStep(0, 256, 97, 98, b"ab", 3, 9), MergeStep(1, 257, 256, 99, b"abc", 3, 6)
        >>> h.extend([ab, replace(abc, removed=((256, b"ab"),)), MergeStep(2, 256, 100, 100, b"dd", 2, 4)])
        >>> h.parts(1), h.token_bytes(256), h.removals
        ((b'ab', b'c'), b'dd', 1)
        """
        return self._parts[rank]

    @property
    def counts(self) -> np.ndarray:
        """Count of each merge when it was chosen, by rank."""
        return self._counts

    @property
    def tokens_after(self) -> np.ndarray:
        """The corpus's token total after each merge, by rank."""
        return self._tokens_after

    def vocab_sizes(self) -> np.ndarray:
        """Vocabulary size after each merge: 256 bytes + merges so far + special tokens (less the tokens PickyBPE
        removed so far)."""
        return 257 + np.arange(len(self.steps), dtype=np.float64) + len(self.special_tokens) - self._removed

    def vocab_size(self, rank: int) -> int:
        """The vocabulary size after merge ``rank``, as :meth:`vocab_sizes` counts it: where the compression chart
        places that merge (a PickyBPE run's is smaller than its merge count says).

        >>> from dataclasses import replace
        >>> h = MergeHistory()
        >>> ab, abc = MergeStep(0, 256, 97, 98, b"ab", 3, 9), MergeStep(1, 257, 256, 99, b"abc", 3, 6)
        >>> h.extend([ab, replace(abc, removed=((256, b"ab"),))])
        >>> h.vocab_size(0), h.vocab_size(1)
        (257, 257)
        """
        return 257 + rank + len(self.special_tokens) - int(self._removed[rank])

    def compression(self) -> tuple[np.ndarray, np.ndarray]:
        """The compression chart's curve: the vocabulary size and the corpus's bytes per token after each merge."""
        return self.vocab_sizes(), self.corpus_bytes / self.tokens_after

    def bytes_per_token(self, rank: int) -> float:
        """Compression of the training corpus after merge ``rank`` (bytes per token)."""
        tokens = self.steps[rank].tokens_after
        return self.corpus_bytes / tokens if tokens else 0.0
