"""The run charts' curves (:mod:`app.common.charts.thin_curve`): drawn with at most two points per pixel column, the
picture the same as with every point, the data (and so the CSV export) whole."""

from __future__ import annotations

import csv
import io
from collections import Counter

import numpy as np
import pyqtgraph as pg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QWidget

from app.common.charts import export as chart_export
from app.common.charts.thin_curve import ThinCurve, column_extremes
from app.train.charts import CompressionChart, MergeCountChart
from app.train.merge_history import MergeHistory
from bpe_core.training.steps import MergeStep

PEN = pg.mkPen("#1b9e77", width=2)


def naive_extremes(x: np.ndarray, y: np.ndarray, left: float, column: float) -> list[int]:
    """:func:`column_extremes` written out point by point."""
    columns: dict[float, list[int]] = {}
    for i, value in enumerate(x):
        columns.setdefault(np.floor((value - left) / column), []).append(i)
    if len(columns) * 2 >= len(x):
        return list(range(len(x)))
    keep = {0, len(x) - 1}
    for members in columns.values():
        keep.add(min(members, key=lambda i: (y[i], i)))
        keep.add(min(members, key=lambda i: (-y[i], i)))
    return sorted(keep)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 400), st.integers(-5, 5)), min_size=1, max_size=300),
    st.sampled_from([0.5, 1.0, 7.0, 40.0]),
)
def test_column_extremes_keeps_each_columns_first_lowest_and_highest_and_the_ends(points, column):
    points.sort(key=lambda p: p[0])
    x = np.array([p[0] / 4 for p in points], float)
    y = np.array([p[1] for p in points], float)
    assert column_extremes(x, y, left=-1.0, column=column).tolist() == naive_extremes(x, y, -1.0, column)


def _picture(qtbot, item: pg.PlotDataItem, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``item`` holding ``x, y`` in a 560×300 log-x plot, as an array of RGB pixels. The plot lives as long as the
    item is referred to; the test's end closes it."""
    holder = QWidget()  # closed whole (closing a bare PlotWidget deletes items still in use)
    qtbot.addWidget(holder)
    item.holder = holder
    plot = pg.PlotWidget(holder, background="w")
    plot.resize(560, 300)
    plot.setLogMode(x=True)
    plot.addItem(item)
    item.setData(x, y)
    holder.show()
    for _ in range(3):  # pyqtgraph fits its range and axes over the first paints
        QApplication.processEvents()
        plot.grab()
    image = plot.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return pixels[:, : image.width() * 4].reshape(image.height(), image.width(), 4)[:, :, :3].astype(int)


@pytest.mark.parametrize("noise", [0.0, 0.02])
def test_a_thin_curve_looks_like_the_whole_one(qtbot, noise):
    """A compression-like curve of 10,000 points (vocabulary 257 to 10,256, log x), smooth and noisy: drawn from
    about a tenth of its points, the picture is the one every point gives, where every 12th point alone is not."""
    x = np.arange(257, 10_257, dtype=float)
    y = 1 + 0.1 * np.log(x - 256) + noise * np.random.default_rng(0).standard_normal(len(x))
    whole = _picture(qtbot, pg.PlotDataItem(pen=PEN), x, y)
    thin_item = ThinCurve(pen=PEN)
    thin = _picture(qtbot, thin_item, x, y)
    every_12th = _picture(qtbot, pg.PlotDataItem(pen=PEN), x[::12], y[::12])

    drawn = len(thin_item.getData()[0])
    assert drawn <= 2 * 560 + 2 and drawn < len(x) / 8
    assert len(thin_item.getOriginalDataset()[0]) == len(x)
    ink = (np.abs(whole - 255).max(axis=2) > 32).sum()

    def differing(picture: np.ndarray, by: int) -> int:
        return int((np.abs(whole - picture).max(axis=2) > by).sum())

    if noise == 0:
        assert differing(thin, 32) == 0
        assert differing(every_12th, 32) > 100  # the comparison sees a coarser curve
    else:
        assert differing(thin, 96) < 0.01 * ink
        assert differing(every_12th, 96) > 0.2 * ink


def _history(merges: int) -> MergeHistory:
    history = MergeHistory()
    history.set_corpus(corpus_bytes=30_000_000, initial_tokens=30_000_000, unique_words=100_000)
    tokens, steps = 30_000_000, []
    for rank in range(merges):
        count = 1_000_000 // (rank + 1)
        tokens -= count
        steps.append(MergeStep(rank, 256 + rank, rank % 256, (rank * 7) % 256, b"ab", count, tokens, ()))
    history.extend(steps)
    return history


@pytest.mark.parametrize("chart_class", [MergeCountChart, CompressionChart])
def test_the_run_charts_draw_a_point_per_pixel_column_and_export_every_merge(qtbot, chart_class):
    holder = QWidget()
    qtbot.addWidget(holder)
    chart = chart_class(holder)
    chart.resize(560, 300)
    holder.show()
    chart.update_history(_history(10_000))
    chart.grab()
    curve = chart.curve if chart_class is MergeCountChart else chart.corpus_curve
    assert isinstance(curve, ThinCurve)
    assert len(curve.getData()[0]) <= 2 * chart.getViewBox().width() + 2
    series = Counter(
        row["series"] for row in csv.DictReader(io.StringIO(chart_export.plotted_csv(chart.getPlotItem())))
    )
    assert 10_000 in series.values()  # the curve's every merge
