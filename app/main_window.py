"""The main window, a thin shell: the File and Teach menus, the Train, Compare and Vocabulary tabs, the status bar,
dropping corpus files, the Teach window, and stopping every thread on close.

Training, the merges table and the charts are the Train tab's (:class:`~app.train.train_tab.TrainTab`); the
window opens, saves and exports the tokenizer that tab shows, and shows it in the Compare tab at the current step.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSettings, QStandardPaths, Qt, Slot
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMainWindow, QTabWidget

from app.common import dialogs
from app.common.engine_sentences import engine_sentence
from app.common.language_menu import LanguageMenu
from app.common.recent_files import RecentFiles
from app.common.samples import corpus_start
from app.common.sources import pane_source
from app.common.tokenizer_files import (
    EXPORT_FORMATS,
    OPEN_FILTER,
    can_train_further,
    export_tokenizer,
    load_tokenizer,
    needs_pattern,
    save_tokenizer,
)
from app.compare import CompareView
from app.teaching.window import TeachingWindow
from app.train.train_tab import TrainTab
from app.vocabulary import VocabularyTab
from bpe_core.foreign import library_host
from bpe_core.teaching.lesson_text import lesson_text

APP_TITLE = "BPE Explorer"
TOKENIZER_FILTER = QT_TRANSLATE_NOOP("MainWindow", "BPE Explorer tokenizer (*.json)")

#: What the window shows of its Train tab under the tab's own names (``window.run`` is ``window.train_tab.run``).


class MainWindow(QMainWindow):
    """The application window. ``settings`` (QSettings) keeps recent files; tests pass their own."""

    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.setWindowTitle(APP_TITLE)
        self.setAcceptDrops(True)
        self.teaching: TeachingWindow | None = None  # the Teach window, once opened
        self.training_corpus: tuple[list, str] = ([], "utf-8")  # the files the current tokenizer was trained on
        self.recent = RecentFiles(settings or QSettings("bpe-explorer", "BPE Explorer"))
        self.train_tab = TrainTab()
        self.compare_view = CompareView()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("mainTabs")
        self.tabs.addTab(self.train_tab, self.tr("Train"))
        self.tabs.addTab(self.compare_view, self.tr("Compare"))
        self.vocabulary_tab = VocabularyTab(self.compare_view.text)
        self.tabs.addTab(self.vocabulary_tab, self.tr("Vocabulary"))
        self.setCentralWidget(self.tabs)
        for label in self.train_tab.status_labels.values():
            self.statusBar().addPermanentWidget(label)
        self._build_menus()
        self.train_tab.current_changed.connect(self._update_compare)
        self.train_tab.state_changed.connect(self._update_file_actions)
        self.train_tab.message.connect(self.statusBar().showMessage)
        self.compare_view.tree_requested.connect(self.open_merge_tree)
        self.compare_view.whole_run_requested.connect(self.train_tab.show_whole_run)
        self.vocabulary_tab.whole_run_requested.connect(self.train_tab.show_whole_run)
        self.train_tab.current_changed.connect(self._update_vocabulary)
        self.train_tab.state_changed.connect(self._update_training_corpus)
        self.vocabulary_tab.tree_requested.connect(self.open_merge_tree)
        self.tabs.currentChanged.connect(self._offer_compare_panes)
        self.resize(1560, 940)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.open_corpus_action = file_menu.addAction(
            self.tr("Open &corpus files…"), self.train_tab.corpus_panel.open_dialog
        )
        self.open_corpus_action.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.open_action = file_menu.addAction(self.tr("&Open tokenizer…"), self.open_dialog)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.recent_menu = file_menu.addMenu(self.tr("Open &recent"))
        self.save_action = file_menu.addAction(self.tr("&Save tokenizer…"), self.save_dialog)
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.export_menu = file_menu.addMenu(self.tr("&Export"))
        self.export_actions: dict[str, QAction] = {}
        for fmt, label in EXPORT_FORMATS.items():
            action = self.export_menu.addAction(QCoreApplication.translate("TokenizerFiles", label))
            action.triggered.connect(lambda _=False, f=fmt: self.export_dialog(f))
            self.export_actions[fmt] = action
        file_menu.addSeparator()
        quit_action = file_menu.addAction(self.tr("&Quit"), self.close)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self._rebuild_recent_menu()
        self._update_file_actions()
        teach_menu = self.menuBar().addMenu(self.tr("&Teach"))
        self.teach_action = teach_menu.addAction(self.tr("Open the &teaching views…"), self.open_teaching)
        self.teach_action.setShortcut(QKeySequence("Ctrl+T"))
        self.language_menu = LanguageMenu(self.recent.settings, self)
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        view_menu.addMenu(self.language_menu)

    # --- the Train tab's tokenizer in the Compare tab and the File menu --------------------------------------
    @Slot()
    def _update_compare(self) -> None:
        """Show our tokenizer at the current step in the Compare tab (during a run: the merges so far)."""
        tab = self.train_tab
        if tab.tokenizer is not None:
            merges = tab.tokenizer.merge_count
            rank = tab.current_rank
            k = merges if rank is None or rank >= merges else rank + 1
            label = self._merges_label(k, merges)
            self.compare_view.set_own_tokenizer(tab.tokenizer.truncated(k), label, partial=k < merges)
        elif tab.training and tab.run is not None and len(tab.history):
            self.compare_view.set_own_steps(
                tab.history.steps,
                tab.history.special_tokens,
                tab.run.settings.pattern,
                self.tr("training, {merges} merges").format(merges=f"{len(tab.history):,}"),
            )
        else:
            self.compare_view.set_own_tokenizer(None)

    def _merges_label(self, k: int, total: int) -> str:
        """Our tokenizer's name at ``k`` of its ``total`` merges, as the Compare and Vocabulary tabs show it: the
        step chosen in the Train tab is said wherever ours is shown ("at merge 9 of 1,000")."""
        if k < total:
            return self.tr("at merge {merges} of {total}").format(merges=f"{k:,}", total=f"{total:,}")
        return self.tr("{merges} merges").format(merges=f"{k:,}")

    # --- the Train tab's tokenizer, corpus and selected merge in the Vocabulary tab ---------------------------
    @Slot()
    def _update_vocabulary(self) -> None:
        """Our tokenizer at the current step in the Vocabulary tab, and the selected merge for "why this merge"."""
        tab = self.train_tab
        if tab.tokenizer is None:
            if not tab.training:
                self.vocabulary_tab.set_own_tokenizer(None)
            return
        merges = tab.tokenizer.merge_count
        rank = tab.current_rank
        k = merges if rank is None or rank >= merges else rank + 1
        self.vocabulary_tab.set_own_tokenizer(
            tab.tokenizer.truncated(k), self._merges_label(k, merges), full=tab.tokenizer, partial=k < merges
        )
        if rank is not None:
            self.vocabulary_tab.explain_merge(rank)

    @Slot()
    def _update_training_corpus(self) -> None:
        """The files our tokenizer was trained on: the run's corpus; for an opened tokenizer, the corpus panel's
        files when their names are the ones its record names (else none: the user picks them)."""
        tab = self.train_tab
        if tab.training and tab.run is not None:
            self.training_corpus = (tab.run.source.paths, tab.run.source.encoding)
            self.vocabulary_tab.set_corpus(tab.run.source.paths, tab.run.source.encoding)
            return
        record = getattr(tab.tokenizer, "record", None)
        if record is None or tab.result is not None:
            return
        source = tab.corpus_panel.current_source()
        if source is not None and [p.name for p in source.paths] == list(record.corpus_names):
            self.training_corpus = (source.paths, source.encoding)
            self.vocabulary_tab.set_corpus(source.paths, source.encoding)
        else:
            self.training_corpus = ([], "utf-8")
            self.vocabulary_tab.set_corpus([])

    @Slot(int)
    def _offer_compare_panes(self, _index: int) -> None:
        """Offer the tokenizers added to the Compare tab in the Vocabulary tab too."""
        for record in self.compare_view.pane_records.values():
            if record.removable and record.source is not None:
                self.vocabulary_tab.add_pane_source(record.source)

    @Slot()
    def _update_file_actions(self) -> None:
        has = self.train_tab.tokenizer is not None and not self.train_tab.training
        self.save_action.setEnabled(has)
        for action in self.export_actions.values():
            action.setEnabled(has)

    # --- files ---------------------------------------------------------------------------------------------
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
            self, self.tr("Open tokenizer"), "", QCoreApplication.translate("TokenizerFiles", OPEN_FILTER)
        )
        if path:
            self.open_asking(path)

    def open_asking(self, path: str | Path) -> bool:
        """Open ``path`` as the user asked: a file that does not say how it pre-tokenizes (a ``.tiktoken`` file,
        GPT-2 files) first asks for its pattern. False on error or when the user cancels."""
        pattern = None
        if needs_pattern(path):
            pattern = self.compare_view.ask_pattern(path)
            if pattern is None:
                return False
        return self.open_tokenizer(path, pattern)

    def open_tokenizer(self, path: str | Path, pattern: str | None = None) -> bool:
        """Open a tokenizer file or folder of any kind (``pattern``: how a ``.tiktoken`` file or GPT-2 files
        pre-tokenize). Ours goes to the Train tab with its training record (no retraining); a published model's
        cannot be trained further, so it opens in a Compare pane (and the Teach window's list) and the Train tab
        keeps its result. False on error."""
        if self.train_tab.training:
            dialogs.show_error(
                self, self.tr("Training in progress"), self.tr("Cancel the training before opening a tokenizer.")
            )
            return False
        try:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                tokenizer = load_tokenizer(path, pattern)
            finally:
                QApplication.restoreOverrideCursor()
        except (OSError, ValueError) as exc:
            dialogs.show_error(
                self,
                self.tr("Cannot open tokenizer"),
                self.tr("“{name}” could not be opened: {error}").format(
                    name=Path(path).name, error=engine_sentence(str(exc))
                ),
                repr(exc),
            )
            self.recent.remove(str(path))
            self._rebuild_recent_menu()
            return False
        self.recent.add(str(path))
        self._rebuild_recent_menu()
        if not can_train_further(tokenizer):
            self._open_foreign(pane_source(path, tokenizer, pattern))
            return True
        self.train_tab.show_tokenizer(tokenizer, Path(path).name)
        self.setWindowTitle(f"{APP_TITLE} — {Path(path).name}")
        return True

    def _open_foreign(self, source) -> None:
        """Show a published model's tokenizer in a Compare pane (and offer it in the Teach window)."""
        self.compare_view.show_source(source)
        self.tabs.setCurrentWidget(self.compare_view)
        if self.teaching is not None:
            self.teaching.add_source(source.key, source.label, source.tokenizer)
        self.statusBar().showMessage(
            self.tr(
                "{name}: a published model's {model} tokenizer cannot be trained further, so it opened as a "
                "Compare pane (double-click a token for its merge tree); the Train tab is unchanged."
            ).format(name=source.label, model=source.tokenizer.model),
            20000,
        )

    @Slot()
    def save_dialog(self) -> None:
        """Ask where to save; after a failed save the result is kept and another place is offered (the dialog
        opens again in the user's documents folder) until the save succeeds, the user cancels, or picks a place
        that has already failed."""
        failed: set[str] = set()
        start = "tokenizer.json"
        while self.train_tab.tokenizer is not None:
            path, _ = QFileDialog.getSaveFileName(
                self, self.tr("Save tokenizer"), start, QCoreApplication.translate("MainWindow", TOKENIZER_FILTER)
            )
            if not path or path in failed or self.save_tokenizer(path):
                return
            failed.add(path)
            documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
            start = str(Path(documents or Path.home()) / Path(path).name)

    def save_tokenizer(self, path: str | Path) -> bool:
        """Save the tokenizer shown; on failure say why, keep it, and return False."""
        try:
            save_tokenizer(self.train_tab.tokenizer, path)
        except (OSError, ValueError) as exc:
            dialogs.show_error(
                self,
                self.tr("Cannot save tokenizer"),
                self.tr(
                    "“{name}” could not be written: {error}\nThe tokenizer is kept: save it somewhere else."
                ).format(name=Path(path).name, error=engine_sentence(str(exc))),
                repr(exc),
            )
            return False
        self.recent.add(str(path))
        self._rebuild_recent_menu()
        self.statusBar().showMessage(self.tr("Saved {path}").format(path=path), 5000)
        self.setWindowTitle(f"{APP_TITLE} — {Path(path).name}")
        return True

    def export_dialog(self, fmt: str) -> None:
        if self.train_tab.tokenizer is None:
            return
        label = QCoreApplication.translate("TokenizerFiles", EXPORT_FORMATS[fmt])
        directory = QFileDialog.getExistingDirectory(
            self, self.tr("Export as {format} into folder").format(format=label)
        )
        if directory:
            self.export_tokenizer(directory, fmt)

    def export_tokenizer(self, directory: str | Path, fmt: str) -> list[Path]:
        try:
            written = export_tokenizer(self.train_tab.tokenizer, directory, fmt)
        except (OSError, ValueError) as exc:
            label = QCoreApplication.translate("TokenizerFiles", EXPORT_FORMATS[fmt])
            dialogs.show_error(
                self,
                self.tr("Cannot export"),
                self.tr("Export as {format} failed: {error}").format(format=label, error=exc),
                repr(exc),
            )
            return []
        self.statusBar().showMessage(self.tr("Wrote {files}").format(files=", ".join(p.name for p in written)), 8000)
        return written

    # --- teaching views ------------------------------------------------------------------------------------
    @Slot()
    def open_teaching(self) -> None:
        """Open (or bring forward) the Teach window on the current tokenizer; before there is one, it shows
        tiktoken's encodings."""
        tokenizer = self.train_tab.tokenizer
        name = ""
        if tokenizer is not None:
            name = self.tr("current tokenizer ({merges} merges)").format(merges=f"{tokenizer.merge_count:,}")
        if self.teaching is None:
            self.teaching = TeachingWindow(tokenizer, name, parent=self)
        else:
            self.teaching.set_tokenizer(tokenizer, name)
        # The lessons speak the tokenizer's language: a sentence of its training corpus first, the Compare text next.
        paths, encoding = self.training_corpus if tokenizer is not None else ([], "utf-8")
        self.teaching.set_lesson_texts(lesson_text(corpus_start(paths, encoding)), self.compare_view.text())
        self.teaching.show()
        self.teaching.raise_()
        self.teaching.activateWindow()

    @Slot(str, int)
    def open_merge_tree(self, pane: str, token_id: int) -> None:
        """Open the Teach window on the merge tree of a token double-clicked in a compare pane."""
        self.open_teaching()
        self.teaching.tree.set_text(self.compare_view.text())  # its chips show the text the token came from
        if not self.teaching.open_tree_of(pane, token_id, self.compare_view.sources.get(pane)):
            self.statusBar().showMessage(self.tr("No merge tree for that token: the Teach window says why."), 8000)

    # --- drag and drop, closing ----------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and all(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.train_tab.corpus_panel.add_files(paths)

    def shutdown(self) -> None:
        """Stop every thread this window started, waiting for each (no thread outlives the window), then the
        process where published tokenizers' libraries encode."""
        self.train_tab.shutdown()
        self.compare_view.shutdown()
        self.vocabulary_tab.shutdown()
        if self.teaching is not None:
            self.teaching.shutdown()
        library_host.close_host()

    def closeEvent(self, event) -> None:
        self.shutdown()
        if self.teaching is not None:
            self.teaching.close()
        super().closeEvent(event)
