"""A sentence in the middle of an empty table saying what to do (:class:`ViewHint`); it goes away as soon as the
table has rows, and comes back when they are gone.

>>> from PySide6.QtWidgets import QTableWidget
>>> table = QTableWidget(0, 2)
>>> hint = ViewHint(table, "Press Compare to list the tokens.")
>>> hint.isHidden(), table.setRowCount(3), hint.isHidden()
(False, None, True)
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtWidgets import QAbstractItemView, QLabel

from app import style

#: Pixels between the hint and the edges of the table.
MARGIN = 12


class ViewHint(QLabel):
    """``text`` over ``view``'s empty viewport (none while ``text`` is "")."""

    def __init__(self, view: QAbstractItemView, text: str = ""):
        super().__init__(text, view.viewport())
        self.view = view
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setStyleSheet(f"color: {style.SUB_TEXT.name()}")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        view.viewport().installEventFilter(self)
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.layoutChanged):
            signal.connect(self.follow_rows)
        self._fit()
        self.follow_rows()

    def set_text(self, text: str) -> None:
        self.setText(text)
        self.follow_rows()

    @Slot()
    def follow_rows(self) -> None:
        self.setVisible(bool(self.text()) and self.view.model().rowCount() == 0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize:
            self._fit()
        return False

    def _fit(self) -> None:
        self.setGeometry(self.view.viewport().rect().adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN))
