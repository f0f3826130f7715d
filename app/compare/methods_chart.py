"""The encoding methods side by side (issue 22): for every tokenizer in the Compare tab, the tokens per byte of the
Compare text under its own BPE, greedy longest match, fewest tokens and BPE-dropout
(:func:`bpe_core.encoding.methods.method_costs`, in a worker), as grouped bars with a table of the figures.

The bars lie across, a group per tokenizer, so that each group's name has a line of its own beside it however many
tokenizers there are (names under upright bars overlapped, and the axis dropped the last ones); a name longer than
:data:`NAME_WIDTH`, or than a third of a narrow chart, is cut with "…" (again whenever the dialog is resized), whole
in the table and the axis's tooltip. The table's columns are as wide as their headers and figures."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QDialog, QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout

from app import style
from app.common.background.jobs import Jobs
from app.common.charts.chart import TICK_PT, Chart
from app.common.wording.methods import method_name
from bpe_core.encoding.methods import METHODS, MethodCost, method_costs

#: The widest a tokenizer's name gets beside its bars, in pixels at the usual text size.
NAME_WIDTH = 260
#: The names take at most this fraction (1/n) of a narrow chart's width, and never less than NAME_SHARE_LEAST px.
NAME_SHARE = 3
NAME_SHARE_LEAST = 80
#: A group's height in lines of its name's text: room between the groups.
GROUP_LINES = 1.6
#: The chart's height beside its groups: title, legend, count axis.
CHART_FRAME = 120


class MethodsChart(QDialog):
    """``measure(tokenizers, text)`` (name -> tokenizer) draws the methods' tokens per byte; ``measured`` is the
    figures once shown."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Encoding methods"))
        self.costs: list[MethodCost] = []
        self.jobs = Jobs("methods", self)
        self.jobs.result.connect(self._on_result)
        self.jobs.failed.connect(lambda message, _details: self.status.setText(str(message)))
        self.chart = Chart(self.tr("Tokens per byte of the Compare text, by method"), export_name="methods")
        self.chart.set_axis_label("bottom", self.tr("tokens per byte"))
        self.chart.setMouseEnabled(x=False, y=False)
        self.chart.showGrid(x=True, y=False, alpha=0.2)
        self.chart.getViewBox().invertY(True)  # the first tokenizer at the top, as in the table
        self.chart.getAxis("left").setStyle(autoExpandTextSpace=False)
        self.legend = self.chart.add_legend_row()
        self.chart.show_hint(self.tr("Measuring…"))
        self.bars: list[pg.BarGraphItem] = []
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.table = QTableWidget(0, 1 + len(METHODS))
        self.table.setObjectName("methodsTable")
        self.table.setHorizontalHeaderLabels([self.tr("Tokenizer"), *(self.method_name(m) for m in METHODS)])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.addWidget(self.chart, 3)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        self.resize(900, 620)

    @staticmethod
    def method_name(method: str) -> str:
        """The legend's name of ``method``: dropout with the probability :func:`method_costs` draws with."""
        return method_name(method, p=0.1 if method == "dropout" else None)

    def measure(self, tokenizers: dict, text: str) -> None:
        """Cut ``text`` by every method with every tokenizer (``name -> tokenizer``), in a worker."""
        self.status.setText(
            self.tr("Cutting the text with {count} tokenizers, four ways each…", "", len(tokenizers)).format(
                count=len(tokenizers)
            )
        )
        self.jobs.submit(lambda cancelled, _progress: method_costs(tokenizers, text, cancelled=cancelled))

    @Slot(object)
    def _on_result(self, costs: list[MethodCost]) -> None:
        self.costs = costs
        names = list(dict.fromkeys(c.tokenizer for c in costs))
        cell = {(c.tokenizer, c.method): c for c in costs}
        for item in self.bars:
            self.chart.removeItem(item)
        self.legend.clear()
        self.bars = []
        y = np.arange(len(names), dtype=float)
        height = 0.8 / len(METHODS)
        for m, method in enumerate(METHODS):
            lengths = [cell[(n, method)].tokens_per_byte if (n, method) in cell else 0.0 for n in names]
            colour = QColor(style.TOL_LIGHT[m % len(style.TOL_LIGHT)]).darker(140)
            bars = pg.BarGraphItem(
                x0=0,
                y=y - 0.4 + height * (m + 0.5),
                width=lengths,
                height=height,
                brush=colour,
                pen=None,
                name=self.method_name(method),
            )
            self.chart.addItem(bars)
            self.bars.append(bars)
        self._name_groups(names)
        self.chart.setYRange(-0.5, max(len(names), 1) - 0.5, padding=0.02)
        self.chart.show_hint("" if costs else self.tr("No tokenizer could cut the text."))
        self.table.setRowCount(len(names))
        for r, name in enumerate(names):
            self.table.setItem(r, 0, QTableWidgetItem(name))
            for c, method in enumerate(METHODS, 1):
                cost = cell.get((name, method))
                text = f"{cost.tokens:,} ({cost.tokens_per_byte:.3f}/B)" if cost else "–"
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.status.setText(
            self.tr("Fewer tokens per byte is shorter: fewest tokens is the least any cut of this vocabulary needs.")
        )

    def _name_groups(self, names: list[str]) -> None:
        """Each group of bars named beside it, cut with "…" past :data:`NAME_WIDTH` or a :data:`NAME_SHARE`-th of
        the chart's width (the axis's tooltip names them all whole), the axis as wide as the longest, and the chart
        tall enough for a line per name."""
        axis = self.chart.getAxis("left")
        metrics = QFontMetrics(self.chart.tick_font(self.chart.pt(TICK_PT)))
        room = min(round(NAME_WIDTH * self.chart.scale), max(NAME_SHARE_LEAST, self.chart.width() // NAME_SHARE))
        shown = [metrics.elidedText(name, Qt.TextElideMode.ElideRight, room) for name in names]
        axis.setTicks([list(enumerate(shown))])
        axis.setWidth(14 + max((metrics.horizontalAdvance(text) for text in shown), default=26))
        axis.setToolTip("\n".join(names))
        self.chart.setMinimumHeight(round(len(names) * GROUP_LINES * metrics.height()) + CHART_FRAME)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Cut the names again to the chart's new width (they were cut once, when the figures came)."""
        super().resizeEvent(event)
        if self.costs:
            self._name_groups(list(dict.fromkeys(c.tokenizer for c in self.costs)))

    def done(self, result: int) -> None:
        self.jobs.wait_all()
        super().done(result)
