"""The corpus panel: pick a built-in sample or the standard library, or open files (dialog or drag and drop).

Files are checked as they are opened: an empty file is refused with a message; a binary or non-UTF-8 file asks
whether to train with invalid bytes replaced. The panel shows the corpus's name, size and the beginning of it.

Counts files (``bpe count``'s ``.parquet``, a ``TEXT<TAB>COUNT`` ``.tsv``) open as a counts corpus: its distinct and
total pre-tokens, the pattern it was cut with, its most frequent pre-tokens. After a run, *Save counts…* writes the
pre-token counts that run trained on (:func:`app.train.worker.counted_again`, off the GUI thread with its progress),
so that other vocabulary sizes and variants train from them without reading the corpus again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Signal, Slot
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

from app.common.background.jobs import Jobs
from app.common.files.local import regular_file
from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message
from app.style import mono_font
from app.train.corpus_sources import (
    STDLIB_NAME,
    CorpusSource,
    builtin_samples,
    check_file,
    counts_source,
    is_counts_file,
    stdlib_source,
)
from app.train.worker import TrainingResult, counted_again
from bpe_core.corpus.counts_file import CountsFileError, write_counts
from bpe_core.formats.files import check_writable
from bpe_core.output_paths import protect


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
        self.save_counts_button = QPushButton(self.tr("Save counts…"))
        self.save_counts_button.setObjectName("saveCounts")
        self.save_counts_button.setToolTip(
            self.tr(
                "Save the pre-token counts of the last run's corpus (Parquet or TEXT<TAB>COUNT): open them later "
                "to train other vocabulary sizes and variants without reading the corpus again"
            )
        )
        self.save_counts_button.setEnabled(False)
        self.counts_status = QLabel()
        self.counts_status.setObjectName("countsStatus")
        self.counts_status.setWordWrap(True)
        self.counts_status.setVisible(False)
        self.counted_run: TrainingResult | None = None  # the run whose counts Save counts writes
        self.saving = Jobs("save-counts", self)
        self.saving.progress.connect(self._on_saving_progress)
        self.saving.result.connect(self._on_saved)
        self.saving.failed.connect(self._on_save_failed)
        self.saving.cancelled.connect(self._on_save_cancelled)
        self.info = QLabel()
        self.info.setObjectName("corpusInfo")
        self.info.setWordWrap(True)
        self.preview = QPlainTextEdit()
        self.preview.setObjectName("corpusPreview")
        self.preview.setReadOnly(True)
        self.preview.setFont(mono_font(9))
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.preview.setMinimumHeight(90)

        # The combo on a row of its own, as wide as the panel: a file's name is long, and the combo no longer asks
        # for the width of its longest item (which made the panel wider than the column and squashed it).
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(12)
        row = QHBoxLayout()
        row.addWidget(self.open_button)
        row.addWidget(self.save_counts_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.combo)
        layout.addLayout(row)
        layout.addWidget(self.counts_status)
        layout.addWidget(self.info)
        layout.addWidget(self.preview, 1)

        self._fill_combo()
        self.combo.currentIndexChanged.connect(self._on_index)
        self.open_button.clicked.connect(self.open_dialog)
        self.save_counts_button.clicked.connect(self._save_counts_clicked)
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
        protect(_files_of(source))  # no save or export of the window writes over the corpus it reads
        self.source_changed.emit(source)

    # --- opening files -------------------------------------------------------------------------------------
    def open_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Open corpus files"),
            "",
            self.tr("Text files (*.txt *.md *.py *.json *.csv);;Pre-token counts (*.parquet *.tsv);;All files (*)"),
        )
        if paths:
            self.add_files(paths)

    def add_files(self, paths: list[str | Path]) -> bool:
        """Check and add files as one corpus, and select it. Returns False if none could be used. Counts files
        (:func:`~app.train.corpus_sources.is_counts_file`) make a counts corpus; they are not mixed with text."""
        counts = [Path(p) for p in paths if is_counts_file(p)]
        if counts and len(counts) < len(paths):
            dialogs.show_error(
                self,
                self.tr("Counts and text together"),
                self.tr(
                    "Pre-token counts (.parquet, .tsv) and text files cannot be one corpus: open the counts files "
                    "on their own, or the text files on their own."
                ),
            )
            return False
        if counts:
            return self.add_counts(counts)
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
            if check.problem == "damaged":
                dialogs.show_error(self, self.tr("Damaged compressed file"), check.message)
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
        name = self._name_of(usable)
        self._add_source(CorpusSource(name, usable, errors=errors, encoding=encoding))
        return True

    def add_counts(self, paths: list[Path]) -> bool:
        """Read counts files (summed) as a counts corpus and select it; a file that is not counts, or files cut
        with different patterns, are refused with the reason. Returns False if refused."""
        try:
            source = counts_source([regular_file(path) for path in paths], self._name_of(paths))
        except (CountsFileError, OSError) as exc:
            dialogs.show_error(self, self.tr("Cannot open counts"), engine_message(exc), repr(exc))
            return False
        self._add_source(source)
        return True

    def _name_of(self, paths: list[Path]) -> str:
        name = paths[0].name
        if len(paths) > 1:
            name = self.tr("{name} and %n more", "", len(paths) - 1).format(name=name)
        return name

    def _add_source(self, source: CorpusSource) -> None:
        self.sources.append(source)
        self._fill_combo()
        self.combo.setCurrentIndex(len(self.sources) - 1)
        self._on_index(self.combo.currentIndex())

    def mark_encoding(self, source: CorpusSource, encoding: str) -> None:
        """Train ``source`` again read as ``encoding`` (after the trainer found a byte-order mark)."""
        source.encoding = encoding
        self._on_index(self.combo.currentIndex())

    def mark_replace(self, source: CorpusSource) -> None:
        """Train ``source`` again with invalid bytes replaced (after the trainer found some)."""
        source.errors = "replace"
        self._on_index(self.combo.currentIndex())

    # --- saving the counts of a run ----------------------------------------------------------------------------
    def set_counted_run(self, result: TrainingResult) -> None:
        """The run whose pre-token counts *Save counts…* writes (the last run that counted a corpus)."""
        if result.job is not None and not self.saving.busy():
            self.counted_run = result
            self.save_counts_button.setEnabled(True)

    @Slot()
    def _save_counts_clicked(self) -> None:
        if self.saving.busy():
            self.saving.cancel()
            return
        if self.counted_run is None:
            return
        names = self.counted_run.record.corpus_names
        default = (Path(names[0]).stem if names else "corpus") + ".counts.parquet"
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Save the pre-token counts"),
            default,
            self.tr("Parquet (*.parquet);;TEXT<TAB>COUNT (*.tsv)"),
        )
        if path:
            self.save_counts(path)

    def save_counts(self, path: str | Path) -> bool:
        """Count the last run's corpus again off the GUI thread and write its counts to ``path`` (Parquet for a
        ``.parquet`` path, else ``TEXT<TAB>COUNT``). False if ``path`` cannot be written (said at once)."""
        try:
            check_writable(path)
        except (OSError, ValueError) as exc:
            dialogs.show_error(self, self.tr("Cannot save counts"), engine_message(exc), repr(exc))
            return False
        result = self.counted_run

        def job(cancelled, progress):
            counts = counted_again(result, cancelled, progress)
            write_counts(path, counts)
            return Path(path).name, len(counts.words), sum(counts.words.values())

        self.save_counts_button.setText(self.tr("Cancel saving counts"))
        self._show_counts_status(self.tr("Counting the pre-tokens for {file}…").format(file=Path(path).name))
        self.saving.submit(job)
        return True

    @Slot(int, int)
    def _on_saving_progress(self, done: int, total: int) -> None:
        text = self.tr("Counting the pre-tokens: {percent}%…").format(percent=100 * done // max(1, total))
        self._show_counts_status(text)

    @Slot(object)
    def _on_saved(self, saved: tuple[str, int, int]) -> None:
        name, distinct, total = saved
        text = self.tr("Saved {file}: {distinct} distinct pre-tokens, {total} in all.", "", distinct)
        self._saving_ended(text.format(file=name, distinct=f"{distinct:,}", total=f"{total:,}"))

    @Slot(object, str)
    def _on_save_failed(self, message: object, details: str) -> None:
        self._saving_ended(self.tr("The counts were not saved."))
        dialogs.show_error(self, self.tr("Cannot save counts"), engine_message(message), details)

    @Slot()
    def _on_save_cancelled(self) -> None:
        self._saving_ended(self.tr("Saving the counts was cancelled."))

    def _saving_ended(self, text: str) -> None:
        self.save_counts_button.setText(self.tr("Save counts…"))
        self._show_counts_status(text)

    def _show_counts_status(self, text: str) -> None:
        self.counts_status.setText(text)
        self.counts_status.setVisible(bool(text))

    def shutdown(self) -> None:
        """Stop saving counts (waits for the thread); the corpus is no longer read, so no longer protected."""
        self.saving.wait_all()
        protect([])


def _files_of(source: CorpusSource | None) -> list[Path]:
    """The files a corpus is read from: its text files, or its counts files."""
    if source is None:
        return []
    return source.paths + (source.counts.paths if source.counts is not None else [])


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
