"""BPE on one short sequence, step by step: what the sequence is at step t, which pair is merged and where, and
every pair's count at that moment -- the classic blackboard walk-throughs.

:func:`walk_text` takes its merges from the trainer itself (``BpeTrainer(pattern="none")``), so a walk-through
shows exactly what training does; :func:`walk_ids` runs the same rule on abstract ids, for the lecture example
where ``[1, 2, 3, 1, 2]`` with ``(1, 2) -> 4`` gives ``[4, 3, 4]``; :func:`replay` applies given merges.

>>> walk = replay([1, 2, 3, 1, 2], [(1, 2, 4)])
>>> step = walk.steps[0]
>>> step.before, step.after, step.positions, step.new_positions
((1, 2, 3, 1, 2), (4, 3, 4), (0, 3), (0, 2))
>>> walk_text("aaabdaaabac", 3).steps[0].candidates[:2]
((97, 97, 4), (97, 98, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bpe_core.training.merged_vocab import vocab_from_merges

Merge = tuple[int, int, int]  # (left, right, new_id)


@dataclass(frozen=True, slots=True)
class WalkStep:
    """Step ``rank``: ``left + right -> new_id`` turns ``before`` into ``after``.

    ``positions`` are the indices in ``before`` of each merged occurrence's left token (left to right, so in
    ``a a a`` only the first pair merges); ``candidates`` are all adjacent pairs of ``before`` with their counts
    (overlaps included, as training counts them), best first under the trainer's rule.
    """

    rank: int
    left: int
    right: int
    new_id: int
    count: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    positions: tuple[int, ...]
    candidates: tuple[tuple[int, int, int], ...]

    @property
    def pair(self) -> tuple[int, int]:
        return (self.left, self.right)

    @property
    def new_positions(self) -> tuple[int, ...]:
        """Indices in ``after`` of the new tokens (each merge before position p shortened the sequence by one)."""
        return tuple(p - i for i, p in enumerate(self.positions))


@dataclass(frozen=True)
class Walkthrough:
    """A sequence and the steps that merged it. ``token_bytes`` maps ids to bytes when the ids are bytes-based
    (a text); it is ``None`` for abstract ids. ``parts`` maps each new id to its ``(left, right)``."""

    start: tuple[int, ...]
    steps: tuple[WalkStep, ...]
    token_bytes: dict[int, bytes] | None = None

    @property
    def parts(self) -> dict[int, tuple[int, int]]:
        return {s.new_id: s.pair for s in self.steps}

    def sequence(self, t: int) -> tuple[int, ...]:
        """The sequence after ``t`` steps (0: the start)."""
        if not 0 <= t <= len(self.steps):
            raise IndexError(f"step {t} is outside 0..{len(self.steps)}")
        return self.start if t == 0 else self.steps[t - 1].after


def count_pairs(seq: Sequence[int]) -> dict[tuple[int, int], int]:
    """Adjacent pairs with their counts, overlaps included (``a a a`` holds two ``(a, a)``).

    >>> count_pairs([1, 1, 1, 2])
    {(1, 1): 2, (1, 2): 1}
    """
    counts: dict[tuple[int, int], int] = {}
    for pair in zip(seq, seq[1:]):
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def merge_sequence(seq: Sequence[int], left: int, right: int, new_id: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Replace each ``(left, right)`` by ``new_id``, left to right; return the new sequence and the positions (in
    ``seq``) of the merged occurrences.

    >>> merge_sequence([7, 7, 7, 7, 7], 7, 7, 9)
    ((9, 9, 7), (0, 2))
    """
    out: list[int] = []
    positions: list[int] = []
    i = 0
    while i < len(seq):
        if i + 1 < len(seq) and seq[i] == left and seq[i + 1] == right:
            positions.append(i)
            out.append(new_id)
            i += 2
        else:
            out.append(seq[i])
            i += 1
    return tuple(out), tuple(positions)


def _ranked(
    counts: dict[tuple[int, int], int], spelling: dict[int, tuple[int, ...]]
) -> tuple[tuple[int, int, int], ...]:
    """Pairs best first: highest count, then the lexicographically greatest (left spelling, right spelling)."""

    def key(item):
        (a, b), n = item
        return (n, spelling[a], spelling[b])

    return tuple((a, b, n) for (a, b), n in sorted(counts.items(), key=key, reverse=True))


def replay(ids: Sequence[int], merges: Sequence[Merge], token_bytes: dict[int, bytes] | None = None) -> Walkthrough:
    """Apply ``merges`` ``(left, right, new_id)`` to ``ids`` in order, recording each step.

    A merge whose pair does not occur raises ``ValueError``.
    """
    seq = tuple(ids)
    spelling: dict[int, tuple[int, ...]] = {i: (i,) for i in seq}
    if token_bytes is not None:
        spelling = {i: tuple(token_bytes[i]) for i in spelling}
    steps = []
    for rank, (left, right, new_id) in enumerate(merges):
        counts = count_pairs(seq)
        if (left, right) not in counts:
            raise ValueError(f"merge {rank} ({left}, {right}) -> {new_id}: the pair does not occur in {list(seq)}")
        if token_bytes is not None:
            spelling[new_id] = tuple(token_bytes[new_id])
        else:
            spelling[new_id] = spelling[left] + spelling[right]
        after, positions = merge_sequence(seq, left, right, new_id)
        steps.append(
            WalkStep(rank, left, right, new_id, counts[(left, right)], seq, after, positions, _ranked(counts, spelling))
        )
        seq = after
    return Walkthrough(tuple(ids), tuple(steps), token_bytes)


def walk_ids(ids: Sequence[int], num_merges: int, first_new_id: int | None = None) -> Walkthrough:
    """Up to ``num_merges`` greedy merges of abstract ids with the trainer's rule (highest count, then the greatest
    pair comparing what each id spells in the starting ids); new ids count up from ``first_new_id`` (default: one
    past the largest id).

    >>> [s.after for s in walk_ids([1, 2, 3, 1, 2], 2).steps]
    [(4, 3, 4), (4, 5)]
    """
    seq = tuple(ids)
    spelling: dict[int, tuple[int, ...]] = {i: (i,) for i in seq}
    next_id = (max(seq, default=-1) + 1) if first_new_id is None else first_new_id
    merges: list[Merge] = []
    for _ in range(num_merges):
        ranked = _ranked(count_pairs(seq), spelling)
        if not ranked:
            break
        left, right, _ = ranked[0]
        spelling[next_id] = spelling[left] + spelling[right]
        merges.append((left, right, next_id))
        seq, _ = merge_sequence(seq, left, right, next_id)
        next_id += 1
    return replay(ids, merges)


def walk_text(text: str, num_merges: int) -> Walkthrough:
    """Train on ``text`` as one sequence (pattern ``none``) for up to ``num_merges`` merges and replay them on its
    UTF-8 bytes. The merges, their counts and the candidate pairs are the trainer's."""
    from bpe_core.training.trainer import BpeTrainer

    data = text.encode("utf-8")
    if not data:
        return Walkthrough((), (), vocab_from_merges(()))
    trainer = BpeTrainer(256 + num_merges, pattern="none", processes=1)
    trainer.count_text(text, name="walk-through")
    merges = [(s.left, s.right, s.new_id) for s in trainer.steps()]
    return replay(list(data), merges, trainer.vocab)
