"""A push button whose text wraps, for the quiz's choices: at word boundaries, and inside a word too long for the
button, so that a long choice in presentation mode's font asks for more height, never more width than the window
has (a plain button's text stays on one line: the Chinese choices made the Teach window 1,934 px wide)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QFont, QTextLayout, QTextOption
from PySide6.QtWidgets import QPushButton, QSizePolicy, QStyle, QStyleOptionButton, QStylePainter

#: The narrowest the text may be, in characters of the button's font.
LEAST_CHARS = 8


def text_layout(text: str, font: QFont, width: float) -> QTextLayout:
    """``text`` laid out in lines of ``width`` pixels, each centred; a line break in ``text`` starts a line."""
    layout = QTextLayout(text.replace("\n", "\u2028"), font)
    option = QTextOption(Qt.AlignmentFlag.AlignHCenter)
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    height = 0.0
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        line.setPosition(QPointF(0, height))
        height += line.height()
    layout.endLayout()
    return layout


class ChoiceButton(QPushButton):
    """A button that draws its text itself, wrapped to its width; its height follows (height for width)."""

    def __init__(self, text: str = "", parent=None):
        super().__init__(parent)
        self._text = ""
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setText(text)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._text = text
        self.setAccessibleName(text)
        self.updateGeometry()
        self.update()

    def _padding(self) -> QSize:
        """What the style adds around a button's contents."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        return self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, option, QSize(0, 0), self)

    def _text_size(self, width: float) -> QSize:
        """The text's size wrapped to ``width``: its longest line's, and its lines' height."""
        layout = text_layout(self._text, self.font(), width)
        lines = [layout.lineAt(i) for i in range(layout.lineCount())]
        longest = max((line.naturalTextWidth() for line in lines), default=0.0)
        return QSize(math.ceil(longest), math.ceil(layout.boundingRect().height()))

    def _least_text_width(self) -> int:
        return self.fontMetrics().horizontalAdvance("M" * LEAST_CHARS)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        padding = self._padding()
        text = self._text_size(max(1, width - padding.width()))
        return max(self.minimumHeight(), text.height() + padding.height())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """As wide as the longest line unwrapped, as tall as its lines."""
        padding = self._padding()
        text = self._text_size(1e6)
        return QSize(text.width(), text.height()) + padding

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """A few characters wide (the text wraps to any width); one line tall."""
        return QSize(self._least_text_width(), self.fontMetrics().height()) + self._padding()

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt's name)
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = ""
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        area = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self)
        width = max(1, min(area.width(), self.width() - self._padding().width()))  # as heightForWidth measured
        layout = text_layout(self._text, self.font(), width)
        top = area.top() + max(0.0, (area.height() - layout.boundingRect().height()) / 2)
        painter.setPen(option.palette.buttonText().color())
        layout.draw(painter, QPointF(area.left() + (area.width() - width) / 2, top))
