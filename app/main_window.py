"""The main window, a thin shell: its tabs (:data:`app.tabs.TABS`: Train, Compare, Vocabulary, each a tab as
:mod:`app.common.tab_part` says) and the Teach window following one :class:`~app.common.session.Session`, the menus,
the status bar, dropping corpus files, and stopping every thread on close.

Training, the merges table and the charts are the Train tab's (:class:`~app.train.train_tab.TrainTab`); the File
menu (:class:`~app.file_menu.FileMenu`) opens, saves and exports the tokenizer that tab shows. The tabs publish what
they change in the session (our tokenizer at the step shown, the tokenizers added, the Compare text, the training
corpus) and every view follows it: ours at the same step everywhere, every added model offered everywhere, the
lessons in the training corpus's language. A replay of our run in the Teach window is followed by every tab
(:mod:`app.replay_following`).
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow

from app import window_state
from app.common import tab_part
from app.common.session import Own, Session
from app.common.tab_part import TabPart
from app.common.widgets.tab_widget import TabWidget
from app.common.wording.engine_messages import engine_message
from app.common.wording.language_menu import LanguageMenu
from app.compare.compare_view import CompareView
from app.file_menu import APP_TITLE, FileMenu
from app.help_menu import HelpMenu
from app.replay_following import ReplayFollowing
from app.tabs import TABS
from app.teaching.window import TeachingWindow
from app.train.train_tab import TrainTab
from app.vocabulary import VocabularyTab
from bpe_core.foreign import library_host


class MainWindow(QMainWindow):
    """The application window. ``settings`` (QSettings) keeps recent files; tests pass their own."""

    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.setWindowTitle(APP_TITLE)
        self.setAcceptDrops(True)
        self.teaching: TeachingWindow | None = None  # the Teach window, once opened
        self._ending = False  # the system ends the program: the window closes without its question
        self.session = Session()
        self.settings = settings or QSettings("bpe-explorer", "BPE Explorer")
        self.tab_parts = [tab_class() for tab_class in TABS]  # app.tabs: each a tab as app.common.tab_part says
        self.train_tab, self.compare_view, self.vocabulary_tab = map(self._tab, (TrainTab, CompareView, VocabularyTab))
        self.tabs = TabWidget()
        self.tabs.setObjectName("mainTabs")
        for tab in self.tab_parts:
            self.tabs.addTab(tab, tab_part.title(tab))
            for widget in tab.status_widgets():
                self.statusBar().addPermanentWidget(widget)
        self.setCentralWidget(self.tabs)
        self._build_menus()
        self.train_tab.state_changed.connect(self.files.update_actions)
        self.train_tab.may_replace = self.files.may_discard  # every run started asks before an unsaved one goes
        self.compare_view.tree_requested.connect(self.open_merge_tree)
        self.compare_view.whole_run_requested.connect(self.train_tab.show_whole_run)
        self.vocabulary_tab.whole_run_requested.connect(self.train_tab.show_whole_run)
        self.vocabulary_tab.tree_requested.connect(self.open_merge_tree)
        self.train_tab.run_kept.connect(self.compare_view.show_kept_run_beside)
        self.train_tab.kept_run_requested.connect(self._show_kept_run)
        # What each tab changes goes into the session, and every tab follows it; the Teach window too.
        for tab in self.tab_parts:
            tab.bind(self.session, self.statusBar().showMessage)
        self.train_tab.current_changed.connect(self._publish_own)
        self.replay_following = ReplayFollowing(self.train_tab, lambda text: self.statusBar().showMessage(text, 8000))
        self.session.watch("own", self._show_own)
        self._offered: set[str] = set()  # the keys of the tokenizers offered in Teach
        self.session.watch("added", self._offer_added)
        self.session.watch("corpus", self._update_lessons)
        self.session.watch("text", self._update_lessons)
        self.train_tab.load_kept()  # the runs kept on disk, from before
        self.resize(1560, 940)
        window_state.restore(self, self.settings)
        self.session.set_text(self.compare_view.text())

    def _tab(self, tab_class: type) -> TabPart:
        """The tab of class ``tab_class``."""
        return next(tab for tab in self.tab_parts if isinstance(tab, tab_class))

    def _build_menus(self) -> None:
        self.files = FileMenu(self, self.menuBar().addMenu(self.tr("&File")))
        teach_menu = self.menuBar().addMenu(self.tr("&Teach"))
        self.teach_action = teach_menu.addAction(self.tr("Open the &teaching views…"), self.open_teaching)
        self.teach_action.setShortcut(QKeySequence("Ctrl+T"))
        self.language_menu = LanguageMenu(self.settings, self)
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        view_menu.addMenu(self.language_menu)
        for index in range(self.tabs.count()):  # Ctrl+1, Ctrl+2, ...: the tabs
            action = view_menu.addAction(self.tabs.tabText(index), lambda i=index: self.tabs.setCurrentIndex(i))
            action.setShortcut(QKeySequence(tab_part.shortcut(index)))
        self.help = HelpMenu(self, self.menuBar().addMenu(self.tr("&Help")))

    # --- the Train tab's tokenizer, at the step shown, everywhere ------------------------------------------
    @Slot()
    def _publish_own(self) -> None:
        """Our tokenizer at the Train tab's current step into the session; during a run, the merges so far go
        to the Compare tab (the others wait for the finished tokenizer)."""
        tab = self.train_tab
        if tab.tokenizer is not None:
            total = tab.tokenizer.merge_count
            rank = tab.current_rank
            step, pair = total if rank is None or rank >= total else rank + 1, None
            replayed = self.replay_following.step_at(rank, tab.tokenizer)
            if replayed is not None:  # the replay shows the merge about to be made, or made
                step, pair = replayed
            self.session.set_own(Own(tab.tokenizer, tab.tokenizer.truncated(step), step, total, pair))
            if rank is not None:
                self.vocabulary_tab.explain_merge(rank)
            return
        so_far = tab.run_so_far()
        if not tab.training:
            self.session.set_own(None)
        elif so_far is not None:
            steps, special_tokens, pattern = so_far
            label = self.tr("training, {merges} merges", "", len(steps)).format(merges=f"{len(steps):,}")
            self.compare_view.set_own_steps(steps, special_tokens, pattern, label)

    def _show_own(self) -> None:
        """The Teach window follows our tokenizer (the tabs follow it themselves)."""
        own = self.session.own
        if self.teaching is not None and self.teaching.own_tokenizer is not (own.whole if own else None):
            self.teaching.set_tokenizer(own.whole if own else None, self._teach_name())
            self._update_lessons()  # in the language of the corpus it was trained on

    # --- the Teach window: the tokenizers added, the lessons ---------------------------------------------------
    def _offer_added(self) -> None:
        """Offer every tokenizer added in the Compare tab (or opened) in the Teach window, and no longer those the
        session dropped (a kept run forgotten)."""
        for key in self._offered - self.session.added.keys():
            if self.teaching is not None:
                self.teaching.remove_source(key)
        self._offered = set(self.session.added)
        for key, source in self.session.added.items():
            if self.teaching is not None:
                self.teaching.add_source(key, source.label, source.tokenizer)

    def _update_lessons(self) -> None:
        """The lessons speak the tokenizer's language: a sentence of its training corpus first, the Compare text
        next."""
        if self.teaching is not None:
            lesson = self.session.corpus.lesson if self.session.own is not None else None
            self.teaching.set_lesson_texts(lesson, self.session.text)

    # --- teaching views ------------------------------------------------------------------------------------
    @Slot()
    def open_teaching(self) -> None:
        """Open (or bring forward) the Teach window on the session: our tokenizer (before there is one,
        tiktoken's encodings), every tokenizer added, lessons in the training corpus's language. It follows the
        session from then on."""
        own = self.session.own
        if self.teaching is None:
            self.teaching = TeachingWindow(own.whole if own else None, self._teach_name(), parent=self)
            self.teaching.replay_moved.connect(self.replay_following.follow)
            self.teaching.replay_left.connect(self.replay_following.leave)
            self._offer_added()
            self._update_lessons()
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

    def _show_kept_run(self, key: str) -> None:
        """*Kept runs ▸ Show in Compare*: the run's pane, in the Compare tab brought forward."""
        self.compare_view.show_kept_run(key)
        self.tabs.setCurrentWidget(self.compare_view)

    def _teach_name(self) -> str:
        own = self.session.own
        return (
            self.tr("current tokenizer ({merges} merges)", "", own.total).format(merges=f"{own.total:,}") if own else ""
        )

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
        for tab in self.tab_parts:
            tab.shutdown()
        if self.teaching is not None:
            self.teaching.shutdown()
        library_host.close_host()

    def end_for_system(self) -> str:
        """The system ends the program (SIGTERM: a logout, a shutdown, ``kill``; SIGHUP: the terminal that started
        it closed), and nothing may wait for an answer, nor anything trained be lost: a run under way is ended as a
        crash would end it (its merges so far are left for *Resume the interrupted run* at the next start); an
        unsaved tokenizer (or a watched run's, its merges all made) is kept on disk as a kept run (in the Train
        tab's *Kept runs* at the next start); then the window closes as its close button does, without its
        question. What was kept, in a sentence for the terminal ("" if nothing was at stake)."""
        said = []
        resumable, finished = self.train_tab.end_run()
        if resumable:
            said.append(self.tr("the run under way can be resumed at the next start (Resume the interrupted run)"))
        elif resumable is not None:
            said.append(self.tr("the run under way had saved no merges to resume from"))
        try:
            kept = self.files.keep_unsaved(finished)
        except (OSError, ValueError) as exc:
            said.append(self.tr("the unsaved tokenizer could not be kept: {error}").format(error=engine_message(exc)))
        else:
            if kept:
                said.append(
                    self.tr("the unsaved tokenizer is kept as “{name}” in the Train tab's Kept runs").format(name=kept)
                )
        self._ending = True
        self.close()
        return "; ".join(said)

    def closeEvent(self, event) -> None:
        if not self._ending and not self.files.may_discard(closing=True):
            if not self._ending:  # (the system ended the program while the question was open: it closes all the same)
                event.ignore()  # the user kept the window and its run
                return
        window_state.save(self, self.settings)
        self.shutdown()
        if self.teaching is not None:
            self.teaching.close()
        super().closeEvent(event)
