"""The Compare tab's text: an editor whose selection highlights the tokens that cover it (``chars_selected``), and
that selects the characters of a token clicked in a pane (:meth:`CompareEditor.select_chars`); loading the start
of a text file into it (:meth:`CompareEditor.read_file`).

Qt counts text positions in UTF-16 code units (an emoji is two), the engine in characters: the editor converts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QFileDialog, QMessageBox, QPlainTextEdit

from app.common.files.local import read_text_head
from app.common.widgets import dialogs
from app.common.wording.sizes import format_bytes
from app.style import text_font

#: Loading a file reads at most this many characters from its start (the user is told).
MAX_CHARS = 1_000_000


@dataclass(frozen=True)
class LoadedText:
    """A file's text as loaded, and the ``notice`` to show about it ("": none; else it was cut)."""

    text: str
    notice: str


class CompareEditor(QPlainTextEdit):
    """``chars_selected(start, end)`` when the user selects characters ``start:end`` (Python indices)."""

    chars_selected = Signal(int, int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("compareEditor")
        self.setFont(text_font(11))
        self.setPlaceholderText(self.tr("Type or paste text here, or load a file: every pane shows how it is cut."))
        self.selectionChanged.connect(self._on_selection)

    def select_chars(self, start: int, end: int) -> None:
        """Select characters ``start:end`` (without reporting it back)."""
        text = self.toPlainText()
        cursor = self.textCursor()
        cursor.setPosition(utf16_length(text[:start]))
        cursor.setPosition(utf16_length(text[:end]), QTextCursor.MoveMode.KeepAnchor)
        self.blockSignals(True)
        self.setTextCursor(cursor)
        self.blockSignals(False)

    @Slot()
    def _on_selection(self) -> None:
        cursor = self.textCursor()
        if cursor.hasSelection():
            text = self.toPlainText()
            self.chars_selected.emit(
                python_index(text, cursor.selectionStart()), python_index(text, cursor.selectionEnd())
            )

    def ask_file(self) -> str:
        """Ask for a text file to load ("" if none was chosen)."""
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Load text"), "", self.tr("Text files (*.txt *.md *.py *.*)")
        )
        return path

    def read_file(self, path: str | Path) -> LoadedText | None:
        """The beginning of a UTF-8 file: only the first :data:`MAX_CHARS` characters are read (the notice says
        so), and a non-UTF-8 file is read only if the user accepts replacing its invalid bytes by U+FFFD. A FIFO
        or device is refused without being opened. None when nothing is to be loaded (the user was told why)."""
        path = Path(path)
        try:
            head = read_text_head(path, MAX_CHARS)
        except OSError as exc:
            dialogs.show_error(
                self,
                self.tr("Cannot load text"),
                self.tr("“{name}” could not be read: {error}").format(name=path.name, error=exc),
                repr(exc),
            )
            return None
        if head.invalid_at is not None:
            answer = QMessageBox.question(
                self,
                self.tr("Not UTF-8 text"),
                self.tr(
                    "“{name}” is not UTF-8 text (invalid byte at offset {offset}). Load it with each "
                    "invalid byte replaced by U+FFFD (�)?"
                ).format(name=path.name, offset=f"{head.invalid_at:,}"),
            )
            if answer != QMessageBox.StandardButton.Yes:
                return None
        notice = (
            self.tr("Showing the first {count} characters of {name} ({size}).", "", len(head.text)).format(
                count=f"{len(head.text):,}", name=path.name, size=format_bytes(head.file_bytes)
            )
            if head.cut
            else ""
        )
        return LoadedText(head.text, notice)


def utf16_length(text: str) -> int:
    """Qt's text positions count UTF-16 code units: an emoji counts two.

    >>> utf16_length("a🙂")
    3
    """
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def python_index(text: str, utf16_position: int) -> int:
    """The index in ``text`` of Qt's UTF-16 position (the inverse of :func:`utf16_length`).

    >>> python_index("a🙂b", 3)
    2
    """
    units = text.encode("utf-16-le", "surrogatepass")[: 2 * utf16_position]
    return len(units.decode("utf-16-le", "surrogatepass"))
