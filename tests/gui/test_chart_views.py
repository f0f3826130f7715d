"""Charts and titles that never collide (issue 41, item 5): a dragged or zoomed run chart stays within its data and
a double click or "Reset view" frames it again; the compression chart places a PickyBPE run at its vocabulary size."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from app.train.charts import CompressionChart, MergeCountChart
from app.train.merge_history import MergeHistory
from bpe_core.training.steps import MergeStep


def history(merges: int = 50, *, removed_every: int = 0) -> MergeHistory:
    """A run of ``merges`` merges of made-up tokens, a PickyBPE removal after every ``removed_every``-th one."""
    h = MergeHistory()
    h.reset(corpus_bytes=10_000, initial_tokens=10_000)
    steps = []
    for rank in range(merges):
        removed = ((97, b"a"),) if removed_every and rank % removed_every == removed_every - 1 else ()
        steps.append(MergeStep(rank, 256 + rank, 97, 98, b"ab%d" % rank, 1000 - rank, 9000 - 10 * rank, (), removed))
    h.extend(steps)
    return h


def shown(qtbot, make, width: int = 600, height: int = 300):
    """A chart made by ``make`` in a window of its own (the holder is closed at the end, not the chart: pyqtgraph's
    close() deletes the items the test holds)."""
    holder = QWidget()
    qtbot.addWidget(holder)
    chart = make(holder)
    chart.resize(width, height)
    holder.resize(width, height)
    holder.show()
    qtbot.waitExposed(chart)
    chart.holder = holder  # qtbot holds it weakly
    return chart


def double_click(widget, at) -> None:
    """A double click as a mouse makes it: press, release, double click (in place of the second press), release
    (QTest's also presses a second time, which pyqtgraph takes for a single click)."""
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    for kind, buttons in (
        (QEvent.Type.MouseButtonPress, left),
        (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton),
        (QEvent.Type.MouseButtonDblClick, left),
        (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton),
    ):
        point = QPointF(at)
        QApplication.sendEvent(widget, QMouseEvent(kind, point, widget.mapToGlobal(point), left, buttons, none))


def drag(chart, dx: float, dy: float = 0.0) -> None:
    """Move the view as a mouse drag does (pyqtgraph's drag translates the view box by the distance moved)."""
    chart.getViewBox().translateBy(x=dx, y=dy)


@pytest.mark.parametrize("make", [MergeCountChart, CompressionChart])
def test_a_dragged_or_zoomed_run_chart_stays_within_its_data(qtbot, make):
    chart = shown(qtbot, make)
    chart.update_history(history())
    chart.grab()
    for _ in range(3):
        drag(chart, -5000, -50)
        chart.getViewBox().scaleBy(x=4, y=4)
        (left, _), (bottom, _) = chart.getViewBox().viewRange()
        assert left >= (0 if make is MergeCountChart else 2), f"dragged to x {left}"
        assert bottom >= 0, f"dragged to y {bottom}"


@pytest.mark.parametrize("how", ["double click", "menu"])
def test_a_double_click_or_reset_view_shows_the_whole_run_again(qtbot, how):
    chart = shown(qtbot, MergeCountChart)
    chart.update_history(history(200))
    chart.grab()
    whole = chart.getViewBox().viewRange()[0]
    drag(chart, 120)
    chart.getViewBox().scaleBy(x=0.1)
    assert chart.getViewBox().viewRange()[0][0] > whole[0] + 50
    if how == "menu":
        chart.menu.aboutToShow.emit()
        assert chart.menu.reset_action.isVisible()
        chart.menu.reset_action.trigger()
    else:
        double_click(chart.viewport(), chart.mapFromScene(chart.getViewBox().sceneBoundingRect().center()))
    chart.grab()
    assert chart.getViewBox().viewRange()[0] == pytest.approx(whole, abs=1)


def test_reset_view_is_offered_only_where_the_view_can_move(qtbot):
    from app.train.charts import PairFrequencyChart

    chart = shown(qtbot, PairFrequencyChart)
    chart.menu.aboutToShow.emit()
    assert not chart.menu.reset_action.isVisible()


def test_a_pickybpe_run_is_placed_at_its_vocabulary_size_not_its_merge_count(qtbot, window, train):
    """PickyBPE removes tokens as it merges: its corpus curve, held-out curve and step line end at the size of the
    vocabulary it made (the held-out curve and the step line were placed at 256 + its merges)."""
    panel = window.train_tab.settings_panel
    panel.apply(vocab_size=600, special_tokens=[])
    panel.picky.setValue(0.6)
    train(window)
    tab, chart = window.train_tab, window.train_tab.compression_chart
    size, merges = tab.tokenizer.vocab_size, len(tab.tokenizer.merges)
    assert size < 256 + merges, "the run removed no token: nothing to test"
    assert chart.corpus_curve.getOriginalDataset()[0][-1] == size
    qtbot.waitUntil(lambda: chart.held_out_curve.getOriginalDataset()[0] is not None, timeout=30000)
    assert chart.held_out_curve.getOriginalDataset()[0][-1] == size
    tab.select_rank(merges - 1)
    assert chart.marker.value() == pytest.approx(math.log10(size))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("picky", [0.0, 0.6])
def test_the_merges_table_fits_its_width_at_1366_by_768(qtbot, window, train, language, picky, request):
    """After a run (a PickyBPE one shows its Removed column too), the Train tab's merges table at 1366×768 has no
    sideways scroll bar: its columns fit, the last stretching, and every title is whole (on two lines if need be)."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
    window.resize(1366, 768)
    panel = window.train_tab.settings_panel
    panel.apply(vocab_size=600, special_tokens=[])
    panel.picky.setValue(picky)
    train(window)
    table = window.train_tab.table
    qtbot.waitUntil(lambda: table.isVisible())
    QApplication.processEvents()
    header = table.horizontalHeader()
    shown = [c for c in range(header.count()) if not table.isColumnHidden(c)]
    assert table.horizontalScrollBar().maximum() == 0, [header.sectionSize(c) for c in shown]
    model, metrics = table.model(), header.fontMetrics()
    for column in shown:  # a title on as many lines as it has words, if need be, each line whole
        words = model.headerData(column, Qt.Orientation.Horizontal).split()
        assert max(metrics.horizontalAdvance(word) for word in words) < header.sectionSize(column), words
        lines = 1 if metrics.horizontalAdvance(" ".join(words)) < header.sectionSize(column) - 8 else len(words)
        assert header.height() >= lines * metrics.lineSpacing(), (words, header.height())


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_at_1366_by_768_the_merged_pairs_are_whole_and_the_last_column_no_wider_than_its_numbers(
    qtbot, window, train, language, request
):
    """A Chinese corpus's pairs are byte fragments ("<E4><B8>"): at 1366×768 they were cut to "<E4>‹B…" while the
    last column (Tokens after) stretched over the room to spare. Now every such pair is whole, and the last column is
    as wide as its largest number or its title's longest word."""
    import re

    from PySide6.QtWidgets import QStyle

    from app.train.merges_model import AFTER, LEFT, RIGHT
    from app.train.merges_view import PADDING, TITLE_PADDING

    if language == "zh_CN":
        request.getfixturevalue("chinese")
    window.resize(1366, 698)
    tab = window.train_tab
    assert tab.corpus_panel.select_sample("chinese")
    tab.settings_panel.apply(vocab_size=600, special_tokens=[])
    train(window)
    QApplication.processEvents()
    table, model = tab.table, tab.table.model()
    cells = table.fontMetrics()
    margins = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)  # Qt's
    fragments = 0
    for row in range(model.rowCount()):
        for column in (LEFT, RIGHT):
            text = model.index(row, column).data()
            if re.fullmatch(r"(<[0-9A-F]{2}>){1,2}", text):
                fragments += 1
                assert cells.horizontalAdvance(text) + margins <= table.columnWidth(column), (text, column)
    assert fragments > 10
    header = table.horizontalHeader()
    number = cells.horizontalAdvance(f"{int(tab.history.tokens_after.max()):,}") + PADDING
    title = model.headerData(AFTER, Qt.Orientation.Horizontal).split()
    word = max(header.fontMetrics().horizontalAdvance(w) for w in title) + TITLE_PADDING
    assert header.sectionSize(AFTER) <= max(number, word) + 1, (header.sectionSize(AFTER), number, word)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_folded_section_says_what_differs_from_the_defaults(qtbot, window, language, request):
    """The Variants and Counting sections, folded, say in their title the settings changed in them (they hid
    them): "Variants — min count 5, forbid \\d"; nothing for the defaults, the title alone when unfolded, and a long
    regex neither widens the panel nor leaves the title's line (cut, whole in the tooltip)."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
    window.resize(1366, 768)
    panel = window.train_tab.settings_panel
    qtbot.waitUntil(panel.isVisible)
    variants, counting = panel.variants, panel.counting
    assert not variants.expanded() and variants.header_text() == variants.title
    assert counting.header_text() == counting.title
    width = panel.width()
    panel.min_count.setValue(5)
    panel.forbid.setText(r"\d")
    panel.picky.setValue(0.7)
    said = variants.header_text()
    assert said.startswith(variants.title) and "5" in said and r"\d" in said and "0.70" in said, said
    assert counting.header_text() == counting.title
    panel.processes.setValue(panel.processes.value() % panel.processes.maximum() + 1)
    assert str(panel.processes.value()) in counting.header_text()
    panel.forbid.setText("(?:" + "|".join(f"word{i}" for i in range(200)) + ")")
    QApplication.processEvents()
    assert panel.width() == width
    header = variants.header
    assert header.fontMetrics().horizontalAdvance(header.text()) <= header.width()
    assert header.toolTip() == variants.header_text()
    variants.set_expanded(True)
    assert variants.header_text() == variants.title == header.text()


def test_the_compression_hint_and_reference_labels_keep_apart_and_over_the_step_line(qtbot):
    """At the size the chart has at 1366×768 (460×190): before a run, the hint in the corner ran into the tiktoken
    labels and the grid crossed its words; after one, the step's line ran through "gpt2 1.56". Now the hint ends
    before the labels, on the chart's background, and each label is drawn over the line, on the background too."""
    chart = shown(qtbot, CompressionChart, 460, 190)
    chart.set_references({"gpt2": 1.56, "cl100k_base": 2.75, "o200k_base": 3.85})
    QApplication.processEvents()
    hint = chart.hint.sceneBoundingRect()
    assert chart.hint.isVisible() and chart.hint.toPlainText()
    for label in chart.reference_labels:
        assert not hint.intersects(label.sceneBoundingRect()), (hint, label.sceneBoundingRect())
        assert label.zValue() > chart.marker.zValue() and label.fill.color().alpha() > 200


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_at_1366_by_768_the_compression_axis_label_is_not_broken_inside_a_word(qtbot, window, language, request):
    """Its left axis label broke 每个词元的字节数 inside 字节 ("每个词元的字 / 节数"): it now breaks only at a space
    ("bytes per / token"), the Chinese one (字节/词元) whole on one line."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
        window.train_tab.compression_chart.set_axis_label(
            "left", QApplication.translate("CompressionChart", "bytes per token")
        )
    window.resize(1366, 698)
    qtbot.wait(50)
    axis = window.train_tab.compression_chart.getAxis("left")
    assert " ".join(axis.shown_label()) == axis.labelText, axis.shown_label()


@pytest.mark.parametrize("width", [1366, 1560, 1920])
def test_a_last_column_narrower_than_its_title_gets_a_header_of_two_lines(window, width):
    """The last column (Tokens after) is as wide as its numbers or its title's longest word, so its title wraps:
    the header must hold two lines. It did only where another column also wrapped (at 1366); on a larger window
    the header kept one line and showed the middle of "Tokens / after", cut at both lines."""
    from app.train.merges_model import AFTER
    from app.train.merges_view import whole_title_widths

    window.resize(width, 900)
    QApplication.processEvents()
    header = window.train_tab.table.horizontalHeader()
    assert header.sectionSize(AFTER) < whole_title_widths(header.font())[AFTER]  # (the case: its title wraps)
    assert header.height() >= 2 * header.fontMetrics().lineSpacing() + 6, header.height()
