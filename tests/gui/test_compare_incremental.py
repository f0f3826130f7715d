"""Typing into the Compare editor (pytest-qt, offscreen, the real widgets and encoding thread): after each keystroke,
deletion and paste every pane shows exactly the tokens of a whole encode of the new text, re-encoded around the
edit only; the boxes are where a fresh layout puts them, and what the window shows (rows repainted or scrolled after
an edit) is what a full repaint draws."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QTextCursor

from app.common.sources import PaneSource
from app.compare.compare_view import CompareView
from bpe_core.encoding.token_columns import TokenColumns
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.training.trainer import train_bpe

LINE = "Tokenizers cut text: don't 12345 ids, 今天 🙂 café  x\n"


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Tokenizer:
    path = tmp_path_factory.mktemp("corpus") / "corpus.txt"
    path.write_text(LINE * 30 + "<|endoftext|>", encoding="utf-8")
    vocab, merges = train_bpe(path, 320, ["<|endoftext|>"], processes=1)
    return Tokenizer(vocab, merges, ["<|endoftext|>"])


@pytest.fixture
def view(qtbot, trained):
    v = CompareView(text="")
    qtbot.addWidget(v)
    v.resize(1300, 800)
    v.show()
    v.set_own_tokenizer(trained, "corpus 320")
    v.show_source(PaneSource("ours-o200k", "ours o200k", Tokenizer.from_tiktoken("o200k_base")))
    v.set_text(LINE * 40)
    qtbot.waitUntil(lambda: not v.busy(), timeout=30000)
    yield v
    v.close()


def settle(qtbot, view: CompareView) -> None:
    qtbot.waitUntil(lambda: not view.busy(), timeout=15000)
    qtbot.wait(1)  # the paints the last results asked for


def check_panes(view: CompareView, *, incremental: bool = True) -> None:
    text = view.text()
    assert text == view.editor.toPlainText()  # the text kept edit by edit is the editor's
    assert len(view.visible_keys()) == 5
    for key in view.visible_keys():
        pane, source = view.panes[key], view.sources[key]
        whole = source.tokenizer.view(text)
        shown = pane.result.view
        assert shown.text == text
        assert pane.ids() == source.tokenizer.encode(text), key
        assert list(shown.tokens) == list(whole.tokens), key
        assert list(shown.chunks) == list(whole.chunks), key
        if incremental:
            assert isinstance(shown.tokens, TokenColumns), key
            start, stop = source._incremental.last_window
            assert stop - start < len(text) // 4, (key, start, stop)


def type_at(qtbot, view: CompareView, position: int, keys) -> None:
    cursor = view.editor.textCursor()
    cursor.setPosition(position)
    view.editor.setTextCursor(cursor)
    for key in keys:
        if isinstance(key, str):
            qtbot.keyClicks(view.editor, key)
        else:
            qtbot.keyClick(view.editor, key)
        settle(qtbot, view)
        check_panes(view)


def test_every_keystroke_shows_the_whole_encodes_tokens(qtbot, view):
    reads = view._text.reads
    view.editor.setFocus()
    type_at(qtbot, view, 3, ["x", " ", "'", "s"])  # a word, a space run, a contraction, in view
    digits_and_a_break = ["9", "9", Qt.Key.Key_Backspace, Qt.Key.Key_Return]
    type_at(qtbot, view, len(LINE) * 20 + 30, digits_and_a_break)
    type_at(qtbot, view, len(view.text()), ["<|endoftext", "|>", Qt.Key.Key_Backspace])  # a special token, made, undone
    cursor = view.editor.textCursor()
    cursor.setPosition(len(LINE) * 5)
    cursor.setPosition(len(LINE) * 5 + 17, QTextCursor.MoveMode.KeepAnchor)
    view.editor.setTextCursor(cursor)
    view.editor.insertPlainText("pasted \u00a0 text\r\n1234 🙂" * 3)  # a selection replaced by a paste
    settle(qtbot, view)
    check_panes(view)
    assert view._text.reads == reads  # every edit since the text was set was followed, not read again


def test_the_layout_after_edits_is_a_fresh_layout(qtbot, view):
    view.editor.setFocus()
    type_at(qtbot, view, 5, ["w", "i", "d", "e", "r", " ", "t", "e", "x", "t", Qt.Key.Key_Return, Qt.Key.Key_Backspace])
    for key in view.visible_keys():
        canvas = view.panes[key].canvas
        canvas.finish_layout()
        edited = canvas.flow
        canvas.relayout()  # the whole text laid out from its start
        canvas.finish_layout()
        assert (edited.xs, edited.rows, edited.widths) == (canvas.flow.xs, canvas.flow.rows, canvas.flow.widths), key
        assert (edited.row_tops, edited.tall_rows) == (canvas.flow.row_tops, canvas.flow.tall_rows), key


def test_what_the_window_shows_after_edits_is_a_full_repaint(qtbot, view):
    screen = QGuiApplication.primaryScreen()
    view.editor.setFocus()
    for position, typed in ((2, ["xyz "]), (len(LINE) + 4, [Qt.Key.Key_Return] * 2), (len(LINE) * 3, ["a 1 b"])):
        type_at(qtbot, view, position, typed)
        shown = screen.grabWindow(view.winId()).toImage()
        for pane in view.panes.values():
            pane.canvas.viewport().repaint()
        repainted = screen.grabWindow(view.winId()).toImage()
        assert shown == repainted, typed


def test_a_new_tokenizer_or_an_error_starts_afresh(qtbot, view):
    view.set_text("hello world")
    settle(qtbot, view)
    check_panes(view, incremental=False)  # a new text in the editor: still exact
    view.editor.setFocus()
    cursor = view.editor.textCursor()
    cursor.setPosition(5)
    view.editor.setTextCursor(cursor)
    qtbot.keyClicks(view.editor, ",")
    settle(qtbot, view)
    check_panes(view, incremental=False)  # (a short text: its window is most of it)
    tokenizer = Tokenizer.from_tiktoken("cl100k_base")
    view.show_source(PaneSource("ours-o200k", "ours cl100k", tokenizer))  # the same pane, another tokenizer
    settle(qtbot, view)
    assert view.panes["ours-o200k"].ids() == tokenizer.encode(view.text())
