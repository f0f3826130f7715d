"""The Teach window: every teaching view in one tab bar, with the tokenizer they show, presentation mode
(large fonts, ← → space to step, F11 full screen) and export of the current view as PNG or SVG.

Clicking a token in the vocabulary slider or the encode animation opens its merge tree.

Besides ours and tiktoken's, any tokenizer the app has loaded can be added (:meth:`TeachingWindow.add_source`):
a published model's BPE tokenizer shows its merge trees and slides through its merges; the encode animation
traces our engine's BPE, so its tab is off for a foreign tokenizer (encoded by its own library).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QComboBox, QFileDialog, QLabel, QMainWindow, QMessageBox, QTabWidget

from app.teaching.base import TeachingView
from app.teaching.classic_view import ClassicBpeView
from app.teaching.encode_animation import EncodeAnimationView
from app.teaching.merge_tree_view import MergeTreeView
from app.teaching.pretok_view import PretokenizationView
from app.teaching.step_through import StepThroughView
from app.teaching.vocab_slider import VocabSliderView
from bpe_core.foreign import ForeignTokenizer
from bpe_core.reference import EncodingFileError
from bpe_core.teaching.token_view import FirstMerges
from bpe_core.tokenizer import Tokenizer

#: The reference encodings offered beside the current tokenizer.
REFERENCE_CHOICES = ("gpt2", "cl100k_base", "o200k_base")
VIEW_NAMES = ("slider", "step", "animation", "tree", "pretok", "classic")


class TeachingWindow(QMainWindow):
    """Tabs of teaching views. ``tokenizer`` (ours, or None) is the one called "current"."""

    def __init__(self, tokenizer: Tokenizer | None = None, name: str = "", text: str = "", parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("BPE Explorer — Teach"))
        self.own_tokenizer = tokenizer
        self.own_name = name or self.tr("current tokenizer")
        self.tokenizer: Tokenizer | ForeignTokenizer | None = None
        self._references: dict[str, Tokenizer] = {}
        self._added: dict[str, tuple[str, Tokenizer | ForeignTokenizer]] = {}  # key -> (name, tokenizer)
        self._first: dict[int, FirstMerges | None] = {}  # id(foreign tokenizer) -> its merges and ids

        self.slider = VocabSliderView(text=text) if text else VocabSliderView()
        self.step = StepThroughView()
        self.animation = EncodeAnimationView()
        self.tree = MergeTreeView()
        self.pretok = PretokenizationView()
        self.classic = ClassicBpeView()
        self.views: dict[str, TeachingView] = dict(
            zip(VIEW_NAMES, (self.slider, self.step, self.animation, self.tree, self.pretok, self.classic))
        )
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for view in self.views.values():
            self.tabs.addTab(view, view.display_title())
        self.setCentralWidget(self.tabs)

        self.source = QComboBox()
        self.source.setObjectName("tokenizerSource")
        self.source.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._fill_sources()
        toolbar = self.addToolBar(self.tr("Teach"))
        toolbar.setMovable(False)
        toolbar.addWidget(QLabel(self.tr(" Tokenizer ")))
        toolbar.addWidget(self.source)
        toolbar.addSeparator()
        self.presentation_action = QAction(self.tr("Presentation mode"), self, checkable=True)
        self.presentation_action.setShortcut(QKeySequence("F5"))
        self.presentation_action.setToolTip(self.tr("Large fonts for a projector; ← → step, space plays (F5)"))
        self.presentation_action.toggled.connect(self.set_presentation)
        self.fullscreen_action = QAction(self.tr("Full screen"), self, checkable=True)
        self.fullscreen_action.setShortcut(QKeySequence("F11"))
        self.fullscreen_action.toggled.connect(self._set_fullscreen)
        self.export_action = QAction(self.tr("Export view…"), self)
        self.export_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_action.setToolTip(self.tr("Save the current view as PNG or SVG, for slides"))
        self.export_action.triggered.connect(self.export_dialog)
        for action in (self.presentation_action, self.fullscreen_action, self.export_action):
            toolbar.addAction(action)
            self.addAction(action)

        self.source.currentIndexChanged.connect(self._on_source)
        self.tabs.currentChanged.connect(self._on_tab)
        self.slider.chips.clicked.connect(lambda i: self.open_tree(self.slider.ids[i]))
        self.animation.chips.clicked.connect(self._on_animation_chip)
        self.resize(1400, 900)
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

    def add_source(self, key: str, name: str, tokenizer: Tokenizer | ForeignTokenizer) -> None:
        """Offer ``tokenizer`` (e.g. a Compare pane's, or a file opened in the main window) as ``name``."""
        if key in ("own", *REFERENCE_CHOICES):
            return
        current = self.source.currentData()
        self._added[key] = (name, tokenizer)
        self._fill_sources()
        self.source.blockSignals(True)
        self.source.setCurrentIndex(max(0, self.source.findData(current)))
        self.source.blockSignals(False)

    def set_tokenizer(self, tokenizer: Tokenizer | None, name: str = "") -> None:
        """Make ``tokenizer`` the "current" one (None: only the reference encodings) and show it."""
        self.own_tokenizer, self.own_name = tokenizer, name or self.tr("current tokenizer")
        self._fill_sources()
        self.source.setCurrentIndex(0)
        self._on_source(0)

    @Slot(int)
    def _on_source(self, index: int) -> None:
        key = self.source.itemData(index)
        if key is None:
            return
        if key == "own":
            tokenizer = self.own_tokenizer
        elif key in self._added:
            tokenizer = self._added[key][1]
        else:
            QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                tokenizer = self._references.get(key) or Tokenizer.from_tiktoken(key)
            except (EncodingFileError, OSError, ValueError) as exc:
                QGuiApplication.restoreOverrideCursor()
                QMessageBox.warning(
                    self,
                    self.tr("Cannot load encoding"),
                    self.tr("{name} could not be loaded: {error}").format(name=key, error=exc),
                )
                return
            self._references[key] = tokenizer
            QGuiApplication.restoreOverrideCursor()
        self.show_tokenizer(tokenizer)

    def show_tokenizer(self, tokenizer: Tokenizer | ForeignTokenizer) -> None:
        self.tokenizer = tokenizer
        foreign = isinstance(tokenizer, ForeignTokenizer)
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
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if foreign:
                first = self._first_merges(tokenizer)
                self.slider.set_tokenizer(tokenizer, first=first)
                self.tree.set_tokenizer(tokenizer, first)
            else:
                for view in (self.slider, self.animation, self.tree):
                    view.set_tokenizer(tokenizer)
        finally:
            QGuiApplication.restoreOverrideCursor()

    def _first_merges(self, tokenizer: ForeignTokenizer) -> FirstMerges | None:
        """The model's merges and ids, read once (150,000 of each for a large model): None without merges."""
        if id(tokenizer) not in self._first:
            self._first[id(tokenizer)] = FirstMerges(tokenizer) if tokenizer.merges is not None else None
        return self._first[id(tokenizer)]

    # --- navigation ------------------------------------------------------------------------------------------
    def current_view(self) -> TeachingView:
        return self.tabs.currentWidget()

    def show_view(self, name: str) -> TeachingView:
        view = self.views[name]
        self.tabs.setCurrentWidget(view)
        view.setFocus()
        return view

    @Slot(int)
    def _on_tab(self, _index: int) -> None:
        for view in self.views.values():
            if view is not self.current_view():
                view.player.stop()
        self.current_view().setFocus()

    def open_tree(self, token_id: int) -> None:
        self.show_view("tree")
        self.tree.show_token(token_id)

    def open_tree_of(self, source: str, token_id: int, pane=None) -> bool:
        """Show the merge tree of ``token_id`` of ``source`` ("own", a reference name or an added source's key);
        ``pane`` (a Compare pane's source, with ``label`` and ``tokenizer``) adds one not known yet. False if
        unknown, or if the tokenizer has no merges (the tree view says so)."""
        if self.source.findData(source) < 0 and getattr(pane, "tokenizer", None) is not None:
            self.add_source(source, pane.label, pane.tokenizer)
        index = self.source.findData(source)
        if index < 0:
            return False
        self.source.setCurrentIndex(index)  # loads that tokenizer (through _on_source) if it is not current
        self.show_view("tree")
        return self.tree.show_token(token_id)

    def _on_animation_chip(self, index: int) -> None:
        self.open_tree(self.animation.chips.chips[index].key)

    # --- presentation and export -----------------------------------------------------------------------------
    @Slot(bool)
    def set_presentation(self, on: bool) -> None:
        if self.presentation_action.isChecked() != on:
            self.presentation_action.setChecked(on)  # re-enters through toggled
            return
        for view in self.views.values():
            view.set_presentation(on)
        font = self.tabs.tabBar().font()
        font.setPointSizeF(14 if on else 10)
        self.tabs.tabBar().setFont(font)
        self.current_view().setFocus()

    @Slot(bool)
    def _set_fullscreen(self, on: bool) -> None:
        self.showFullScreen() if on else self.showNormal()

    @Slot()
    def export_dialog(self) -> None:
        view = self.current_view()
        default = f"{view.title.lower().replace(' ', '_')}.png"
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export view"), default, self.tr("PNG image (*.png);;SVG drawing (*.svg)")
        )
        if path:
            self.export_current(path)

    def export_current(self, path: str | Path) -> Path | None:
        """Export the current view as PNG or SVG (by the suffix); a failure shows a message."""
        try:
            return self.current_view().export_image(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, self.tr("Cannot export"), str(exc))
            return None

    def closeEvent(self, event) -> None:
        for view in self.views.values():
            view.player.stop()
        super().closeEvent(event)
