"""What every view of a tokenized text is made of, whichever tokenizer cut it: each token with its id, its bytes,
the characters of the text it covers and its bytes' offsets (:class:`TokenSpan`), gathered in a :class:`TokenView`.
A token may hold only part of a UTF-8 character; its span then covers the whole character, and ``partial`` says
which bytes of which character it holds (:class:`CharPart`). :func:`view_from_spans` is the one place records are
made: our tokenizers' views are built with it, and columns of tokens (an edited text's, a published model's whole
view: :class:`~bpe_core.encoding.token_columns.TokenColumns`) read as the records it would make. This module imports
nothing of the engine (but, to draw a view in Jupyter, :mod:`bpe_core.render.html_tokens`).

>>> tokens = [b"a", b"\\xe9", b"\\xac", b"\\xb1"]
>>> view = view_from_spans("a鬱", [64, 165, 105, 109], tokens, [0, 1, 2, 3], [1, 2, 3, 4], set())
>>> [(t.id, t.start, t.end) for t in view.tokens], str(view.tokens[1].partial[0])
([(64, 0, 1), (165, 1, 2), (105, 1, 2), (109, 1, 2)], "bytes 0-0 of 3 of '鬱'")
>>> [len(group) for group in view.groups()]
[1, 3]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate


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
    """The tokens of ``text`` (which is the given text with surrogates fixed as tiktoken fixes them), and
    ``chunks``: the character offsets where the tokenizer's pre-tokens (and special tokens) begin, ascending."""

    text: str
    tokens: Sequence[TokenSpan]  # a tuple, or columns (bpe_core.encoding.token_columns)
    chunks: Sequence[int] = ()

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

    def _repr_html_(self) -> str:
        """The tokens drawn as the Compare tab draws them, for Jupyter (:mod:`bpe_core.render.html_tokens`)."""
        from bpe_core.render.html_tokens import fragment_html  # it imports no view; imported here, on first drawing

        return fragment_html([(None, self)])


def view_from_spans(
    text: str, ids: Sequence[int], tokens: Sequence[bytes], starts, ends, special_ids, chunks: Sequence[int] = ()
) -> TokenView:
    """The :class:`TokenView` of ``text`` from each token's id, bytes, byte start and byte end in ``text``'s UTF-8
    bytes (our tokens are the text's bytes end to end; a foreign tokenizer's spans, from
    :func:`bpe_core.foreign.spans.byte_spans`, may cover no byte at all, overlap or run backwards), and the character
    offsets where its pre-tokens begin.

    >>> view = view_from_spans("é", [7, 8], [b"\\xc3", b"\\xa9"], [0, 1], [1, 2], set())
    >>> [(t.start, t.end, str(t.partial[0])) for t in view.tokens]
    [(0, 1, "bytes 0-0 of 2 of 'é'"), (0, 1, "bytes 1-1 of 2 of 'é'")]
    """
    char_bytes = [1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4 for o in map(ord, text)]
    char_starts = list(accumulate(char_bytes, initial=0))  # one more entry: the end of the text
    char_at = [i for i, size in enumerate(char_bytes) for _ in range(size)]  # byte offset -> character index
    char_at.append(len(text))
    records = []
    for index, (token_id, data, lo, hi) in enumerate(zip(ids, tokens, starts, ends)):
        first = char_at[lo]
        if hi <= lo:  # a token that stands for no byte of the text (e.g. an added prefix space)
            records.append(TokenSpan(index, token_id, data, first, first, lo, hi, token_id in special_ids))
            continue
        last = char_at[hi - 1]
        partial: tuple[CharPart, ...] = ()
        if char_starts[first] != lo or char_starts[last + 1] != hi:
            partial = tuple(_parts(text, char_starts, char_bytes, lo, hi, first, last))
        records.append(TokenSpan(index, token_id, data, first, last + 1, lo, hi, token_id in special_ids, partial))
    return TokenView(text, tuple(records), tuple(chunks))


def _parts(text, char_starts, char_bytes, position, byte_end, first_char, last_char) -> Iterator[CharPart]:
    """The characters at the edges of bytes ``position:byte_end`` that it holds only part of."""
    for char in dict.fromkeys((first_char, last_char)):
        lo, size = char_starts[char], char_bytes[char]
        first, last = max(position, lo) - lo, min(byte_end, lo + size) - 1 - lo
        if first > 0 or last < size - 1:
            yield CharPart(text[char], char, first, last, size)
