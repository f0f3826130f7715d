"""The merges table view: one row per merge, rows selectable, fast to repaint while training.

The number columns are as wide as the largest value they can hold in the table's font (:data:`WIDEST`), so
that "49,999" is never cut to "49,9…".
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from app.style import mono_font
from app.train.merges_model import COUNT, ID, LEFT, NEW, RANK, REMOVED, RIGHT, column_title

#: The widest text each number column must show whole: ranks and ids up to o200k's size and beyond, counts up to
#: billions.
WIDEST = {RANK: "200,000", ID: "200,000", COUNT: "9,999,999,999"}
#: Token columns: a fixed width (tokens vary; the user can widen them).
TOKEN_WIDTHS = {LEFT: 76, RIGHT: 76, NEW: 100}
#: Room for the cell's margins and the sort indicator, in pixels.
PADDING = 18


def table_font() -> QFont:
    """Monospaced Latin (fast to draw) with CJK characters from Noto when a token holds them."""
    return mono_font(10)


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
        self._rows_unchanged = False  # see show_new_rows
        # Always there: a scroll bar appearing with the first rows would narrow the rows and paint them twice.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)

    def setModel(self, model) -> None:
        super().setModel(model)
        for column, width in column_widths(self.font(), self.horizontalHeader().font()).items():
            self.setColumnWidth(column, width)
        model.rowsInserted.connect(self._show_removed_column)
        model.modelReset.connect(self._show_removed_column)
        self._show_removed_column()

    def _show_removed_column(self) -> None:
        """The Removed column only for a run that removed tokens (PickyBPE)."""
        model = self.model()
        source = model.sourceModel() if hasattr(model, "sourceModel") else model
        history = getattr(source, "history", None)
        removed = history is not None and history.removals > 0
        if self.isColumnHidden(REMOVED) == removed:
            self.setColumnHidden(REMOVED, not removed)

    def at_bottom(self) -> bool:
        """Scrolled to the last row (of more than a screenful): new rows are then followed."""
        bar = self.verticalScrollBar()
        return 0 < bar.maximum() == bar.value()

    def show_new_rows(self, rows_before: int, follow: bool) -> None:
        """After rows were appended to the ``rows_before`` there were: lay them out now, and have repainted only
        what changed: the scroll bar, and the rows where new ones show (the table was not full, or it
        ``follow``-s the newest rows, being scrolled to the bottom). Otherwise the rows on screen are not even
        repainted (see :meth:`doItemsLayout`)."""
        bottom = self.rowAt(self.viewport().height() - 1)
        self._rows_unchanged = not follow and 0 <= bottom < rows_before
        try:
            self.executeDelayedItemsLayout()
        finally:
            self._rows_unchanged = False
        if follow:
            self.scrollToBottom()

    def doItemsLayout(self) -> None:
        """Qt's layout of the rows, which marks every row on screen for repainting; when :meth:`show_new_rows` knows
        that the rows on screen did not change, only the scroll bars and headers are laid out (231 cells, ~17 ms,
        not repainted for nothing)."""
        if self._rows_unchanged:
            self.updateGeometries()
        else:
            super().doItemsLayout()


def column_widths(cell_font: QFont, header_font: QFont) -> dict[int, int]:
    """The width of each column but the last (which stretches): a number column fits its widest value and its
    title.

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> widths = column_widths(table_font(), app.font())
    >>> widths[RANK] > QFontMetrics(table_font()).horizontalAdvance("200,000")
    True
    """
    cells, titles = QFontMetrics(cell_font), QFontMetrics(header_font)
    widths = dict(TOKEN_WIDTHS)
    for column, text in WIDEST.items():
        widths[column] = max(cells.horizontalAdvance(text), titles.horizontalAdvance(column_title(column))) + PADDING
    return widths
