"""The same vocabulary cut other ways in the Compare tab (issue 22): a pane per method beside the tokenizer's own,
with exactly the engine's cuts, and a BPE-dropout pane with its probability and "Sample again"."""

import pytest

from app.compare import CompareView
from bpe_core.encoding.methods import methods_of
from bpe_core.foreign import TiktokenTokenizer

TEXT = "preprocessing antidisestablishment, tokenizers 中文字符 <|endoftext|> 12345"


@pytest.fixture
def view(qtbot):
    v = CompareView(text=TEXT)
    qtbot.addWidget(v)
    v.resize(1400, 800)
    v.show()
    qtbot.waitUntil(lambda: not v.busy(), timeout=30000)
    yield v
    v.shutdown()


def test_a_pane_per_method_shows_the_engines_cut(qtbot, view):
    o200k = methods_of(TiktokenTokenizer.reference("o200k_base"))
    actions = {a.text(): a for a in view.panes["o200k_base"].methods_menu.actions()}
    assert {"Greedy longest match", "Fewest tokens", "BPE-dropout"} <= set(actions)
    actions["Fewest tokens"].trigger()
    view.show_method("o200k_base", "greedy")
    qtbot.waitUntil(lambda: not view.busy(), timeout=30000)
    for name in ("fewest", "greedy"):
        pane = view.panes[f"o200k_base#{name}"]
        assert pane.ids() == o200k.encode(TEXT, name)
    assert view.pane_records["o200k_base#fewest"].title.endswith("· fewest tokens")
    assert len(view.panes["o200k_base#fewest"].ids()) <= len(view.panes["o200k_base"].ids())


def test_a_dropout_pane_samples_again(qtbot, view):
    pane = view.show_method("gpt2", "dropout")
    qtbot.waitUntil(lambda: not view.busy(), timeout=30000)
    assert pane.dropout_slider.value() == 10 and "p = 0.10" in pane.dropout_label.text()
    gpt2 = methods_of(TiktokenTokenizer.reference("gpt2"))
    assert pane.ids() == gpt2.encode(TEXT, "dropout", p=0.1, seed=0)
    pane.dropout_slider.setValue(60)
    pane.again_button.click()
    qtbot.waitUntil(lambda: not view.busy(), timeout=30000)
    again = view.panes["gpt2#dropout"]
    assert again.ids() == gpt2.encode(TEXT, "dropout", p=0.6, seed=1)
    assert gpt2.tokenizer.decode(again.ids()) == TEXT
    assert "p=0.6 (draw 1)" in view.pane_records["gpt2#dropout"].title


def test_the_agreement_says_where_and_why_the_cuts_first_differ(qtbot, view):
    view.set_text("Hello 12345 and 中文字符")
    view.set_reference("gpt2")
    qtbot.waitUntil(lambda: not view.busy() and view.panes["o200k_base"].agreement.toolTip() != "", timeout=30000)
    why = view.panes["o200k_base"].agreement.toolTip()
    assert why.startswith("First difference") and "pre-tokenizer" in why


def test_the_methods_chart_compares_every_tokenizer_shown(qtbot, view):
    dialog = view.show_methods_chart()
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.costs), timeout=30000)
    cost = {(c.tokenizer, c.method): c.tokens for c in dialog.costs}
    names = {c.tokenizer for c in dialog.costs}
    assert names == {"tiktoken gpt2", "tiktoken cl100k_base", "tiktoken o200k_base"}
    for name in names:
        assert cost[name, "fewest"] <= min(cost[name, "bpe"], cost[name, "greedy"])
    assert cost["tiktoken o200k_base", "bpe"] == len(TiktokenTokenizer.reference("o200k_base").encode(TEXT))
    assert dialog.table.rowCount() == 3 and len(dialog.bars) == 4
    dialog.close()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_methods_chart_names_every_group_of_bars_and_cuts_no_header(qtbot, view, tmp_path, language, request):
    """Six tokenizers, one of them long-named: each group of bars has its name beside it (the upright bars' names
    overlapped and the axis dropped the last two), no two names overlap, and every column header of the table is
    whole ("edy longest ma" was shown of "greedy longest match"), in English and Chinese."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.formats import save_json
    from tests.gui.test_charts import tick_labels

    small = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"in", 257: b"ing"}, [(b"i", b"n"), (b"in", b"g")])
    for name in ("our first tokenizer, trained on a long weekend of prose", "two", "three"):
        save_json(small, tmp_path / f"{name}.json")
        assert view.add_tokenizer_file(tmp_path / f"{name}.json") is not None
    qtbot.waitUntil(lambda: not view.busy() and len(view.pane_set.results()) == 6, timeout=30000)
    dialog = view.show_methods_chart()
    qtbot.addWidget(dialog)
    dialog.resize(900, 620)
    qtbot.waitUntil(lambda: bool(dialog.costs), timeout=30000)
    names = list(dict.fromkeys(c.tokenizer for c in dialog.costs))
    assert len(names) == 6

    def drawn_labels():
        dialog.chart.grab()  # pyqtgraph lays its axes out when it paints
        return tick_labels(dialog.chart.getAxis("left"))

    qtbot.waitUntil(lambda: len(drawn_labels()) == len(names), timeout=5000)
    drawn = drawn_labels()
    for (text, _), name in zip(drawn, names):
        assert text == name or (text.endswith("…") and name.startswith(text[:-1])), (text, name)
    for i, (text, rect) in enumerate(drawn):
        assert not any(rect.intersects(other) for _, other in drawn[i + 1 :]), f"{text!r} overlaps the next"
    header = dialog.table.horizontalHeader()
    for column in range(dialog.table.columnCount()):
        text = dialog.table.horizontalHeaderItem(column).text()
        assert header.fontMetrics().horizontalAdvance(text) < header.sectionSize(column), text
    dialog.close()


def test_the_methods_chart_cuts_its_names_again_when_the_dialog_is_resized(qtbot, view, tmp_path):
    """A long name is cut to a third of a narrowed chart, and shown longer again when the dialog is widened (it was
    cut once, when the figures came, whatever the dialog's size afterwards)."""
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.formats import save_json

    small = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"in"}, [(b"i", b"n")])
    save_json(small, tmp_path / "our first tokenizer, trained on a long weekend of prose.json")
    view.add_tokenizer_file(tmp_path / "our first tokenizer, trained on a long weekend of prose.json")
    qtbot.waitUntil(lambda: not view.busy() and len(view.pane_set.results()) == 4, timeout=30000)
    dialog = view.show_methods_chart()
    qtbot.addWidget(dialog)
    dialog.resize(1000, 620)
    qtbot.waitUntil(lambda: bool(dialog.costs), timeout=30000)
    axis = dialog.chart.getAxis("left")

    def longest_name() -> int:
        return max(len(text) for text in axis.tick_labels.values())

    wide = longest_name()
    dialog.resize(420, 620)
    qtbot.waitUntil(lambda: axis.width() <= dialog.chart.width() // 3 + 14)
    assert longest_name() < wide
    dialog.resize(1000, 620)
    qtbot.waitUntil(lambda: longest_name() == wide)
    dialog.close()
