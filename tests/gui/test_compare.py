"""The Compare view (pytest-qt, offscreen): every pane shows exactly the engine's and tiktoken's ids, partial
UTF-8 characters get their brackets, clicks link the panes, toggles and added panes work, no thread is left."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from app.common.sources import OWN_KEY, REFERENCE_PANES
from app.compare.compare_view import NO_OWN_TOKENIZER, CompareView
from bpe_core.encoding import reference
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import export, save_json
from bpe_core.training.trainer import train_bpe

CORPUS = (
    "the quick brown fox jumps over the lazy dog. the dog sleeps; the fox runs.\n"
    "tokenizers merge frequent pairs: th, he, the, ing, tion.\n"
    "中文分词很有意思，我们一起学习。中文 中文 中文\n"
) * 20


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Tokenizer:
    path = tmp_path_factory.mktemp("corpus") / "corpus.txt"
    path.write_text(CORPUS, encoding="utf-8")
    vocab, merges = train_bpe(path, 400, ["<|endoftext|>"], processes=1)
    return Tokenizer(vocab, merges, ["<|endoftext|>"])


@pytest.fixture
def view(qtbot):
    v = CompareView(text="")
    qtbot.addWidget(v)
    v.resize(1400, 800)
    v.show()
    qtbot.waitUntil(lambda: not v.busy(), timeout=15000)
    yield v
    v.close()


def tiktoken_ids(name: str, text: str) -> list[int]:
    return reference.get_encoding(name).encode(text, allowed_special="all")


def wait_for_ids(qtbot, view: CompareView, expected: dict[str, list[int]], timeout: int = 15000) -> None:
    def shown():
        return {key: view.panes[key].ids() for key in expected} == expected and not view.busy()

    qtbot.waitUntil(shown, timeout=timeout)


def test_typing_updates_every_pane_with_the_engines_ids(qtbot, view, trained):
    view.set_own_tokenizer(trained, "corpus 400")
    text = "the fox naps 中文 🙂 x=1<|endoftext|>"
    view.editor.setFocus()
    qtbot.keyClicks(view.editor, "the fox naps ")  # typed key by key: debounced re-encoding
    view.editor.insertPlainText("中文 🙂 x=1<|endoftext|>")  # what keyClicks cannot type
    assert view.text() == text
    expected = {name: tiktoken_ids(name, text) for name in REFERENCE_PANES}
    expected[OWN_KEY] = trained.encode(text)
    wait_for_ids(qtbot, view, expected)
    assert view.panes[OWN_KEY].result.view.tokens[-1].special
    # every pane draws one box per token
    for key in expected:
        assert len(view.panes[key].canvas.flow.xs) == len(expected[key])
    counts = {key: len(ids) for key, ids in expected.items()}
    fewest = min(counts.values())
    assert {k for k, p in view.panes.items() if p.fewest.isVisibleTo(p)} == {
        k for k, c in counts.items() if c == fewest
    }


def test_an_empty_text_marks_no_pane_fewest_and_has_nothing_to_copy(qtbot, view, trained, qtlog):
    """Every pane of an empty text has 0 tokens: none is "fewest" (all were, in green), none offers to copy ids,
    and emptying the editor moves no cursor out of the document (Qt warned "Position '1' out of range")."""
    view.set_own_tokenizer(trained, "corpus 400")
    view.set_text("the fox")
    qtbot.waitUntil(lambda: not view.busy() and view.panes[OWN_KEY].token_count() == 2, timeout=15000)
    assert view.panes[OWN_KEY].copy_button.isEnabled()
    view.editor.setPlainText("")  # as the user empties it
    qtbot.waitUntil(lambda: not view.busy() and view.panes[OWN_KEY].token_count() == 0, timeout=15000)
    assert {key: pane.token_count() for key, pane in view.panes.items()} == dict.fromkeys(view.panes, 0)
    assert not [key for key, pane in view.panes.items() if pane.fewest.isVisibleTo(pane)]
    for pane in view.panes.values():
        assert not pane.copy_button.isEnabled() and not pane.copy_ids_action.isEnabled()
        assert pane.methods_menu.menuAction().isEnabled()  # the same vocabulary cut another way: still offered
    assert not [record.message for record in qtlog.records if "out of range" in record.message]


def test_own_pane_follows_the_current_step(qtbot, view, trained):
    assert view.panes[OWN_KEY].canvas.message == NO_OWN_TOKENIZER
    view.set_text("the quick brown fox")
    for k in (0, 10, len(trained.merges)):
        view.set_own_tokenizer(trained.truncated(k), f"{k} merges")
        wait_for_ids(qtbot, view, {OWN_KEY: trained.truncated(k).encode("the quick brown fox")})
        assert f"{k} merges" in view.panes[OWN_KEY].title.text()
        own = view.pane_records[OWN_KEY]  # the pane's record: title, menu action and combo entry agree
        combo = view.toolbar.reference_combo
        assert own.title == own.action.text() == combo.itemText(combo.findData(OWN_KEY))
    view.set_own_tokenizer(None)
    assert view.panes[OWN_KEY].ids() == [] and view.panes[OWN_KEY].canvas.message == NO_OWN_TOKENIZER


def test_a_chinese_character_split_across_tokens_shows_its_bytes_under_one_bracket(qtbot, view):
    text = "a鬱b"  # gpt2 has no token for 鬱 (E9 AC B1): three byte tokens make it
    view.set_text(text)
    wait_for_ids(qtbot, view, {"gpt2": tiktoken_ids("gpt2", text)})
    canvas = view.panes["gpt2"].canvas
    tokens = canvas.view.tokens
    assert [t.token for t in tokens] == [b"a", b"\xe9", b"\xac", b"\xb1", b"b"]
    assert [canvas._labels[t.id][0] for t in tokens[1:4]] == [(("<E9>", True),), (("<AC>", True),), (("<B1>", True),)]
    assert canvas.groups == [(1, 3, "鬱")]
    # the bracket is painted under the three boxes, and nowhere under the whole tokens a and b
    image = canvas.viewport().grab().toImage()
    y = int(canvas.flow.row_tops[0] + canvas.box_height + canvas.chunk_band + 6)
    middle = int(canvas.flow.xs[2] + canvas.flow.widths[2] / 2)
    assert QColor(image.pixel(middle, y)).lightness() < 140
    under_a = int(canvas.flow.xs[0] + canvas.flow.widths[0] / 2)
    assert QColor(image.pixel(under_a, y)).lightness() > 200
    # a pane brackets exactly when one of its tokens is not whole UTF-8 characters
    for name in ("cl100k_base", "o200k_base"):
        ids = tiktoken_ids(name, text)
        wait_for_ids(qtbot, view, {name: ids})
        token_bytes = [reference.get_encoding(name).decode_single_token_bytes(i) for i in ids]
        assert bool(view.panes[name].canvas.groups) == (not all(map(is_utf8, token_bytes)))


def is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_an_emoji_split_across_tokens_is_bracketed_in_every_pane_that_splits_it(qtbot, view):
    text = "🙂"
    view.set_text(text)
    expected = {name: tiktoken_ids(name, text) for name in REFERENCE_PANES}
    wait_for_ids(qtbot, view, expected)
    for name, ids in expected.items():
        canvas = view.panes[name].canvas
        if len(ids) > 1:
            assert canvas.groups == [(0, len(ids) - 1, "🙂")]
            assert all(seg[1] for t in canvas.view.tokens for seg in canvas._labels[t.id][0])
        else:
            assert canvas.groups == []


def click_token(qtbot, canvas, index: int) -> None:
    rect = canvas.box_rect(index)
    canvas.ensure_visible(index)
    y = rect.center().y() - canvas.verticalScrollBar().value()
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(int(rect.center().x()), int(y)))


def test_clicking_a_token_highlights_the_same_characters_in_every_pane(qtbot, view, trained):
    view.set_own_tokenizer(trained, "trained")
    text = "tokenization of 中文 text"
    view.set_text(text)
    expected = {name: tiktoken_ids(name, text) for name in REFERENCE_PANES} | {OWN_KEY: trained.encode(text)}
    wait_for_ids(qtbot, view, expected)
    gpt2 = view.panes["gpt2"].canvas
    index = next(t.index for t in gpt2.view.tokens if t.partial)  # a byte of 中 or 文
    clicked = gpt2.view.tokens[index]
    click_token(qtbot, gpt2, index)
    start, end = clicked.start, clicked.end
    assert view.highlight == (start, end)
    for key, pane in view.panes.items():
        want = {t.index for t in pane.canvas.view.tokens if t.start < end and t.end > start}
        assert want and pane.canvas.highlighted == want, key
    assert view.editor.textCursor().selectedText() == text[start:end]
    # clicking empty space clears the highlight everywhere
    qtbot.mouseClick(
        gpt2.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(gpt2.viewport().width() - 3, gpt2.viewport().height() - 3),
    )
    assert all(not pane.canvas.highlighted for pane in view.panes.values())


def test_ids_toggle_whitespace_toggle_and_copy_ids(qtbot, view):
    text = "hello world\nbye"
    view.set_text(text)
    ids = tiktoken_ids("cl100k_base", text)
    wait_for_ids(qtbot, view, {"cl100k_base": ids})
    canvas = view.panes["cl100k_base"].canvas
    labels = ["".join(s for s, _ in canvas._labels[t.id][0]) for t in canvas.view.tokens]
    assert labels == ["hello", "␣world", "↵", "bye"]
    assert list(canvas.flow.rows) == [0, 0, 0, 1]  # the newline ends the row
    view.toolbar.whitespace_box.setChecked(False)
    labels = ["".join(s for s, _ in canvas._labels[t.id][0]) for t in canvas.view.tokens]
    assert labels == ["hello", " world", "", "bye"]
    view.toolbar.ids_box.setChecked(True)
    labels = ["".join(s for s, _ in canvas._labels[t.id][0]) for t in canvas.view.tokens]
    assert labels == [str(i) for i in ids]
    view.panes["cl100k_base"].copy_button.click()
    assert QGuiApplication.clipboard().text() == ", ".join(map(str, ids))
    tip = canvas.tooltip_html(1)
    assert f"id {ids[1]}" in tip and "20 77 6F 72 6C 64" in tip and "␣world" in tip and f"rank {ids[1]}" in tip
    # hovering shows it
    center = canvas.box_rect(1).center().toPoint()
    center.setY(center.y() - canvas.verticalScrollBar().value())
    QApplication.sendEvent(
        canvas.viewport(), QHelpEvent(QEvent.Type.ToolTip, center, canvas.viewport().mapToGlobal(center))
    )
    assert QToolTip.isVisible() and "␣world" in QToolTip.text()
    QToolTip.hideText()


def test_hiding_and_showing_panes(qtbot, view):
    view.set_text("one text")
    wait_for_ids(qtbot, view, {"gpt2": tiktoken_ids("gpt2", "one text")})
    view.panes["gpt2"].hide_button.click()
    assert not view.panes["gpt2"].isVisible() and "gpt2" not in view.visible_keys()
    assert view.toolbar.reference_combo.findData("gpt2") < 0
    action = next(a for a in view.pane_set.menu.actions() if a.data() == "gpt2")
    assert not action.isChecked()
    view.set_text("another text while hidden")
    qtbot.waitUntil(lambda: not view.busy(), timeout=15000)
    assert view.panes["gpt2"].ids() == tiktoken_ids("gpt2", "one text")  # hidden panes are not re-encoded
    action.setChecked(True)
    assert view.panes["gpt2"].isVisible()
    wait_for_ids(qtbot, view, {"gpt2": tiktoken_ids("gpt2", "another text while hidden")})


def test_layout_and_color_choices(view):
    grid = view.pane_set.grid
    view.set_stacked(True)  # one pane under another
    (column,) = grid.rows()
    assert column.orientation() == Qt.Orientation.Vertical and column.count() == len(view.panes)
    view.set_stacked(False)  # four panes side by side
    (row,) = grid.rows()
    assert row.orientation() == Qt.Orientation.Horizontal and grid.columns() == row.count() == len(view.panes)
    view.toolbar.color_combo.setCurrentIndex(view.toolbar.color_combo.findData("alternate"))
    view.toolbar.safe_box.setChecked(True)
    palette = view.panes["gpt2"].canvas.palette_
    assert palette.mode == "alternate" and palette.safe
    assert palette.fill(5, 0) != palette.fill(5, 1)


def test_adding_json_and_tiktoken_panes(qtbot, view, trained, tmp_path):
    text = "the lazy fox: 中文 ok"
    view.set_text(text)
    json_path = tmp_path / "mine.json"
    save_json(trained, json_path)
    (tiktoken_path,) = export(trained.truncated(60), tmp_path, "tiktoken")
    json_pane = view.add_tokenizer_file(json_path)
    tiktoken_pane = view.add_tokenizer_file(tiktoken_path, "gpt2")
    assert json_pane is not None and tiktoken_pane is not None
    expected = {json_pane.key: trained.encode(text), tiktoken_pane.key: trained.truncated(60).encode(text)}
    wait_for_ids(qtbot, view, expected)
    assert view.toolbar.reference_combo.findData(json_pane.key) > 0
    # an added pane is removed by its ✕
    json_pane.hide_button.click()
    assert json_pane.key not in view.panes and view.toolbar.reference_combo.findData(json_pane.key) < 0
    assert [a.data() for a in view.pane_set.menu.actions()] == list(view.pane_records)  # its menu entry is gone too
    # a built-in pane's ✕ only hides it
    view.panes["gpt2"].hide_button.click()
    assert view.pane_records["gpt2"].hidden and "gpt2" in view.panes


def test_a_bad_tokenizer_file_shows_a_message_and_adds_nothing(view, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr("app.common.widgets.dialogs.show_error", lambda *args: shown.append(args))
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    before = list(view.panes)
    assert view.add_tokenizer_file(bad) is None
    assert list(view.panes) == before
    assert shown and "broken.json" in shown[0][2]


def test_cut_differences_against_a_reference_pane(qtbot, view):
    text = "Tokenization differs: 中文分词"
    view.set_text(text)
    expected = {name: tiktoken_ids(name, text) for name in REFERENCE_PANES}
    wait_for_ids(qtbot, view, expected)
    view.set_reference("cl100k_base")

    def cuts(name):  # byte offsets between tokens, from tiktoken's own token bytes
        enc, offsets, position = reference.get_encoding(name), set(), 0
        for token_id in expected[name][:-1]:
            position += len(enc.decode_single_token_bytes(token_id))
            offsets.add(position)
        return offsets

    reference_cuts = cuts("cl100k_base")
    canvas = view.panes["gpt2"].canvas
    assert canvas.extra_cuts == cuts("gpt2") - reference_cuts
    assert canvas.missing_cuts == reference_cuts - cuts("gpt2")
    shared, union = len(cuts("gpt2") & reference_cuts), len(cuts("gpt2") | reference_cuts)
    assert f"{shared / union:.0%}" in view.panes["gpt2"].agreement.text()
    assert view.panes["cl100k_base"].canvas.extra_cuts == frozenset()
    view.set_reference(None)
    assert canvas.extra_cuts == frozenset() and not view.panes["gpt2"].agreement.isVisibleTo(view)


def test_the_pre_token_layer_follows_the_pattern(qtbot, view):
    text = "it's 2024!!"
    view.set_text(text)
    wait_for_ids(qtbot, view, {"gpt2": tiktoken_ids("gpt2", text)})
    view.toolbar.chunks_box.setChecked(True)
    canvas = view.panes["gpt2"].canvas
    # gpt2's regex: "it", "'s", " 2024", "!!"
    chunk_texts = {}
    for token, chunk in zip(canvas.view.tokens, canvas.chunk_index):
        chunk_texts.setdefault(chunk, []).append(token.token)
    assert [b"".join(parts) for parts in chunk_texts.values()] == [b"it", b"'s", b" 2024", b"!!"]


def test_closing_the_view_stops_its_thread(qtbot):
    v = CompareView(text="some text")
    qtbot.addWidget(v)
    v.show()
    assert v.pane_set.service.is_running()
    v.close()
    assert not v.pane_set.service.is_running()


def test_a_long_text_is_laid_out_in_slices_without_blocking(qtbot):
    from app.common.sources import reference_source
    from app.compare.canvas_layout import LAYOUT_SLICE
    from app.compare.token_pane import TokenPane

    text = "Long texts are laid out a slice at a time. 长文本分片布局。\n" * 400
    result = reference_source("cl100k_base").encode(text)
    assert len(result.view.tokens) > 2 * LAYOUT_SLICE
    pane = TokenPane("long", "long")
    qtbot.addWidget(pane)
    pane.resize(500, 600)
    pane.show()
    pane.set_result(result)
    canvas = pane.canvas
    assert len(canvas.flow.xs) == LAYOUT_SLICE  # the rest waits for the event loop
    qtbot.waitUntil(canvas.layout_done, timeout=10000)
    assert (
        list(canvas.flow.rows) == sorted(canvas.flow.rows) and canvas.flow.row_count == canvas.flow.rows[-1] + 2
    )  # text ends in a newline
    assert canvas.verticalScrollBar().maximum() > 0
    # clicking the last token scrolls to it
    pane.set_result(result)
    last = len(result.view.tokens) - 1
    canvas.set_highlight(result.view.tokens[last].start, result.view.tokens[last].end)
    assert canvas.layout_done() and last in canvas.highlighted
    assert canvas.verticalScrollBar().value() > 0


def test_a_long_text_laid_out_from_arrays_of_sizes_is_laid_out_as_box_by_box(qtbot, monkeypatch):
    """Slices of a column of ids are laid out from arrays (a table of sizes by id): the same boxes, rows, row tops
    and tall rows as from the dict of sizes a box at a time (ids past the table's size take that way)."""
    import numpy as np

    from app.common.sources import reference_source
    from app.compare import canvas_layout
    from app.compare.token_pane import TokenPane
    from bpe_core.render.token_layout import FlowLayout

    text = ("Long texts 长文本分片布局。🙂 \n\n" + "x " * 60 + "\n") * 150
    result = reference_source("cl100k_base").encode(text)
    by_arrays, original = [], FlowLayout.extend_arrays
    monkeypatch.setattr(FlowLayout, "extend_arrays", lambda *a: by_arrays.append(1) or original(*a))
    layouts = []
    for table_ids in (canvas_layout.SIZE_TABLE_IDS, 0):  # 0: every id goes through the dict, box by box
        monkeypatch.setattr(canvas_layout, "SIZE_TABLE_IDS", table_ids)
        pane = TokenPane("long", "long")
        qtbot.addWidget(pane)
        pane.resize(500, 600)
        pane.show()
        pane.set_result(result)
        pane.canvas.finish_layout()
        flow = pane.canvas.flow
        layouts.append((list(flow.xs), list(flow.rows), list(flow.widths), list(flow.row_tops), flow.tall_rows))
        assert len(flow) == len(result.view.tokens)
    assert by_arrays and layouts[0] == layouts[1] and layouts[0][4]  # (tall rows: the emoji's bytes bracketed)
    widths = np.asarray(layouts[0][2])
    assert np.all(widths * 64 == np.floor(widths * 64))  # Qt's advances: the rows were found from sums, not a loop


def test_selecting_text_in_the_editor_highlights_its_tokens(qtbot, view):
    text = "🙂 hello 中文"
    view.set_text(text)
    expected = {name: tiktoken_ids(name, text) for name in REFERENCE_PANES}
    wait_for_ids(qtbot, view, expected)
    cursor = view.editor.textCursor()
    cursor.setPosition(3)  # after the emoji (two UTF-16 units) and the space
    cursor.setPosition(8, cursor.MoveMode.KeepAnchor)  # "hello"
    view.editor.setTextCursor(cursor)
    assert view.highlight == (2, 7) and text[2:7] == "hello"
    for name in REFERENCE_PANES:
        canvas = view.panes[name].canvas
        assert b"".join(canvas.view.tokens[i].token for i in sorted(canvas.highlighted)).strip() == b"hello"


def test_the_own_pane_follows_a_run_in_progress_from_its_steps(qtbot, view, monkeypatch):
    import threading

    from app.common import sources
    from bpe_core.training.trainer import BpeTrainer

    built_in = []
    build = sources.tokenizer_from_steps
    monkeypatch.setattr(
        sources, "tokenizer_from_steps", lambda *a: (built_in.append(threading.current_thread()), build(*a))[1]
    )
    trainer = BpeTrainer(300, ["<|endoftext|>"], processes=1)
    trainer.count_text(CORPUS)
    steps = list(trainer.steps())
    text = "the fox runs<|endoftext|>"
    view.set_text(text)
    for count in (5, len(steps)):  # as batches arrive: only the newest is built
        view.set_own_steps(steps[:count], trainer.special_tokens, "gpt2", f"training: {count} merges")
    expected = Tokenizer(trainer.vocab, trainer.merges, dict(trainer.special_tokens)).encode(text)
    wait_for_ids(qtbot, view, {OWN_KEY: expected})
    assert f"training: {len(steps)} merges" in view.panes[OWN_KEY].title.text()
    assert built_in and threading.main_thread() not in built_in  # built in the encoding thread, not the GUI's
