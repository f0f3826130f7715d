"""The Compare tab's Export menu: asks where (and, for a picture of the whole text, how wide), writes the file with
:func:`bpe_core.formats.write_bytes_atomically` (a device or a named pipe at the path is refused, a failed write
leaves the old file whole; either is said in a message box) and says what was written and which panes were left
out (``exported``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu, QWidget

from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message
from app.compare.export import (
    COMPARISON_KINDS,
    SUFFIXES,
    WIDE_KINDS,
    comparison_bytes,
    comparison_of,
    screen_bytes,
)
from app.compare.pane_set import PaneSet
from bpe_core import formats
from bpe_core.messages import EngineError
from bpe_core.render.html_tokens import DEFAULT_WIDTH, MIN_WIDTH

#: The widest picture of the whole text offered, in pixels.
MAX_WIDTH = 8000


class ExportMenu(QMenu):
    """Exports what ``panes`` show; dialogs open over ``window``."""

    exported = Signal(str)

    def __init__(self, panes: PaneSet, window: QWidget):
        super().__init__(window)
        self.setObjectName("exportMenu")
        self.panes = panes
        entries = {
            "screen_png": self.tr("Panes as shown, as a PNG picture…"),
            "screen_svg": self.tr("Panes as shown, as an SVG drawing…"),
            "png": self.tr("Whole text, as a PNG picture…"),
            "svg": self.tr("Whole text, as an SVG drawing…"),
            "html": self.tr("Whole text, as a web page (HTML)…"),
            "csv": self.tr("Tokens, as CSV…"),
            "json": self.tr("Counts and tokens, as JSON…"),
        }
        for kind, label in entries.items():
            if kind in ("png", "csv"):
                self.addSeparator()
            action = self.addAction(label)
            action.setData(kind)
            action.triggered.connect(self._on_action)

    def file_types(self) -> dict[str, str]:
        """The file dialog's filter for each suffix."""
        return {
            ".png": self.tr("PNG image (*.png)"),
            ".svg": self.tr("SVG drawing (*.svg)"),
            ".html": self.tr("Web page (*.html)"),
            ".csv": self.tr("CSV data (*.csv)"),
            ".json": self.tr("JSON data (*.json)"),
        }

    @Slot()
    def _on_action(self) -> None:
        self.ask(self.sender().data())

    def ask(self, kind: str) -> Path | None:
        """Ask for the width (a picture of the whole text) and the file, and export ``kind`` there."""
        if kind in COMPARISON_KINDS and not self.panes.results():
            self._fail(self.tr("No pane shows tokens of the text yet: there is nothing to export."))
            return None
        width = DEFAULT_WIDTH
        if kind in WIDE_KINDS:
            width, ok = QInputDialog.getInt(
                self.parentWidget(),
                self.tr("Width"),
                self.tr("Width of the picture, in pixels (the tokens flow in rows this wide):"),
                DEFAULT_WIDTH,
                int(MIN_WIDTH),
                MAX_WIDTH,
            )
            if not ok:
                return None
        suffix = SUFFIXES[kind]
        path, _ = QFileDialog.getSaveFileName(
            self.parentWidget(), self.tr("Export the comparison"), f"comparison{suffix}", self.file_types()[suffix]
        )
        if not path:
            return None
        if Path(path).suffix.lower() != suffix:
            path += suffix
        try:
            return self.write(kind, path, width)
        except (OSError, ValueError) as exc:  # the engine's words about the file, or ours about the picture
            error = engine_message(exc) if isinstance(exc, (OSError, EngineError)) else str(exc)
            self._fail(self.tr("“{file}” could not be written: {error}").format(file=Path(path).name, error=error))
            return None

    def write(self, kind: str, path: str | Path, width: int = DEFAULT_WIDTH) -> Path:
        """Export ``kind`` (see :data:`app.compare.export.SUFFIXES`) to ``path``, and say so (``exported``).
        Raises ``OSError`` or ``ValueError`` when the file cannot be made or written."""
        path = Path(path)
        left_out: list[str] = []
        if kind in COMPARISON_KINDS:
            comparison, left_out = self._comparison()
            if comparison is None:
                raise ValueError(self.tr("no pane shows tokens of the text yet"))
            safe = self.panes.palette_.safe
            data = comparison_bytes(kind, comparison, width=width, safe=safe, title=self.tr("Tokenizer comparison"))
        else:
            parts = [part for pane in self.panes.panes.values() for part in (pane.header, pane.canvas)]
            data = screen_bytes(kind, self.panes.grid, parts, self.tr("Tokenizer comparison"))
        formats.write_bytes_atomically(path, data)
        said = self.tr("Exported {file}.").format(file=path.name)
        if left_out:
            said = self.tr("Exported {file}; left out, with no tokens to show: {panes}.").format(
                file=path.name, panes=", ".join(left_out)
            )
        self.exported.emit(said)
        return path

    def _comparison(self):
        results = self.panes.results()
        records = self.panes.records
        return comparison_of((records[key].title, results.get(key)) for key in self.panes.visible_keys())

    def _fail(self, message: str) -> None:
        dialogs.show_error(self.parentWidget(), self.tr("Cannot export"), message)
