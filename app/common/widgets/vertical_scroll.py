"""A column that scrolls up and down when the window is too short for it, and never sideways: it is as wide as
its content needs (plus the scroll bar), and its content is never squashed below its own minimum height.

>>> from PySide6.QtWidgets import QApplication, QLabel
>>> app = QApplication.instance() or QApplication([])
>>> label = QLabel("a column"); label.setMinimumSize(300, 900)
>>> column = VerticalScroll(label)
>>> column.minimumSizeHint().width() >= 300, column.minimumSizeHint().height() < 900
(True, True)
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QStyle, QWidget

#: The column's own minimum height: a few lines of its content show, the rest scrolls.
MIN_HEIGHT = 120
QWIDGETSIZE_MAX = (1 << 24) - 1


class VerticalScroll(QScrollArea):
    """``content`` in a scroll area without a frame or a horizontal scroll bar, as narrow and as wide as
    ``content`` may be."""

    def __init__(self, content: QWidget, parent=None):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidgetResizable(True)
        self.setWidget(content)
        if content.maximumWidth() < QWIDGETSIZE_MAX:
            self.setMaximumWidth(content.maximumWidth() + self._bar())

    def _bar(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)

    def minimumSizeHint(self) -> QSize:
        least = self.widget().minimumSizeHint().expandedTo(self.widget().minimumSize())
        return QSize(least.width() + self._bar(), MIN_HEIGHT)

    def sizeHint(self) -> QSize:
        hint = self.widget().sizeHint()
        return QSize(hint.width() + self._bar(), hint.height())
