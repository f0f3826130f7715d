"""A pane's line of figures ("6,000 tokens · 1.73 chars/token · 4.27 bytes/token") that wraps only between two
figures, never inside one: a number stays with its unit in every language (Chinese may break between any two
characters, and "每词元 1.05 字节" lost its "字节" to the next line).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy

ALIGN = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
#: What separates two figures, in the source text and in its translations; a line may break after its dot.
SEPARATOR = " · "


def figure_lines(text: str, width: float, advance: Callable[[str], float]) -> list[str]:
    """``text`` in lines no wider than ``width`` (``advance`` measures a string), broken only after a separator's
    dot; a figure wider than ``width`` has a line of its own.

    >>> figure_lines("6 tokens · 1.5 chars/token · 2.0 bytes/token", 30, len)
    ['6 tokens · 1.5 chars/token ·', '2.0 bytes/token']
    >>> figure_lines("0 tokens", 3, len)
    ['0 tokens']
    """
    figures = text.split(SEPARATOR)
    dot = SEPARATOR.rstrip()
    units = [figure + dot for figure in figures[:-1]] + figures[-1:]
    lines: list[str] = []
    for unit in units:
        if lines and advance(f"{lines[-1]} {unit}") <= width:
            lines[-1] = f"{lines[-1]} {unit}"
        else:
            lines.append(unit)
    return lines


class FiguresLabel(QLabel):
    """A plain-text label laid out by :func:`figure_lines`: as tall as its lines at its width (height for width),
    never narrower than its widest figure."""

    def __init__(self, text: str = "", parent=None):
        super().__init__(text, parent)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def lines(self, width: float) -> list[str]:
        return figure_lines(self.text(), width, QFontMetricsF(self.font()).horizontalAdvance)

    def _extra(self) -> QSize:
        """The room the margins take around the text."""
        margins = self.contentsMargins()
        return QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _drawn_height(self, text: str, width: float) -> int:
        """The height of ``text`` drawn in lines, measured with the fonts that draw it (a Chinese font's lines are
        taller than the label's own font's)."""
        drawn = QFontMetricsF(self.font()).boundingRect(QRectF(0, 0, max(width, 1.0), 1 << 20), ALIGN, text)
        return math.ceil(drawn.height())

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        extra = self._extra()
        inner = width - extra.width()
        return extra.height() + self._drawn_height("\n".join(self.lines(inner)), inner)

    def sizeHint(self) -> QSize:
        """The figures on one line."""
        width = math.ceil(QFontMetricsF(self.font()).horizontalAdvance(self.text()))
        return QSize(width, self._drawn_height(self.text(), width)) + self._extra()

    def minimumSizeHint(self) -> QSize:
        """The widest figure, a line high (the layout asks :meth:`heightForWidth` how many lines it takes)."""
        lines = self.lines(0)
        advance = QFontMetricsF(self.font()).horizontalAdvance
        widest = math.ceil(max((advance(line) for line in lines), default=0.0))
        return QSize(widest, self._drawn_height(lines[0] if lines else "", widest)) + self._extra()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        rect = QRectF(self.contentsRect())
        text = "\n".join(self.lines(rect.width()))
        painter.drawText(rect, ALIGN, text)
