"""A finished run replayed merge by merge: what merge ``k`` joins, its count when the tokenizer keeps a training
record, and a text as it stands before the merge (the pair about to merge found in its tokens) and after it (the
new token found). Any tokenizer with merges replays: ours with the counts of its training record, a published
model's without counts.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> replay = Replay(Tokenizer.from_tiktoken("gpt2"))
>>> replay.step(0)
ReplayStep(rank=0, left=b' ', right=b't', count=None, top_pairs=())
>>> before = replay.frame(" the tat", 0, fused=False)
>>> [t.token for t in before.view.tokens], before.marked
([b' ', b't', b'h', b'e', b' ', b't', b'a', b't'], (0, 1, 4, 5))
>>> after = replay.frame(" the tat", 0, fused=True)
>>> [t.token for t in after.view.tokens], after.marked
([b' t', b'h', b'e', b' t', b'a', b't'], (0, 3))
"""

from __future__ import annotations

from dataclasses import dataclass

from bpe_core.encoding.token_spans import TokenView

Pair = tuple[bytes, bytes]


@dataclass(frozen=True)
class ReplayStep:
    """Merge ``rank``: ``left + right``; ``count`` and the best pairs at that step (``top_pairs``, best first, the
    chosen one first) when the training record has them, else ``None`` and ``()``."""

    rank: int
    left: bytes
    right: bytes
    count: int | None
    top_pairs: tuple[tuple[Pair, int], ...]

    @property
    def token(self) -> bytes:
        return self.left + self.right


@dataclass(frozen=True)
class ReplayFrame:
    """A text's tokens before merge ``rank`` (``fused`` False: ``marked`` are the tokens of each occurrence of the
    pair, ``pairs`` the index of each occurrence's left token) or after it (``marked``: the tokens it made)."""

    rank: int
    fused: bool
    view: TokenView
    marked: tuple[int, ...]
    pairs: tuple[int, ...] = ()


def pair_starts(view: TokenView, left: bytes, right: bytes) -> list[int]:
    """Where ``left`` is followed by ``right`` in one pre-token of ``view`` (left to right, not overlapping, as a
    merge applies): the left token's index.

    >>> from bpe_core.encoding.tokenizer import Tokenizer
    >>> pair_starts(Tokenizer.from_tiktoken("gpt2").view_at("aaaa a", 0), b"a", b"a")
    [0, 2]
    """
    chunks = set(view.chunks)
    tokens = view.tokens
    found, i = [], 0
    while i + 1 < len(tokens):
        a, b = tokens[i], tokens[i + 1]
        crosses = b.start in chunks and a.end <= b.start
        if not crosses and a.token == left and b.token == right and not (a.special or b.special):
            found.append(i)
            i += 2
        else:
            i += 1
    return found


class Replay:
    """The merges of ``tokenizer`` (a :class:`~bpe_core.encoding.protocol.ShownTokenizer` with merges; a model without
    merges raises ``TypeError``), one step at a time."""

    def __init__(self, tokenizer):
        if tokenizer.merges is None:
            raise TypeError(f"{tokenizer.name} has no merges to replay")
        self.tokenizer = tokenizer
        self.merges = tokenizer.merges
        record = tokenizer.record
        self.steps = record.steps if record is not None else []

    def __len__(self) -> int:
        return len(self.merges)

    def step(self, rank: int) -> ReplayStep:
        """Merge ``rank`` with what the training record says of it."""
        left, right = self.merges[rank]
        if rank >= len(self.steps):
            return ReplayStep(rank, left, right, None, ())
        record = self.steps[rank]
        token = self.tokenizer.token_bytes
        top = tuple(((token(a), token(b)), count) for a, b, count in record.top_pairs)
        return ReplayStep(rank, left, right, record.count, top)

    def frame(self, text: str, rank: int, *, fused: bool) -> ReplayFrame:
        """``text`` just before merge ``rank`` (the pair marked) or just after it (the new tokens marked)."""
        left, right = self.merges[rank]
        if not fused:
            view = self.tokenizer.view_at(text, rank)
            starts = pair_starts(view, left, right)
            return ReplayFrame(rank, False, view, tuple(i + d for i in starts for d in (0, 1)), tuple(starts))
        view = self.tokenizer.view_at(text, rank + 1)
        made = left + right
        return ReplayFrame(rank, True, view, tuple(t.index for t in view.tokens if t.token == made and not t.special))
