"""Where the panes go: side by side in one row while each keeps at least :data:`MIN_PANE_WIDTH` pixels, else in two
rows (six panes at 1,400 pixels: two rows of three); or stacked, one under another.

The grid is a vertical splitter of two rows, each a splitter of panes, so the user can still drag every border;
the panes are placed again (and given equal shares) when they come or go, or when the width calls for another
number of rows. The splitters are always the same three (the second row hidden when it is not needed): the window
remembers its splitters by their order (:mod:`app.window_state`), and the grid's own are placed by the grid, never
restored. The headers of the panes side by side are made as tall as the tallest, so that their tokens start level.

>>> columns_for(6, 1900), columns_for(6, 1390), columns_for(5, 1390), columns_for(12, 1390), columns_for(1, 100)
(6, 3, 5, 6, 1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QSplitter, QWidget

#: Narrower than this, a pane's title and figures crowd its buttons: the panes flow into a second row instead.
MIN_PANE_WIDTH = 260
#: Rows of panes side by side (more would leave each too short to read).
MAX_ROWS = 2


def columns_for(count: int, width: int, min_width: int = MIN_PANE_WIDTH) -> int:
    """How many of ``count`` panes go side by side in ``width`` pixels (the first row as full as any)."""
    if count <= 1:
        return 1
    rows = min(MAX_ROWS, count, max(1, math.ceil(count * min_width / max(width, 1))))
    return math.ceil(count / rows)


class _Splitter(QSplitter):
    """A splitter of the grid: what it holds and how it is divided is the grid's to say, so a state restored by the
    window (sizes and orientation saved with other panes, or from another splitter) is not applied."""

    def __init__(self, orientation: Qt.Orientation, parent=None):
        super().__init__(orientation, parent)
        self.setChildrenCollapsible(False)

    def restoreState(self, state) -> bool:
        return False


class PaneGrid(_Splitter):
    """Two rows of panes. :meth:`arrange` places the panes shown (in order) and keeps the hidden ones aside."""

    def __init__(self, parent=None):
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setObjectName("paneGrid")
        self.stacked = False
        self._shown: list[QWidget] = []
        self._hidden: list[QWidget] = []
        self._columns = 0
        self._rows = [_Splitter(Qt.Orientation.Horizontal) for _ in range(MAX_ROWS)]
        for row in self._rows:
            self.addWidget(row)
        self._line_up = QTimer(self)  # once the panes' layouts have settled
        self._line_up.setSingleShot(True)
        self._line_up.setInterval(0)
        self._line_up.timeout.connect(self.line_up_headers)

    def rows(self) -> list[QSplitter]:
        """The rows in use, top to bottom (when stacked, one row holds every pane, one under another)."""
        return [row for row in self._rows if not row.isHidden()]

    def columns(self) -> int:
        """Panes side by side in each row (1 when stacked)."""
        return 1 if self.stacked else columns_for(len(self._shown), self.width())

    def set_stacked(self, stacked: bool) -> None:
        self.stacked = stacked
        self._place()

    def arrange(self, shown: Sequence[QWidget], hidden: Sequence[QWidget]) -> None:
        """Place the ``shown`` panes row by row, in order, with equal shares; ``hidden`` ones are kept, unseen."""
        self._shown, self._hidden = list(shown), list(hidden)
        self._place()

    def _place(self) -> None:
        self._columns = columns = self.columns()
        if self.stacked:
            rows = [self._shown + self._hidden, []]
        else:
            rows = [self._shown[:columns], self._shown[columns:]]
            rows[1 if rows[1] else 0] += self._hidden
        for row, panes in zip(self._rows, rows):
            row.setOrientation(Qt.Orientation.Vertical if self.stacked else Qt.Orientation.Horizontal)
            for index, pane in enumerate(panes):
                row.insertWidget(index, pane)
                pane.installEventFilter(self)  # (once: installing again only moves it first)
            row.setVisible(bool(panes))
        self.equalize()
        self._line_up.start()

    def equalize(self) -> None:
        """Give every row the same height and every pane of a row the same share."""
        rows = self.rows()
        self.setSizes([max(self.height(), 200) // max(1, len(rows)) if row in rows else 0 for row in self._rows])
        for row in rows:
            shares = [0 if row.widget(i).isHidden() else 1 for i in range(row.count())]
            length = row.height() if self.stacked else row.width()
            share = max(length, 400) // max(1, sum(shares))
            row.setSizes([share * s for s in shares])

    def eventFilter(self, watched, event) -> bool:
        """A pane resized, or its header's lines changed (new figures, the ★ fewest badge): line the headers up
        again."""
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize):
            self._line_up.start()
        return False

    def line_up_headers(self) -> None:
        """Make the headers of the panes side by side in a row as tall as the tallest, so that their tokens start
        at one height (one pane's figures wrapped on a line more, or its ★ fewest, started it lower)."""
        for row in self.rows():
            panes = [row.widget(i) for i in range(row.count()) if not row.widget(i).isHidden()]
            tallest = 0 if self.stacked else max((pane.header_height() for pane in panes), default=0)
            for pane in panes:
                pane.set_header_height(tallest)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._shown and self.columns() != self._columns:
            self._place()
