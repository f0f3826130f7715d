"""The Board page of the Vocabulary tab: every tokenizer in play over the corpus chosen, sortable, a chart per
metric, the worst-served language's tokens a click away, Cancel, the exports (CSV, HTML, PNG, SVG), and each row shown
as soon as it is measured (a cancel keeps those, a row of an earlier run never shows)."""

from __future__ import annotations

import csv
import gzip
import re

import pyqtgraph as pg
import pytest
from bpe_resources import resource_path
from PySide6.QtCore import Qt
from test_foreign_builders import build_sentencepiece

from app.vocabulary import VocabularyTab
from app.vocabulary.board_panel import BoardPanel
from bpe_core.encoding.reference import get_encoding

WAIT_MS = 120000


@pytest.fixture
def tab(qtbot):
    widget = VocabularyTab()
    qtbot.addWidget(widget)
    yield widget
    widget.shutdown()


@pytest.fixture
def corpus(tmp_path):
    with gzip.open(resource_path("corpora", "world-english-bible-genesis-job.txt.gz"), "rt", encoding="utf-8") as f:
        (tmp_path / "en.txt").write_text(f.read(20_000), encoding="utf-8")
    with gzip.open(resource_path("corpora", "hongloumeng-zhiping.txt.gz"), "rt", encoding="utf-8") as f:
        (tmp_path / "zh.txt").write_text(f.read(5_000), encoding="utf-8")
    return [str(tmp_path / "zh.txt"), str(tmp_path / "en.txt")]


def measured(qtbot, tab, corpus):
    board = tab.board
    tab.pages.setCurrentWidget(board)
    board.set_corpus(corpus)
    assert board.reference.currentText() == "en"
    qtbot.mouseClick(board.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: board.board is not None, timeout=WAIT_MS)
    return board


def test_the_board_measures_every_reference_sorts_and_charts(qtbot, tab, corpus):
    board = measured(qtbot, tab, corpus)
    names = [row.tokenizer for row in board.board.rows]
    assert names == ["gpt2", "cl100k_base", "o200k_base"]
    text = "".join(open(path, encoding="utf-8").read() for path in corpus)
    gpt2 = board.board.rows[0]
    assert gpt2.tokens == len(get_encoding("gpt2").encode(text, allowed_special="all"))
    assert board.progress.value() == 1000 and board.export_button.isEnabled()
    table = board.table
    assert table.rowCount() == 3
    table.sortItems(1, Qt.SortOrder.AscendingOrder)  # by tokens, as a number: o200k first
    assert table.item(0, 0).text() == "o200k_base" and table.item(2, 0).text() == "gpt2"
    board.metric_choice.setCurrentIndex(board.metric_choice.findData("renyi_efficiency"))
    (bars,) = board.bars
    heights = list(bars.opts["height"])
    assert heights == pytest.approx([row.renyi_efficiency for row in board.board.rows])


def test_the_worst_served_language_is_a_click_away(qtbot, tab, corpus):
    board = measured(qtbot, tab, corpus)
    board.table.selectRow(0)
    row = board.selected_row()
    assert row.worst_language == "zh" and board.worst_button.isEnabled()
    assert "zh" in board.worst_button.text() and row.tokenizer in board.worst_button.text()
    dialog = board.show_worst_tokens()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "zh: the first 3,000 characters under gpt2"
    browser = dialog.layout().itemAt(0).widget()
    assert "<E4>" in browser.toPlainText()  # GPT-2 cuts Chinese characters into bytes, shown as such


def test_the_board_exports_csv_html_png_and_svg(qtbot, tab, corpus, tmp_path):
    board = measured(qtbot, tab, corpus)
    for suffix in ("csv", "html", "png", "svg"):
        assert board.export(tmp_path / f"board.{suffix}"), suffix
    rows = list(csv.DictReader(open(tmp_path / "board.csv", encoding="utf-8")))
    assert [row["tokenizer"] for row in rows] == ["gpt2", "cl100k_base", "o200k_base"]
    assert "Rényi efficiency" in (tmp_path / "board.html").read_text(encoding="utf-8")
    assert (tmp_path / "board.png").read_bytes()[:4] == b"\x89PNG"
    assert b"<svg" in (tmp_path / "board.svg").read_bytes()[:400]


def test_cancel_stops_the_board_and_says_so(qtbot, tab, corpus):
    board = tab.board
    tab.pages.setCurrentWidget(board)
    board.set_corpus(corpus)
    qtbot.mouseClick(board.run_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(board.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: board.run_button.isEnabled(), timeout=WAIT_MS)
    assert board.board is None and board.status.text() == "The board was cancelled."


def test_the_summary_says_the_size_the_files_and_the_segmenters_as_people_read_them(english, qtbot, tab, corpus):
    """A 35 KB corpus said as such (it read "0.0 MB"); the word cutters named as the X-ray names them ("Unicode word
    boundaries and rjieba (Chinese)", not "rjieba, unicode"); one file in the singular."""
    from app.vocabulary.segmenter_names import segmenter_text

    board = measured(qtbot, tab, corpus)
    size = sum(len(open(path, encoding="utf-8").read().encode()) for path in corpus)
    segmenters = segmenter_text(board.board.text.segmenters)
    assert "Unicode word boundaries" in segmenters and "(Chinese)" in segmenters
    assert board.status.text().startswith(f"2 files, {size / 1000:.1f}\u00a0KB, ")
    assert f"(cut by {segmenters}); premiums over en." in board.status.text()
    tab.board.board = None
    one = measured(qtbot, tab, corpus[1:])
    assert one.status.text().startswith("1 file, ")


def test_a_tokenizer_file_opened_in_the_tab_is_measured_on_the_board(qtbot, tab, corpus, tmp_path):
    """A SentencePiece model opened with Open tokenizer… (a "file:" choice) is measured with the references: it was
    left out without a word (its key is no path, and a library's tokenizer is no tokenizer of ours to write)."""
    import sentencepiece
    from test_foreign_builders import build_sentencepiece

    path = build_sentencepiece(
        tmp_path, "bpe", "llama", normalization_rule_name="identity", remove_extra_whitespaces=False
    )
    tab.add_file(path)
    board = measured(qtbot, tab, corpus)
    names = [row.tokenizer for row in board.board.rows]
    assert names == ["gpt2", "cl100k_base", "o200k_base", "llama.model"]
    library = sentencepiece.SentencePieceProcessor(model_file=str(path))
    assert board.board.rows[3].tokens == sum(len(library.encode(open(p, encoding="utf-8").read())) for p in corpus)


# --- each row as soon as it is measured (issue 44: a gigabyte's board answers while the user looks) --------------
@pytest.fixture
def panel(qtbot, tmp_path, corpus):
    """The board panel over an English and a Chinese file, with a SentencePiece model (its library) given first and
    two references after it."""
    model = str(build_sentencepiece(tmp_path, "bpe"))
    widget = BoardPanel(lambda: [("sp-model", model), ("gpt2", "gpt2"), ("o200k_base", "o200k_base")])
    qtbot.addWidget(widget)
    widget.set_corpus(corpus)
    yield widget
    widget.shutdown()


def seen_rows(panel) -> list[tuple[list[str], str, int]]:
    """What the panel shows after each row told: the table's tokenizers, the status, the chart's bar items."""
    seen: list[tuple[list[str], str, int]] = []

    def look(*_):
        names = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
        seen.append((names, panel.status.text(), len(panel.bars)))
        places.append(bar_places(panel))

    places: list[dict[str, tuple[float, str]]] = []
    panel.row_measured.connect(look)  # (after the panel's own slot: what the user sees)
    panel.places_seen = places
    return seen


def bar_places(panel) -> dict[str, tuple[float, str]]:
    """Each tokenizer named under the chart: its place and the colour of its bar there ("" if it has none yet)."""
    (bars,) = panel.bars
    colour = {float(x): pg.mkBrush(brush).color().name() for x, brush in zip(bars.opts["x"], bars.opts["brushes"])}
    ((ticks),) = panel.chart.getAxis("bottom")._tickLevels
    return {name: (float(x), colour.get(float(x), "")) for x, name in ticks}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_references_rows_show_before_the_board_is_done(qtbot, panel, language, request):
    request.getfixturevalue("chinese" if language == "zh_CN" else "english")
    seen = seen_rows(panel)
    boards = []
    panel.ready.connect(boards.append)
    panel.compute()
    qtbot.waitUntil(lambda: bool(boards), timeout=WAIT_MS)
    first_names, first_status, first_bars = seen[0]
    assert first_names in (["gpt2"], ["o200k_base"]) and first_bars == 1  # a reference, while the library encodes
    said = {"en": "1 of 3 tokenizers measured; encoding the corpus with the others…", "zh_CN": "已测完 1/3 个分词器"}
    assert said[language] in first_status, first_status
    order = ["sp-model", "gpt2", "o200k_base"]
    for count, (names, _, bars) in enumerate(seen, 1):  # a row more each time, in the tokenizers' order
        assert len(names) == count and names == [name for name in order if name in names] and bars == 1
    # every tokenizer has its place under the chart from the first row on; each bar keeps its place and colour
    final = bar_places(panel)
    assert list(final) == order and all(colour for _, colour in final.values())
    for places, (names, _, _) in zip(panel.places_seen, seen):
        assert list(places) == order
        assert {name: places[name] for name in names} == {name: final[name] for name in names}
        assert all(places[name][1] == "" for name in order if name not in names)  # no bar yet
    shown = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    assert shown == ["sp-model", "gpt2", "o200k_base"] and panel.board is boards[0]
    assert panel.export_button.isEnabled() and "tokenizers measured" not in panel.status.text()
    tokens = {row.tokenizer: row.tokens for row in boards[0].rows}
    assert tokens["gpt2"] > tokens["o200k_base"] > 0  # the rows told are the board's


def test_a_cancel_after_a_row_keeps_the_rows_measured_and_says_how_many(qtbot, panel):
    seen = seen_rows(panel)
    panel.row_measured.connect(lambda *_: panel.cancel_button.click() if len(seen) == 1 else None)
    panel.compute()
    qtbot.waitUntil(lambda: panel.run_button.isEnabled(), timeout=WAIT_MS)
    done = len(seen)
    assert 1 <= done < 3 and panel.board is None and not panel.export_button.isEnabled()
    assert re.fullmatch(
        rf"The board was cancelled; {done} of 3 tokenizers were measured \(shown\)\.", panel.status.text()
    )
    assert panel.table.rowCount() == done and len(panel.bars) == 1


def test_a_row_of_an_earlier_run_is_not_shown(qtbot, panel):
    """A row told late by a run replaced since (its number is not the panel's run) changes nothing shown."""
    panel.compute()
    qtbot.waitUntil(lambda: panel.board is not None, timeout=WAIT_MS)
    shown, status = panel.board, panel.status.text()
    stale = shown.rows[1]
    panel.row_measured.emit(panel.run_number - 1, 0, ["sp-model", "gpt2", "o200k_base"], stale)
    assert panel.board is shown and panel.status.text() == status and panel.table.rowCount() == 3


def test_export_is_off_while_a_run_may_replace_the_board_shown(qtbot, panel):
    """The board shown is replaced at the next run's first row, which may come while a save dialog is open: Export
    is off from Measure until the run ends; a run cancelled before its first row gives the board shown its Export
    back."""
    panel.compute()
    qtbot.waitUntil(lambda: panel.board is not None, timeout=WAIT_MS)
    shown = panel.board
    assert panel.export_button.isEnabled()
    panel.compute()
    assert not panel.export_button.isEnabled() and panel.board is shown
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: panel.run_button.isEnabled(), timeout=WAIT_MS)
    if panel.board is shown:  # cancelled before the run's first row: the board from before, exportable
        assert panel.export_button.isEnabled() and panel.status.text() == "The board was cancelled."
    else:  # a row came first: the rows measured are shown, no board to export
        assert not panel.export_button.isEnabled() and panel.board is None
