"""Byte spans of a foreign tokenizer's tokens in the original text.

A library gives, per token, the characters of the original text it came from (``offsets``). Where the pipeline
does not change the text, the tokens' bytes are the text's bytes in order and each span is exact, part of a
character included. Where it normalizes (NFKC, lower case, ``▁`` for spaces), each token gets the bytes of its
characters; a run of tokens that each hold part of a character (byte fallback, byte-level BPE: each is invalid
UTF-8 on its own) and together spell those characters shares them out in order, so a token holding part of a
character still says which part. A view's tokens are read from these spans
(:func:`bpe_core.encoding.token_spans.view_from_spans`); a whole view's, all at once, from the same spans worked
out with numpy (:mod:`bpe_core.foreign.span_arrays`).

>>> text = "a鬱"
>>> byte_spans(text, [b"a", b"\\xe9", b"\\xac", b"\\xb1"], [(0, 1), (1, 2), (1, 2), (1, 2)])
([0, 1, 2, 3], [1, 2, 3, 4])
>>> byte_spans("Ab", [b"a", b"b"], [(0, 1), (1, 2)])  # lower-cased: spans come from the offsets
([0, 1], [1, 2])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import accumulate

_BYTE_PIECE = re.compile(r"<0x([0-9A-Fa-f]{2})>")


def byte_piece(piece: str) -> bytes | None:
    """The byte a byte-fallback piece stands for (``<0xE4>``, as SentencePiece and Llama's tokenizer.json spell
    it), or None for any other piece.

    >>> byte_piece("<0xE4>"), byte_piece("<0x>"), byte_piece("▁a")
    (b'\\xe4', None, None)
    """
    match = _BYTE_PIECE.fullmatch(piece)
    return bytes([int(match.group(1), 16)]) if match else None


def byte_spans(text: str, tokens: Sequence[bytes], offsets) -> tuple[list[int], list[int]]:
    """Each token's byte start and byte end in ``text``'s UTF-8 bytes, as two lists. ``offsets`` are the tokens'
    character spans, or a function returning them (called only if the tokens' bytes are not the text's); one that
    ends before it starts ends there, and offsets before the text's start or past its end are taken as those.

    >>> byte_spans("ab", [b"x", b"y"], [(-3, -1), (5, 1)])
    ([0, 2], [0, 2])
    """
    data = text.encode("utf-8")
    if b"".join(tokens) == data:
        return contiguous_spans(map(len, tokens))
    if callable(offsets):
        offsets = offsets()
    if len(offsets) != len(tokens):
        raise ValueError(f"{len(tokens)} tokens but {len(offsets)} offsets")
    char_starts = _char_starts(text)
    last = len(char_starts) - 1  # offsets out of the text are clamped to it
    spans = [(char_starts[min(max(a, 0), last)], char_starts[min(max(a, b, 0), last)]) for a, b in offsets]
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and not is_utf8(tokens[j]):
            j += 1
        if j > i:
            _share_out(data, tokens, spans, i, j)
        i = j + 1
    return [a for a, _ in spans], [b for _, b in spans]


def contiguous_spans(lengths: Iterable[int]) -> tuple[list[int], list[int]]:
    """Starts and ends of tokens of these byte lengths laid end to end from 0.

    >>> contiguous_spans([2, 1, 3])
    ([0, 2, 3], [2, 3, 6])
    """
    bounds = list(accumulate(lengths, initial=0))
    return bounds[:-1], bounds[1:]


def is_utf8(token: bytes) -> bool:
    """Whether ``token`` is valid UTF-8 on its own (a token holding part of a character is not).

    >>> is_utf8("鬱".encode()), is_utf8("鬱".encode()[:2])
    (True, False)
    """
    try:
        token.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _share_out(data: bytes, tokens, spans: list[tuple[int, int]], i: int, j: int) -> None:
    """Give tokens ``i:j`` (each holding part of a character) consecutive bytes of their characters, if
    together they spell them exactly."""
    start = min(spans[k][0] for k in range(i, j))
    end = max(spans[k][1] for k in range(i, j))
    if data[start:end] == b"".join(tokens[i:j]):
        for k in range(i, j):
            spans[k] = (start, start + len(tokens[k]))
            start += len(tokens[k])


def _char_starts(text: str) -> list[int]:
    """The byte offset of each character, and one past the end."""
    sizes = (1 if o < 0x80 else 2 if o < 0x800 else 3 if o < 0x10000 else 4 for o in map(ord, text))
    return list(accumulate(sizes, initial=0))
