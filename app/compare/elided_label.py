"""A label that keeps to one line: text too long for its width is cut with "…", and the whole text is its tooltip.

A pane's title is one: six panes side by side leave a long model name (``DeepSeek-V3-0324 · 129,280 tokens``) a
few hundred pixels, and a title wrapped to three lines would push the tokens down and crowd the buttons beside it.
Where the beginning of the text is ``shared`` with other labels (the tokenizer's name in the titles of the panes
cutting it other ways), that part is cut first, so that what tells the labels apart stays in view:
``tiktoken o2… · BPE-dropout p=0.1`` rather than ``tiktoken o200k_base · BPE-drop…``.

>>> shared_prefix("tiktoken o200k_base · fewest tokens", ["tiktoken o200k_base · BPE-dropout p=0.1", "gpt2"])
'tiktoken o200k_base · '
>>> shared_prefix("tiktoken o200k_base", ["tiktoken o200k_base · fewest tokens"])
'tiktoken o200k_base'
>>> shared_prefix("two.json", ["three.json"]), shared_prefix("a b c", ["a b"])
('', 'a b')
"""

from __future__ import annotations

import math
import os

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QTextLayout
from PySide6.QtWidgets import QLabel, QSizePolicy

#: The narrowest an elided label gets, in characters of its font ("Qw…").
MIN_CHARS = 3
#: Where a shared beginning may end: after a word.
WORD_ENDS = " ·"


def shared_prefix(text: str, others) -> str:
    """The longest beginning of ``text`` that one of ``others`` also begins with, ending where a word does (all of
    ``text`` when another begins with it)."""
    longest = 0
    for other in others:
        if other == text:
            continue
        n = len(os.path.commonprefix([text, other]))
        if n < len(text) and text[n] not in WORD_ENDS:  # within a word: back to its beginning
            while n and text[n - 1] not in WORD_ENDS:
                n -= 1
        longest = max(longest, n)
    return text[:longest]


class ElidedLabel(QLabel):
    """A one-line plain-text label whose ``text()`` is always the whole text, drawn elided when it does not fit."""

    def __init__(self, text: str = "", parent=None):
        super().__init__(parent)
        self.shared = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text)
        self.update()

    def set_shared(self, prefix: str) -> None:
        """Say which beginning of the text other labels share (cut first when the text does not fit)."""
        if prefix != self.shared:
            self.shared = prefix
            self.update()

    def shown_text(self) -> str:
        """The text as drawn at the label's width ("…" where it is cut: in its shared beginning first)."""
        metrics, width, text = self.fontMetrics(), self.contentsRect().width(), self.text()
        if metrics.horizontalAdvance(text) <= width:  # as wide as sizeHint() asks: whole (elidedText may not)
            return text
        elide = Qt.TextElideMode.ElideRight
        shared = self.shared if text.startswith(self.shared) else ""
        head = shared.rstrip(WORD_ENDS)  # what is cut, before the separator kept with the rest: "gpt2… · fewest"
        tail = text[len(head) :]
        room = width - metrics.horizontalAdvance(tail)
        if head and tail and room > metrics.horizontalAdvance(head[:1] + "…"):
            return metrics.elidedText(head, elide, room) + tail
        if head and tail:  # not even the tail fits: its end is cut too
            return metrics.elidedText("…" + tail, elide, width)
        return metrics.elidedText(text, elide, width)

    def is_elided(self) -> bool:
        return self.shown_text() != self.text()

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        margins = self.contentsMargins()
        return QSize(
            metrics.horizontalAdvance(self.text()) + margins.left() + margins.right(),
            max(metrics.height(), self.line_height()) + margins.top() + margins.bottom(),
        )

    def line_height(self) -> int:
        """The height of the text's line as drawn: a character from a fallback font (Chinese in a Latin font)
        makes the line taller than the font's own height, and a label only that tall cuts off the bottom of the
        line (the underscore of ``o200k_base``)."""
        layout = QTextLayout(self.text() or " ", self.font())
        layout.beginLayout()
        line = layout.createLine()
        layout.endLayout()
        return math.ceil(line.height())

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        return QSize(min(hint.width(), self.fontMetrics().averageCharWidth() * MIN_CHARS), hint.height())

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.setFont(self.font())
        painter.drawText(self.contentsRect(), int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), self.shown_text())
