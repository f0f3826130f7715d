"""The trace of an encoding, for the encode animation: per pre-token, the merges our engine applies, in order,
with their positions (:func:`trace_encoding`).

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> [trace.text for trace in trace_encoding(Tokenizer.from_tiktoken("gpt2"), "hello world")]
['hello', ' world']
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass

from bpe_core.encoding.tokenizer import Tokenizer


@dataclass(frozen=True, slots=True)
class MergeEvent:
    """One merge inside a pre-token: ``left + right`` (merge ``rank``) at byte offsets ``start:middle:end`` of the
    pre-token's bytes. ``position`` is the left part's index in the list of parts just before the merge."""

    rank: int
    position: int
    start: int
    middle: int
    end: int
    left: bytes
    right: bytes

    @property
    def token(self) -> bytes:
        return self.left + self.right


@dataclass(frozen=True)
class PretokenTrace:
    """How one pre-token (or special token) of the text was encoded: from single bytes, merge after merge.

    ``start`` is its character offset in the text; ``ids`` its final token ids.
    """

    start: int
    text: str
    special: bool
    merges: tuple[MergeEvent, ...]
    ids: tuple[int, ...]

    def states(self) -> Iterator[tuple[bytes, ...]]:
        """The parts before any merge, then after each merge: the frames of an animation.

        >>> trace = trace_encoding(Tokenizer.from_tiktoken("gpt2"), "hello")[0]
        >>> [b"|".join(parts) for parts in trace.states()]
        [b'h|e|l|l|o', b'he|l|l|o', b'he|ll|o', b'hell|o', b'hello']
        """
        word = self.text.encode("utf-8")
        if self.special:
            yield (word,)
            return
        bounds = list(range(len(word) + 1))
        yield tuple(word[a:b] for a, b in zip(bounds, bounds[1:]))
        for event in self.merges:
            bounds.remove(event.middle)
            yield tuple(word[a:b] for a, b in zip(bounds, bounds[1:]))


def trace_encoding(tokenizer: Tokenizer, text: str) -> list[PretokenTrace]:
    """Per pre-token, the merges ``tokenizer`` applies to encode ``text``, in order with their positions.

    Under tiktoken's rule a pre-token that is itself a token is taken whole; its trace still shows the merges BPE
    makes to reach it.
    """
    traces = []
    for start, piece, special in tokenizer.pretokens(text):
        if special:
            traces.append(PretokenTrace(start, piece, True, (), (tokenizer.special_tokens[piece],)))
            continue
        word = piece.encode("utf-8")
        raw: list[tuple[int, int, int, int]] = []
        tokenizer.merge_parts(word, raw)
        bounds = list(range(len(word) + 1))
        events = []
        for rank, left, middle, end in raw:
            position = bisect.bisect_left(bounds, left)
            bounds.pop(position + 1)
            events.append(MergeEvent(rank, position, left, middle, end, word[left:middle], word[middle:end]))
        traces.append(PretokenTrace(start, piece, False, tuple(events), tokenizer.encode_piece(piece)))
    return traces
