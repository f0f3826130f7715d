"""Every chart of the main window through its real widgets: exported as PNG, SVG and CSV from its right-click menu
(never over a named pipe), its labels never overlapping or leaving the view at 1,400 and 1,920 pixels before and
after it shows data, an empty chart saying what to do instead of drawing 0–1 ticks, and presentation mode (a
larger window font) enlarging the charts' text too."""

from __future__ import annotations

import csv
import io
import os
import xml.etree.ElementTree as ET

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QApplication, QFileDialog, QGraphicsTextItem, QStackedWidget, QTabWidget, QWidget

from app.common.charts import export as chart_export
from app.common.charts.axes import opaque
from app.common.charts.chart import LABEL_PT, TICK_PT, TITLE_PT, Chart
from bpe_core.file_errors import TokenizerWriteError

WAIT_MS = 60000
SUFFIXES = ("png", "svg", "csv")


def charts(window) -> dict[str, Chart]:
    """Every chart of the main window, by name."""
    train, vocabulary = window.train_tab, window.vocabulary_tab
    return {
        "pairs": train.pair_chart,
        "counts": train.count_chart,
        "compression": train.compression_chart,
        "scripts": vocabulary.browse.script_chart,
        "lengths": vocabulary.browse.length_chart,
        "by rank": vocabulary.browse.rank_chart,
        "zipf": vocabulary.audit.zipf,
        "parity": vocabulary.parity.chart,
    }


def bring_forward(qtbot, widget) -> None:
    """Make ``widget`` the visible page of every tab widget and stack it is in, laid out and painted."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QStackedWidget):
            tabs = parent.parentWidget()
            (tabs if isinstance(tabs, QTabWidget) else parent).setCurrentWidget(child)
        child, parent = parent, parent.parentWidget()
    qtbot.waitUntil(widget.isVisible, timeout=5000)
    for _ in range(3):  # pyqtgraph sets ranges and lays its items out when it next paints
        QApplication.processEvents()
        widget.grab()


def ink(item: QGraphicsTextItem) -> QRectF:
    """Where a text item's text is, in scene coordinates (its bounding rectangle less the document's margin)."""
    margin = item.document().documentMargin()
    return item.mapRectToScene(item.boundingRect().adjusted(margin, margin, -margin, -margin))


def tick_labels(axis) -> list[tuple[str, QRectF]]:
    """The tick labels ``axis`` draws, as pyqtgraph lays them out when painting."""
    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.setFont(axis.style["tickFont"] or QApplication.font())
    specs = axis.generateDrawSpecs(painter)
    painter.end()
    return [(text, axis.mapRectToScene(rect)) for rect, _, text in (specs[2] if specs else [])]


def labels(chart: Chart) -> list[tuple[str, QRectF]]:
    """Every text a chart shows: title, tick labels, axis labels, legend, value labels and the hint."""
    plot = chart.getPlotItem()
    found = []
    if plot.titleLabel.isVisible():
        found.append(("title " + plot.titleLabel.text, ink(plot.titleLabel.item)))
    for name in ("left", "bottom"):
        axis = chart.getAxis(name)
        found += tick_labels(axis)
        if axis.label.isVisible() and axis.labelText:
            found.append(("axis " + axis.labelText, ink(axis.label)))
    if chart.legend_row is not None:
        found += [("legend " + label.text, ink(label.item)) for _, label in chart.legend_row.items]
    found += [(item.toPlainText(), ink(item.textItem)) for item in plot.items if isinstance(item, pg.TextItem)]
    if chart.hint.isVisible():
        found.append(("hint", ink(chart.hint)))
    return found


def collisions(chart: Chart) -> list[str]:
    """Labels that overlap another or reach outside the chart's view."""
    view = QRectF(chart.mapToScene(chart.viewport().rect()).boundingRect()).adjusted(-1, -1, 1, 1)
    found = labels(chart)
    problems = [f"{text!r} outside the view" for text, rect in found if not view.contains(rect)]
    for i, (text, rect) in enumerate(found):
        for other, other_rect in found[i + 1 :]:
            if rect.adjusted(0.5, 0.5, -0.5, -0.5).intersects(other_rect.adjusted(0.5, 0.5, -0.5, -0.5)):
                problems.append(f"{text!r} overlaps {other!r}")
    return problems


def check_every_chart(qtbot, window, width: int, height: int) -> list[str]:
    window.resize(width, height)
    problems = []
    for name, chart in charts(window).items():
        bring_forward(qtbot, chart)
        problems += [f"{name} at {width} px: {problem}" for problem in settled_collisions(qtbot, chart)]
    return problems


def settled_collisions(qtbot, chart: Chart) -> list[str]:
    """:func:`collisions` once the chart's layout has settled: a resize is laid out over a few events, later on a
    busy machine (a chart still colliding after 3 s is a chart that collides)."""

    def settled() -> bool:
        chart.grab()  # pyqtgraph lays its items out when it paints
        return not collisions(chart)

    try:
        qtbot.waitUntil(settled, timeout=3000)
    except qtbot.TimeoutError:
        pass
    return collisions(chart)


def fill_every_chart(qtbot, window, train, wait_signal) -> None:
    """Train on the small English sample, then show ours in the Vocabulary tab, audit it with the Compare text
    and measure language parity: every chart has data."""
    train(window)
    tab = window.vocabulary_tab
    bring_forward(qtbot, tab)
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "own", timeout=WAIT_MS)
    tab.audit.usage.setCurrentIndex(tab.audit.usage.findData("compare"))
    wait_signal(tab.audit.finished, WAIT_MS, trigger=tab.run_audit)
    wait_signal(tab.parity.ready, WAIT_MS, trigger=tab.parity.compute)


def check_before_and_after_data(qtbot, window, train, wait_signal) -> list[str]:
    problems = check_every_chart(qtbot, window, 1400, 900) + check_every_chart(qtbot, window, 1920, 1080)
    fill_every_chart(qtbot, window, train, wait_signal)
    return problems + check_every_chart(qtbot, window, 1400, 900) + check_every_chart(qtbot, window, 1920, 1080)


@pytest.mark.slow
def test_labels_never_overlap_or_leave_the_view(qtbot, window, train, wait_signal):
    problems = check_before_and_after_data(qtbot, window, train, wait_signal)
    assert not problems, "\n".join(problems)


@pytest.mark.slow
def test_chinese_labels_never_overlap_or_leave_the_view(chinese, qtbot, window, train, wait_signal):
    assert window.train_tab.compression_chart.axis_labels["left"] == "字节/词元"
    problems = check_before_and_after_data(qtbot, window, train, wait_signal)
    assert not problems, "\n".join(problems)


def test_every_pair_keeps_its_label_with_chinese_labels_on_a_laptop_screen(qtbot, window, train):
    """Pairs of Chinese characters (drawn in a fallback font, taller than the labels' own line) on a 1366x768
    window: as many bars as there are labels drawn, none left out (one in four was)."""
    window.resize(1366, 768)
    window.train_tab.corpus_panel.select_sample("chinese")
    window.train_tab.settings_panel.apply(vocab_size=1256, special_tokens=[])
    train(window)
    pairs = window.train_tab.pair_chart
    bring_forward(qtbot, pairs)
    assert any(ord(ch) > 0x3000 for label in pairs.labels for ch in label), pairs.labels
    drawn = [text for text, _ in tick_labels(pairs.getAxis("left"))]
    assert len(pairs.labels) >= 5 and drawn == [label for label in pairs.labels if label], (drawn, pairs.labels)


def test_empty_charts_say_what_to_do_and_draw_no_ticks(qtbot, window, train, wait_signal):
    shown = charts(window)
    hints = {"pairs": "Press Train", "counts": "Press Train", "zipf": "Choose a text", "parity": "Press Measure"}
    for name, start in hints.items():
        chart = shown[name]
        assert chart.hint.isVisible() and chart.hint.toPlainText().startswith(start), name
        assert all(not tick_labels(chart.getAxis(axis)) for axis in ("left", "bottom")), name
    compression = shown["compression"]  # the references are drawn: the hint is in the corner they leave
    qtbot.waitUntil(lambda: bool(compression.reference_values), timeout=WAIT_MS)
    assert compression.hint.toPlainText().startswith("Press Train") and compression.hint.corner
    overlap = window.vocabulary_tab.overlap
    assert [hint.text() for hint in overlap.hints][1] == "Press Compare to list the tokens only A has."
    fill_every_chart(qtbot, window, train, wait_signal)
    browse = window.vocabulary_tab.browse  # trained on English: no Han token, and the chart says so over its zeros
    assert browse.rank_chart.hint.toPlainText().startswith("No merge made a Han token")
    assert tick_labels(browse.rank_chart.getAxis("left"))[0][0] == "0"
    browse.rank_script.setCurrentIndex(browse.rank_script.findData("Latin"))
    for name, chart in shown.items():
        bring_forward(qtbot, chart)
        assert not chart.hint.isVisible(), name
        assert tick_labels(chart.getAxis("bottom")), name


def test_every_chart_exports_png_svg_and_csv(qtbot, window, train, wait_signal, tmp_path):
    fill_every_chart(qtbot, window, train, wait_signal)
    for name, chart in charts(window).items():
        bring_forward(qtbot, chart)
        png, svg, data = (chart_export.export_chart(chart.getPlotItem(), tmp_path / f"{name}.{k}") for k in SUFFIXES)
        assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), name
        assert ET.parse(svg).getroot().tag.endswith("svg"), name
        rows = list(csv.reader(io.StringIO(data.read_text(encoding="utf-8"))))
        x = "merge" if name in ("counts", "by rank") else "x"  # a merge's number, merge 1 the first
        assert rows[0] == ["series", x, "y", "label"] and len(rows) > 1, name
    train_tab = window.train_tab
    pairs = _rows(tmp_path / "pairs.csv")
    assert [row["label"] for row in pairs] == train_tab.pair_chart.labels
    counts = _rows(tmp_path / "counts.csv")
    assert [float(row["y"]) for row in counts] == train_tab.history.counts.tolist()
    assert [row["merge"] for row in counts] == [str(n) for n in range(1, len(counts) + 1)]
    assert _rows(tmp_path / "by rank.csv")[0]["merge"] == "1"
    compression = {row["series"]: row for row in _rows(tmp_path / "compression.csv")}
    assert float(compression["tiktoken on held-out"]["x"]) == 200019  # o200k's vocabulary, not its logarithm
    parity = _rows(tmp_path / "parity.csv")
    assert {row["label"] for row in parity} >= {"en", "zh", "el"} and {row["series"] for row in parity} >= {"gpt2"}


def _rows(path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def test_the_right_click_menu_exports_and_never_replaces_a_pipe(qtbot, window, tmp_path, monkeypatch):
    chart = window.train_tab.compression_chart
    bring_forward(qtbot, chart)
    target = tmp_path / "compression"  # no suffix: the file type chosen in the dialog adds it
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), args[-1].split(";;")[1]))
    qtbot.mouseClick(chart.viewport(), Qt.MouseButton.RightButton, pos=chart.viewport().rect().center())
    menu = chart.menu
    qtbot.waitUntil(menu.isVisible, timeout=5000)
    assert [action.text() for action in menu.actions() if action.isVisible()] == ["Export…", "Reset view"]
    menu.export_action.trigger()
    menu.hide()
    assert ET.parse(tmp_path / "compression.svg").getroot().tag.endswith("svg")

    fifo = tmp_path / "chart.png"
    os.mkfifo(fifo)
    with pytest.raises(TokenizerWriteError, match="named pipe"):
        chart_export.export_chart(chart.getPlotItem(), fifo)
    errors = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(fifo), ""))
    monkeypatch.setattr(chart_export.dialogs, "show_error", lambda parent, title, message: errors.append(message))
    chart.menu.export_action.trigger()
    assert errors and "named pipe" in errors[0]
    assert fifo.is_fifo()


def test_presentation_mode_enlarges_chart_text(qtbot, window, train, wait_signal):
    fill_every_chart(qtbot, window, train, wait_signal)
    chart, pairs = window.train_tab.compression_chart, window.train_tab.pair_chart
    font = QFont(window.font())
    font.setPointSizeF(font.pointSizeF() * 1.8)
    window.setFont(font)  # as presentation mode enlarges a window's font
    qtbot.waitUntil(lambda: chart.scale > 1.7, timeout=5000)
    assert chart.getAxis("bottom").style["tickFont"].pointSizeF() == pytest.approx(TICK_PT * 1.8)
    assert chart.getAxis("left").labelStyle["font-size"] == f"{LABEL_PT * 1.8:.1f}pt"
    assert chart.getPlotItem().titleLabel.opts["size"] == f"{TITLE_PT * 1.8:.1f}pt"
    assert chart.legend_row.items[0][1].opts["size"] == f"{9 * 1.8:g}pt"
    assert chart.reference_labels[0].textItem.font().pointSizeF() == pytest.approx(9 * 1.8)
    assert pairs.getAxis("left").style["tickFont"].pointSizeF() == pytest.approx(10 * 1.8)
    assert len(pairs.labels) == round(15 / 1.8)  # fewer pairs, each with its label
    problems = []
    for name, shown in charts(window).items():
        assert shown.scale == pytest.approx(1.8), name
        bring_forward(qtbot, shown)
        problems += [f"{name}: {problem}" for problem in collisions(shown)]
    assert not problems, "\n".join(problems)
    window.setFont(QFont())  # back to the application's font
    qtbot.waitUntil(lambda: chart.scale == 1, timeout=5000)
    assert chart.getAxis("bottom").style["tickFont"].pointSizeF() == pytest.approx(TICK_PT)
    # as many pairs as the chart's height holds at the smaller text again: more than in presentation mode
    qtbot.waitUntil(lambda: len(pairs.labels) == pairs.pairs_shown() > round(15 / 1.8), timeout=5000)


def test_the_grid_is_drawn_beneath_the_data_in_the_colour_it_has_over_the_background(qtbot):
    """Grid lines are opaque (a translucent line costs Qt's raster engine five times more) and beneath the data: a
    bar covering the whole view hides every grid line, and where nothing is drawn a line has the colour its
    translucent pen gives over white."""
    holder = QWidget()  # closed at the end, not the chart: pyqtgraph's close() deletes the items this test holds
    qtbot.addWidget(holder)
    chart = Chart("Grid", holder)
    chart.resize(400, 300)
    chart.showGrid(x=True, y=True, alpha=0.3)
    chart.setXRange(0, 10, padding=0)
    chart.setYRange(0, 10, padding=0)
    holder.show()
    qtbot.waitExposed(chart)
    view = chart.getViewBox()
    inside = view.mapRectToScene(view.boundingRect()).toAlignedRect().adjusted(2, 2, -2, -2)

    def colours() -> set[int]:
        chart.viewport().repaint()
        image = chart.viewport().grab().toImage()
        return {
            image.pixel(x, y)
            for x in range(inside.left(), inside.right())
            for y in range(inside.top(), inside.bottom(), 3)
        }

    grid = colours() - {QColor("white").rgb()}
    assert grid, "the grid drew nothing"
    drawn, blended = set(), set()
    for name in ("left", "bottom"):
        axis = chart.getAxis(name)
        drawn |= {pen.color().rgba() for pen, _, _ in axis.generateDrawSpecs(QPainter())[1]}
        blended |= {opaque(pen.color()).rgba() for pen, _, _ in pg.AxisItem.generateDrawSpecs(axis, QPainter())[1]}
    assert drawn == blended  # pyqtgraph's translucent pens, each blended over white once
    assert grid <= {QColor.fromRgba(rgba).rgb() for rgba in drawn}

    bar = pg.BarGraphItem(x0=[-1], y0=[-1], width=[12], height=[12], brush="#1b9e77", pen=None)
    chart.addItem(bar)
    assert colours() == {QColor("#1b9e77").rgb()}


@pytest.mark.parametrize(
    ("log", "low", "high", "wanted", "wrong"),
    [
        (True, -3, 9, {"1", "10²", "10⁴", "10⁶", "10⁸"}, {"10⁻¹¹", "10⁻⁹", "10⁻⁷"}),  # a log axis zoomed out
        (False, 0, 3e9, {"1e+09", "2e+09"}, {"1", "2", "1.5", "2.5"}),  # a count of billions
        (False, 0, 0.5, {"0.1", "0.2", "0.3", "0.4"}, {"100", "200", "300", "400"}),
    ],
)
def test_tick_labels_are_the_values_where_pyqtgraph_would_scale_them(qtbot, log, low, high, wanted, wrong):
    """pyqtgraph divides the ticks of an axis past 10**9 or below 1 by a power of a thousand and says so only in
    the units of the axis label, which charts here do not have: the ticks must be the values themselves."""
    holder = QWidget()
    qtbot.addWidget(holder)
    chart = Chart("Scale", holder)
    chart.resize(560, 300)
    chart.set_axis_label("bottom", "value")  # pyqtgraph scales only an axis with a label
    chart.setLogMode(x=log)
    chart.setXRange(low, high, padding=0)
    holder.show()
    qtbot.waitExposed(chart)
    chart.grab()
    shown = {text for text, _ in tick_labels(chart.getAxis("bottom"))}
    assert wanted <= shown and not wrong & shown, shown


def test_a_chinese_side_axis_label_stands_apart_from_its_tick_labels(chinese, qtbot, window, train):
    """The Train tab's run charts at 1366×768 and 1280×800 in Chinese: the left axis's label (频次（对数）, or
    每个词元的字节数 on two lines) stands at least 6 px from the tick labels (4 px: its characters, as tall as the
    line, looked run into 10⁴)."""
    train(window)
    for size in [(1366, 698), (1280, 730)]:
        window.resize(*size)
        qtbot.wait(100)
        for chart in (window.train_tab.count_chart, window.train_tab.compression_chart):
            chart.grab()  # pyqtgraph lays its axes out when it paints
            axis = chart.getAxis("left")
            gap = min(rect.left() for _, rect in tick_labels(axis)) - ink(axis.label).right()
            assert gap >= 6, (size, axis.shown_label(), gap)
