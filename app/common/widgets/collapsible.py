"""A titled section whose body folds away under its title: the settings seldom changed stay one click away and
take one line while folded.

>>> from PySide6.QtWidgets import QApplication, QFormLayout
>>> app = QApplication.instance() or QApplication([])
>>> section = Collapsible("Variants")
>>> form = QFormLayout(section.body)
>>> section.expanded(), section.body.isHidden()
(False, True)
>>> section.set_expanded(True)
>>> section.expanded(), section.body.isHidden()
(True, False)
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget


class Collapsible(QWidget):
    """``header`` (a button with an arrow, its ``title``) over ``body``, which the caller fills; folded at first."""

    def __init__(self, title: str, parent=None):
        super().__init__(parent)
        self.header = QToolButton()
        self.header.setText(title)
        self.header.setCheckable(True)
        self.header.setAutoRaise(True)
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.header.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        font = self.header.font()
        font.setBold(True)
        self.header.setFont(font)
        self.body = QWidget()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.header)
        layout.addWidget(self.body)
        self.header.toggled.connect(self._show_body)
        self._show_body(False)

    def expanded(self) -> bool:
        return self.header.isChecked()

    def set_expanded(self, on: bool) -> None:
        self.header.setChecked(on)

    def _show_body(self, on: bool) -> None:
        self.header.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.body.setVisible(on)
