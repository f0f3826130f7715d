"""The Vocabulary tab's Numbers page through its real widgets: the heat map, the rules, the table and the CSV are
the engine's (bpe_core.numbers.analysis) run directly on the same tokenizers; the chart exports; the page in
Chinese."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QToolTip

from app.common.charts.export import export_chart
from app.vocabulary import VocabularyTab
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.numbers.analysis import numbers_csv, numbers_report

WAIT_MS = 120_000
REFERENCES = ("gpt2", "cl100k_base", "o200k_base")


@pytest.fixture
def tab(qtbot):
    widget = VocabularyTab()
    qtbot.addWidget(widget)
    widget.resize(1366, 768)
    widget.show()
    yield widget
    widget.shutdown()


def cut(qtbot, page, first: int, last: int) -> None:
    """Set the range and press the page's button; wait for the result."""
    page.first.setValue(first)
    page.last.setValue(last)
    with qtbot.waitSignal(page.ready, timeout=WAIT_MS):
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)


def test_the_heat_map_table_and_csv_are_the_engines(qtbot, tab, tmp_path):
    page = tab.numbers
    tab.pages.setCurrentWidget(page)
    cut(qtbot, page, 0, 1999)
    expected = [numbers_report(name, TiktokenTokenizer.reference(name), 0, 1999) for name in REFERENCES]
    assert [report.tokenizer for report in page.reports] == list(REFERENCES)
    # one row per tokenizer and length, each cell the mean size of the group holding the digit
    rows = [(report.tokenizer, digits, report.positions[digits]) for report in expected for digits in report.positions]
    image = page.image.image
    assert image.shape == (len(rows), 4)
    for r, (_, digits, positions) in enumerate(rows):
        assert image[r, :digits].tolist() == positions and not image[r, digits:].any()
    assert np.array_equal(image[7], [3, 3, 3, 1])  # cl100k_base, 4 digits: 123|4
    # each tokenizer named once, at the middle of its rows; each row's count of digits on the right
    assert page.chart.getAxis("left")._tickLevels[0] == [(2.0, "gpt2"), (6.0, "cl100k_base"), (10.0, "o200k_base")]
    digits = [label for _, label in page.chart.getAxis("right")._tickLevels[0]]
    assert digits == ["1", "2", "3", "4"] * 3 and page.chart.getAxis("bottom")._tickLevels[0][3][1] == "digit 4"
    assert [line.value() for line in page.group_lines] == [4, 8]
    assert [label.text for _, label in page.legend.items] == ["1-digit token", "2-digit token", "3-digit token"]
    tip = page.cell_text(7, 3)
    assert tip.startswith("cl100k_base, numbers of 4 digits, digit 4: in a token of 1.00 digits on average")
    assert "3+1: 1,000 (100%)" in tip and page.cell_text(4, 1) == ""  # cl100k, 1 digit: no second digit
    # hovering a cell shows its tooltip; an empty cell shows none
    view = page.chart.getPlotItem().vb
    page.chart.scene().sigMouseMoved.emit(view.mapViewToScene(QPointF(3.5, 7.5)))
    assert QToolTip.text() == tip
    page.chart.scene().sigMouseMoved.emit(view.mapViewToScene(QPointF(1.5, 4.5)))
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=5000)
    assert page.status.text() == "The numbers 0 to 1,999, as each tokenizer cuts them."
    # the rules, the table, the outliers
    lines = page.rules.text().splitlines()
    assert lines[1] == (
        "cl100k_base: Left-to-right groups of 3: 1,990 of 1,990 numbers of two digits or more are cut from their "
        "first digit (1234567 → 123|456|7)."
    )
    assert lines[0].startswith("gpt2: Merged by the vocabulary")
    table = {
        page.table.item(r, 0).text(): [page.table.item(r, c).text() for c in (1, 2, 3)]
        for r in range(page.table.rowCount())
    }
    assert table["4-digit numbers: most common cut"] == ["2+2 (88%)", "3+1 (100%)", "3+1 (100%)"]
    assert table["date  28/11/2026"] == ["28|/|11|/|20|26", "28|/|11|/|202|6", "28|/|11|/|202|6"]
    gpt2 = expected[0]
    assert table["numbers in an unusual number of tokens"][0].startswith(f"{gpt2.outlier_count:,}: 5|21, ")
    assert table["numbers in an unusual number of tokens"][1] == "0"
    # the CSV is the engine's; the chart exports as PNG and SVG, with its labels and legend
    qtbot.wait(200)  # painted, as a chart is before anyone exports it
    out = tmp_path / "numbers.csv"
    assert page.export(out) and out.read_text(encoding="utf-8") == numbers_csv(expected)
    assert page.status.text() == f"Wrote {out}"
    png, svg = (
        export_chart(page.chart.getPlotItem(), tmp_path / "n.png"),
        export_chart(page.chart.getPlotItem(), tmp_path / "n.svg"),
    )
    assert png.read_bytes().startswith(b"\x89PNG") and b">cl100k_base<" in svg.read_bytes()
    assert b"3-digit token" in svg.read_bytes()
    plotted = export_chart(page.chart.getPlotItem(), tmp_path / "n.csv").read_text(encoding="utf-8").splitlines()
    assert plotted[0] == "series,x,y,label" and len(plotted) == 1 + sum(digits for _, digits, _ in rows)
    assert "Digits in the token that holds each digit,3,1,cl100k_base · 4" in plotted


def test_the_note_says_why_right_to_left_grouping_helps_arithmetic(qtbot, tab):
    page = tab.numbers
    tab.pages.setCurrentWidget(page)
    assert page.below.tabText(1) == "Why the grouping matters"
    page.below.setCurrentIndex(1)
    assert page.note.isVisible() and "Singh & Strouse (2024" in page.note.text()
    assert "grouped by three from the right" in page.note.text()


def test_cancel_keeps_the_numbers_shown(qtbot, tab):
    page = tab.numbers
    tab.pages.setCurrentWidget(page)
    cut(qtbot, page, 0, 99)
    shown = page.reports
    page.last.setValue(99_999)
    qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not page.jobs.busy(), timeout=WAIT_MS)
    assert page.reports is shown and page.run_button.isEnabled()
    assert page.status.text() == "Cancelled: the numbers shown are the last ones cut."


def test_the_page_in_chinese(qtbot, chinese):
    tab = VocabularyTab()
    qtbot.addWidget(tab)
    tab.show()
    try:
        page = tab.numbers
        assert tab.pages.tabText(tab.pages.indexOf(page)) == "数字"
        cut(qtbot, page, 0, 1999)
        assert (
            "cl100k_base：从左到右每 3 位一组：1,990 个两位及以上的数中有 1,990 个从第一位数字开始切分"
            in page.rules.text()
        )
        assert page.run_button.text() == "切分这些数" and "Singh & Strouse" in page.note.text()
        assert page.table.item(0, 0).text() == "1 位数：最常见的切法"
        assert page.cell_text(4, 0).startswith("cl100k_base，1 位数，第 1 位")
    finally:
        tab.shutdown()


def test_when_no_tokenizer_loads_the_page_says_so_and_offers_no_export(qtbot):
    from app.vocabulary.numbers_panel import NumbersPanel

    def broken():
        raise ValueError("broken.json: not a tokenizer file")

    page = NumbersPanel(lambda: {"broken.json": broken})
    qtbot.addWidget(page)
    page.show()
    with qtbot.waitSignal(page.ready, timeout=WAIT_MS):
        page.compute()
    assert page.status.text() == (
        "No tokenizer could cut the numbers. broken.json could not be loaded: broken.json: not a tokenizer file."
    )
    assert page.reports == [] and not page.export_button.isEnabled() and page.image is None
    page.shutdown()


def test_an_outlier_of_one_token_is_said_in_the_singular(qtbot, english):
    """GPT-2 has a token for 1000 where most four-digit numbers take two: the outliers' tooltip said
    '1000 (1000): 1 tokens, usually 2'."""
    from app.vocabulary.numbers_panel import NumbersPanel

    page = NumbersPanel(lambda: {"gpt2": lambda: TiktokenTokenizer.reference("gpt2")})
    qtbot.addWidget(page)
    page.first.setValue(1000)
    page.last.setValue(1999)
    with qtbot.waitSignal(page.ready, timeout=WAIT_MS):
        page.compute()
    titles = [page.table.item(r, 0).text() for r in range(page.table.rowCount())]
    tip = page.table.item(titles.index("numbers in an unusual number of tokens"), 1).toolTip()
    assert "1000 (1000): 1 token, usually 2" in tip.splitlines() and "1 tokens" not in tip
    page.shutdown()
