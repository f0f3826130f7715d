"""The Compare editor's text as a Python string, kept up to date edit by edit: reading a million characters out of
the editor (``toPlainText``) takes 5 ms, and every keystroke needs the text.

The document reports each change as ``(position, removed, added)`` in UTF-16 units (an emoji is two); the mirror
replaces those characters with the added ones, read from the document, written as ``toPlainText`` writes them
(line and paragraph separators as ``\\n``, a no-break space as a space). A change it cannot place (one reported past
the end, as replacing the whole text is, or one that starts or ends between an emoji's two units, where a cursor
placed by a program types) makes it read the whole text again, and after each change the length is
checked against the document's.

>>> from PySide6.QtWidgets import QApplication, QPlainTextEdit
>>> app = QApplication.instance() or QApplication([])
>>> editor = QPlainTextEdit("a🙂b")
>>> mirror = TextMirror(editor)
>>> mirror.text()
'a🙂b'
>>> editor.textCursor().insertText("\\u00a0x")  # at the start
>>> mirror.text() == editor.toPlainText() == " xa🙂b", mirror.reads
(True, 1)
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

#: What ``toPlainText`` writes for the document's own characters.
_PLAIN = str.maketrans({"\u2029": "\n", "\u2028": "\n", "\ufdd0": "\n", "\ufdd1": "\n", "\u00a0": " "})


def astral_indices(text: str) -> np.ndarray:
    """The indices of the characters of ``text`` outside the BMP (two UTF-16 units each).

    >>> astral_indices("a🙂b😀").tolist()
    [1, 3]
    """
    if text.isascii():
        return np.zeros(0, np.int64)
    return np.flatnonzero(np.frombuffer(text.encode("utf-32-le"), np.uint32) > 0xFFFF)


class TextMirror(QObject):
    """``text()``: the text of ``editor``, as ``editor.toPlainText()`` gives it. ``reads`` counts whole reads."""

    def __init__(self, editor: QPlainTextEdit):
        super().__init__(editor)
        self.editor = editor
        self.reads = 0
        self._text: str | None = None
        self._astral = np.zeros(0, np.int64)
        editor.document().contentsChange.connect(self._on_change)

    def text(self) -> str:
        if self._text is None:
            self._text = self.editor.toPlainText()
            self._astral = astral_indices(self._text)
            self.reads += 1
        return self._text

    @Slot(int, int, int)
    def _on_change(self, position: int, removed: int, added: int) -> None:
        old = self._text
        if old is None or removed == added == 0:
            return
        astral = self._astral
        units = astral + np.arange(len(astral))  # where each astral character starts, in UTF-16 units
        last = self.editor.document().characterCount() - 1  # the last position a cursor can take
        if position + removed > len(old) + len(astral) or position + added > last:
            self._text = None  # a change reported past the end (as emptying the editor is): read it all
            return
        if np.isin((position, position + removed), units + 1).any():
            self._text = None  # a change between an emoji's two units (a cursor placed there): read it all
            return
        k = int(np.searchsorted(units, position))
        k_end = int(np.searchsorted(units, position + removed))
        start, stop = position - k, position + removed - k_end
        cursor = QTextCursor(self.editor.document())
        cursor.setPosition(position)
        cursor.setPosition(position + added, QTextCursor.MoveMode.KeepAnchor)
        piece = cursor.selectedText().translate(_PLAIN)
        piece_astral = astral_indices(piece)
        text = old[:start] + piece + old[stop:]
        self._astral = np.concatenate((astral[:k], piece_astral + start, astral[k_end:] + len(piece) - (stop - start)))
        self._text = text
        if len(text) + len(self._astral) != self.editor.document().characterCount() - 1:
            self._text = None  # not what the document holds: read it all
