"""The encoding methods side by side (issue 22): for every tokenizer in the Compare tab, the tokens per byte of the
Compare text under its own BPE, greedy longest match, fewest tokens and BPE-dropout
(:func:`bpe_core.encoding.methods.method_costs`, in a worker), as grouped bars with a table of the figures."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Slot
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialog, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout

from app import style
from app.common.background.jobs import Jobs
from app.common.charts.chart import Chart
from app.common.wording.methods import method_name
from bpe_core.encoding.methods import METHODS, MethodCost, method_costs


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
        self.chart.set_axis_label("left", self.tr("tokens per byte"))
        self.chart.setMouseEnabled(x=False, y=False)
        self.chart.showGrid(x=False, y=True, alpha=0.2)
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
            self.tr("Cutting the text with {count} tokenizers, four ways each…").format(count=len(tokenizers))
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
        x = np.arange(len(names), dtype=float)
        width = 0.8 / len(METHODS)
        for m, method in enumerate(METHODS):
            heights = [cell[(n, method)].tokens_per_byte if (n, method) in cell else 0.0 for n in names]
            colour = QColor(style.TOL_LIGHT[m % len(style.TOL_LIGHT)]).darker(140)
            bars = pg.BarGraphItem(
                x=x - 0.4 + width * (m + 0.5),
                height=heights,
                width=width,
                brush=colour,
                pen=None,
                name=self.method_name(method),
            )
            self.chart.addItem(bars)
            self.bars.append(bars)
        self.chart.getAxis("bottom").setTicks([list(zip(x.tolist(), names))])
        self.chart.show_hint("" if costs else self.tr("No tokenizer could cut the text."))
        self.table.setRowCount(len(names))
        for r, name in enumerate(names):
            self.table.setItem(r, 0, QTableWidgetItem(name))
            for c, method in enumerate(METHODS, 1):
                cost = cell.get((name, method))
                text = f"{cost.tokens:,} ({cost.tokens_per_byte:.3f}/B)" if cost else "–"
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.status.setText(
            self.tr("Fewer tokens per byte is shorter: fewest tokens is the least any cut of this vocabulary needs.")
        )

    def done(self, result: int) -> None:
        self.jobs.wait_all()
        super().done(result)
