"""The main window, a thin shell: the Train, Compare and Vocabulary tabs wired to each other through their APIs,
the menus, the status bar, dropping corpus files, the Teach window, and stopping every thread on close.

Training, the merges table and the charts are the Train tab's (:class:`~app.train.train_tab.TrainTab`); the File
menu (:class:`~app.file_menu.FileMenu`) opens, saves and exports the tokenizer that tab shows; the window shows it
in the Compare and Vocabulary tabs at the current step, and the lessons in the training corpus's language.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QTabWidget

from app.common.language_menu import LanguageMenu
from app.common.samples import corpus_start
from app.compare import CompareView
from app.file_menu import APP_TITLE, FileMenu
from app.teaching.window import TeachingWindow
from app.train.train_tab import TrainTab
from app.vocabulary import VocabularyTab
from bpe_core.foreign import library_host
from bpe_core.teaching.lesson_text import lesson_text


class MainWindow(QMainWindow):
    """The application window. ``settings`` (QSettings) keeps recent files; tests pass their own."""

    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.setWindowTitle(APP_TITLE)
        self.setAcceptDrops(True)
        self.teaching: TeachingWindow | None = None  # the Teach window, once opened
        self.training_corpus: tuple[list, str] = ([], "utf-8")  # the files the current tokenizer was trained on
        self.settings = settings or QSettings("bpe-explorer", "BPE Explorer")
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
        self.train_tab.state_changed.connect(self.files.update_actions)
        self.train_tab.current_changed.connect(self._update_compare)
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
        self.files = FileMenu(self, self.menuBar().addMenu(self.tr("&File")))
        teach_menu = self.menuBar().addMenu(self.tr("&Teach"))
        self.teach_action = teach_menu.addAction(self.tr("Open the &teaching views…"), self.open_teaching)
        self.teach_action.setShortcut(QKeySequence("Ctrl+T"))
        self.language_menu = LanguageMenu(self.settings, self)
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
        step chosen in the Train tab is said wherever ours is shown ("9 of 1,000 merges")."""
        if k < total:
            return self.tr("{merges} of {total} merges").format(merges=f"{k:,}", total=f"{total:,}")
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
