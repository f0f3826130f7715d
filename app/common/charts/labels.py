"""Text on charts that never collides: a hint saying what to do on an empty chart (:class:`EmptyHint`), a legend
under the plot instead of over the data (:class:`LegendRow`), and labels beside points pushed apart along one
axis (:func:`spread`).

>>> spread([10, 12, 50], [10, 10, 10], low=0, high=100, gap=0)
[6.0, 16.0, 50.0]
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGraphicsTextItem, QSizePolicy

from app import style
from app.common.charts.axes import BACKGROUND

#: Pixels between the edge of the plot area and a hint set in its corner.
MARGIN = 10


def spread(centres: Sequence[float], sizes: Sequence[float], low: float, high: float, gap: float = 2) -> list[float]:
    """New centres for intervals of ``sizes`` wanted at ``centres`` along an axis: none overlapping (``gap``
    apart), all within ``low``–``high`` when they fit, each group pushed together as little as it can be moved
    (a group sits where its wanted centres are on average)."""
    order = sorted(range(len(centres)), key=lambda i: centres[i])
    groups: list[list[int]] = []  # runs of touching intervals, in order along the axis
    starts: list[float] = []

    def inside(group: list[int], index: int) -> float:
        """Where interval ``index`` starts within ``group``."""
        before = group[: group.index(index)]
        return sum(sizes[i] for i in before) + gap * len(before)

    def extent(group: list[int]) -> float:
        return inside(group, group[-1]) + sizes[group[-1]]

    def place(group: list[int]) -> float:
        wanted = sum(centres[i] - sizes[i] / 2 - inside(group, i) for i in group) / len(group)
        return min(max(wanted, low), max(low, high - extent(group)))

    for i in order:
        groups.append([i])
        starts.append(place([i]))
        while len(groups) > 1 and starts[-2] + extent(groups[-2]) + gap > starts[-1]:  # they touch: one group
            groups[-2:] = [groups[-2] + groups[-1]]
            starts[-2:] = [place(groups[-1])]
    placed = [0.0] * len(centres)
    for group, start in zip(groups, starts):
        for i in group:
            placed[i] = start + inside(group, i) + sizes[i] / 2
    return placed


class EmptyHint(QGraphicsTextItem):
    """A sentence in the plot area of a chart, wrapped to its width: in the middle of an empty chart, or in the
    top left corner of one that already shows something."""

    def __init__(self, view_box: pg.ViewBox):
        super().__init__(view_box)  # in the view box's pixels: it stays put when the data range changes
        self.view_box = view_box
        self.corner = False
        self.room_right: float | None = None  # in the corner: where the hint must end (labels to its right)
        self.setDefaultTextColor(style.SUB_TEXT)
        self.setZValue(1000)
        self.hide()
        view_box.sigResized.connect(self.place)

    def show_text(self, text: str, corner: bool = False) -> None:
        """Show ``text`` ("": hide the hint), in the middle or in the ``corner``."""
        if (text, corner) == (self.toPlainText(), self.corner):
            return  # charts call this with every frame of a run
        self.corner = corner
        option = self.document().defaultTextOption()
        option.setAlignment(Qt.AlignmentFlag.AlignLeft if corner else Qt.AlignmentFlag.AlignHCenter)
        self.document().setDefaultTextOption(option)
        self.setPlainText(text)
        self.setVisible(bool(text))
        self.place()

    def setFont(self, font: QFont) -> None:  # noqa: N802 (Qt's name)
        super().setFont(font)
        self.place()

    def keep_left_of(self, x: float | None) -> None:
        """In the corner, end the hint before ``x`` (the view box's pixels; None: half the plot's width)."""
        if x != self.room_right:
            self.room_right = x
            self.place()

    def paint(self, painter, option, widget=None) -> None:
        """The text on the chart's background: the grid lines under a corner hint do not cross its words."""
        painter.fillRect(self.boundingRect(), BACKGROUND)
        super().paint(painter, option, widget)

    def place(self) -> None:
        box = self.view_box.boundingRect()
        width = box.width() * (0.5 if self.corner else 0.9)
        if self.corner and self.room_right is not None:
            width = min(width, self.room_right - box.left() - 2 * MARGIN)
        self.setTextWidth(max(40.0, width))
        size = self.boundingRect()
        if self.corner:
            self.setPos(box.left() + MARGIN, box.top() + MARGIN)
        else:
            self.setPos(box.center().x() - size.width() / 2, box.center().y() - size.height() / 2)


class LegendRow(pg.LegendItem):
    """A legend under the plot, outside the data: as many entries a row as the plot's width holds (its view calls
    :meth:`fit` when resized). Named items added to the plot join it."""

    def __init__(self, plot: pg.PlotItem, point_size: float = 9.0):
        super().__init__(labelTextSize=f"{point_size:g}pt")
        self.plot = plot
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)  # as wide as its entries, centred
        plot.layout.addItem(self, 4, 0, 1, 3)  # under the axes too: a wide axis label takes no room from it
        plot.layout.setAlignment(self, Qt.AlignmentFlag.AlignHCenter)
        plot.legend = self  # PlotItem.addItem adds every named item to its legend

    def updateSize(self) -> None:  # noqa: N802 (pyqtgraph's name)
        self.updateGeometry()  # the plot's layout places it (pyqtgraph's own moves a legend to the plot's corner)

    def addItem(self, item, name) -> None:  # noqa: N802 (pyqtgraph's name)
        super().addItem(item, name)
        self.fit()

    def removeItem(self, item) -> None:  # noqa: N802 (pyqtgraph's name)
        super().removeItem(item)
        self.columnCount = 0  # lay the entries left out again, leaving no gap where this one was
        self.fit()

    def set_point_size(self, point_size: float) -> None:
        self.opts["labelTextSize"] = f"{point_size:g}pt"
        for _, label in self.items:
            label.setText(label.text, size=self.opts["labelTextSize"])
        self.columnCount = 0  # lay the entries out again at their new size
        self.fit()

    def fit(self) -> None:
        """Put as many entries on a row as fit the chart's width (at least one). The view's width counts, not
        the plot's: a legend too wide makes the plot wider than its view."""
        view = self.plot.getViewWidget()
        width = view.viewport().width() if view is not None else self.plot.width()
        for columns in range(max(len(self.items), 1), 0, -1):
            self.setColumnCount(columns)
            if self.layout.preferredWidth() <= width:
                return
