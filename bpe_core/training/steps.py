"""The records training produces: one :class:`MergeStep` per merge, and the :class:`TrainingRecord` of a run.

Everything the GUI draws comes from these records, so every picture can be checked by a unit test, and a saved
tokenizer can redraw its charts without retraining.

>>> step = MergeStep(rank=0, new_id=256, left=32, right=116, token=b" t", count=10, tokens_after=90,
...                  top_pairs=((32, 116, 10), (104, 101, 7)))
>>> step.pair
(32, 116)
>>> MergeStep.from_dict(step.to_dict()) == step
True
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

from bpe_core.variants.parity_languages import check_parity_record

#: The runners-up a step keeps by default, and the most a saved step holds (the charts show a dozen).
MAX_TOP_PAIRS = 20


@dataclass(frozen=True, slots=True)
class MergeStep:
    """One merge: ``left + right -> new_id`` chosen with ``count`` occurrences (overlaps included).

    ``tokens_after`` is the corpus's total token count after this merge (special tokens count one each), so
    compression curves cost nothing. ``top_pairs`` holds the best candidate pairs at this step, best first, as
    ``(left_id, right_id, count)``; the chosen pair is the first. ``removed``: the tokens PickyBPE removed right
    after this merge, as ``(id, bytes)`` (:mod:`bpe_core.variants.picky`; their ids are free again).
    """

    rank: int
    new_id: int
    left: int
    right: int
    token: bytes
    count: int
    tokens_after: int
    top_pairs: tuple[tuple[int, int, int], ...] = ()
    removed: tuple[tuple[int, bytes], ...] = ()

    @property
    def pair(self) -> tuple[int, int]:
        return (self.left, self.right)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (token bytes in base64)."""
        return {
            "rank": self.rank,
            "id": self.new_id,
            "left": self.left,
            "right": self.right,
            "token": base64.b64encode(self.token).decode("ascii"),
            "count": self.count,
            "tokens_after": self.tokens_after,
            "top_pairs": [list(p) for p in self.top_pairs],
        } | ({"removed": [[i, base64.b64encode(t).decode("ascii")] for i, t in self.removed]} if self.removed else {})

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MergeStep:
        """Inverse of :meth:`to_dict`; raises ``ValueError`` on a malformed record."""
        try:
            top = tuple((int(a), int(b), int(c)) for a, b, c in d.get("top_pairs", ()))
            return cls(
                rank=int(d["rank"]),
                new_id=int(d["id"]),
                left=int(d["left"]),
                right=int(d["right"]),
                token=base64.b64decode(d["token"], validate=True),
                count=int(d["count"]),
                tokens_after=int(d["tokens_after"]),
                top_pairs=top,
                removed=tuple((int(i), base64.b64decode(t, validate=True)) for i, t in d.get("removed", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed merge step record: {exc}") from None


@dataclass
class TrainingRecord:
    """What a training run saw and did: corpus, settings, and every merge step.

    ``initial_tokens`` is the corpus's token count before any merge (its bytes outside special tokens plus one per
    special token occurrence). ``stop_reason`` says why training ended ("vocab_size reached", "no pair left to
    merge", "cancelled"). ``unmatched_chars`` counts the characters of ordinary text that no match of a custom
    pre-tokenization regex covered (they were not trained on). ``parity``: a parity-aware run's languages and
    each one's held-out tokens after every merge (:mod:`bpe_core.variants.parity_languages`), else None.
    """

    corpus_names: list[str] = field(default_factory=list)
    corpus_bytes: int = 0
    corpus_sha256: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    unique_words: int = 0
    initial_tokens: int = 0
    steps: list[MergeStep] = field(default_factory=list)
    stop_reason: str = ""
    unmatched_chars: int = 0
    parity: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "corpus_names": list(self.corpus_names),
            "corpus_bytes": self.corpus_bytes,
            "corpus_sha256": self.corpus_sha256,
            "settings": dict(self.settings),
            "unique_words": self.unique_words,
            "initial_tokens": self.initial_tokens,
            "stop_reason": self.stop_reason,
            "unmatched_chars": self.unmatched_chars,
            "steps": [s.to_dict() for s in self.steps],
        } | ({} if self.parity is None else {"parity": self.parity})

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TrainingRecord:
        """Inverse of :meth:`to_dict`; raises ``ValueError`` on a malformed record."""
        if not isinstance(d, dict):
            raise ValueError("training record must be a JSON object")
        try:
            return cls(
                corpus_names=[str(n) for n in d.get("corpus_names", [])],
                corpus_bytes=int(d.get("corpus_bytes", 0)),
                corpus_sha256=str(d.get("corpus_sha256", "")),
                settings=dict(d.get("settings", {})),
                unique_words=int(d.get("unique_words", 0)),
                initial_tokens=int(d.get("initial_tokens", 0)),
                steps=[MergeStep.from_dict(s) for s in d.get("steps", [])],
                stop_reason=str(d.get("stop_reason", "")),
                unmatched_chars=int(d.get("unmatched_chars", 0)),
                parity=check_parity_record(d.get("parity")),
            )
        except (TypeError, ValueError) as exc:
            raise ValueError(f"malformed training record: {exc}") from None
