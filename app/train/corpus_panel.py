"""The corpus panel: pick a built-in sample or the standard library, or open files (dialog or drag and drop).

Files are checked as they are opened: an empty file is refused with a message; a binary or non-UTF-8 file asks
whether to train with invalid bytes replaced. The panel shows the corpus's name, size and the beginning of it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
)

from app.common import dialogs
from app.common.local_files import regular_file
from app.style import mono_font
from app.train.corpus_sources import STDLIB_NAME, CorpusSource, builtin_samples, check_file, stdlib_source


class CorpusPanel(QGroupBox):
    """Emits ``source_changed`` with the selected :class:`CorpusSource` (or None when nothing usable is left)."""

    source_changed = Signal(object)

    def __init__(self, parent=None):
        super().__init__(self.tr("Corpus"), parent)
        self.sources: list[CorpusSource] = builtin_samples()
        self._stdlib: CorpusSource | None = None
        self.combo = QComboBox()
        self.combo.setObjectName("corpusCombo")
        self.combo.setToolTip(
            self.tr("The text to train on: a built-in corpus, or files you open or drop on the window")
        )
        self.open_button = QPushButton(self.tr("Open files…"))
        self.open_button.setToolTip(
            self.tr("Open one or more UTF-8 text files as the training corpus (or drop them here)")
        )
        self.info = QLabel()
        self.info.setObjectName("corpusInfo")
        self.info.setWordWrap(True)
        self.preview = QPlainTextEdit()
        self.preview.setObjectName("corpusPreview")
        self.preview.setReadOnly(True)
        self.preview.setFont(mono_font(9))
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.preview.setMinimumHeight(90)

        row = QHBoxLayout()
        row.addWidget(self.combo, 1)
        row.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.info)
        layout.addWidget(self.preview, 1)

        self._fill_combo()
        self.combo.currentIndexChanged.connect(self._on_index)
        self.open_button.clicked.connect(self.open_dialog)
        self._on_index(self.combo.currentIndex())

    # --- the list of sources -------------------------------------------------------------------------------
    def _fill_combo(self) -> None:
        self.combo.blockSignals(True)
        self.combo.clear()
        for source in self.sources:
            self.combo.addItem(source.name)
        self.combo.addItem(QCoreApplication.translate("CorpusSources", STDLIB_NAME))
        self.combo.blockSignals(False)

    def current_source(self) -> CorpusSource | None:
        index = self.combo.currentIndex()
        if index < 0:
            return None
        if index == len(self.sources):
            if self._stdlib is None:
                self._stdlib = stdlib_source()
            return self._stdlib
        return self.sources[index]

    def select_stdlib(self) -> None:
        self.combo.setCurrentIndex(len(self.sources))

    def select_sample(self, name: str) -> bool:
        """Select a built-in corpus by key (``"english-prose"``, ``"chinese"``…) or file name (``"chinese.txt"``)."""
        for i, source in enumerate(self.sources):
            if source.builtin and name in (source.key, source.paths[0].name if source.paths else None):
                self.combo.setCurrentIndex(i)
                return True
        return False

    def _on_index(self, _index: int) -> None:
        source = self.current_source()
        if source is None:
            self.info.setText(self.tr("No corpus"))
            self.preview.clear()
        else:
            if source.errors == "replace":
                text = self.tr("<b>{name}</b> — {size} · invalid bytes will be replaced")
            else:
                text = self.tr("<b>{name}</b> — {size}")
            self.info.setText(text.format(name=_escape(source.name), size=source.describe()))
            self.preview.setPlainText(source.preview())
        self.source_changed.emit(source)

    # --- opening files -------------------------------------------------------------------------------------
    def open_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Open corpus files"),
            "",
            self.tr("Text files (*.txt *.md *.py *.json *.csv);;All files (*)"),
        )
        if paths:
            self.add_files(paths)

    def add_files(self, paths: list[str | Path]) -> bool:
        """Check and add files as one corpus, and select it. Returns False if none could be used."""
        usable, errors, encoding = [], "strict", "utf-8"
        for path in map(Path, paths):
            try:
                check = check_file(regular_file(path))
            except OSError as exc:
                dialogs.show_error(
                    self,
                    self.tr("Cannot open file"),
                    self.tr("The file could not be read: {error}").format(error=exc),
                    repr(exc),
                )
                continue
            if check.problem == "empty":
                dialogs.show_error(self, self.tr("Empty file"), check.message)
                continue
            if check.problem in ("utf-16", "utf-32"):
                if not dialogs.ask_read_as(self, check.message, check.problem):
                    continue
                encoding = check.problem
            elif check.problem in ("binary", "not-utf8"):
                if not dialogs.ask_replace_invalid(self, check.message):
                    continue
                errors = "replace"
            usable.append(path)
        if not usable:
            return False
        name = usable[0].name
        if len(usable) > 1:
            name = self.tr("{name} and %n more", "", len(usable) - 1).format(name=name)
        self.sources.append(CorpusSource(name, usable, errors=errors, encoding=encoding))
        self._fill_combo()
        self.combo.setCurrentIndex(len(self.sources) - 1)
        self._on_index(self.combo.currentIndex())
        return True

    def mark_encoding(self, source: CorpusSource, encoding: str) -> None:
        """Train ``source`` again read as ``encoding`` (after the trainer found a byte-order mark)."""
        source.encoding = encoding
        self._on_index(self.combo.currentIndex())

    def mark_replace(self, source: CorpusSource) -> None:
        """Train ``source`` again with invalid bytes replaced (after the trainer found some)."""
        source.errors = "replace"
        self._on_index(self.combo.currentIndex())


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
