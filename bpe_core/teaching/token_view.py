"""Records for showing how a text was tokenized: each token with its id, bytes and the characters it covers, and
the merges that built each pre-token's tokens (for an animation).

A token may hold only part of a UTF-8 character; its span then covers the whole character, and ``partial`` says
which bytes of which character it holds. :meth:`TokenView.groups` gathers the tokens that together make whole
characters.

>>> from bpe_core.tokenizer import Tokenizer
>>> view = view_tokens(Tokenizer.from_tiktoken("gpt2"), "a鬱")
>>> [(t.id, t.token, t.start, t.end) for t in view.tokens]
[(64, b'a', 0, 1), (165, b'\\xe9', 1, 2), (105, b'\\xac', 1, 2), (109, b'\\xb1', 1, 2)]
>>> str(view.tokens[1].partial[0])
"bytes 0-0 of 3 of '鬱'"
>>> [len(group) for group in view.groups()]
[1, 3]
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate

from bpe_core.tokenizer import Tokenizer, fix_surrogates


@dataclass(frozen=True, slots=True)
class CharPart:
    """Bytes ``first``..``last`` (inclusive, 0-based) of the ``length`` UTF-8 bytes of ``char``, at text offset
    ``index``."""

    char: str
    index: int
    first: int
    last: int
    length: int

    def __str__(self) -> str:
        return f"bytes {self.first}-{self.last} of {self.length} of {self.char!r}"


@dataclass(frozen=True, slots=True)
class TokenSpan:
    """One token of a text: its id and bytes, the characters ``text[start:end]`` it touches, and its bytes'
    offsets ``byte_start:byte_end`` in the UTF-8 text. ``partial`` lists the characters it holds only part of
    (the first and/or last one)."""

    index: int
    id: int
    token: bytes
    start: int
    end: int
    byte_start: int
    byte_end: int
    special: bool = False
    partial: tuple[CharPart, ...] = ()

    @property
    def is_partial(self) -> bool:
        return bool(self.partial)


@dataclass(frozen=True)
class TokenView:
    """The tokens of ``text`` (which is the given text with surrogates fixed as tiktoken fixes them)."""

    text: str
    tokens: tuple[TokenSpan, ...]

    def groups(self) -> list[tuple[TokenSpan, ...]]:
        """Consecutive tokens whose character spans overlap, gathered: each group covers whole characters.

        A token that holds whole characters is a group of its own.
        """
        groups: list[list[TokenSpan]] = []
        for token in self.tokens:
            if groups and token.start < groups[-1][-1].end:
                groups[-1].append(token)
            else:
                groups.append([token])
        return [tuple(group) for group in groups]


def view_tokens(tokenizer, text: str) -> TokenView:
    """The :class:`TokenView` of ``text`` under ``tokenizer`` (a :class:`Tokenizer` or a ``tiktoken.Encoding``;
    special tokens are always recognised)."""
    text = fix_surrogates(text)
    ids, token_bytes, special_ids = _encode(tokenizer, text)
    char_bytes = [1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4 for o in map(ord, text)]
    char_starts = list(accumulate(char_bytes, initial=0))  # one more entry: the end of the text
    char_at = [i for i, size in enumerate(char_bytes) for _ in range(size)]  # byte offset -> character index
    tokens = []
    position = 0
    for index, token_id in enumerate(ids):
        data = token_bytes(token_id)
        byte_end = position + len(data)
        first_char, last_char = char_at[position], char_at[byte_end - 1]
        partial = ()
        if char_starts[first_char] != position or char_starts[last_char + 1] != byte_end:
            partial = tuple(_parts(text, char_starts, char_bytes, position, byte_end, first_char, last_char))
        tokens.append(
            TokenSpan(
                index, token_id, data, first_char, last_char + 1, position, byte_end, token_id in special_ids, partial
            )
        )
        position = byte_end
    return TokenView(text, tuple(tokens))


def _parts(text, char_starts, char_bytes, position, byte_end, first_char, last_char) -> Iterator[CharPart]:
    """The characters at the edges of bytes ``position:byte_end`` that it holds only part of."""
    for char in dict.fromkeys((first_char, last_char)):
        lo, size = char_starts[char], char_bytes[char]
        first, last = max(position, lo) - lo, min(byte_end, lo + size) - 1 - lo
        if first > 0 or last < size - 1:
            yield CharPart(text[char], char, first, last, size)


def _encode(tokenizer, text: str):
    if isinstance(tokenizer, Tokenizer):
        return tokenizer.encode(text), tokenizer.token_bytes, set(tokenizer.special_tokens.values())
    ids = tokenizer.encode(text, allowed_special="all")  # a tiktoken.Encoding
    specials = {tokenizer.encode_single_token(t) for t in tokenizer.special_tokens_set}
    return ids, tokenizer.decode_single_token_bytes, specials


# ----- the trace of an encoding -----


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
