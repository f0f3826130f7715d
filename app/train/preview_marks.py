"""The pair a replay is about to merge, marked in the Train tab's corpus preview: the lines in view are cut by our
tokenizer at that step (:meth:`view <bpe_core.encoding.tokenizer.Tokenizer.view>`; a line is never cut across) and each
place where the pair stands gets the replay's orange underneath (:func:`bpe_core.teaching.replay.pair_starts`).

>>> from PySide6.QtWidgets import QApplication, QPlainTextEdit
>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> app = QApplication.instance() or QApplication([])
>>> preview = QPlainTextEdit("the cat\\nthe end")
>>> gpt2 = Tokenizer.from_tiktoken("gpt2")
>>> mark_pair(preview, gpt2.truncated(1), (b"h", b"e"))  # merge 1 of gpt2 joins h + e
[(1, 3), (9, 11)]
>>> mark_pair(preview, gpt2, None)
[]
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit

from app import style
from bpe_core.teaching.replay import pair_starts

#: At most this many characters from the first line in view are cut (a preview shows a few hundred).
MOST_CHARS = 2000


def mark_pair(preview: QPlainTextEdit, tokenizer, pair: tuple[bytes, bytes] | None) -> list[tuple[int, int]]:
    """Mark each place where ``pair`` stands in the lines of ``preview`` in view, as ``tokenizer`` cuts them (None:
    no mark); returns the character spans marked."""
    spans: list[tuple[int, int]] = []
    if pair is not None and tokenizer is not None:
        start = preview.firstVisibleBlock().position()
        text = preview.toPlainText()[start : start + MOST_CHARS]
        view = tokenizer.view(text)
        tokens = view.tokens
        spans = [(start + tokens[i].start, start + tokens[i + 1].end) for i in pair_starts(view, *pair)]
    marked = QTextCharFormat()
    marked.setBackground(QColor(style.PAIR).lighter(170))
    marked.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
    marked.setUnderlineColor(style.PAIR)
    selections = []
    for first, end in spans:
        selection = QTextEdit.ExtraSelection()
        selection.cursor = QTextCursor(preview.document())
        selection.cursor.setPosition(first)
        selection.cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        selection.format = marked
        selections.append(selection)
    preview.setExtraSelections(selections)
    return spans
