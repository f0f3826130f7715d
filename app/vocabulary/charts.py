"""The Vocabulary tab's charts (:class:`~app.common.charts.chart.Chart`: exportable, with a hint while empty; updated
with ``setOpts``/``setData`` in the GUI thread), drawn from a :class:`~bpe_core.vocabulary.table.VocabTable`:

- :class:`ScriptCountsChart`: tokens per script class (horizontal bars; clicking a bar reports the script);
- :class:`LengthChart`: how many tokens have each length, one curve per script class (the biggest few);
- :class:`RankShareChart`: the share of one script class among the tokens made by each stretch of merges.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor

from app import style
from app.common.charts.chart import Chart
from app.vocabulary.table_model import script_label
from bpe_core.vocabulary import SCRIPTS, VocabTable, script_counts
from bpe_core.vocabulary.table import script_share_by_rank

#: Curves drawn on the length chart: the script classes with the most tokens.
LENGTH_CURVES = 6
LONGEST_SHOWN = 40
BUCKETS = 40


def series_color(index: int) -> QColor:
    """The colour of the ``index``-th series of a chart: Paul Tol's light scheme, darkened to read as a line.

    >>> series_color(0) != series_color(1)
    True
    """
    return QColor(style.TOL_LIGHT[index % len(style.TOL_LIGHT)]).darker(150)


#: One brush for every bar of a bar chart (a brush per bar is slow in pyqtgraph).
BAR = series_color(0)


class ScriptCountsChart(Chart):
    """Horizontal bars: tokens per script class, most first. ``script_clicked(name)`` when a bar is clicked."""

    script_clicked = Signal(str)

    def __init__(self, parent=None):
        title = QCoreApplication.translate("ScriptCountsChart", "Tokens per script")
        super().__init__(title, parent, export_name="tokens-per-script")
        self.set_axis_label("bottom", self.tr("tokens"))
        self.setMinimumHeight(180)
        self.setMouseEnabled(x=False, y=False)
        self.getViewBox().invertY(True)
        self.showGrid(x=True, y=False, alpha=0.2)
        self.bars = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brush=BAR, pen=None)
        self.addItem(self.bars)
        self.names: list[str] = []
        self.counts: dict[str, int] = {}
        self.scene().sigMouseClicked.connect(self._on_click)
        self.show_table(None)

    def show_table(self, table: VocabTable | None) -> None:
        self.counts = dict(sorted(script_counts(table).items(), key=lambda kv: -kv[1])) if table is not None else {}
        self.names = list(self.counts)
        positions = list(range(len(self.names)))
        self.bars.setOpts(x0=[0] * len(positions), y=positions, width=list(self.counts.values()), brush=BAR)
        labels = [f"{script_label(n)} {c:,}" for n, c in self.counts.items()]
        self.getAxis("left").setTicks([list(zip(positions, labels))])
        if self.names:
            self.setYRange(-0.6, len(self.names) - 0.4, padding=0)
            self.setXRange(0, max(self.counts.values()) * 1.05, padding=0)
            self.show_hint("")
        else:
            self.show_hint(self.tr("Pick a vocabulary at the top of the tab to see how many tokens each script has."))

    def _on_click(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        point = self.getViewBox().mapSceneToView(event.scenePos())
        row = int(round(point.y()))
        if 0 <= row < len(self.names) and 0 <= point.x() <= self.counts[self.names[row]]:
            self.script_clicked.emit(self.names[row])


class LengthChart(Chart):
    """Token length (characters; bytes for partial UTF-8) against how many tokens have it, per script class."""

    def __init__(self, parent=None):
        title = QCoreApplication.translate("LengthChart", "Token length per script")
        super().__init__(title, parent, export_name="token-lengths")
        self.setMinimumHeight(180)
        self.set_axis_label("bottom", self.tr("length (characters)"))
        self.set_axis_label("left", self.tr("tokens"))
        self.showGrid(x=True, y=True, alpha=0.2)
        self.legend = self.add_legend_row()
        self.curves: dict[str, pg.PlotDataItem] = {}
        self.show_table(None)

    def show_table(self, table: VocabTable | None) -> None:
        for curve in self.curves.values():
            self.removeItem(curve)
        self.legend.clear()
        self.curves = {}
        if table is None or not len(table):
            self.show_hint(self.tr("Pick a vocabulary at the top of the tab to see how long its tokens are."))
            return
        self.show_hint("")
        length = np.where(table.n_chars < 0, table.n_bytes, table.n_chars).astype(np.int64)
        top = max(1, min(int(length.max()), LONGEST_SHOWN))
        biggest = sorted(script_counts(table).items(), key=lambda kv: -kv[1])[:LENGTH_CURVES]
        for i, (name, _) in enumerate(biggest):
            counts = np.bincount(length[table.script == SCRIPTS.index(name)].clip(0, top), minlength=top + 1)
            pen = pg.mkPen(series_color(i), width=2)
            self.curves[name] = self.plot(np.arange(1, top + 1), counts[1:], pen=pen, name=script_label(name))


class RankShareChart(Chart):
    """Bars: for each stretch of merges (x: the merge's number, merge 1 the first), the share (%) of one script
    class among the tokens it made."""

    def __init__(self, parent=None):
        title = QCoreApplication.translate("RankShareChart", "Share by merge")
        super().__init__(title, parent, export_name="share-by-rank")
        self.setMinimumHeight(180)
        self.set_axis_label("bottom", self.tr("merge"))
        self.getPlotItem().x_column = "merge"  # the CSV export's column: each stretch's first merge, from 1
        self.set_axis_label("left", self.tr("share (%)"))
        self.setMouseEnabled(x=False, y=False)
        self.showGrid(x=False, y=True, alpha=0.2)
        self.bars = pg.BarGraphItem(x0=[], height=[], width=1, y0=0, pen=None)
        self.addItem(self.bars)
        self.shares = np.zeros(0)
        self.show_table(None, SCRIPTS[0])

    def show_table(self, table: VocabTable | None, script: str) -> None:
        merged = 0 if table is None else int((table.rank >= 0).sum())
        if not merged:
            self.shares = np.zeros(0)
            self.bars.setOpts(x0=[], height=[])
            self.set_title(self.tr("Share by merge: no merges"))
            self.show_hint(
                self.tr("No token of this vocabulary was made by a merge: pick ours after training, or a reference.")
            )
            return
        bucket = max(1, -(-merged // BUCKETS))
        starts, counts = script_share_by_rank(table, bucket)
        starts = starts + 1  # the first merge of each stretch, by its number
        totals = counts.sum(axis=1)
        self.shares = 100.0 * counts[:, SCRIPTS.index(script)] / np.maximum(totals, 1)
        self.bars.setOpts(x0=starts, height=self.shares, width=bucket * 0.9, brush=BAR)
        self.set_title(
            self.tr("{script} share per {merges:,} merges").format(script=script_label(script), merges=bucket)
        )
        if self.shares.any():
            self.show_hint("")
        else:
            none = self.tr("No merge made a {script} token: pick another script above.")
            self.show_hint(none.format(script=script_label(script)), blank=False)
        self.setXRange(1, starts[-1] + bucket, padding=0.01)
        self.setYRange(0, max(5.0, float(self.shares.max()) * 1.1), padding=0)
