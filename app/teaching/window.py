"""The Teach window: every teaching view in one tab bar, with the tokenizer they show, presentation mode
(large fonts, ← → space to step, F11 full screen) and export of the current view as PNG or SVG.

Clicking a token in the vocabulary slider or the encode animation opens its merge tree.

A replay of our run is followed by the main window (:attr:`TeachingWindow.replay_moved`); leaving the Replay tab,
closing the window or choosing another tokenizer ends the following (:attr:`TeachingWindow.replay_left`).

Besides ours and tiktoken's, any tokenizer the app has loaded can be added (:meth:`TeachingWindow.add_source`):
a published model's BPE tokenizer shows its merge trees and slides through its merges; the encode animation
traces our engine's BPE, so its tab is off for a foreign tokenizer (encoded by its own library).

A tokenizer chosen for the first time is made ready in a thread (:func:`~app.teaching.prepared.prepare`: o200k_base's
merges are derived from its 200,000 ranks in about two seconds); meanwhile the views wait, greyed, and the toolbar
says what loads.
"""

from __future__ import annotations

from PySide6.QtCore import QEventLoop, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QMessageBox, QStackedWidget

from app.common.background.jobs import Jobs
from app.common.widgets.screen_fit import fit_to_screen
from app.common.widgets.tab_widget import TabWidget
from app.common.wording.engine_messages import engine_message
from app.teaching.animation_export import AnimationExport
from app.teaching.base import TeachingView
from app.teaching.classic_view import ClassicBpeView
from app.teaching.encode_animation import DEFAULT_TEXT as ANIMATION_TEXT
from app.teaching.encode_animation import EncodeAnimationView
from app.teaching.export_page import ExportPage
from app.teaching.merge_tree_view import DEFAULT_TEXT as TREE_TEXT
from app.teaching.merge_tree_view import MergeTreeView
from app.teaching.prepared import Prepared, prepare
from app.teaching.pretok_view import PretokenizationView
from app.teaching.quiz_view import QuizView
from app.teaching.regex_view import DEFAULT_TEXT as REGEX_TEXT
from app.teaching.regex_view import RegexView
from app.teaching.replay_view import DEFAULT_TEXT as REPLAY_TEXT
from app.teaching.replay_view import ReplayView
from app.teaching.step_through import PRESETS as STEP_PRESETS
from app.teaching.step_through import StepThroughView
from app.teaching.vocab_slider import DEFAULT_TEXT as VOCAB_SLIDER_TEXT
from app.teaching.vocab_slider import VocabSliderView
from app.teaching.window_actions import window_actions
from app.teaching.window_export import ViewExports
from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.teaching.lesson_text import LessonText

#: The point size of the toolbar and the tabs' names, in presentation mode (the largest the tabs take) and out of it.
PRESENTATION_PT, NORMAL_PT = 14, 10
#: The reference encodings offered beside the current tokenizer.
REFERENCE_CHOICES = ("gpt2", "cl100k_base", "o200k_base")


def _start(text: str, chars: int = 14) -> str:
    """The first characters of a text, for a menu ("吾闻绛树两歌，一声在喉…")."""
    return text if len(text) <= chars else text[:chars] + "…"


VIEW_NAMES = ("slider", "step", "animation", "tree", "pretok", "regex", "classic", "replay", "quiz")
#: The views that show the chosen tokenizer: only they wait while it is made ready (the others stay usable).
WAITING_VIEWS = ("slider", "animation", "tree", "replay", "quiz")


class TeachingWindow(ViewExports, QMainWindow):
    """Tabs of teaching views. ``tokenizer`` (ours, or None) is the one called "current". ``loaded`` is emitted
    each time a chosen tokenizer is shown (or could not be loaded); ``replay_moved(rank, fused)`` each time the
    user moves the replay of ours, ``replay_left`` once they leave it."""

    loaded = Signal()
    replay_moved = Signal(int, bool)
    replay_left = Signal()
    exported = Signal(object)  # the path of an animation, once written

    def __init__(self, tokenizer: Tokenizer | None = None, name: str = "", text: str = "", parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("BPE Explorer — Teach"))
        self.own_tokenizer = tokenizer
        self.own_name = name or self.tr("current tokenizer")
        self.tokenizer: ShownTokenizer | None = None
        self._added: dict[str, tuple[str, ShownTokenizer]] = {}  # key -> (name, tokenizer)
        self._prepared: dict[str, Prepared] = {}  # source key -> its tokenizer made ready
        self._shown_key: str | None = None  # the source the views show
        self._loading_key: str | None = None  # the source being made ready in the loader's thread
        self._pending_tree: int | None = None  # a token whose tree opens once its tokenizer is ready
        self._replaying = False  # the replay of ours was moved, and the main window follows it
        self.loader = Jobs("teach-load", self)
        self.loader.result.connect(self._on_prepared)
        self.loader.failed.connect(self._on_prepare_failed)

        self.slider = VocabSliderView(text=text) if text else VocabSliderView()
        self.step = StepThroughView()
        self.animation = EncodeAnimationView()
        self.tree = MergeTreeView()
        self.pretok = PretokenizationView()
        self.regex = RegexView()
        self.classic = ClassicBpeView()
        self.replay = ReplayView()
        self.quiz = QuizView()
        views = (self.slider, self.step, self.animation, self.tree, self.pretok, self.regex, self.classic)
        self.views: dict[str, TeachingView] = dict(zip(VIEW_NAMES, (*views, self.replay, self.quiz)))
        self.tabs = TabWidget()
        self.tabs.setDocumentMode(True)
        for view in self.views.values():
            self.tabs.addTab(view, view.display_title())
        self.export_page = ExportPage()  # stands in for the views while an animation is exported
        self.export_page.cancel_button.clicked.connect(self.cancel_export)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.tabs)
        self.pages.addWidget(self.export_page)
        self.setCentralWidget(self.pages)
        self.animation_export: AnimationExport | None = None  # the export under way
        self._exported_tab = 0  # the tab of the view exported
        self._exports: list[AnimationExport] = []  # with those whose encoding may still run, for shutdown

        self.source = QComboBox()
        self.source.setObjectName("tokenizerSource")
        self.source.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._fill_sources()
        self.text_choice = QComboBox()  # which text the lessons use: the training corpus's, the Compare text's...
        self.text_choice.setObjectName("lessonText")
        self.text_choice.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._lesson_texts: dict[str, tuple[str, str]] = {}  # key -> (the views' text, stepping's short text)
        self._lesson_key: str | None = None  # the text the lessons use now
        self._picked: str | None = None  # the text the user picked, kept while it is offered
        self.set_lesson_texts(None, text)
        toolbar = self.toolbar = self.addToolBar(self.tr("Teach"))
        toolbar.setMovable(False)
        toolbar.addWidget(QLabel(self.tr(" Tokenizer ")))
        toolbar.addWidget(self.source)
        toolbar.addWidget(QLabel(self.tr(" Text ")))
        toolbar.addWidget(self.text_choice)
        self.loading_label = QLabel()
        self.loading_label.setObjectName("loadingLabel")
        self._loading_action = toolbar.addWidget(self.loading_label)
        self._loading_action.setVisible(False)
        toolbar.addSeparator()
        actions = window_actions(self)
        self.presentation_action, self.fullscreen_action = actions["presentation"], actions["fullscreen"]
        self.export_action, self.close_action = actions["export"], actions["close"]
        self.presentation_action.toggled.connect(self.set_presentation)
        self.fullscreen_action.toggled.connect(self._set_fullscreen)
        self.export_action.triggered.connect(self.export_dialog)
        for action in (self.presentation_action, self.fullscreen_action, self.export_action):
            toolbar.addAction(action)
            self.addAction(action)
        self.close_action.triggered.connect(self.close)
        self.addAction(self.close_action)

        self.source.currentIndexChanged.connect(self._on_source)
        self.text_choice.currentIndexChanged.connect(self._on_text_picked)
        self.tabs.currentChanged.connect(self._on_tab)
        self.slider.chips.clicked.connect(lambda i: self.open_tree(self.slider.ids[i]))
        self.animation.chips.clicked.connect(self._on_animation_chip)
        self.replay.moved.connect(self._on_replay_moved)
        self.resize(1400, 900)
        fit_to_screen(self)  # a laptop's screen is smaller
        self._on_source(self.source.currentIndex())

    # --- tokenizers ------------------------------------------------------------------------------------------
    def _fill_sources(self) -> None:
        self.source.blockSignals(True)
        self.source.clear()
        if self.own_tokenizer is not None:
            self.source.addItem(self.own_name, "own")
        for name in REFERENCE_CHOICES:
            self.source.addItem(self.tr("tiktoken {name}").format(name=name), name)
        for key, (name, _tokenizer) in self._added.items():
            self.source.addItem(name, key)
        self.source.blockSignals(False)

    def add_source(self, key: str, name: str, tokenizer: ShownTokenizer) -> None:
        """Offer ``tokenizer`` (e.g. a Compare pane's, or a file opened in the main window) as ``name``."""
        if key in ("own", *REFERENCE_CHOICES):
            return
        current = self.source.currentData()
        self._added[key] = (name, tokenizer)
        self._fill_sources()
        self.source.blockSignals(True)
        self.source.setCurrentIndex(max(0, self.source.findData(current)))
        self.source.blockSignals(False)
        if key == current:  # the source shown (or loading) has a new tokenizer (its pane was reloaded)
            self._on_source(self.source.currentIndex())

    def remove_source(self, key: str) -> None:
        """No longer offer ``key`` (a kept run forgotten); if it was shown, the first source is."""
        if self._added.pop(key, None) is None:
            return
        current = self.source.currentData()
        self._fill_sources()
        index = self.source.findData(current)
        self.source.blockSignals(True)
        self.source.setCurrentIndex(max(index, 0))
        self.source.blockSignals(False)
        if index < 0:
            self._on_source(self.source.currentIndex())

    def set_tokenizer(self, tokenizer: Tokenizer | None, name: str = "") -> None:
        """Make ``tokenizer`` the "current" one (None: only the reference encodings) and show it."""
        self.own_tokenizer, self.own_name = tokenizer, name or self.tr("current tokenizer")
        self._fill_sources()
        self.source.setCurrentIndex(0)
        self._on_source(0)

    # --- the lessons' text ------------------------------------------------------------------------------------
    def set_lesson_texts(self, corpus: LessonText | None, compare_text: str) -> None:
        """Offer the lessons a text of the training corpus (``corpus``: its sentence and short phrase), the Compare
        tab's text and the English samples; the corpus's is chosen when there is one (a lesson after training on
        Chinese is in Chinese), the English samples stay one click away."""
        texts: dict[str, tuple[str, str]] = {}
        labels: dict[str, str] = {}
        if corpus is not None:
            texts["corpus"] = (corpus.sentence, corpus.short)
            labels["corpus"] = self.tr("Training corpus: {start}").format(start=_start(corpus.sentence))
        compare = " ".join(compare_text.split())
        if compare:
            texts["compare"] = (compare[:160], compare[:24])
            labels["compare"] = self.tr("Compare text: {start}").format(start=_start(compare))
        texts["samples"] = (VOCAB_SLIDER_TEXT, STEP_PRESETS[0])
        labels["samples"] = self.tr("English samples")
        before, self._lesson_texts = self._lesson_texts, texts
        if texts.get("corpus") != before.get("corpus"):
            self._picked = None  # a new training corpus: its text first
        chosen = self._picked if self._picked in texts else next(iter(texts))
        self.text_choice.blockSignals(True)
        self.text_choice.clear()
        for key, label in labels.items():
            self.text_choice.addItem(label, key)
        self.text_choice.setCurrentIndex(self.text_choice.findData(chosen))
        self.text_choice.blockSignals(False)
        if texts[chosen] != before.get(chosen) or chosen != self._lesson_key:
            self._use_text(self.text_choice.currentIndex())

    @Slot(int)
    def _on_text_picked(self, index: int) -> None:
        self._picked = self.text_choice.itemData(index)
        self._use_text(index)

    def _use_text(self, index: int) -> None:
        self.cancel_export()
        key = self.text_choice.itemData(index)
        if key is None:
            return
        self._lesson_key = key
        text, short = self._lesson_texts[key]
        if key == "samples":  # each view's own English sample
            self.slider.set_text(VOCAB_SLIDER_TEXT)
            self.step.set_text(short)
            self.animation.set_text(ANIMATION_TEXT)
            self.tree.set_text(TREE_TEXT)
            self.regex.set_text(REGEX_TEXT)
            self.replay.set_text(REPLAY_TEXT)
            self.quiz.set_text(REPLAY_TEXT)
            return
        self.slider.set_text(text)
        self.step.set_text(short)
        self.animation.set_text(text)
        self.tree.set_text(text)
        self.regex.set_text(text)
        self.replay.set_text(text)
        self.quiz.set_text(text)

    def loading(self) -> bool:
        """True while a chosen tokenizer is being made ready (the views wait for it)."""
        return self._loading_key is not None

    def wait_loaded(self, timeout_ms: int = 60000) -> None:
        """Block, running the event loop, until the chosen tokenizer is shown (for the launcher and scripts)."""
        if not self.loading():
            return
        loop = QEventLoop()
        self.loaded.connect(loop.quit)
        QTimer.singleShot(timeout_ms, loop.quit)
        loop.exec()
        self.loaded.disconnect(loop.quit)

    def _tokenizer_of(self, key: str) -> ShownTokenizer | None:
        """The tokenizer behind a source key; None for a reference encoding (loaded by :func:`prepare`)."""
        if key == "own":
            return self.own_tokenizer
        if key in self._added:
            return self._added[key][1]
        return None

    @Slot(int)
    def _on_source(self, index: int) -> None:
        key = self.source.itemData(index)
        if key is None:
            return
        self._pending_tree = None  # a tree asked for another source
        tokenizer = self._tokenizer_of(key)
        ready = self._prepared.get(key)
        if ready is not None and (tokenizer is None or ready.tokenizer is tokenizer):
            self._loading_key = None
            self._show(key, ready)
            return
        self._loading_key = key
        self.loading_label.setText(self.tr(" Loading {name}… ").format(name=self.source.itemText(index)))
        self._loading_action.setVisible(True)
        self._set_waiting(True)
        # Started once the views are repainted greyed: a thread computing in Python meanwhile would make each of the
        # paint's calls into Python wait for the GIL.
        QTimer.singleShot(0, lambda: self.loader.call(lambda: (key, prepare(key if tokenizer is None else tokenizer))))

    @Slot(object)
    def _on_prepared(self, result: tuple[str, Prepared]) -> None:
        key, ready = result
        if self._tokenizer_of(key) not in (None, ready.tokenizer):
            return  # made for a tokenizer this source no longer has (add_source asked for the new one)
        self._prepared[key] = ready
        if key == self._loading_key:
            self._loading_key = None
            self._show(key, ready)

    @Slot(object, str)
    def _on_prepare_failed(self, message: object, _details: str) -> None:
        if self._loading_key is None:
            return  # the user chose a tokenizer already made ready meanwhile: this one is no longer awaited
        name = self.source.itemText(self.source.findData(self._loading_key))
        self._loading_key, self._pending_tree = None, None
        self.source.blockSignals(True)  # back to what the views show
        self.source.setCurrentIndex(max(0, self.source.findData(self._shown_key)))
        self.source.blockSignals(False)
        self._end_loading()
        QMessageBox.warning(
            self,
            self.tr("Cannot load encoding"),
            self.tr("{name} could not be loaded: {error}").format(name=name, error=engine_message(message)),
        )

    def _end_loading(self) -> None:
        self.loading_label.setText("")
        self._loading_action.setVisible(False)
        self._set_waiting(False)
        self.loaded.emit()

    def _set_waiting(self, waiting: bool) -> None:
        """Grey the views that wait for the tokenizer being made ready, and only them."""
        for name in WAITING_VIEWS:
            self.views[name].setEnabled(not waiting)

    def _show(self, key: str, ready: Prepared) -> None:
        """Show a tokenizer made ready, then the tree waiting for it (:meth:`open_tree_of`)."""
        self.cancel_export()
        self.leave_replay()  # the replay starts over on this tokenizer
        self._shown_key = key
        tokenizer = self.tokenizer = ready.tokenizer
        foreign = tokenizer.family != "ours"  # encoded by its own library: our engine cannot trace its merges
        animation = self.tabs.indexOf(self.animation)
        self.tabs.setTabEnabled(animation, not foreign)
        self.tabs.setTabToolTip(
            animation,
            self.tr("The animation traces our engine's BPE; this tokenizer is encoded by its own library")
            if foreign
            else "",
        )
        if foreign and self.current_view() is self.animation:
            self.show_view("slider")
        self.slider.set_tokenizer(tokenizer)
        self.tree.set_tokenizer(tokenizer, ready.trees)
        self.replay.set_tokenizer(tokenizer)
        self.quiz.set_tokenizer(tokenizer)
        if not foreign:
            self.animation.set_tokenizer(tokenizer)
        self._end_loading()
        if self._pending_tree is not None:
            token_id, self._pending_tree = self._pending_tree, None
            self.tree.show_token(token_id)

    # --- navigation ------------------------------------------------------------------------------------------
    def current_view(self) -> TeachingView:
        return self.tabs.currentWidget()

    def show_view(self, name: str) -> TeachingView:
        self.cancel_export()
        view = self.views[name]
        self.tabs.setCurrentWidget(view)
        view.setFocus()
        return view

    @Slot(int)
    def _on_tab(self, _index: int) -> None:
        for view in self.views.values():
            if view is not self.current_view():
                view.player.stop()
        if self.current_view() is not self.replay:
            self.leave_replay()
        self.current_view().setFocus()

    @Slot(int, bool)
    def _on_replay_moved(self, rank: int, fused: bool) -> None:
        if self._shown_key == "own" and self.tokenizer is self.own_tokenizer:
            self._replaying = True
            self.replay_moved.emit(rank, fused)

    def leave_replay(self) -> None:
        """The replay of ours is no longer followed (``replay_left``, once)."""
        if self._replaying:
            self._replaying = False
            self.replay_left.emit()

    def open_tree(self, token_id: int) -> None:
        self.show_view("tree")
        self.tree.show_token(token_id)

    def open_tree_of(self, source: str, token_id: int, pane=None) -> bool:
        """Show the merge tree of ``token_id`` of ``source`` ("own", a reference name or an added source's key);
        ``pane`` (a Compare pane's source, with ``label`` and ``tokenizer``) adds one not known yet. True once the
        tree is shown, or while its tokenizer is made ready (the tree follows); False if the source is unknown, the
        tokenizer has no merges or the id is not a token (the tree view says why)."""
        if self.source.findData(source) < 0 and getattr(pane, "tokenizer", None) is not None:
            self.add_source(source, pane.label, pane.tokenizer)
        index = self.source.findData(source)
        if index < 0:
            return False
        self.source.setCurrentIndex(index)  # makes that tokenizer ready (through _on_source) if it is not shown
        self.show_view("tree")
        tokenizer = self._tokenizer_of(source)
        if tokenizer is not None and tokenizer.merges is None:
            return False  # a model without merges: the tree view says so
        if self.loading():
            self._pending_tree = token_id
            return True
        return self.tree.show_token(token_id)

    def _on_animation_chip(self, index: int) -> None:
        self.open_tree(self.animation.chips.chips[index].key)

    # --- presentation and export -----------------------------------------------------------------------------
    @Slot(bool)
    def set_presentation(self, on: bool) -> None:
        if self.presentation_action.isChecked() != on:
            self.presentation_action.setChecked(on)  # re-enters through toggled
            return
        self.cancel_export()
        for view in self.views.values():
            view.set_presentation(on)
        font = self.toolbar.font()  # the toolbar's choices are read from the back row too
        font.setPointSizeF(PRESENTATION_PT if on else NORMAL_PT)
        self.toolbar.setFont(font)
        self._fit_tabs()
        self.current_view().setFocus()

    def _fit_tabs(self) -> None:
        """The tabs' names in presentation mode as large as lets every tab show in the window's width (from
        :data:`PRESENTATION_PT` down to the normal size): nine names at 14 pt left the last ones behind scroll arrows
        at 1280 px."""
        bar = self.tabs.tabBar()
        font = bar.font()
        sizes = range(PRESENTATION_PT, NORMAL_PT, -1) if self.presentation_action.isChecked() else ()
        for size in (*sizes, NORMAL_PT):
            font.setPointSizeF(size)
            bar.setFont(font)
            if sum(bar.tabSizeHint(i).width() for i in range(bar.count())) <= self.tabs.width():
                break

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.presentation_action.isChecked():
            self._fit_tabs()

    @Slot(bool)
    def _set_fullscreen(self, on: bool) -> None:
        self.showFullScreen() if on else self.showNormal()

    @Slot()
    def shutdown(self) -> None:
        """Stop the players and wait for a tokenizer being made ready; nothing loads afterwards (for the window
        that owns this one, or this window on its own, going away: no thread outlives them)."""
        self._stop_players()
        self.loader.wait_all()
        for export in self._exports:
            export.wait()

    def _stop_players(self) -> None:
        self.cancel_export()
        for view in self.views.values():
            view.player.stop()
        self.leave_replay()

    def closeEvent(self, event) -> None:
        """Closing hides the window: the main window opens it again (and shuts it down with itself); on its own
        (``python -m app.teaching``) it goes away with its threads."""
        if self.parent() is None:
            self.shutdown()
        else:
            self._stop_players()
        super().closeEvent(event)
