"""Export a chart as a PNG image (pyqtgraph's ``ImageExporter``), an SVG image (the chart's scene through Qt's
``QSvgGenerator``: pyqtgraph's ``SVGExporter`` cannot read the paths Qt 6.11 writes) or a CSV of what it plots, made
in memory and written by :func:`bpe_core.formats.write_bytes_atomically`: a device or a named pipe at the path is
refused, never replaced, and a failed write leaves the old file whole.

:class:`ExportMenu` gives any pyqtgraph ``PlotWidget`` the right-click menu that does it. The CSV has one row per
point or bar: ``series,x,y,label`` (a curve's original values, not their logarithms; a
bar's position and length, and the label its axis shows for it).

>>> suffix_of("pairs.SVG"), suffix_of("pairs")
('.svg', '')
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
import pyqtgraph as pg
import pyqtgraph.exporters
from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QRectF, Qt, Slot
from PySide6.QtGui import QAction, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message
from bpe_core import formats
from bpe_core.render.csv_cells import text_cell

SUFFIXES = (".png", ".svg", ".csv")


def suffix_of(path: str | Path) -> str:
    return Path(path).suffix.lower()


def chart_bytes(plot: pg.PlotItem, suffix: str) -> bytes:
    """``plot`` as the bytes of a ``.png``, ``.svg`` or ``.csv`` file."""
    if suffix == ".png":
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        pyqtgraph.exporters.ImageExporter(plot).export(toBytes=True).save(buffer, "PNG")
        return bytes(buffer.data())
    if suffix == ".svg":
        return _svg(plot)
    if suffix == ".csv":
        return plotted_csv(plot).encode("utf-8")
    raise ValueError(
        QCoreApplication.translate("ChartExport", "Export a chart as .png, .svg or .csv, not “{suffix}”.").format(
            suffix=suffix or "…"
        )
    )


def _svg(plot: pg.PlotItem) -> bytes:
    """The chart as vector graphics: lines stay lines and text stays text, sharp on slides."""
    source = plot.sceneBoundingRect()
    target = QRectF(0, 0, source.width(), source.height())
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(target.size().toSize())
    generator.setViewBox(target)
    generator.setTitle(plot.titleLabel.text or "BPE Explorer")
    painter = QPainter(generator)
    try:
        plot.scene().render(painter, target, source)
    finally:
        painter.end()
    return bytes(buffer.data())


def plotted_csv(plot: pg.PlotItem) -> str:
    """The points and bars ``plot`` draws, as CSV text (header ``series,x,y,label``; a chart whose x is a merge
    sets ``plot.x_column = "merge"``, its values counted from 1); a series name or label that a spreadsheet would
    take for a formula begins with ``'`` (:mod:`bpe_core.render.csv_cells`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["series", getattr(plot, "x_column", "x"), "y", "label"])
    fallback = plot.titleLabel.text
    for item in plot.items:
        if isinstance(item, pg.PlotDataItem):
            x, y = item.getOriginalDataset()
            if x is not None:
                name = text_cell(item.name() or fallback)
                writer.writerows((name, _number(a), _number(b), "") for a, b in zip(x, y))
        elif isinstance(item, pg.BarGraphItem):
            writer.writerows(_bars(plot, item, fallback))
        elif isinstance(item, pg.ImageItem) and item.image is not None:
            writer.writerows(_cells(plot, item, fallback))
    return out.getvalue()


def _cells(plot: pg.PlotItem, image: pg.ImageItem, series: str) -> list[tuple]:
    """Rows for a heat map's cells (a row-major image, one cell a unit square from 0): the column as x, the value
    as y, the row's label as the label: the image's own ``row_labels`` where it has them (a chart whose axis names
    groups of rows), else the left axis's tick at the row's middle; cells of value 0 are empty and left out.

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> from app.common.charts.chart import Chart
    >>> plot = Chart().getPlotItem()
    >>> plot.getAxis("left").setTicks([[(0.5, "a"), (1.5, "b")]])
    >>> _cells(plot, pg.ImageItem(np.array([[1.0, 0.0], [2.0, 3.5]]), axisOrder="row-major"), "map")
    [('map', '0', '1', 'a'), ('map', '0', '2', 'b'), ('map', '1', '3.5', 'b')]
    """
    ticks = getattr(plot.getAxis("left"), "tick_labels", {})
    values = image.image if image.axisOrder == "row-major" else image.image.T
    labels = getattr(image, "row_labels", None) or [ticks.get(row + 0.5, "") for row in range(len(values))]
    return [
        (text_cell(series), _number(column), _number(value), text_cell(labels[row]))
        for row, line in enumerate(values)
        for column, value in enumerate(line)
        if value
    ]


def _bars(plot: pg.PlotItem, bars: pg.BarGraphItem, series: str) -> list[tuple]:
    """Rows for a bar chart's bars: horizontal bars (one height, a width each) are measured along x."""
    opts = bars.opts
    horizontal = np.ndim(opts.get("height")) == 0 and np.ndim(opts.get("width")) > 0
    along = np.asarray(opts["width"] if horizontal else opts["height"], float)
    key = ("y", "y0") if horizontal else ("x", "x0")
    at = np.asarray(opts[key[0]] if opts.get(key[0]) is not None else opts[key[1]], float)
    labels = getattr(plot.getAxis("left" if horizontal else "bottom"), "tick_labels", {})
    name = opts.get("name") or series
    rows = []
    for position, length in zip(np.broadcast_to(at, along.shape), along):
        label = labels.get(round(float(position)), "") if abs(position - round(position)) < 0.5 else ""
        x, y = (length, position) if horizontal else (position, length)
        rows.append((text_cell(name), _number(x), _number(y), text_cell(label)))
    return rows


def _number(value) -> str:
    """A number as short as it is exact.

    >>> _number(3.0), _number(2.875), _number(np.float64(0.1))
    ('3', '2.875', '0.1')
    """
    return np.format_float_positional(float(value), trim="-")


def export_chart(plot: pg.PlotItem, path: str | Path) -> Path:
    """Write ``plot`` to ``path`` as the kind its suffix names (:data:`SUFFIXES`)."""
    formats.write_bytes_atomically(path, chart_bytes(plot, suffix_of(path)))
    return Path(path)


def ask_export(parent: QWidget, plot: pg.PlotItem, name: str) -> Path | None:
    """Ask where to export ``plot`` (its kind chosen by the file type or the suffix) and write it; a failure is
    said in a message box. ``name`` is the file name offered."""
    types = [
        QCoreApplication.translate("ChartExport", "PNG image (*.png)"),
        QCoreApplication.translate("ChartExport", "SVG image (*.svg)"),
        QCoreApplication.translate("ChartExport", "CSV data (*.csv)"),
    ]
    title = QCoreApplication.translate("ChartExport", "Export the chart")
    path, chosen = QFileDialog.getSaveFileName(parent, title, f"{name}.png", ";;".join(types))
    if not path:
        return None
    if suffix_of(path) not in SUFFIXES and chosen in types:
        path += SUFFIXES[types.index(chosen)]
    try:
        return export_chart(plot, path)
    except (OSError, ValueError) as exc:
        dialogs.show_error(
            parent,
            QCoreApplication.translate("ChartExport", "Cannot export"),
            QCoreApplication.translate("ChartExport", "“{file}” could not be written: {error}").format(
                file=Path(path).name, error=engine_message(exc)
            ),
        )
        return None


class ExportMenu(QMenu):
    """The right-click menu of ``chart`` (a pyqtgraph ``PlotWidget``): "Export…" asks where and writes it, offering
    ``name`` as the file's name; "Reset view" shows the whole chart again after a drag or zoom. pyqtgraph's own
    menu is switched off: its ranges and log scales would undo the chart's layout, and its export dialog writes
    over whatever is at the path."""

    def __init__(self, chart: pg.PlotWidget, name: str):
        super().__init__(chart)
        self.chart = chart
        self.name = name
        chart.setMenuEnabled(False)
        self.export_action = QAction(QCoreApplication.translate("Chart", "Export…"), self)
        self.export_action.setToolTip(QCoreApplication.translate("Chart", "Save the chart as PNG, SVG or CSV"))
        self.export_action.triggered.connect(self.export_dialog)
        self.addAction(self.export_action)
        self.reset_action = QAction(QCoreApplication.translate("Chart", "Reset view"), self)
        self.reset_action.setToolTip(
            QCoreApplication.translate("Chart", "Show the whole chart again (or double-click it)")
        )
        self.reset_action.triggered.connect(self._reset_view)
        self.addAction(self.reset_action)
        self.aboutToShow.connect(self._offer_reset)
        chart.scene().sigMouseClicked.connect(self._on_click)

    def _on_click(self, event) -> None:
        if event.button() == Qt.MouseButton.RightButton and not event.isAccepted():
            event.accept()
            self.popup(event.screenPos().toPoint())

    @Slot()
    def _offer_reset(self) -> None:
        """ "Reset view" only where the mouse can move the view."""
        self.reset_action.setVisible(any(self.chart.getViewBox().state["mouseEnabled"]))

    @Slot()
    def _reset_view(self) -> None:
        reset = getattr(self.chart, "reset_view", None)
        (reset or self.chart.enableAutoRange)()

    @Slot()
    def export_dialog(self) -> None:
        ask_export(self.chart, self.chart.getPlotItem(), self.name)
