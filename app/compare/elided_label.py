"""A label that keeps to one line: text too long for its width ends in "…", and the whole text is its tooltip.

A pane's title is one: six panes side by side leave a long model name (``DeepSeek-V3-0324 · 129,280 tokens``) a
few hundred pixels, and a title wrapped to three lines would push the tokens down and crowd the buttons beside it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QTextLayout
from PySide6.QtWidgets import QLabel, QSizePolicy

#: The narrowest an elided label gets, in characters of its font ("Qw…").
MIN_CHARS = 3


class ElidedLabel(QLabel):
    """A one-line plain-text label whose ``text()`` is always the whole text, drawn elided when it does not fit."""

    def __init__(self, text: str = "", parent=None):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text)

    def shown_text(self) -> str:
        """The text as drawn at the label's width (ending in "…" when it is cut)."""
        metrics, width = self.fontMetrics(), self.contentsRect().width()
        if metrics.horizontalAdvance(self.text()) <= width:  # as wide as sizeHint() asks: whole (elidedText may not)
            return self.text()
        return metrics.elidedText(self.text(), Qt.TextElideMode.ElideRight, width)

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
