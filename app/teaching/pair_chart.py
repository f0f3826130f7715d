"""The pair counts at one step as horizontal bars, best at the top, the chosen pair in orange (the training
view's pair chart, for any labels: abstract ids as well as bytes)."""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QFontMetrics

from app import style
from app.common.charts.export import ExportMenu

CHOSEN = style.PAIR
OTHER = QColor("#7570b3")
#: The chart's least height at the usual size (larger fonts need more: :meth:`PairCountsChart.set_point_size`).
MIN_HEIGHT = 180


class PairCountsChart(pg.PlotWidget):
    """Bars for ``(label, count)`` pairs; :meth:`set_pairs` redraws, :meth:`set_point_size` resizes the labels."""

    def __init__(self, parent=None, max_pairs: int = 12):
        super().__init__(parent, background="w")
        self.base_max_pairs = max_pairs
        self.max_pairs = max_pairs
        self.export_menu = ExportMenu(self, "pair-counts")  # right-click: Export… (PNG, SVG, CSV)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.showGrid(x=True, y=False, alpha=0.2)
        self.getViewBox().invertY(True)
        self.bars = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brushes=[], pen=None)
        self.addItem(self.bars)
        self.all_labels: list[str] = []
        self.all_counts: list[int] = []
        self.labels: list[str] = []  # the pairs shown (the first max_pairs)
        self.counts: list[int] = []
        self.chosen = -1
        self.point_size = 10.0
        self._title = ""
        self.set_point_size(10.0)

    def set_point_size(self, size: float) -> None:
        """Label size in points; larger labels show fewer pairs, so that they never overlap."""
        self.point_size = size
        self.max_pairs = max(5, round(self.base_max_pairs * min(1.0, 11.0 / size)))
        self.tick_font = style.mono_font(size)
        for name in ("left", "bottom"):
            axis = self.getAxis(name)
            axis.setStyle(tickFont=self.tick_font, autoExpandTextSpace=False)
            axis.setTextPen(pg.mkPen("#222"))
        self.setLabel(
            "bottom", QCoreApplication.translate("PairCountsChart", "count"), **{"font-size": f"{size:.0f}pt"}
        )
        line = QFontMetrics(self.tick_font).height()
        self.getAxis("bottom").setHeight(int(line * 2.1))
        # a line per row of the y range, the title and the bottom axis: no pair's label is left out
        title = QFontMetrics(style.text_font(size + 1)).height()
        self.setMinimumHeight(max(MIN_HEIGHT, self._rows() * line + int(line * 2.1) + title + 8))
        self.setTitle(self._title, size=f"{size + 1:.0f}pt", color="#222")
        self._redraw()

    def set_pairs(self, labels: Sequence[str], counts: Sequence[int], chosen: int = 0, title: str = "") -> None:
        """Draw the first ``max_pairs`` pairs; ``chosen`` is the index of the merged pair (-1: none)."""
        self.all_labels = list(labels)
        self.all_counts = [int(c) for c in counts]
        self.chosen = chosen
        self._title = title
        self.setTitle(title, size=f"{self.point_size + 1:.0f}pt", color="#222")
        self._redraw()

    def _redraw(self) -> None:
        shown = self._shown()
        self.labels = self.all_labels[:shown]
        self.counts = self.all_counts[:shown]
        axis = self.getAxis("left")
        if not self.labels:
            self.bars.setOpts(x0=[], y=[], width=[], brushes=[])
            axis.setTicks([[]])
            axis.setWidth(40)
            return
        positions = list(range(len(self.labels)))
        brushes = [pg.mkBrush(CHOSEN if i == self.chosen else OTHER) for i in positions]
        self.bars.setOpts(x0=[0] * len(positions), y=positions, width=self.counts, brushes=brushes)
        axis.setTicks([list(zip(positions, self.labels))])
        metrics = QFontMetrics(self.tick_font)
        axis.setWidth(min(420, 16 + max(metrics.horizontalAdvance(label) for label in self.labels)))
        self.setXRange(0, max(self.counts) * 1.08, padding=0)
        self.setYRange(-0.6, max(len(positions), self._rows()) - 0.4, padding=0)
        bottom = self.getAxis("bottom")
        bottom.setTicks([[(v, str(v)) for v in _integer_ticks(max(self.counts))]])

    def _shown(self) -> int:
        """How many pairs to draw: up to ``max_pairs``, and no more than the chart's height holds a line each (12
        labels in 150 px overlapped), never fewer than the rows its least height holds."""
        line = QFontMetrics(self.tick_font).height()
        title = QFontMetrics(style.text_font(self.point_size + 1)).height()
        room = (self.height() - int(line * 2.1) - title - 8) // line
        return min(self.max_pairs, max(self._rows(), room))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if getattr(self, "all_labels", None) and self._shown() != len(self.labels):  # (none while __init__ runs)
            self._redraw()

    def _rows(self) -> int:
        """The rows of the y range: 8 (thin bars when there are few pairs), or as many pairs as shown if fewer
        (larger labels: :meth:`set_point_size`), so that the chart need not be taller than those."""
        return min(8, self.max_pairs)


def _integer_ticks(top: int, most: int = 6) -> list[int]:
    """Whole-number ticks from 0 to ``top`` (counts are whole numbers; pyqtgraph would show 0.5 steps).

    >>> _integer_ticks(4), _integer_ticks(100)
    ([0, 1, 2, 3, 4], [0, 20, 40, 60, 80, 100])
    """
    step = 1
    while top // step > most:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if top // step <= most:
                break
    return list(range(0, top + 1, step))
