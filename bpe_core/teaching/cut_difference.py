"""Where two tokenizers cut a text differently, and why: the first byte offset where one cuts and the other does
not, with the reason as data -- a pre-tokenizer boundary only one of them has, a token only one vocabulary holds,
a token both hold that only one of them reached by its merges, a normalizer that changed the text, or bytes only
one of them falls back to.

>>> from bpe_core.foreign import TiktokenTokenizer
>>> gpt2, o200k = TiktokenTokenizer.reference("gpt2"), TiktokenTokenizer.reference("o200k_base")
>>> difference = first_difference(gpt2, o200k, "Hello 12345")
>>> difference.offset, difference.cuts, difference.reason, difference.second
(6, 'second', 'pre-tokenizer', (b' ',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.encoding.token_spans import TokenSpan, TokenView

#: Why the cuts differ: the pre-tokenizers cut there differently; the token one of them makes at that place is not
#: in the other's vocabulary; the other has it but its merges do not reach it (they make other tokens first);
#: a normalizer changed the text (the tokens' bytes are not the text's); one of them falls back to bytes there.
REASONS = ("pre-tokenizer", "missing-token", "merge-order", "normalizer", "byte-fallback")


@dataclass(frozen=True)
class CutDifference:
    """The first place (``offset``, in the text's UTF-8 bytes) where ``cuts`` cuts and the other does not, the
    characters of the pre-token around it (``text``), the two tokenizers' tokens there (``first``, ``second``),
    and the reason (one of :data:`REASONS`; ``token`` the token it is about, when it is about one)."""

    offset: int
    cuts: str  # "first" or "second": which of the two cuts there
    reason: str
    text: str
    first: tuple[bytes, ...]
    second: tuple[bytes, ...]
    token: bytes | None = None


def first_difference(first: ShownTokenizer, second: ShownTokenizer, text: str) -> CutDifference | None:
    """The first place ``first`` and ``second`` cut ``text`` differently, with why; None when they agree."""
    return difference_of(first, first.view(text), second, second.view(text))


def difference_of(first: ShownTokenizer, a: TokenView, second: ShownTokenizer, b: TokenView) -> CutDifference | None:
    """:func:`first_difference` from the views the two tokenizers already made of the same text."""
    cuts_a, cuts_b = _cuts(a), _cuts(b)
    different = sorted(cuts_a ^ cuts_b)
    if not different:
        return None
    offset = different[0]
    cutter, whole = ("first", b) if offset in cuts_a else ("second", a)
    around_a, around_b = _around(a, offset), _around(b, offset)
    span = (min(t.start for t in around_a + around_b), max(t.end for t in around_a + around_b))
    difference: dict[str, Any] = dict(offset=offset, cuts=cutter, text=a.text[span[0] : span[1]])
    difference |= dict(first=tuple(t.token for t in around_a), second=tuple(t.token for t in around_b))
    data = a.text.encode("utf-8")
    if any(data[t.byte_start : t.byte_end] != t.token for t in around_a + around_b if not t.special):
        return CutDifference(**difference, reason="normalizer")
    cutting = a if cutter == "first" else b
    if _chunk_boundary(cutting, offset) and not _chunk_boundary(whole, offset):
        return CutDifference(**difference, reason="pre-tokenizer")
    spanning = next(t for t in whole.tokens if t.byte_start < offset < t.byte_end)  # the token not cut there
    other = first if cutter == "first" else second
    if len(spanning.token) > 1 and other.token_id(spanning.token) is None:
        return CutDifference(**difference, reason="missing-token", token=spanning.token)
    pieces = [t for t in (around_a if cutter == "first" else around_b) if spanning.byte_start <= t.byte_start]
    if all(len(t.token) == 1 for t in pieces) and any(ord(c) > 127 for c in difference["text"]):
        return CutDifference(**difference, reason="byte-fallback", token=spanning.token)
    return CutDifference(**difference, reason="merge-order", token=spanning.token)


def _cuts(view: TokenView) -> set[int]:
    return {token.byte_end for token in view.tokens[:-1]}


def _chunk_boundary(view: TokenView, offset: int) -> bool:
    """Whether a pre-token of ``view`` begins at byte ``offset``."""
    chunk_chars = set(view.chunks)
    return any(t.byte_start == offset and t.start in chunk_chars for t in view.tokens)


def _around(view: TokenView, offset: int) -> list[TokenSpan]:
    """The tokens of the pre-token holding byte ``offset`` (or touching it)."""
    starts = sorted(view.chunks)
    tokens = list(view.tokens)
    at = next((i for i, t in enumerate(tokens) if t.byte_start <= offset < t.byte_end or t.byte_end == offset), 0)
    begin = max((c for c in starts if c <= tokens[at].start), default=0)
    following = [c for c in starts if c > tokens[at].start]
    end = following[0] if following else len(view.text)
    return [t for t in tokens if begin <= t.start < end]
