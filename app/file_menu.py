"""The File menu and what it does with the Train tab's tokenizer: open one of any kind (ours goes to the Train tab,
a published model's to a Compare pane), save it, export it, and the recent files.

Every reading, writing and checking is the engine's (:mod:`bpe_core.formats`, through
:mod:`app.common.files.tokenizers`); this module asks, shows what went wrong, and keeps what the user had.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QStandardPaths, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu

from app.common.files.recent import RecentFiles
from app.common.files.tokenizers import (
    EXPORT_FORMATS,
    OPEN_FILTER,
    can_train_further,
    export_tokenizer,
    load_tokenizer,
    needs_pattern,
    save_tokenizer,
    unpack_record,
)
from app.common.sources import pane_source
from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message

APP_TITLE = "BPE Explorer"
TOKENIZER_FILTER = QT_TRANSLATE_NOOP("FileMenu", "BPE Explorer tokenizer (*.json)")


class FileMenu(QObject):
    """The File menu of ``window`` (a :class:`~app.main_window.MainWindow`: its Train and Compare tabs, its Teach
    window, its status bar and title), built into ``menu``. ``recent`` keeps the recent files in the window's
    settings."""

    def __init__(self, window, menu: QMenu):
        super().__init__(window)
        self.window = window
        self.recent = RecentFiles(window.settings)
        self._saved = None  # the tokenizer last saved (a trained one that is not it is unsaved)
        self.open_corpus_action = menu.addAction(
            self.tr("Open &corpus files…"), window.train_tab.corpus_panel.open_dialog
        )
        self.open_corpus_action.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.open_action = menu.addAction(self.tr("&Open tokenizer…"), self.open_dialog)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.recent_menu = menu.addMenu(self.tr("Open &recent"))
        self.save_action = menu.addAction(self.tr("&Save tokenizer…"), self.save_dialog)
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.export_menu = menu.addMenu(self.tr("&Export"))
        self.export_actions: dict[str, QAction] = {}
        for fmt, label in EXPORT_FORMATS.items():
            action = self.export_menu.addAction(QCoreApplication.translate("TokenizerFiles", label))
            action.triggered.connect(lambda _=False, f=fmt: self.export_dialog(f))
            self.export_actions[fmt] = action
        menu.addSeparator()
        quit_action = menu.addAction(self.tr("&Quit"), window.close)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self._rebuild_recent_menu()
        self.update_actions()

    @Slot()
    def update_actions(self) -> None:
        has = self.window.train_tab.tokenizer is not None and not self.window.train_tab.training
        self.save_action.setEnabled(has)
        for action in self.export_actions.values():
            action.setEnabled(has)

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent.paths()
        for path in paths:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_asking(p))
        self.recent_menu.setEnabled(bool(paths))

    @Slot()
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, self.tr("Open tokenizer"), "", QCoreApplication.translate("TokenizerFiles", OPEN_FILTER)
        )
        if path:
            self.open_asking(path)

    def open_asking(self, path: str | Path) -> bool:
        """Open ``path`` as the user asked: a file that does not say how it pre-tokenizes (a ``.tiktoken`` file,
        GPT-2 files) first asks for its pattern. False on error or when the user cancels."""
        pattern = None
        if needs_pattern(path):
            pattern = self.window.compare_view.ask_pattern(path)
            if pattern is None:
                return False
        return self.open_tokenizer(path, pattern)

    def open_tokenizer(self, path: str | Path, pattern: str | None = None) -> bool:
        """Open a tokenizer file or folder of any kind (``pattern``: how a ``.tiktoken`` file or GPT-2 files
        pre-tokenize). Ours goes to the Train tab with its training record (no retraining); a published model's
        cannot be trained further, so it opens in a Compare pane (and the Teach window's list) and the Train tab
        keeps its result. False on error."""
        if self.window.train_tab.training:
            dialogs.show_error(
                self.window, self.tr("Training in progress"), self.tr("Cancel the training before opening a tokenizer.")
            )
            return False
        try:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                tokenizer = load_tokenizer(path, pattern)
                refused = unpack_record(tokenizer) if can_train_further(tokenizer) else None
            finally:
                QApplication.restoreOverrideCursor()
        except (OSError, ValueError) as exc:
            dialogs.show_error(
                self.window,
                self.tr("Cannot open tokenizer"),
                self.tr("“{name}” could not be opened: {error}").format(
                    name=Path(path).name, error=engine_message(exc)
                ),
                repr(exc),
            )
            self.recent.remove(str(path))
            self._rebuild_recent_menu()
            return False
        if can_train_further(tokenizer) and not self.may_discard():
            return False  # Cancel: nothing changes, the recent files neither
        self.recent.add(str(path))
        self._rebuild_recent_menu()
        if not can_train_further(tokenizer):
            self._open_foreign(pane_source(path, tokenizer, pattern))
            return True
        self.window.train_tab.show_tokenizer(tokenizer, Path(path).name)
        self.window.setWindowTitle(f"{APP_TITLE} — {Path(path).name}")
        if refused is not None:
            dialogs.show_error(
                self.window,
                self.tr("Training record not shown"),
                self.tr(
                    "“{name}” opened without its training record: {error}\nIts merges encode as saved; the Train "
                    "tab has no merge history to show."
                ).format(name=Path(path).name, error=engine_message(refused)),
                repr(refused),
            )
        return True

    def _open_foreign(self, source) -> None:
        """Show a published model's tokenizer in a Compare pane (and offer it in the Teach window)."""
        self.window.compare_view.show_source(source)
        self.window.tabs.setCurrentWidget(self.window.compare_view)
        if self.window.teaching is not None:
            self.window.teaching.add_source(source.key, source.label, source.tokenizer)
        self.window.statusBar().showMessage(
            self.tr(
                "{name}: a published model's {model} tokenizer cannot be trained further, so it opened as a "
                "Compare pane (double-click a token for its merge tree); the Train tab is unchanged."
            ).format(name=source.label, model=source.tokenizer.model),
            20000,
        )

    def unsaved(self) -> bool:
        """Whether the Train tab shows a tokenizer trained here and not saved since."""
        tab = self.window.train_tab
        return tab.result is not None and tab.tokenizer is not None and tab.tokenizer is not self._saved

    def keep_unsaved(self, tokenizer=None) -> str | None:
        """Keep ``tokenizer``, else the unsaved one, on disk as a kept run without asking
        (:meth:`~app.main_window.MainWindow.end_for_system`): the run's name, or None when there is none or it is on
        disk already. ``OSError`` or ``ValueError`` if it cannot be written."""
        if tokenizer is None and self.unsaved():
            tokenizer = self.window.train_tab.tokenizer
        return None if tokenizer is None else self.window.train_tab.keeping.keep_at_end(tokenizer)

    def may_discard(self, closing: bool = False) -> bool:
        """True when nothing trained would be lost: it is saved, or the user saves it now or lets it go. The one
        question before anything replaces the run shown: opening a tokenizer, closing, and every run the Train tab
        starts (``TrainTab.may_replace``: Train, Continue, Forbid and continue, Resume). ``closing``: the window
        closes (the question says the kept runs stay on disk)."""
        if not self.unsaved():
            return True
        merges = self.window.train_tab.tokenizer.merge_count
        if closing:
            answer = dialogs.ask_unsaved(self.window, merges, kept=len(self.window.session.kept))
        else:
            answer = dialogs.ask_unsaved(self.window, merges)
        if answer == "save":
            self.save_dialog()
            return not self.unsaved()
        return answer == "discard"

    @Slot()
    def save_dialog(self) -> None:
        """Ask where to save; after a failed save the result is kept and another place is offered (the dialog
        opens again in the user's documents folder) until the save succeeds, the user cancels, or picks a place
        that has already failed."""
        failed: set[str] = set()
        start = "tokenizer.json"
        while self.window.train_tab.tokenizer is not None:
            path, _ = QFileDialog.getSaveFileName(
                self.window, self.tr("Save tokenizer"), start, QCoreApplication.translate("FileMenu", TOKENIZER_FILTER)
            )
            if not path or path in failed or self.save_tokenizer(path):
                return
            failed.add(path)
            documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
            start = str(Path(documents or Path.home()) / Path(path).name)

    def save_tokenizer(self, path: str | Path) -> bool:
        """Save the tokenizer shown; on failure say why, keep it, and return False."""
        try:
            save_tokenizer(self.window.train_tab.tokenizer, path)
        except (OSError, ValueError) as exc:
            dialogs.show_error(
                self.window,
                self.tr("Cannot save tokenizer"),
                self.tr(
                    "“{name}” could not be written: {error}\nThe tokenizer is kept: save it somewhere else."
                ).format(name=Path(path).name, error=engine_message(exc)),
                repr(exc),
            )
            return False
        self._saved = self.window.train_tab.tokenizer
        self.recent.add(str(path))
        self._rebuild_recent_menu()
        self.window.statusBar().showMessage(self.tr("Saved {path}").format(path=path), 5000)
        self.window.setWindowTitle(f"{APP_TITLE} — {Path(path).name}")
        return True

    def export_dialog(self, fmt: str) -> None:
        if self.window.train_tab.tokenizer is None:
            return
        label = QCoreApplication.translate("TokenizerFiles", EXPORT_FORMATS[fmt])
        directory = QFileDialog.getExistingDirectory(
            self.window, self.tr("Export as {format} into folder").format(format=label)
        )
        if directory:
            self.export_tokenizer(directory, fmt)

    def export_tokenizer(self, directory: str | Path, fmt: str) -> list[Path]:
        try:
            written = export_tokenizer(self.window.train_tab.tokenizer, directory, fmt)
        except (OSError, ValueError) as exc:
            label = QCoreApplication.translate("TokenizerFiles", EXPORT_FORMATS[fmt])
            dialogs.show_error(
                self.window,
                self.tr("Cannot export"),
                self.tr("Export as {format} failed: {error}").format(format=label, error=engine_message(exc)),
                repr(exc),
            )
            return []
        self.window.statusBar().showMessage(
            self.tr("Wrote {files}").format(files=", ".join(p.name for p in written)), 8000
        )
        return written
