"""The three training charts (:class:`~app.common.charts.chart.Chart`: exportable, with a hint while empty). Each keeps
its plot items and updates them with ``setData``/``setOpts``.

Only the GUI thread calls these methods. They draw records from a :class:`~app.train.merge_history.MergeHistory`:
- :class:`PairFrequencyChart`: the top candidate pairs at one step, the chosen pair highlighted;
- :class:`MergeCountChart`: the count of each merge against its number (merge 1 the first; log scale), current
  step marked;
- :class:`CompressionChart`: bytes per token against vocabulary size, for the training corpus and a held-out
  text, with reference tokenizers marked and labelled beside their points, and the runs kept beside this one (the
  legend is under the plot).
"""

from __future__ import annotations

import math
import unicodedata

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF
from PySide6.QtGui import QColor, QFontMetrics

from app import style
from app.common.charts.axes import GAP
from app.common.charts.chart import VALUE_PT, Chart
from app.common.charts.labels import spread
from app.common.charts.thin_curve import ThinCurve
from app.style import mono_font
from app.token_text import render_pair
from app.train.held_out import REFERENCES as HELD_OUT_REFERENCES
from app.train.merge_history import MergeHistory
from bpe_core.encoding.reference import reference_special_tokens
from bpe_core.render.token_label import merge_number
from bpe_core.variants.parity_languages import bytes_per_token_curves

CHOSEN = style.PAIR
OTHER = QColor("#7570b3")
CORPUS = style.NEW
HELD_OUT = QColor("#7570b3")
MARKER = QColor("#e7298a")
#: The colours of a parity-aware run's languages on the compression chart, in the order given.
LANGUAGES = tuple(QColor(c) for c in ("#d95f02", "#1f78b4", "#a6761d", "#e6ab02", "#66a61e", "#666666"))
#: The colours of the kept runs' curves (dash-dotted), none the current run's or a language's.
KEPT = tuple(QColor(c) for c in ("#2c7fb8", "#b15928", "#6a3d9a", "#33a02c", "#e31a1c", "#525252"))
LABEL_CHARS = 24
#: Point size of the pair labels (larger than other ticks: they are what the chart is about).
PAIR_PT = 10.0
#: Pixels between a reference's point and its label.
LABEL_OFFSET = 8
#: Behind a reference's label: the chart's background, a line under it faintly seen.
LABEL_FILL = QColor(255, 255, 255, 220)


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


class PairFrequencyChart(Chart):
    """Horizontal bars: the best candidate pairs at one step, best at the top, the chosen one highlighted."""

    def __init__(self, parent=None, max_pairs: int = 15):
        super().__init__(
            QCoreApplication.translate("PairFrequencyChart", "Pair frequencies"), parent, export_name="pair-frequencies"
        )
        self.max_pairs = max_pairs
        self.labels: list[str] = []
        self.candidates: list[str] = []  # the labels of the pairs that may be shown: the tallest sets the lines
        self.set_axis_label("bottom", self.tr("count"))
        self.showGrid(x=True, y=False, alpha=0.2)
        self.setMouseEnabled(x=False, y=False)
        self.setMinimumHeight(220)
        self.getViewBox().invertY(True)
        self.getAxis("left").setStyle(autoExpandTextSpace=False)
        self.bars = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brushes=[], pen=None)
        self.addItem(self.bars)
        self.history = MergeHistory()
        self.shown_rank: int | None = None
        self.getViewBox().sigResized.connect(self._on_resized)
        self.restyle()

    def restyle(self) -> None:
        super().restyle()
        self.getAxis("left").set_tick_font(mono_font(self.pt(PAIR_PT)))
        self.show_step(self.history, self.shown_rank)  # as many pairs as fit at the new size

    def show_step(self, history: MergeHistory, rank: int | None, *, waiting: bool = True) -> None:
        """Draw the candidate pairs recorded at merge ``rank`` (``None``: empty chart, with the hint to press Train
        unless a run is starting: ``waiting`` False); larger text (presentation mode) shows fewer of them, so that
        each keeps its label."""
        self.history = history
        if rank is None or rank >= len(history):
            self.shown_rank = None
            self.labels = self.candidates = []
            self.bars.setOpts(x0=[], y=[], width=[], brushes=[])
            self.getAxis("left").setTicks([[]])
            self._fit_label_axis()
            self.set_title(self.tr("Pair frequencies"))
            self.show_hint(self.tr("Press Train to see the most frequent pairs at each merge.") if waiting else "")
            return
        step = history.steps[rank]
        pairs = step.top_pairs[: self.max_pairs] or ((step.left, step.right, step.count),)
        self.candidates = [_label(render_pair(history.token_bytes(a), history.token_bytes(b))) for a, b, _ in pairs]
        shown = self.pairs_shown()
        pairs, self.labels = pairs[:shown], self.candidates[:shown]
        counts = [count for _, _, count in pairs]
        brushes = [pg.mkBrush(CHOSEN if (a, b) == step.pair else OTHER) for a, b, _ in pairs]
        positions = list(range(len(pairs)))
        self.bars.setOpts(x0=[0] * len(pairs), y=positions, width=counts, brushes=brushes)
        self.getAxis("left").setTicks([list(zip(positions, self.labels))])
        self._fit_label_axis()
        self._fit_count_axis(max(counts))
        self.setYRange(-0.6, max(len(pairs), 5) - 0.4, padding=0)
        self.set_title(self.tr("Top pairs at merge {number} · chosen in orange").format(number=merge_number(rank)))
        self.show_hint("")
        self.shown_rank = rank

    def pairs_shown(self) -> int:
        """As many pairs as the text's size allows (fewer in presentation mode) and as the plot holds a line of
        text each (fewer on a short chart, a laptop's: every other label was left out), at least 5. A line is as
        tall as the tallest label of the pairs that may be shown (``candidates``, the same whatever the size): a
        Chinese character, drawn in another font than the labels' own, is taller than its line (19 pixels against
        15: at 1366x768 one bar in four had no label)."""
        metrics = QFontMetrics(mono_font(self.pt(PAIR_PT)))
        tallest = max((metrics.boundingRect(label).height() for label in self.candidates), default=0)
        line = max(metrics.height(), tallest) + GAP / 2  # the axis's space between labels
        height = self.getViewBox().size().height()
        fit = int(height // line) if height > 0 else self.max_pairs
        return max(5, min(round(self.max_pairs / self.scale), fit))

    def _on_resized(self) -> None:
        """Show as many pairs as now fit (only when that number changed)."""
        rank = self.shown_rank
        if rank is not None and rank < len(self.history):
            if (len(self.history.steps[rank].top_pairs[: self.pairs_shown()]) or 1) != len(self.labels):
                self.show_step(self.history, rank)

    def _fit_label_axis(self) -> None:
        """Make the pair axis as wide as its longest label: pyqtgraph's own expansion only ever grows and can push
        the plot out of the widget."""
        metrics = QFontMetrics(mono_font(self.pt(PAIR_PT)))
        widest = max((metrics.horizontalAdvance(label) for label in self.labels), default=0)
        self.getAxis("left").setWidth(min(int(260 * self.scale), 14 + widest) if widest else 40)

    def _fit_count_axis(self, top: int) -> None:
        """Change the count axis only when the bars outgrow it or shrink below a third of it: redrawing an axis
        is what makes a frame expensive, and a steady axis is easier to read while it animates."""
        current = self.getViewBox().viewRange()[0][1]
        if top > current or top < current / 3 or current <= 1:
            self.setXRange(0, max(4, top) * 1.25, padding=0)


#: A run chart's least height, at the usual text size.
RUN_CHART_HEIGHT = 160


class _RunChart(Chart):
    """A line chart of a training run: one log axis, gridlines, and a vertical line (:meth:`_mark_at`) at the
    current step. Subclasses add their curves with :meth:`_line`, then the marker with :meth:`_add_marker`, so
    that it is drawn over them. Dragging or zooming it stops at ``limits`` (see :meth:`Chart.keep_within`); a
    double click or "Reset view" frames it as :meth:`hold_axes` last did."""

    def __init__(self, title: str, left: str, bottom: str, *, log_x: bool, export_name: str, limits, parent=None):
        super().__init__(title, parent, export_name=export_name)
        self.set_axis_label("left", left)
        self.set_axis_label("bottom", bottom)
        self.showGrid(x=True, y=True, alpha=0.2)
        self.setMinimumHeight(RUN_CHART_HEIGHT)
        self.setLogMode(x=log_x, y=not log_x)
        self.keep_within(**limits)
        self.fixed_axes = False
        self.held: int | None = None  # what hold_axes was last given

    def reset_view(self) -> None:
        self.hold_axes(self.held)  # each subclass's: its frame while training, else the whole of the data

    def _line(self, **options) -> ThinCurve:
        """An empty curve drawn only where visible, two points per pixel column at most (a run has a point per
        merge)."""
        curve = ThinCurve([], [], **options)
        self.addItem(curve)
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
    """Count of each merge when chosen, against its number (merge 1 the first: x = rank + 1), on a log scale; a
    line marks the current step."""

    def __init__(self, parent=None):
        super().__init__(
            QCoreApplication.translate("MergeCountChart", "Count of each merge"),
            QCoreApplication.translate("MergeCountChart", "count (log)"),
            QCoreApplication.translate("MergeCountChart", "merge"),
            log_x=False,
            export_name="merge-counts",
            limits={"xMin": 0, "yMin": 0},  # no merge before the first, no count below 1 (log axis)
            parent=parent,
        )
        self.getPlotItem().x_column = "merge"  # the CSV export's column: merge 1 the first
        self.curve = self._line(pen=pg.mkPen(CORPUS, width=2))
        self._add_marker()
        self.update_history(MergeHistory())

    def update_history(self, history: MergeHistory) -> None:
        n = len(history)
        self.curve.setData(np.arange(1, n + 1, dtype=np.float64), history.counts)
        if self.fixed_axes and n:
            top = math.log10(max(history.counts[0], 10) * 1.5)
            if abs(self.getViewBox().viewRange()[1][1] - top) > 1e-9:
                self.setYRange(0, top, padding=0)
        self._show_state(n > 0)

    def _show_state(self, drawn: bool) -> None:
        """The hint while there is no run to draw (none while a run is starting: its axes are already set)."""
        waiting = not drawn and not self.fixed_axes
        self.show_hint(self.tr("Press Train to see how often each merge's pair occurred.") if waiting else "")

    def hold_axes(self, target_merges: int | None) -> None:
        """While training toward ``target_merges``, keep both axes still (x: the whole run; y: the first count);
        ``None`` lets them follow the data again."""
        self.held = target_merges
        self.fixed_axes = target_merges is not None
        if target_merges is None:
            self.enableAutoRange()
        else:
            self.disableAutoRange()
            self.setXRange(1, max(2, target_merges), padding=0.02)
            self.setYRange(0, EMPTY_LOG_TOP, padding=0)  # until the first count: powers of ten, not 2, 3 … 9
        self._show_state(_has_data(self.curve))

    def mark(self, rank: int | None) -> None:
        """The line at merge ``rank`` (from 0), drawn at its number."""
        self._mark_at(None if rank is None else rank + 1)


def reference_vocab_size(name: str) -> int:
    """A reference encoding's vocabulary size as tiktoken counts it (``n_vocab``): one more than its highest id,
    which is a special token in each shipped encoding (read from :mod:`bpe_core.encoding.reference`, no ranks loaded).

    >>> reference_vocab_size("gpt2"), reference_vocab_size("cl100k_base"), reference_vocab_size("o200k_base")
    (50257, 100277, 200019)
    """
    return max(reference_special_tokens(name).values()) + 1


#: Vocabulary sizes of the reference encodings on the chart, for placing them on the compression chart.
REFERENCE_VOCAB = {name: reference_vocab_size(name) for name in HELD_OUT_REFERENCES}


#: The compression chart's least height at the usual text size: its legend under the plot takes a row.
COMPRESSION_CHART_HEIGHT = 190


class CompressionChart(_RunChart):
    """Bytes per token against vocabulary size (log x) for the corpus and a held-out text, references marked."""

    def __init__(self, parent=None):
        super().__init__(
            QCoreApplication.translate("CompressionChart", "Compression"),
            QCoreApplication.translate("CompressionChart", "bytes per token"),
            QCoreApplication.translate("CompressionChart", "vocabulary size (log)"),
            log_x=True,
            export_name="compression",
            limits={"xMin": 2, "yMin": 0},  # no vocabulary under 100 tokens (log axis), no negative bytes
            parent=parent,
        )
        self.getViewBox().setDefaultPadding(0.08)  # room for the reference labels at the edges
        self.add_legend_row()
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
        self.reference_values: dict[str, float] = {}
        self.language_curves: list[pg.PlotDataItem] = []
        self._languages_drawn: tuple = ()
        self.kept_curves: dict[str, tuple[object, pg.PlotDataItem]] = {}  # key -> (the KeptRun, its curve)
        self._kept_colours: dict[str, int] = {}  # key -> its colour in KEPT, for as long as it is kept
        self._add_marker()
        self.getViewBox().sigResized.connect(self._place_labels)
        self.getViewBox().sigRangeChanged.connect(self._place_labels)
        self.update_history(MergeHistory())

    def restyle(self) -> None:
        super().restyle()
        self._fit_height()
        for label in self.reference_labels:
            label.setFont(style.text_font(self.pt(VALUE_PT)))
        self._place_labels()

    def _fit_height(self) -> None:
        """At least :data:`COMPRESSION_CHART_HEIGHT` (room for the references' labels' text above its legend), and
        the legend's rows past the first: the kept runs' names take a second row, which took the plot's room (41 px
        of plot were left at 1366×768)."""
        legend = self.legend_row
        rows = math.ceil(len(legend.items) / max(1, legend.columnCount)) if legend is not None else 1
        row = legend.layout.preferredHeight() / rows if legend is not None and rows else 0
        self.setMinimumHeight(round(COMPRESSION_CHART_HEIGHT * self.scale + max(0, rows - 1) * row))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)  # the legend is fitted to the new width: it may take more rows, or fewer
        if getattr(self, "kept_curves", None) is not None:  # also called while the chart is being built
            self._fit_height()

    def update_history(self, history: MergeHistory) -> None:
        self._draw_languages(history)
        if not history.corpus_bytes or not len(history):
            self.corpus_curve.setData([], [])
            self._show_state()
            return
        sizes, values = history.compression()
        self.corpus_curve.setData(sizes, values)
        if self.fixed_axes:
            top = max(float(values[-1]), self._top())
            current = self.getViewBox().viewRange()[1][1]
            if top > current * 0.95:  # grow in steps, not every frame
                self.setYRange(0.8, top * 1.5, padding=0)
        else:
            self.enableAutoRange()
        self._show_state()

    def hold_axes(self, final_vocab_size: int | None) -> None:
        """While training toward ``final_vocab_size``, keep the axes still; ``None`` lets them follow again."""
        self.held = final_vocab_size
        self.fixed_axes = final_vocab_size is not None
        if final_vocab_size is None:
            self.enableAutoRange()
        else:
            self._frame(final_vocab_size)
        self._show_state()

    def _frame(self, final_vocab_size: int = 0) -> None:
        """Axes out to o200k's vocabulary, as the finished chart shows: a run grows into a stable frame, and the log
        axis spans decades (a narrower one crowds its tick labels)."""
        self.disableAutoRange()
        right = max([final_vocab_size, *REFERENCE_VOCAB.values()])
        self.setXRange(math.log10(256), math.log10(right), padding=0.06)
        self.setYRange(0.8, max(2.0, self._top()) * 1.3, padding=0)

    def _top(self) -> float:
        """The highest bytes per token of the references and the kept runs (0: none)."""
        kept = (float(np.max(curve.getOriginalDataset()[1])) for _, curve in self.kept_curves.values())
        return max([*self.reference_values.values(), *kept], default=0.0)

    def _show_state(self) -> None:
        """With no run drawn: the references in the frame a run will have, and a hint in the corner they leave."""
        if _has_data(self.corpus_curve) or self.fixed_axes:
            self.show_hint("")
            return
        if self.reference_values:
            self._frame()
        if self.kept_curves:  # the runs kept before are drawn: the chart is not empty, and the hint covered them
            self.show_hint("", blank=False)
            return
        text = self.tr("Press Train to see bytes per token grow with the vocabulary.")
        self.show_hint(text, blank=not self.reference_values, corner=bool(self.reference_values))

    def mark(self, vocab_size: int | None) -> None:
        self._mark_at(None if vocab_size is None else math.log10(vocab_size))

    def _draw_languages(self, history: MergeHistory) -> None:
        """A parity-aware run: each language's held-out bytes per token after each merge, a curve each."""
        parity = history.parity
        key = (id(parity), len(parity["held_out_tokens"])) if parity else ()
        if key == self._languages_drawn:
            return
        self._languages_drawn = key
        for curve in self.language_curves:
            self.removeItem(curve)
        self.language_curves = []
        if not parity:
            return
        sizes = history.vocab_sizes()
        for i, (name, values) in enumerate(bytes_per_token_curves(parity).items()):
            n = min(len(sizes), len(values))
            pen = pg.mkPen(LANGUAGES[i % len(LANGUAGES)], width=2, style=pg.QtCore.Qt.PenStyle.DotLine)
            label = self.tr("{language}, held out").format(language=name)
            curve = self._line(pen=pen, name=label)
            curve.setData(sizes[:n], values[:n])
            self.language_curves.append(curve)

    def set_kept(self, runs) -> None:
        """Overlay the training-corpus curve of each kept run of ``runs`` (:class:`~app.common.session.KeptRun`;
        one without a training record has none), named by the run, in a colour of its own while it is kept."""
        wanted = {run.key: run for run in runs}
        for key, (run, curve) in list(self.kept_curves.items()):
            if wanted.get(key) is not run:
                self.removeItem(curve)
                del self.kept_curves[key]
        for key in set(self._kept_colours) - set(wanted):
            del self._kept_colours[key]
        for key, run in wanted.items():
            record = getattr(run.tokenizer, "record", None)
            if key in self.kept_curves or record is None or not record.corpus_bytes or not record.steps:
                continue
            sizes, values = MergeHistory.from_record(record, dict(run.tokenizer.special_tokens)).compression()
            free = sorted(set(range(len(self._kept_colours) + 1)) - set(self._kept_colours.values()))
            colour = KEPT[self._kept_colours.setdefault(key, free[0]) % len(KEPT)]
            pen = pg.mkPen(colour, width=2, style=pg.QtCore.Qt.PenStyle.DashDotLine)
            curve = self._line(pen=pen, name=run.name)
            curve.setData(sizes, values)
            curve.setZValue(-1)  # under the current run's
            self.kept_curves[key] = (run, curve)
        if not self.fixed_axes and _has_data(self.corpus_curve):
            self.enableAutoRange()
        self._fit_height()
        self._show_state()

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
        for name, y in zip(names, ys):
            # on the chart's background, over the current step's line: the line ran through "gpt2 1.56"
            label = pg.TextItem(f"{name.removesuffix('_base')} {y:.2f}", color=MARKER, fill=LABEL_FILL)
            label.setZValue(self.marker.zValue() + 1)
            label.setFont(style.text_font(self.pt(VALUE_PT)))
            self.addItem(label, ignoreBounds=True)
            self.reference_labels.append(label)
        self._show_state()
        self._place_labels()

    def _place_labels(self, *_signal) -> None:
        """Each reference's label beside its point, left of it where there is room (else right), moved up or down
        only as far as needed for none to overlap another or leave the plot."""
        view = self.getViewBox()
        box = view.boundingRect()
        if not self.reference_labels or box.width() <= 0:
            return
        xs, ys = self.reference_points.getOriginalDataset()
        points = [view.mapFromView(QPointF(math.log10(x), y)) for x, y in zip(xs, ys)]
        sizes = [label.textItem.boundingRect().size() for label in self.reference_labels]
        margin = 2 * self.reference_labels[0].textItem.document().documentMargin()  # around the text, blank
        heights = [size.height() - margin for size in sizes]
        rows = spread([p.y() for p in points], heights, box.top(), box.bottom(), gap=2)
        lefts = []
        for label, point, size, row in zip(self.reference_labels, points, sizes, rows):
            left = point.x() - LABEL_OFFSET - size.width() >= box.left()
            label.setAnchor((1, 0.5) if left else (0, 0.5))
            label.setPos(view.mapToView(QPointF(point.x() + (-LABEL_OFFSET if left else LABEL_OFFSET), row)))
            lefts.append(point.x() - LABEL_OFFSET - size.width() if left else point.x() - LABEL_OFFSET)
        self.hint.keep_left_of(min(lefts))  # the hint before a run ran into the labels and their markers


def _has_data(curve: pg.PlotDataItem) -> bool:
    x = curve.getOriginalDataset()[0]
    return x is not None and len(x) > 0
