"""The three training charts (pyqtgraph). Each keeps its plot items and updates them with ``setData``/``setOpts``.

Only the GUI thread calls these methods. They draw records from a :class:`~app.train.merge_history.MergeHistory`:
- :class:`PairFrequencyChart`: the top candidate pairs at one step, the chosen pair highlighted;
- :class:`MergeCountChart`: the count of each merge against its rank (log scale), current step marked;
- :class:`CompressionChart`: bytes per token against vocabulary size, for the training corpus and a held-out
  text, with reference tokenizers marked.
"""

from __future__ import annotations

import math
import unicodedata

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QFontMetrics

from app import style
from app.style import mono_font
from app.token_text import render_pair
from app.train.held_out import REFERENCES as HELD_OUT_REFERENCES
from app.train.merge_history import MergeHistory
from bpe_core.reference import reference_special_tokens

pg.setConfigOptions(antialias=True, background="w", foreground="#222")

CHOSEN = style.PAIR
OTHER = QColor("#7570b3")
CORPUS = style.NEW
HELD_OUT = QColor("#7570b3")
MARKER = QColor("#e7298a")
LABEL_CHARS = 24


def _label(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` cut to ``limit`` columns (a Chinese character takes two), with "…" when cut.

    >>> _label("中文_man_手册页计划 + ：https://example")
    '中文_man_手册页计划 + …'
    """
    width = 0
    for i, char in enumerate(text):
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
        if width > limit - 1 and i < len(text) - 1:
            return text[:i] + "…"
    return text


class PairFrequencyChart(pg.PlotWidget):
    """Horizontal bars: the best candidate pairs at one step, best at the top, the chosen one highlighted."""

    def __init__(self, parent=None, max_pairs: int = 15):
        super().__init__(parent)
        self.max_pairs = max_pairs
        self.setTitle(self.tr("Pair frequencies"), size="11pt")
        self.setLabel("bottom", self.tr("count"))
        self.showGrid(x=True, y=False, alpha=0.2)
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.setMinimumHeight(220)
        self.getViewBox().invertY(True)
        self.tick_font = mono_font(10)
        self.getAxis("left").setStyle(tickFont=self.tick_font, autoExpandTextSpace=False)
        self.bars = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brushes=[], pen=None)
        self.addItem(self.bars)
        self.shown_rank: int | None = None
        self.labels: list[str] = []

    def show_step(self, history: MergeHistory, rank: int | None) -> None:
        """Draw the candidate pairs recorded at merge ``rank`` (``None``: empty chart)."""
        if rank is None or rank >= len(history):
            self.shown_rank = None
            self.labels = []
            self.bars.setOpts(x0=[], y=[], width=[], brushes=[])
            self.getAxis("left").setTicks([[]])
            self.getAxis("left").setWidth(40)
            self.setTitle(self.tr("Pair frequencies"), size="11pt")
            return
        step = history.steps[rank]
        pairs = step.top_pairs[: self.max_pairs] or ((step.left, step.right, step.count),)
        counts = [count for _, _, count in pairs]
        self.labels = [_label(render_pair(history.token_bytes(a), history.token_bytes(b))) for a, b, _ in pairs]
        brushes = [pg.mkBrush(CHOSEN if (a, b) == step.pair else OTHER) for a, b, _ in pairs]
        positions = list(range(len(pairs)))
        self.bars.setOpts(x0=[0] * len(pairs), y=positions, width=counts, brushes=brushes)
        axis = self.getAxis("left")
        axis.setTicks([list(zip(positions, self.labels))])
        # The axis is as wide as the longest label: pyqtgraph's own expansion only ever grows and can push the
        # plot out of the widget.
        metrics = QFontMetrics(self.tick_font)
        axis.setWidth(min(260, 14 + max(metrics.horizontalAdvance(label) for label in self.labels)))
        self._fit_count_axis(max(counts))
        self.setYRange(-0.6, max(len(pairs), 5) - 0.4, padding=0)
        self.setTitle(self.tr("Top pairs at rank {rank} · chosen in orange").format(rank=f"{rank:,}"), size="11pt")
        self.shown_rank = rank

    def _fit_count_axis(self, top: int) -> None:
        """Change the count axis only when the bars outgrow it or shrink below a third of it: redrawing an axis
        is what makes a frame expensive, and a steady axis is easier to read while it animates."""
        current = self.getViewBox().viewRange()[0][1]
        if top > current or top < current / 3 or current <= 1:
            self.setXRange(0, max(4, top) * 1.25, padding=0)


class _RunChart(pg.PlotWidget):
    """A line chart of a training run: one log axis, gridlines, and a vertical line (:meth:`_mark_at`) at the
    current step. Subclasses add their curves with :meth:`_line`, then the marker with :meth:`_add_marker`, so
    that it is drawn over them."""

    def __init__(self, title: str, left: str, bottom: str, *, log_x: bool, parent=None):
        super().__init__(parent)
        self.setTitle(title, size="11pt")
        self.setLabel("left", left)
        self.setLabel("bottom", bottom)
        self.showGrid(x=True, y=True, alpha=0.2)
        self.setMenuEnabled(False)
        self.setMinimumHeight(160)
        self.setLogMode(x=log_x, y=not log_x)
        self.fixed_axes = False

    def _line(self, **options) -> pg.PlotDataItem:
        """An empty curve drawn only where visible, thinned to its peaks when dense (a run has a point per merge)."""
        curve = self.plot([], [], **options)
        curve.setClipToView(True)
        curve.setDownsampling(auto=True, method="peak")
        return curve

    def _add_marker(self) -> None:
        self.marker = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(MARKER, width=1.5))
        self.marker.setVisible(False)
        self.addItem(self.marker, ignoreBounds=True)

    def _mark_at(self, x: float | None) -> None:
        self.marker.setVisible(x is not None)
        if x is not None:
            self.marker.setValue(x)


#: The count axis of a run not merging yet spans 1 to 10**EMPTY_LOG_TOP.
EMPTY_LOG_TOP = 6


class MergeCountChart(_RunChart):
    """Count of each merge when chosen, against its rank, on a log scale; a line marks the current step."""

    def __init__(self, parent=None):
        super().__init__(
            QCoreApplication.translate("MergeCountChart", "Merge count by rank"),
            QCoreApplication.translate("MergeCountChart", "count (log)"),
            QCoreApplication.translate("MergeCountChart", "merge rank"),
            log_x=False,
            parent=parent,
        )
        self.curve = self._line(pen=pg.mkPen(CORPUS, width=2))
        self._add_marker()

    def update_history(self, history: MergeHistory) -> None:
        n = len(history)
        self.curve.setData(np.arange(n, dtype=np.float64), history.counts)
        if self.fixed_axes and n:
            top = math.log10(max(history.counts[0], 10) * 1.5)
            if abs(self.getViewBox().viewRange()[1][1] - top) > 1e-9:
                self.setYRange(0, top, padding=0)

    def hold_axes(self, target_merges: int | None) -> None:
        """While training toward ``target_merges``, keep both axes still (x: the whole run; y: the first count);
        ``None`` lets them follow the data again."""
        self.fixed_axes = target_merges is not None
        if target_merges is None:
            self.enableAutoRange()
        else:
            self.disableAutoRange()
            self.setXRange(0, max(1, target_merges), padding=0.02)
            self.setYRange(0, EMPTY_LOG_TOP, padding=0)  # until the first count: powers of ten, not 2, 3 … 9

    def mark(self, rank: int | None) -> None:
        self._mark_at(rank)


def reference_vocab_size(name: str) -> int:
    """A reference encoding's vocabulary size as tiktoken counts it (``n_vocab``): one more than its highest id,
    which is a special token in each shipped encoding (read from :mod:`bpe_core.reference`, no ranks loaded).

    >>> reference_vocab_size("gpt2"), reference_vocab_size("cl100k_base"), reference_vocab_size("o200k_base")
    (50257, 100277, 200019)
    """
    return max(reference_special_tokens(name).values()) + 1


#: Vocabulary sizes of the reference encodings on the chart, for placing them on the compression chart.
REFERENCE_VOCAB = {name: reference_vocab_size(name) for name in HELD_OUT_REFERENCES}


class CompressionChart(_RunChart):
    """Bytes per token against vocabulary size (log x) for the corpus and a held-out text, references marked."""

    def __init__(self, parent=None):
        super().__init__(
            QCoreApplication.translate("CompressionChart", "Compression"),
            QCoreApplication.translate("CompressionChart", "bytes per token"),
            QCoreApplication.translate("CompressionChart", "vocabulary size (log)"),
            log_x=True,
            parent=parent,
        )
        self.getViewBox().setDefaultPadding(0.08)  # room for the reference labels at the edges
        self.addLegend(offset=(10, 10), labelTextSize="9pt")
        self.corpus_curve = self._line(pen=pg.mkPen(CORPUS, width=2), name=self.tr("training corpus"))
        self.held_out_curve = self.plot(
            [],
            [],
            pen=pg.mkPen(HELD_OUT, width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
            symbol="o",
            symbolSize=5,
            symbolBrush=HELD_OUT,
            symbolPen=None,
            name=self.tr("held-out text"),
        )
        self.reference_points = self.plot(
            [],
            [],
            pen=None,
            symbol="d",
            symbolSize=11,
            symbolBrush=MARKER,
            symbolPen=None,
            name=self.tr("tiktoken on held-out"),
        )
        self.reference_labels: list[pg.TextItem] = []
        self._add_marker()
        self.reference_values: dict[str, float] = {}

    def update_history(self, history: MergeHistory) -> None:
        if not history.corpus_bytes or not len(history):
            self.corpus_curve.setData([], [])
            return
        values = history.corpus_bytes / history.tokens_after
        self.corpus_curve.setData(history.vocab_sizes(), values)
        if self.fixed_axes:
            top = float(max(values[-1], max(self.reference_values.values(), default=0)))
            current = self.getViewBox().viewRange()[1][1]
            if top > current * 0.95:  # grow in steps, not every frame
                self.setYRange(0.8, top * 1.5, padding=0)

    def hold_axes(self, final_vocab_size: int | None) -> None:
        """While training toward ``final_vocab_size``, keep the axes still; ``None`` lets them follow again."""
        self.fixed_axes = final_vocab_size is not None
        if final_vocab_size is None:
            self.enableAutoRange()
            return
        self.disableAutoRange()
        # Out to o200k's vocabulary, as the finished chart shows: the run grows into a stable frame, and the log
        # axis spans decades (a narrower one crowds its minor tick labels into each other).
        right = max([final_vocab_size, *REFERENCE_VOCAB.values()])
        self.setXRange(math.log10(256), math.log10(right), padding=0.06)
        top = max([2.0] + list(self.reference_values.values()))
        self.setYRange(0.8, top * 1.3, padding=0)

    def mark(self, vocab_size: int | None) -> None:
        self._mark_at(None if vocab_size is None else math.log10(vocab_size))

    def set_held_out(self, vocab_sizes: list[int], bytes_per_token: list[float]) -> None:
        """Our tokenizer's compression of the held-out text at some vocabulary sizes."""
        self.held_out_curve.setData(np.asarray(vocab_sizes, float), np.asarray(bytes_per_token, float))

    def set_references(self, values: dict[str, float]) -> None:
        """Bytes per token of reference encodings (name -> value) on the held-out text."""
        for item in self.reference_labels:
            self.removeItem(item)
        self.reference_labels = []
        self.reference_values = dict(values)
        names = [n for n in REFERENCE_VOCAB if n in values]
        xs = np.array([REFERENCE_VOCAB[n] for n in names], float)
        ys = np.array([values[n] for n in names], float)
        self.reference_points.setData(xs, ys)
        for name, x, y in zip(names, xs, ys):
            # Left of each point: the three sit close together on a log axis but at different heights.
            label = pg.TextItem(
                f"{name.removesuffix('_base')} {y:.2f}",
                color=MARKER,
                anchor=(1.08, 0.5),
            )
            label.setPos(math.log10(x), y)
            self.addItem(label, ignoreBounds=True)
            self.reference_labels.append(label)
