"""The Vocabulary tab through its real widgets: o200k's table, filters and sorting, the longest tokens, the overlap
of our trained tokenizer with o200k, the audit (a token made unreachable on purpose, Cancel, export), why a merge
was made, and language parity. Every figure is checked against the engine (bpe_core.vocabulary) run directly."""

from __future__ import annotations

import csv
import json
import string
import xml.etree.ElementTree as ET

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtWidgets import QFileDialog

from app.common.wording import i18n
from app.common.wording.tie_break import tie_text
from app.vocabulary import VocabularyTab, choices
from app.vocabulary.table_model import VocabularyModel
from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.formats import save_json
from bpe_core.render.token_label import render_pair
from bpe_core.training.merged_vocab import vocab_from_merges
from bpe_core.vocabulary import build_table, filter_rows, longest_by_script, vocabulary_source
from bpe_core.vocabulary.overlap import vocabulary_overlap
from bpe_core.vocabulary.why_merge import TieBreak
from bpe_core.words import chinese_segmenter

WAIT_MS = 60000


@pytest.fixture
def tab(qtbot):
    """A Vocabulary tab on its own, shown, with o200k loaded (its default)."""
    widget = VocabularyTab()
    qtbot.addWidget(widget)
    widget.resize(1300, 800)
    widget.show()
    qtbot.waitUntil(lambda: widget.current is not None, timeout=WAIT_MS)
    yield widget
    widget.shutdown()


@pytest.fixture(scope="module")
def o200k_table():
    return build_table(vocabulary_source(TiktokenTokenizer.reference("o200k_base")))


@pytest.fixture
def chinese_corpus(tmp_path):
    """The first 60,000 characters of the shipped Chinese prose (红楼梦)."""
    text = corpus_path("chinese-prose").read_text(encoding="utf-8")[:60000]
    path = tmp_path / "hongloumeng.txt"
    path.write_text(text, encoding="utf-8")
    return path


def shown_rows(model: VocabularyModel) -> np.ndarray:
    return np.array([model.row_of_view(r) for r in range(model.rowCount())], dtype=np.int64)


def test_the_pages_with_charts_are_made_when_first_opened(qtbot):
    """A tab never shown makes none of them (65 of its 75 ms); shown, its first page; each other one when opened,
    in its place and with its title; closing stops only the pages made."""
    widget = VocabularyTab()
    qtbot.addWidget(widget)
    titles = [widget.pages.tabText(i) for i in range(widget.pages.count())]
    assert titles == ["Tokens", "Overlap", "Audit", "Why this merge", "Language parity", "Numbers", "X-ray", "Board"]
    assert widget.lazy_pages.made() == []
    widget.show()
    assert widget.lazy_pages.made() == [widget.pages.currentWidget()] == [widget.browse]
    widget.pages.setCurrentIndex(4)
    assert widget.pages.currentWidget() is widget.parity and widget.parity.isVisible()
    assert len(widget.lazy_pages.made()) == 2 and widget.pages.currentIndex() == 4
    widget.pages.setCurrentIndex(0)
    assert widget.pages.indexOf(widget.audit) == 2 and widget.pages.currentIndex() == 0  # asked for: made in place
    assert [widget.pages.tabText(i) for i in range(widget.pages.count())] == titles
    qtbot.waitUntil(lambda: not widget.busy(), timeout=WAIT_MS)
    widget.shutdown()


def test_o200k_loads_with_every_token(tab, o200k_table):
    model = tab.browse.view.model_
    assert tab.current.choice.key == "o200k_base"
    assert model.rowCount() == len(o200k_table) == 200_000
    assert "200,000 of 200,000 tokens" in tab.browse.count_label.text()
    first = model.index(0, model.column_of("label"))
    assert model.data(first) == "!" and model.data(model.index(0, model.column_of("id"))) == 0


def test_a_shown_table_is_ordered_for_sorting_after_its_paint_and_a_quick_switch_is_kept(qtbot, tab):
    """The strings of a table shown are ordered in a worker once it is painted (not during the paint); another
    vocabulary chosen before that starts is not cancelled by it (the newest job wins)."""
    qtbot.waitUntil(lambda: not tab.busy(), timeout=WAIT_MS)
    assert tab.current.choice.key == "o200k_base" and set(tab.current.table._orders) == {"bytes", "label"}
    tab.loaded.pop("gpt2", None)
    choices._SHIPPED.pop("gpt2", None)  # built afresh, not the table another test ordered
    switched = []

    def choose_another(loaded):
        if loaded.choice.key == "gpt2" and not switched:
            switched.append(loaded)
            assert not tab.jobs.busy()  # the ordering is not started while the rows are painted
            tab.show_vocabulary("cl100k_base")

    tab.shown.connect(choose_another)
    tab.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: tab.current.choice.key == "cl100k_base" and not tab.busy(), timeout=WAIT_MS)
    assert set(tab.current.table._orders) == {"bytes", "label"}
    assert not switched[0].table._orders  # gpt2's strings: ordered at its first sort instead


def test_the_scripts_page_says_what_the_other_class_holds(tab, o200k_table):
    """o200k's 23,363 "other" tokens were one unexplained bar: under the chart, the page names their scripts."""
    tab.browse.charts.setCurrentIndex(0)
    label = tab.browse.other_label
    assert label.isVisible() and label.text().startswith("other (23,363 tokens): Devanagari 3,914, Hebrew 2,363")
    assert "Greek 1,507" in label.text() and "control/format 74" in label.text()  # (µ, ℓ, 𝔘: letters, not controls)


def test_filter_by_script_han_shows_only_han_tokens(qtbot, tab, o200k_table):
    filters, model = tab.browse.filters, tab.browse.view.model_
    filters.script.setCurrentIndex(filters.script.findData("Han"))  # the real combo
    qtbot.waitUntil(lambda: model.rowCount() < 200_000, timeout=5000)
    rows = shown_rows(model)
    assert rows.tolist() == filter_rows(o200k_table, scripts=["Han"]).tolist()
    assert {model.data(model.index(r, model.column_of("script"))) for r in range(model.rowCount())} == {"Han"}
    # a substring narrows it further; the leading-space filter too
    filters.substring.setText("中国")  # typed through an input method: keyClicks takes ASCII only
    qtbot.waitUntil(lambda: all("中国" in model.data(model.index(r, 2)) for r in range(model.rowCount())), timeout=5000)
    assert model.rowCount() == len(filter_rows(o200k_table, scripts=["Han"], substring="中国")) > 0
    filters.space.setCurrentIndex(filters.space.findData(True))
    qtbot.waitUntil(lambda: not tab.browse.filtering(), timeout=5000)
    assert all(model.data(model.index(r, 2)).startswith("␣") for r in range(model.rowCount()))


def test_sort_by_length_through_the_header(qtbot, tab, o200k_table):
    view, model = tab.browse.view, tab.browse.view.model_
    column = model.column_of("length")
    view.sortByColumn(column, Qt.SortOrder.DescendingOrder)
    lengths = o200k_table.n_bytes[shown_rows(model)]
    assert (np.diff(lengths) <= 0).all() and lengths[0] == o200k_table.n_bytes.max()
    view.sortByColumn(model.column_of("id"), Qt.SortOrder.AscendingOrder)
    assert shown_rows(model)[:5].tolist() == [0, 1, 2, 3, 4]


def test_longest_han_token_is_what_the_engine_says(qtbot, tab, o200k_table):
    tab.browse.show_longest("Han")
    longest = tab.browse.longest.model_
    expected = longest_by_script(o200k_table, 50)["Han"]
    assert shown_rows(longest).tolist() == expected.tolist()
    assert longest.data(longest.index(0, longest.column_of("label"))) == o200k_table.labels[expected[0]]
    # the Han share chart has a bar per stretch of ranks
    assert len(tab.browse.rank_chart.shares) > 10


def test_a_regex_filters_in_a_thread_and_the_newest_filter_wins(qtbot, tab, o200k_table):
    filters, model = tab.browse.filters, tab.browse.view.model_
    filters.pattern.setText(r"^␣?\p{Han}{4,}$")  # the field's visible space stands for a space
    filters.emit_now()
    assert tab.browse.filtering() and model.rowCount() == 200_000  # the window goes on while the regex runs
    filters.pattern.setText("ization$")
    filters.emit_now()
    qtbot.waitUntil(lambda: not tab.browse.filtering(), timeout=10000)
    assert shown_rows(model).tolist() == filter_rows(o200k_table, pattern="ization$").tolist()
    assert "of 200,000 tokens" in tab.browse.count_label.text() and 0 < model.rowCount() < 1000
    filters.pattern.setText("")
    filters.emit_now()
    qtbot.waitUntil(lambda: model.rowCount() == 200_000, timeout=10000)


def test_a_bad_regex_is_named_and_keeps_the_rows(qtbot, tab):
    filters, model = tab.browse.filters, tab.browse.view.model_
    qtbot.keyClicks(filters.pattern, "(the")
    qtbot.waitUntil(lambda: tab.browse.filter_error.isVisible(), timeout=5000)
    assert "(the" in tab.browse.filter_error.text() and "not valid" in tab.browse.filter_error.text()
    assert model.rowCount() == 200_000


def test_the_table_model_passes_qt_checks(qtmodeltester):
    model = VocabularyModel()
    model.set_table(build_table(vocabulary_source(TiktokenTokenizer.reference("gpt2"))), base=np.arange(0, 50257, 97))
    qtmodeltester.check(model)


def made_unreachable() -> Tokenizer:
    """``abc`` is made by (a, bc) but the text "abc" encodes as ``ab c``: no text produces token 258."""
    merges = [(b"a", b"b"), (b"b", b"c"), (b"a", b"bc")]
    return Tokenizer(vocab_from_merges(merges), merges, pattern="none")


def test_audit_finds_a_token_made_unreachable_on_purpose(qtbot, tab, tmp_path):
    tokenizer = made_unreachable()
    tab.set_own_tokenizer(tokenizer, "demo")
    qtbot.waitUntil(lambda: tab.current.choice.key == "own", timeout=WAIT_MS)
    audit = tab.audit
    tab.pages.setCurrentWidget(audit)
    qtbot.mouseClick(audit.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: audit.audit is not None and audit.run_button.isEnabled(), timeout=WAIT_MS)
    assert audit.audit.unreachable == {258: (256, 99)}
    assert audit.finding.currentData() == "unreachable"
    model = audit.tokens.model_
    assert model.rowCount() == 1 and model.data(model.index(0, model.column_of("label"))) == "abc"
    assert "1 unreachable" in audit.status.text()
    # exported as CSV and JSON
    assert audit.export(tmp_path / "audit.csv") and audit.export(tmp_path / "audit.json")
    rows = list(csv.DictReader((tmp_path / "audit.csv").open(encoding="utf-8")))
    assert [r["id"] for r in rows if r["unreachable"] == "True"] == ["258"]
    assert json.loads((tmp_path / "audit.json").read_text(encoding="utf-8"))["unreachable"] == {"258": [256, 99]}


def test_audit_counts_usage_in_the_compare_text(qtbot):
    text = "abab c"
    widget = VocabularyTab(lambda: text)
    qtbot.addWidget(widget)
    widget.show()
    try:
        widget.set_own_tokenizer(made_unreachable(), "demo")
        qtbot.waitUntil(lambda: widget.current is not None and widget.current.choice.key == "own", timeout=WAIT_MS)
        audit = widget.audit
        audit.usage.setCurrentIndex(audit.usage.findData("compare"))
        qtbot.mouseClick(audit.run_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: audit.audit is not None, timeout=WAIT_MS)
        audit.finding.setCurrentIndex(audit.finding.findData("unused"))
        model = audit.tokens.model_
        labels = {model.data(model.index(r, model.column_of("label"))) for r in range(model.rowCount())}
        assert {"bc", "abc"} <= labels and "ab" not in labels and "a" in labels  # "a" alone is never used
    finally:
        widget.shutdown()


def test_audit_cancel_stops_it(qtbot, tab):
    audit = tab.audit
    qtbot.mouseClick(audit.run_button, Qt.MouseButton.LeftButton)
    assert audit.cancel_button.isEnabled()
    qtbot.mouseClick(audit.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: audit.run_button.isEnabled(), timeout=WAIT_MS)
    assert audit.audit is None and "cancelled" in audit.status.text()


def test_an_unreadable_usage_file_is_named_and_nothing_runs(qtbot, tab, tmp_path):
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"caf\xe9 ok")
    tab.audit.set_usage_file(bad)
    qtbot.mouseClick(tab.audit.run_button, Qt.MouseButton.LeftButton)
    assert "latin1.txt" in tab.audit.status.text() and "offset 3" in tab.audit.status.text()
    assert not tab.audit.jobs.busy() and tab.audit.run_button.isEnabled()


def test_parity_table_has_english_at_one(qtbot, tab):
    parity = tab.parity
    tab.pages.setCurrentWidget(parity)
    qtbot.mouseClick(parity.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(parity.rows), timeout=WAIT_MS)
    english = [r for r in parity.rows if r.language == "en"]
    assert {r.tokenizer for r in english} == {"gpt2", "cl100k_base", "o200k_base"}
    assert all(r.premium == 1.0 for r in english)
    table = parity.table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text().endswith("(en)"))
    assert [table.item(row, 3 + 3 * t).text() for t in range(3)] == ["1.00"] * 3
    chinese = next(r for r in parity.rows if r.language == "zh" and r.tokenizer == "gpt2")
    assert chinese.tokens == len(get_encoding("gpt2").encode_ordinary(parity.passage.texts["zh"]))


def train_on(window, train, corpus, vocab_size):
    window.train_tab.corpus_panel.add_files([corpus])
    window.train_tab.settings_panel.apply(vocab_size=vocab_size, special_tokens=[], pattern="o200k")
    return train(window)


@pytest.mark.slow
def test_overlap_of_ours_and_o200k_after_training_on_chinese(qtbot, window, train, chinese_corpus, o200k_table):
    train_on(window, train, chinese_corpus, 700)
    tab = window.vocabulary_tab
    window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "own", timeout=WAIT_MS)
    overlap = tab.overlap
    tab.pages.setCurrentWidget(overlap)
    overlap.pick("own", "o200k_base")
    with qtbot.waitSignal(overlap.ready, timeout=WAIT_MS):
        qtbot.mouseClick(overlap.compare_button, Qt.MouseButton.LeftButton)
    ours = build_table(vocabulary_source(window.train_tab.tokenizer))
    expected = vocabulary_overlap(ours, o200k_table)
    got = overlap.overlap
    assert got.shared_a.tolist() == expected.shared_a.tolist() and got.only_b.tolist() == expected.only_b.tolist()
    assert f"{len(expected.shared_a):,} shared tokens" in overlap.summary.text()
    # a name with a colon ("Ours: 700 merges") quoted inside the sentence, not read as part of it
    assert f"{len(expected.only_a):,} only in “{got.a.name}”" in overlap.summary.text()
    only_ours = overlap.only_a.model_
    assert only_ours.rowCount() == len(expected.only_a) > 0
    o200k_bytes = set(o200k_table.tokens)
    assert all(ours.tokens[only_ours.row_of_view(r)] not in o200k_bytes for r in range(only_ours.rowCount()))
    by_script = {
        overlap.scripts.item(r, 0).text(): overlap.scripts.item(r, 1).text() for r in range(overlap.scripts.rowCount())
    }
    assert by_script["Han"] == f"{expected.by_script()['Han'][0]:,}"


@pytest.mark.slow
def test_why_this_merge_shows_lines_containing_the_pair(qtbot, window, train, chinese_corpus):
    train_on(window, train, chinese_corpus, 300)
    tab = window.vocabulary_tab
    window.tabs.setCurrentWidget(tab)
    tab.pages.setCurrentWidget(tab.why)
    rank = 5
    with qtbot.waitSignal(tab.why.explained, timeout=WAIT_MS) as blocker:
        window.train_tab.select_rank(rank)  # a merge selected in the Train tab's table
    explanation = blocker.args[0]
    left, right = window.train_tab.tokenizer.merges[rank]
    pair = (left + right).decode("utf-8", "replace")
    assert explanation.rank == rank and explanation.occurrences
    lines = tab.why.lines
    assert lines.rowCount() == len(explanation.occurrences)
    assert all(lines.item(r, 2).text() == pair for r in range(lines.rowCount()))
    text = chinese_corpus.read_text(encoding="utf-8").splitlines()
    for o in explanation.occurrences:
        assert text[o.line - 1][o.column : o.column + len(o.pair)] == o.pair
    assert tab.why.runner_ups.item(0, 0).text() == render_pair(left, right)  # the chosen pair leads the runner-ups


@pytest.mark.slow
def test_double_click_in_the_vocabulary_opens_the_merge_tree(qtbot, window):
    tab = window.vocabulary_tab
    window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.current is not None, timeout=WAIT_MS)
    view = tab.browse.view
    token_id = 200_000 - 1
    assert view.select_id(token_id)
    index = view.model_.index(view.model_.view_row_of_id(token_id), view.model_.column_of("label"))
    view.scrollTo(index)
    point = view.visualRect(index).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)  # an item view needs the first click
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    teaching = window.teaching
    assert teaching is not None and teaching.source.currentData() == "o200k_base"
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=WAIT_MS)  # o200k's merges are derived in a thread
    assert teaching.tree.root.id == token_id


def test_a_tokenizer_file_is_shown_and_a_bad_one_named(qtbot, tab, tmp_path):
    saved = tmp_path / "demo.json"
    save_json(made_unreachable(), saved)
    tab.add_file(saved)
    qtbot.waitUntil(lambda: tab.current.choice.title == "demo.json", timeout=WAIT_MS)
    assert tab.browse.view.model_.rowCount() == 259
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    tab.add_file(bad)
    qtbot.waitUntil(lambda: "Cannot show" in tab.status.text(), timeout=WAIT_MS)
    assert "broken.json" in tab.status.text()
    assert tab.current.choice.title == "demo.json"  # what was shown stays


def test_two_models_tokenizer_json_files_are_named_by_their_folders(qtbot, tab, tmp_path):
    """Two models' ``tokenizer.json`` opened here are told apart as the Compare tab tells them (they were both
    "tokenizer.json" in the picker, on the Board and in the parity table)."""
    from bpe_core.formats import export_huggingface

    for model in ("Model-A", "Model-B"):
        (tmp_path / model).mkdir()
        (exported,) = (p for p in export_huggingface(made_unreachable(), tmp_path / model) if p.suffix == ".json")
        tab.add_file(exported)
        qtbot.waitUntil(lambda model=model: tab.current.choice.title == model, timeout=WAIT_MS)
    titles = [tab.picker.itemText(i) for i in range(tab.picker.count())]
    assert "Model-A" in titles and "Model-B" in titles
    assert [title for title, _ in tab.board_tokenizers()][-2:] == ["Model-A", "Model-B"]
    # a second file of one model (Llama 3's original/tokenizer.model beside its tokenizer.json), and a third folder
    # of the same name: each its own name, so that no page's row stands for two (found by a review)
    (tmp_path / "Model-A" / "original").mkdir()
    (tmp_path / "elsewhere" / "Model-A").mkdir(parents=True)
    for folder in (tmp_path / "Model-A" / "original", tmp_path / "elsewhere" / "Model-A"):
        (exported,) = (p for p in export_huggingface(made_unreachable(), folder) if p.suffix == ".json")
        tab.add_file(exported)
    tab.add_file(tmp_path / "Model-A" / "tokenizer.json")  # (opened again: the same name)
    names = [title for title, _ in tab.board_tokenizers()][-4:]
    assert names == [
        "Model-A",
        "Model-B",
        "Model-A (tokenizer.json)",
        str(tmp_path / "elsewhere" / "Model-A" / "tokenizer.json"),
    ]
    assert len(tab.parity_encoders()) == len(tab.shown_tokenizers()) == len(tab.board_tokenizers())


def test_the_pages_follow_the_vocabulary_chosen_at_the_top(qtbot, tab, tmp_path):
    """Overlap starts from the vocabulary shown; language parity measures every tokenizer in play, a file opened
    here too (issue 19)."""
    assert tab.overlap.pick_a.currentData() == "o200k_base"  # the default vocabulary
    saved = tmp_path / "demo.json"
    save_json(made_unreachable(), saved)
    tab.add_file(saved)
    qtbot.waitUntil(lambda: tab.current.choice.title == "demo.json", timeout=WAIT_MS)
    key = tab.current.choice.key
    assert tab.overlap.pick_a.currentData() == key and tab.overlap.pick_b.currentData() != key
    parity = tab.parity
    tab.pages.setCurrentWidget(parity)
    qtbot.mouseClick(parity.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(parity.rows) and not parity.jobs.busy(), timeout=WAIT_MS)
    assert {r.tokenizer for r in parity.rows} == {"gpt2", "cl100k_base", "o200k_base", "demo.json"}
    english = next(r for r in parity.rows if r.language == "en" and r.tokenizer == "demo.json")
    assert english.tokens == len(made_unreachable().encode(parity.passage.texts["en"]))


def test_tokenizers_added_to_the_compare_tab_are_offered(qtbot, window, tmp_path):
    saved = tmp_path / "added.json"
    save_json(made_unreachable(), saved)
    assert window.compare_view.add_tokenizer_file(saved) is not None
    window.tabs.setCurrentWidget(window.vocabulary_tab)
    picker = window.vocabulary_tab.picker
    assert any("added.json" in picker.itemText(i) for i in range(picker.count()))


def _fields(text: str) -> list[tuple[str, str]]:
    """The ``str.format`` fields of ``text`` with their format specs, e.g. ``[("count", ",")]``."""
    return sorted((name, spec) for _, name, spec, _ in string.Formatter().parse(text) if name is not None)


@pytest.mark.parametrize("part", ["vocabulary", "pyqtgraph"])
def test_chinese_translations_keep_every_field_and_its_format(part):
    """Each translation formats with the same fields and specs as its English source (``{count:,}`` included)."""
    ts = next(p for p in i18n.translation_files("zh_CN") if p.name == f"{part}_zh_CN.qm").with_suffix(".ts")
    messages = ET.parse(ts).getroot().iter("message")
    pairs = [
        (m.findtext("source"), m.findtext("translation/numerusform") or m.findtext("translation")) for m in messages
    ]
    assert len(pairs) > 80
    assert [(s, t) for s, t in pairs if not t or _fields(s) != _fields(t)] == []


@pytest.fixture
def chinese(qapp):
    """The Vocabulary tab's, app/common's (in train_zh_CN) and pyqtgraph's Chinese translations installed (removed
    afterwards)."""
    translators = []
    for path in i18n.translation_files("zh_CN"):
        if path.name in ("vocabulary_zh_CN.qm", "train_zh_CN.qm", "pyqtgraph_zh_CN.qm"):
            translator = QTranslator()
            assert translator.load(str(path)), path
            QCoreApplication.installTranslator(translator)
            translators.append(translator)
    assert len(translators) == 3
    yield
    for translator in translators:
        QCoreApplication.removeTranslator(translator)


def test_the_tab_in_chinese(qtbot, chinese):
    tab = VocabularyTab()  # not shown: nothing is loaded
    qtbot.addWidget(tab)
    pages = [tab.pages.tabText(i) for i in range(tab.pages.count())]
    assert pages == ["词元", "重合", "审查", "为何这样合并", "语言公平性", "数字", "透视", "评测榜"]
    model = tab.browse.view.model_
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[:3] == ["ID", "合并序号", "词元"]
    assert tab.browse.filters.script.itemText(tab.browse.filters.script.findData("Han")) == "汉字"
    assert tab.parity.status.text().startswith("《世界人权宣言》第一条：15 种语言")
    tie = TieBreak(count=1234, tied=((b"aa", b"a"), (b"a", b"b")), decided_by="right")
    text = tie_text(tie)
    assert "1,234" in text and render_pair(b"aa", b"a") in text and "右词元" in text and "{" not in text
    chart = pg.PlotWidget()  # pyqtgraph's own right-click menus, as a chart with its menu enabled has them
    qtbot.addWidget(chart)
    assert [a.text() for a in chart.getViewBox().menu.actions()][:3] == ["显示全部", "X 轴", "Y 轴"]
    assert chart.getPlotItem().ctrlMenu.title() == "绘图选项"
    assert [a.text() for a in chart.scene().contextMenu] == ["导出…"]
    tab.shutdown()


def test_the_tie_break_is_worded_as_the_engine_words_it(qtbot):
    tab = VocabularyTab()
    qtbot.addWidget(tab)
    for side in ("left", "right"):
        tie = TieBreak(count=2, tied=((b"aa", b"a"), (b"a", b"b"), (b"b", b"c")), decided_by=side)
        assert tie_text(tie) == tie.explain()
    assert tie_text(None).startswith("No tie")
    tab.shutdown()


def test_why_this_merge_follows_the_chosen_vocabulary_on_the_compare_text(qtbot):
    text = "the lowest newest tokenizer: the merges of gpt2 on the Compare text, then the end"
    tab = VocabularyTab(compare_text=lambda: text)
    qtbot.addWidget(tab)
    tab.resize(1300, 800)
    tab.show()
    qtbot.waitUntil(lambda: tab.current is not None, timeout=WAIT_MS)
    tab.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "gpt2", timeout=WAIT_MS)
    assert tab.why.tokenizer.name == "gpt2" and not tab.why.trained
    assert "Compare text" in tab.why.corpus_label.text()
    tab.pages.setCurrentWidget(tab.why)
    the = TiktokenTokenizer.reference("gpt2").encode(" the")[0]
    with qtbot.waitSignal(tab.why.explained, timeout=WAIT_MS) as blocker:
        tab.browse.token_selected.emit(the)  # a token of gpt2 chosen in the Tokens page
    explanation = blocker.args[0]
    left, right = explanation.pair
    assert left + right == b" the" and explanation.count is None
    assert len(explanation.occurrences) == text.count(" the")
    assert all(o.pair == " the" and o.source == "Compare text" for o in explanation.occurrences)
    assert "not in the model's training corpus" in tab.why.tie.text()
    tab.shutdown()


def test_why_this_merge_has_a_token_field_that_completes_and_explains(qtbot):
    """The page opened blank with no way to pick a token on it: a field completes the tokens the vocabulary's merges
    make and explains the one picked (by its label or its text); a token no merge makes is said."""
    text = "the theme of the thesis"
    tab = VocabularyTab(compare_text=lambda: text)
    qtbot.addWidget(tab)
    tab.resize(1300, 800)
    tab.show()
    tab.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "gpt2", timeout=WAIT_MS)
    assert tab.why.labels is None  # listed once the page is shown, not for the Tokens page
    tab.pages.setCurrentWidget(tab.why)
    why = tab.why
    assert why.picker.isEnabled() and "Pick a token" in why.title.text()
    why.picker.setFocus()
    qtbot.keyClicks(why.picker, "hesi")
    completer = why.picker.completer()
    qtbot.waitUntil(lambda: completer.popup().isVisible(), timeout=WAIT_MS)
    shown = {completer.completionModel().index(r, 0).data() for r in range(completer.completionModel().rowCount())}
    assert "hesis" in shown and all("hesi" in label for label in shown)
    gpt2 = TiktokenTokenizer.reference("gpt2")
    with qtbot.waitSignal(why.explained, timeout=WAIT_MS) as blocker:
        why.picker.setText(" the")  # its text, spaces and all: the label is ␣the
        qtbot.keyClick(why.picker, Qt.Key.Key_Return)
    assert b"".join(blocker.args[0].pair) == b" the" and gpt2.merges[blocker.args[0].rank] == blocker.args[0].pair
    assert why.lines.rowCount() == 3 and why.picker.text() == "␣the"
    (theme,) = gpt2.encode(" theme")
    with qtbot.waitSignal(why.explained, timeout=WAIT_MS):
        tab.browse.token_selected.emit(theme)  # chosen in the Tokens page: the field says which token
    assert why.picker.text() == "␣theme"
    why.pick("no such token here")
    assert "No merge makes “no such token here” in this vocabulary" in why.title.text()
    tab.shutdown()


def test_why_this_merge_says_a_pair_absent_from_the_compare_text_and_offers_files(qtbot, tmp_path, monkeypatch):
    """A published model's pair that is not in the Compare text was 'all 0 places it occurs': the page says the pair
    does not occur in the Compare text and offers files to search; one picked is searched."""
    tab = VocabularyTab(compare_text=lambda: "nothing at all")
    qtbot.addWidget(tab)
    tab.resize(1300, 800)
    tab.show()
    tab.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "gpt2", timeout=WAIT_MS)
    tab.pages.setCurrentWidget(tab.why)
    with qtbot.waitSignal(tab.why.explained, timeout=WAIT_MS):
        tab.why.pick("␣the")
    said = tab.why.title.text()
    assert "does not occur in the Compare text" in said and "Corpus files…" in said and "0 places" not in said
    corpus = tmp_path / "thesis.txt"
    corpus.write_text("in the end\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *_args, **_kw: ([str(corpus)], ""))
    with qtbot.waitSignal(tab.why.explained, timeout=WAIT_MS) as blocker:
        qtbot.mouseClick(tab.why.corpus_button, Qt.MouseButton.LeftButton)
    assert [(o.source, o.line, o.pair) for o in blocker.args[0].occurrences] == [("thesis.txt", 1, " the")]
    assert corpus.read_bytes() == b"in the end\n"
    tab.shutdown()


def test_the_xray_page_shows_residues_and_shattered_words_and_exports(qtbot, tmp_path):
    text = " Corresponding Correspondence 景太郎 " * 40
    tab = VocabularyTab(compare_text=lambda: text)
    qtbot.addWidget(tab)
    tab.resize(1300, 800)
    tab.show()
    tab.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "gpt2", timeout=WAIT_MS)
    tab.pages.setCurrentWidget(tab.xray)
    with qtbot.waitSignal(tab.xray.finished, timeout=WAIT_MS) as blocker:
        qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    ray = blocker.args[0]
    assert ray.name == "gpt2" and tab.xray.residues.rowCount() == len(ray.residues) > 0
    tokens = [tab.xray.residues.item(r, 1).text() for r in range(tab.xray.residues.rowCount())]
    assert "resp" in tokens and "residues" in tab.xray.status.text()
    words = [tab.xray.shattered.item(r, 1).text() for r in range(tab.xray.shattered.rowCount())]
    assert "Corresponding" in words and any("景" in w for w in words)
    segmenter = chinese_segmenter()
    assert f"(words cut by Unicode word boundaries and {segmenter} (Chinese))" in tab.xray.status.text()
    with qtbot.waitSignal(tab.tree_requested, timeout=WAIT_MS) as tree:
        tab.xray.residues.cellDoubleClicked.emit(tokens.index("resp"), 0)
    assert tree.args == ["gpt2", ray.residues[tokens.index("resp")].token_id]
    assert tab.xray.export(tmp_path / "x.json") and json.loads((tmp_path / "x.json").read_text())["tokenizer"] == "gpt2"
    tab.shutdown()


def test_audit_counts_a_large_usage_text_on_every_core_alike(qtbot, monkeypatch):
    """A shipped reference's large usage text goes to our engine on every core (parallel_encode.large_text_encoder:
    threads of the window's process where the engine is compiled, else this process and a worker); the usage counts
    are tiktoken's own."""
    from bpe_core.encoding import compiled_encode, parallel_encode

    for name in ("MIN_CHARS", "THREAD_MIN_CHARS"):
        monkeypatch.setattr(parallel_encode, name, 1000)
    monkeypatch.setattr(parallel_encode, "PIECE_CHARS", 20_000)
    monkeypatch.setattr(parallel_encode, "THREAD_PIECE_MOST", 20_000)
    shared = []
    real = parallel_encode._encode_shared
    monkeypatch.setattr(parallel_encode, "_encode_shared", lambda *a, **k: shared.append(k["wait"]) or real(*a, **k))
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:300_000]
    widget = VocabularyTab(lambda: text)
    qtbot.addWidget(widget)
    widget.show()
    try:
        widget._want("gpt2")
        qtbot.waitUntil(lambda: widget.current is not None and widget.current.choice.key == "gpt2", timeout=WAIT_MS)
        audit = widget.audit
        audit.usage.setCurrentIndex(audit.usage.findData("compare"))
        qtbot.mouseClick(audit.run_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: audit.audit is not None, timeout=WAIT_MS * 2)
        table = widget.current.table
        ids = np.asarray(get_encoding("gpt2").encode_ordinary(text))
        expected = np.bincount(table.row_of(ids), minlength=len(table))
        assert audit.audit.usage.tolist() == expected.tolist() and shared
        threads = compiled_encode.available()  # (threads wait for one another: wait=True; workers' feeders do not)
        assert set(shared) == {threads} and (parallel_encode._kept is None) == threads
    finally:
        parallel_encode.close_workers()
        widget.shutdown()
