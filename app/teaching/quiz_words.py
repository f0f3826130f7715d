"""A quiz choice in words, for the Quiz view's buttons, its verdict and the printed sheet: the pair, what it builds
and where it first stands in the text. A pair of bytes of a character says which of its bytes it joins, so that
two choices that build toward the same character never read the same: ``<EF> + <BC>`` joins bytes 1–2 of "，",
``<BC> + <8C>`` bytes 2–3.

>>> words = QuizWords()
>>> words.builds(("，".encode()[:2], "，".encode()[2:]), PairContext("，", True, "", 0))
'“，”'
>>> words.builds(("，".encode()[:1], "，".encode()[1:2]), PairContext("，", False, "", 0))
'bytes 1–2 of ， (EF BC 8C)'
>>> words.builds(("中".encode(), "文".encode()[:1]), PairContext("中文", False, "[中文]", 1))
'“中文”: byte 1 of 文 (E6 96 87)'
>>> words.builds((b"\\xe8", b"\\xaf"), PairContext("", False, "", 0))
''
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from bpe_core.render.token_label import char_hex, render_pair, visible
from bpe_core.teaching.quiz import PairContext


def partial_spans(data: bytes, start: int, end: int) -> list[tuple[str, int, int]]:
    """The characters of the UTF-8 ``data`` that its bytes ``start:end`` hold only part of: (character, first and
    last byte held, counting from 1). Bytes that are no character are none.

    >>> partial_spans("a中文".encode(), 2, 5)
    [('中', 2, 3), ('文', 1, 1)]
    >>> partial_spans("中".encode(), 0, 3), partial_spans(b"\\xe4\\xb8", 0, 2)
    ([], [])
    """
    spans, low = [], 0
    for char in data.decode("utf-8", errors="surrogateescape"):
        size = 1 if 0xDC80 <= ord(char) <= 0xDCFF else len(char.encode("utf-8"))
        high = low + size
        if size > 1 and low < end and high > start and (low < start or high > end):
            spans.append((char, max(low, start) - low + 1, min(high, end) - low))
        low = high
    return spans


class QuizWords(QObject):
    """The words of a choice in the interface's language."""

    def builds(self, pair: tuple[bytes, bytes], context: PairContext) -> str:
        """What the joined pair builds: the characters it makes whole, quoted, or which bytes of which characters it
        joins ("" for bytes of a character that is not in the text)."""
        if not context.builds:
            return ""
        joined, built = pair[0] + pair[1], context.builds.encode("utf-8", "surrogatepass")
        start = max(0, built.find(joined))
        spans = partial_spans(built, start, start + len(joined))
        if context.whole or not spans:
            return f"“{visible(context.builds)}”"
        parts = self.tr(", ").join(self._bytes_of(*span) for span in spans)
        if "".join(span[0] for span in spans) == context.builds:
            return parts
        return self.tr("{chars}: {parts}").format(chars=f"“{visible(context.builds)}”", parts=parts)

    def _bytes_of(self, char: str, first: int, last: int) -> str:
        if first == last:
            return self.tr("byte {first} of {char} ({hex})").format(first=first, char=visible(char), hex=char_hex(char))
        return self.tr("bytes {first}–{last} of {char} ({hex})").format(
            first=first, last=last, char=visible(char), hex=char_hex(char)
        )

    def pair_line(self, pair: tuple[bytes, bytes], context: PairContext | None) -> str:
        """The pair and what it builds: ``<EF> + <BC>  → bytes 1–2 of ， (EF BC 8C)``."""
        built = self.builds(pair, context) if context is not None else ""
        return f"{render_pair(*pair)}  → {built}" if built else render_pair(*pair)

    def choice(self, pair: tuple[bytes, bytes], context: PairContext | None) -> str:
        """A choice as its button writes it: :meth:`pair_line`, then where the pair first stands in the text."""
        if context is None:
            return render_pair(*pair)
        where = f"“{visible(context.snippet)}”" if context.snippet else self.tr("not side by side in this text")
        return f"{self.pair_line(pair, context)}\n{where}"
