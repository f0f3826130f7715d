"""The Compare editor's text mirror (app/compare/text_mirror.py) against the editor's own text, edit by edit."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

from app.compare.text_mirror import TextMirror

TEXT = "x🇫🇷y"  # two astral characters: UTF-16 positions 2 and 4 fall between an emoji's two units


@pytest.mark.parametrize("position", range(7))
@pytest.mark.parametrize("how", ["typed", "inserted", "replacing"])
def test_an_edit_at_any_position_leaves_the_mirror_as_the_editors_text(qtbot, position, how):
    """Typed keys, a program's insert, and a selection replaced, at every UTF-16 position of a text of emoji (the
    mirror kept 'x🇫🇷y' where the editor held 'xab🇷y' after typing between an emoji's two units)."""
    editor = QPlainTextEdit(TEXT)
    qtbot.addWidget(editor)
    mirror = TextMirror(editor)
    assert mirror.text() == TEXT
    cursor = editor.textCursor()
    cursor.setPosition(position)
    if how == "replacing":
        cursor.setPosition(min(position + 1, 6), QTextCursor.MoveMode.KeepAnchor)
    editor.setTextCursor(cursor)
    if how == "typed":
        qtbot.keyClicks(editor, "ab")
    else:
        editor.textCursor().insertText("ab")
    assert mirror.text() == editor.toPlainText()
