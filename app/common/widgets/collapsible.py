"""A titled section whose body folds away under its title: the settings seldom changed stay one click away and
take one line while folded, that line saying what in them differs from the defaults (:meth:`set_summary`).

>>> from PySide6.QtWidgets import QApplication, QFormLayout
>>> app = QApplication.instance() or QApplication([])
>>> section = Collapsible("Variants")
>>> form = QFormLayout(section.body)
>>> section.expanded(), section.body.isHidden()
(False, True)
>>> section.set_summary("min count 5, PickyBPE 0.7")
>>> section.header_text()
'Variants — min count 5, PickyBPE 0.7'
>>> section.set_expanded(True)
>>> section.expanded(), section.body.isHidden(), section.header_text()
(True, False, 'Variants')
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget

# Pixels of the header taken by its arrow and margins, beside its text.
ARROW_ROOM = 28


class Collapsible(QWidget):
    """``header`` (a button with an arrow, its ``title``) over ``body``, which the caller fills; folded at first."""

    def __init__(self, title: str, parent=None):
        super().__init__(parent)
        self.title = title
        self.summary = ""
        self.header = QToolButton()
        self.header.setText(title)
        self.header.setCheckable(True)
        self.header.setAutoRaise(True)
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        # Ignored: a long summary is cut to the header's width rather than widen the panel
        self.header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
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

    def set_summary(self, text: str) -> None:
        """What differs from the defaults in the body, said in the header while folded ("": nothing)."""
        self.summary = text
        self._show_header()

    def header_text(self) -> str:
        """The title, with the summary while folded (whole: the header shows it cut to its width, whole in its
        tooltip)."""
        if self.expanded() or not self.summary:
            return self.title
        return QCoreApplication.translate("Collapsible", "{title} — {summary}").format(
            title=self.title, summary=self.summary
        )

    def _show_header(self) -> None:
        text = self.header_text()
        room = self.width() - ARROW_ROOM
        metrics = self.header.fontMetrics()
        self.header.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, room) if room > 0 else text)
        self.header.setToolTip(text if text != self.title else "")

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._show_header()

    def _show_body(self, on: bool) -> None:
        self.header.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.body.setVisible(on)
        self._show_header()
