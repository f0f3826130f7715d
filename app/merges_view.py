"""The merges table view: one row per merge, rows selectable, fast to repaint while training."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from app.corpus_panel import TEXT_FONT

COLUMN_WIDTHS = (48, 52, 76, 76, 100, 84)


def table_font() -> QFont:
    """Monospaced Latin (fast to draw) with CJK characters from Noto when a token holds them."""
    font = QFont("DejaVu Sans Mono", 10)
    font.setFamilies(["DejaVu Sans Mono", TEXT_FONT])
    return font


class MergesTableView(QTableView):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("mergesTable")
        self.setFont(table_font())
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(24)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)

    def setModel(self, model) -> None:
        super().setModel(model)
        for column, width in enumerate(COLUMN_WIDTHS):
            self.setColumnWidth(column, width)

    def paint_now(self) -> None:
        """Lay out new rows and repaint at once, instead of at the next turn of the event loop (while training
        pauses for the frame, not later while it competes for the GIL)."""
        self.executeDelayedItemsLayout()
        self.viewport().repaint()
