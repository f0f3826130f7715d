"""The Vocabulary tab: every token of a chosen tokenizer (ours at the current step, tiktoken's ``gpt2``,
``cl100k_base``, ``o200k_base``, or a tokenizer file), and pages for the overlap of two vocabularies, the audit,
why a merge was made, language parity, how numbers are cut, the X-ray and the board of every tokenizer over a
corpus.

The main window tells the tab about our tokenizer (:meth:`VocabularyTab.set_own_tokenizer`), the training
corpus (:meth:`VocabularyTab.set_corpus`), the merge selected in the Train tab (:meth:`VocabularyTab.explain_merge`)
and the Compare tab's added panes (:meth:`VocabularyTab.add_pane_source`). Tables are built once per tokenizer, in
a worker, and kept.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer, Signal, Slot
from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.common.background.jobs import Jobs
from app.common.session import Session
from app.common.sources import REFERENCE_PANES, PaneSource, load_source, source_title
from app.common.tab_part import TourPage, merges_label
from app.common.widgets.lazy_pages import LazyPages
from app.common.widgets.tab_widget import TabWidget
from app.common.wording.engine_messages import engine_message
from app.vocabulary.audit_panel import AuditPanel
from app.vocabulary.board_panel import BoardPanel
from app.vocabulary.browse_panel import BrowsePanel
from app.vocabulary.choices import (
    OWN_KEY,
    Choice,
    Loaded,
    load_choice,
    own_choice,
    pane_choice,
    reference_choices,
)
from app.vocabulary.numbers_panel import NumbersPanel
from app.vocabulary.overlap_panel import OverlapPanel
from app.vocabulary.parity_panel import ParityPanel
from app.vocabulary.why_panel import WhyMergePanel
from app.vocabulary.xray_panel import XRayPanel
from bpe_core.encoding.parallel_encode import large_text_encoder
from bpe_core.formats import takes_pattern


class VocabularyTab(QWidget):
    """The tab. ``shown(Loaded)`` when a vocabulary's table is on screen; ``tree_requested(key, id)`` for the
    merge tree of a double-clicked token (``key`` as the Teach window names tokenizers: "own" or a reference);
    ``whole_run_requested`` when "All merges" is clicked while ours is shown at an earlier merge."""

    shown = Signal(object)
    tree_requested = Signal(str, int)
    whole_run_requested = Signal()
    # The tab's title and its page of the guided tour (a tab of the window: :mod:`app.common.tab_part`).
    TOUR = TourPage(
        "VocabularyTab",
        QT_TRANSLATE_NOOP("VocabularyTab", "Vocabulary"),
        QT_TRANSLATE_NOOP(
            "VocabularyTab",
            "Inside a vocabulary: its tokens by script, the overlap of two, an audit, why a merge was made, the "
            "cost per language, an X-ray of scaffold tokens, and a board of every tokenizer over your own corpus.",
        ),
        QT_TRANSLATE_NOOP("VocabularyTab", "Choose o200k_base, type “ing” in the filter, and double-click a token."),
    )

    def __init__(self, compare_text: Callable[[], str] = str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("vocabularyTab")
        self._compare_text = compare_text  # the session's, once bound: the pages ask through _text_to_compare
        compare_text = self._text_to_compare
        self._offered: set[str] = set()  # the keys of the session's added tokenizers offered here
        self.choices: dict[str, Choice] = {c.key: c for c in reference_choices()}
        self.loaded: dict[str, Loaded] = {}
        self.current: Loaded | None = None
        self.wanted: str | None = None
        self.own_tokenizer = None
        self._own_whole = None  # ours with every merge: the one "Why this merge" explains
        self._stale = False  # the vocabulary wanted is not the one on screen (built when the tab is shown)
        self._unsorted: Loaded | None = None  # shown, its strings to be ordered for sorting once it is painted
        self.jobs = Jobs("table", self)
        self.jobs.result.connect(self._on_loaded)
        self.jobs.failed.connect(self._on_failed)

        self.picker = QComboBox()
        self.picker.setObjectName("vocabSource")
        self.picker.setMinimumWidth(260)
        self.picker.activated.connect(self._on_pick)
        self.open_button = QPushButton(self.tr("Open tokenizer…"))
        self.open_button.setToolTip(
            self.tr(
                "Any file the Compare tab can add: our .json, tokenizer.json, .tiktoken, GPT-2 files, "
                "a SentencePiece model"
            )
        )
        self.open_button.clicked.connect(self.open_dialog)
        self.whole_run_button = QPushButton(self.tr("All merges"))
        self.whole_run_button.setObjectName("vocabWholeRun")
        self.whole_run_button.setToolTip(
            self.tr("Ours is shown at the merge chosen in the Train tab: show every merge")
        )
        self.whole_run_button.clicked.connect(self.whole_run_requested)
        self.whole_run_button.hide()
        self.status = QLabel()
        self.status.setObjectName("vocabStatus")
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Vocabulary:")))
        top.addWidget(self.picker)
        top.addWidget(self.whole_run_button)
        top.addWidget(self.open_button)
        top.addWidget(self.status, 1)

        self.overlap = OverlapPanel(self.load)
        self.why = WhyMergePanel(compare_text)
        self.xray = XRayPanel(compare_text)
        self.xray.run_button.clicked.connect(lambda: self.xray.run(self.current))
        self.pages = TabWidget()
        self.pages.setObjectName("vocabPages")
        # The pages with charts are made when first opened (or asked for): 65 of the tab's 75 ms at every start.
        self.lazy_pages = LazyPages(self.pages)
        self.lazy_pages.add("browse", self._make_browse, self.tr("Tokens"))
        self.pages.addTab(self.overlap, self.tr("Overlap"))
        self.lazy_pages.add("audit", functools.partial(self._make_audit, compare_text), self.tr("Audit"))
        self.pages.addTab(self.why, self.tr("Why this merge"))
        self.lazy_pages.add("parity", lambda: ParityPanel(self.parity_encoders), self.tr("Language parity"))
        self.lazy_pages.add(
            "numbers", lambda: NumbersPanel(self.shown_tokenizers, self.tokenizer_files), self.tr("Numbers")
        )
        self.pages.addTab(self.xray, self.tr("X-ray"))
        self.lazy_pages.add("board", lambda: BoardPanel(self.board_tokenizers), self.tr("Board"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.pages, 1)

        self.xray.token_activated.connect(self._on_token_activated)
        self.overlap.token_activated.connect(self._on_overlap_token)
        self._fill_picker()
        self._want("o200k_base")

    # --- the pages made when first needed -----------------------------------------------------------------------
    def _make_browse(self) -> BrowsePanel:
        browse = BrowsePanel()
        browse.token_activated.connect(self._on_token_activated)
        browse.token_selected.connect(self._on_token_selected)
        return browse

    def _make_audit(self, compare_text: Callable[[], str]) -> AuditPanel:
        audit = AuditPanel(compare_text)
        audit.run_button.clicked.connect(self.run_audit)
        audit.token_activated.connect(self._on_token_activated)
        return audit

    @property
    def browse(self) -> BrowsePanel:
        return self.lazy_pages.get("browse")

    @property
    def audit(self) -> AuditPanel:
        return self.lazy_pages.get("audit")

    @property
    def parity(self) -> ParityPanel:
        return self.lazy_pages.get("parity")

    @property
    def numbers(self) -> NumbersPanel:
        return self.lazy_pages.get("numbers")

    @property
    def board(self) -> BoardPanel:
        return self.lazy_pages.get("board")

    # --- which tokenizers ------------------------------------------------------------------------------------
    def _fill_picker(self) -> None:
        kept = self.wanted
        self.picker.blockSignals(True)
        self.picker.clear()
        for choice in self.choices.values():
            self.picker.addItem(choice.title, choice.key)
        self.picker.setCurrentIndex(max(self.picker.findData(kept), 0))
        self.picker.blockSignals(False)
        self.overlap.set_choices([(c.key, c.title) for c in self.choices.values()])

    def _add_choice(self, choice: Choice) -> None:
        fresh = choice.key not in self.choices
        if choice.key == OWN_KEY:  # ours first
            self.choices = {OWN_KEY: choice} | {k: c for k, c in self.choices.items() if k != OWN_KEY}
        else:
            self.choices[choice.key] = choice
        self.loaded.pop(choice.key, None)
        if fresh or choice.key == OWN_KEY:
            self._fill_picker()

    def set_own_tokenizer(self, tokenizer, label: str = "", full=None, *, partial: bool = False) -> None:
        """Our tokenizer at the current step (None: none yet); ``full`` is the whole trained one (for "why this
        merge"); ``partial``: the step is an earlier merge ("All merges" is offered). Shown again at once if
        it is the vocabulary on screen."""
        self.own_tokenizer = tokenizer
        self.whole_run_button.setVisible(partial and tokenizer is not None)
        self._own_whole = full if full is not None else tokenizer
        if self.current is None or self.current.choice.key == OWN_KEY:
            self.why.set_tokenizer(self._own_whole, trained=True)
        if tokenizer is None:
            if OWN_KEY in self.choices:
                del self.choices[OWN_KEY]
                self.loaded.pop(OWN_KEY, None)
                self._fill_picker()
                if self.wanted == OWN_KEY:
                    self._want(next(iter(self.choices)))
            return
        first = OWN_KEY not in self.choices
        self._add_choice(
            own_choice(tokenizer, self.tr("Ours: {label}").format(label=label) if label else self.tr("Ours"))
        )
        if first or self.wanted == OWN_KEY:  # a tokenizer just trained or opened is shown first
            self._want(OWN_KEY)

    def _want(self, key: str) -> None:
        """Show ``key`` now if the tab is on screen, else once it is."""
        self.wanted, self._stale = key, True
        self.picker.setCurrentIndex(max(self.picker.findData(key), 0))
        if self.isVisible():
            self.show_vocabulary(key)

    def showEvent(self, event) -> None:
        self.lazy_pages.make_current()
        super().showEvent(event)
        if self._stale and self.wanted in self.choices:
            self.show_vocabulary(self.wanted)

    def set_corpus(self, paths: Sequence[Path], encoding: str = "utf-8") -> None:
        """The files our tokenizer was trained on, for "why this merge"."""
        self.why.set_corpus(paths, encoding)

    def add_pane_source(self, source: PaneSource) -> None:
        """A tokenizer the user added to the Compare tab (offered here too)."""
        if source.key not in self.choices:
            self._add_choice(pane_choice(source))

    def remove_pane_source(self, key: str) -> None:
        """A tokenizer no longer in the session (a kept run forgotten) is no longer offered; if it was shown, the
        first vocabulary is."""
        if key == OWN_KEY or key in REFERENCE_PANES or self.choices.pop(key, None) is None:
            return
        self.loaded.pop(key, None)
        self._fill_picker()
        if self.wanted == key:
            self._want(next(iter(self.choices)))

    def add_file(self, path: str | Path, pattern: str = "cl100k") -> None:
        """Offer and show a tokenizer file (read in the worker; an error is shown in the status line), named as the
        Compare tab names it (a ``tokenizer.json`` by its model's folder), or, where another tokenizer offered has
        that name (Llama 3's ``tokenizer.json`` and ``original/tokenizer.model``), with its file's name, else its
        path: the pages name their rows by it."""
        path = Path(path)
        key = f"file:{path.resolve()}"
        taken = {choice.title for other, choice in self.choices.items() if other != key} | set(REFERENCE_PANES)
        titles = (source_title(path), f"{source_title(path)} ({path.name})", str(path))
        title = next((title for title in titles if title not in taken), str(path.resolve()))
        self._add_choice(Choice(key, title, functools.partial(_file_tokenizer, path, pattern)))
        self.show_vocabulary(key)

    @Slot()
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open a tokenizer's vocabulary"),
            "",
            self.tr("Tokenizers (*.json *.tiktoken *.tiktoken.gz *.model *.txt);;All files (*)"),
        )
        if path:
            self.add_file(path)

    # --- loading ---------------------------------------------------------------------------------------------
    @Slot(int)
    def _on_pick(self, index: int) -> None:
        self.show_vocabulary(self.picker.itemData(index))

    def show_vocabulary(self, key: str) -> None:
        """Show the vocabulary ``key`` (built in a worker the first time)."""
        self.wanted, self._stale = key, False
        self.picker.setCurrentIndex(max(self.picker.findData(key), 0))
        if key in self.loaded:
            self._show(self.loaded[key])
            return
        choice = self.choices[key]
        self.status.setText(self.tr("Loading {name}…").format(name=choice.title))
        self.jobs.submit(lambda cancelled, _progress: load_choice(choice, cancelled))

    def load(self, key: str, cancelled: Callable[[], bool]) -> Loaded:
        """The loaded vocabulary ``key``, built if needed (callable from a worker)."""
        found = self.loaded.get(key)
        return found if found is not None else load_choice(self.choices[key], cancelled)

    @Slot(object)
    def _on_loaded(self, loaded: Loaded) -> None:
        if self.choices.get(loaded.choice.key) is not loaded.choice:
            return  # our tokenizer moved on meanwhile
        self.loaded[loaded.choice.key] = loaded
        if isinstance(loaded, _Prepared):
            return
        if loaded.choice.key == self.wanted:
            self._show(loaded)
            # Ordered for sorting once the new rows are painted: a thread running Python meanwhile would make each
            # of the paint's calls into Python wait for the GIL.
            self._unsorted = loaded
            QTimer.singleShot(0, self._order_for_sorting)

    @Slot()
    def _order_for_sorting(self) -> None:
        """Order the shown table's strings in a worker, unless another vocabulary is wanted meanwhile (the newest job
        wins: it would be cancelled); a table not ordered ahead is ordered at its first sort."""
        loaded, self._unsorted = self._unsorted, None
        if loaded is not None and loaded is self.current and not self.jobs.busy():
            self.jobs.submit(lambda cancelled, _progress: _prepare(loaded))

    @Slot(object, str)
    def _on_failed(self, message: object, _details: str) -> None:
        self.status.setText(self.tr("Cannot show this vocabulary: {error}").format(error=engine_message(message)))

    def _show(self, loaded: Loaded) -> None:
        self.current = loaded
        self.browse.show_table(loaded.table)
        self.overlap.set_first(loaded.choice.key)  # the pages follow the vocabulary chosen at the top
        if loaded.choice.key == OWN_KEY:
            self.why.set_tokenizer(self._own_whole, trained=True)
        else:
            self.why.set_tokenizer(loaded.tokenizer, trained=False)
        self.why.set_table(loaded.table)
        merged = int((loaded.table.rank >= 0).sum())
        self.status.setText(
            self.tr("{name}: {tokens:,} tokens, {merged:,} made by merges").format(
                name=loaded.choice.title, tokens=len(loaded.table), merged=merged
            )
        )
        self.shown.emit(loaded)

    # --- the pages -------------------------------------------------------------------------------------------
    @Slot()
    def run_audit(self) -> None:
        self.audit.run(self.current)

    def explain_merge(self, rank: int) -> None:
        """Explain merge ``rank`` of our tokenizer in the "Why this merge" page (when ours is the one shown)."""
        if self.why.trained:
            self.why.explain(rank)

    def _own_name(self) -> str:
        """Our tokenizer's name in the parity, Numbers and Board pages: "ours (1,000 merges)"."""
        merges = len(self.own_tokenizer.merges) if self.own_tokenizer is not None else 0
        return self.tr("ours ({merges:,} merges)", "", merges).format(merges=merges)

    def parity_encoders(self) -> dict:
        """Every tokenizer in play: ours (when there is one), the references and each one added in the Compare
        tab or opened here, as ``name -> a function giving encode`` (called in the parity worker)."""
        encoders = {}
        if self.own_tokenizer is not None:
            encoders[self._own_name()] = functools.partial(getattr, self.own_tokenizer, "encode")
        for key, choice in self.choices.items():
            if key != OWN_KEY:
                encoders[key if key in REFERENCE_PANES else choice.title] = functools.partial(_encoder_of, choice)
        return encoders

    def shown_tokenizers(self) -> dict:
        """Every tokenizer in play, as :meth:`parity_encoders` names them: ``name -> a function giving the
        tokenizer`` (called in the Numbers worker)."""
        tokenizers = {}
        if self.own_tokenizer is not None:
            tokenizers[self._own_name()] = lambda own=self.own_tokenizer: own
        for key, choice in self.choices.items():
            if key != OWN_KEY:
                tokenizers[key if key in REFERENCE_PANES else choice.title] = choice.load
        return tokenizers

    def tokenizer_files(self) -> list[str]:
        """The files the tokenizers offered here were read from (an export may not write over one)."""
        return [key.removeprefix("file:") for key in self.choices if key.startswith("file:")]

    def board_tokenizers(self) -> list[tuple[str, object]]:
        """Every tokenizer in play for the Board, as ``(title, source)``: ours at the step shown (the tokenizer),
        the references and the model ids or files added (their names), a kept run (a function giving it)."""
        found: list[tuple[str, object]] = []
        if self.own_tokenizer is not None:
            found.append((self._own_name(), self.own_tokenizer))
        for key, choice in self.choices.items():
            if key == OWN_KEY:
                continue
            path = key.removeprefix("file:")  # (a file opened here: its workers load the file itself)
            if key in REFERENCE_PANES or key.startswith("hf:") or (os.path.exists(path) and not takes_pattern(path)):
                found.append((key if key in REFERENCE_PANES else choice.title, path))
            else:
                found.append((choice.title, choice.load))
        return found

    @Slot(int)
    def _on_token_activated(self, token_id: int) -> None:
        if self.current is not None and self.current.choice.tree_key is not None:
            self.tree_requested.emit(self.current.choice.tree_key, token_id)

    @Slot(str, int)
    def _on_overlap_token(self, key: str, token_id: int) -> None:
        choice = self.choices.get(key)
        if choice is not None and choice.tree_key is not None:
            self.tree_requested.emit(choice.tree_key, token_id)

    @Slot(int)
    def _on_token_selected(self, token_id: int) -> None:
        loaded = self.current
        if loaded is None:
            return
        rank = int(loaded.table.rank[loaded.table.row_of([token_id])[0]])
        if rank >= 0:
            self.why.explain(rank)

    # --- a tab of the window (app.common.tab_part) -------------------------------------------------------------
    def bind(self, session: Session, say) -> None:
        """Follow ``session``: ours at the step shown, the corpus it was trained on (for "why this merge"), the
        tokenizers added, and its Compare text (for the X-ray, the audit and "why this merge")."""
        self._compare_text = lambda: session.text
        session.watch("own", lambda: self._show_own(session.own))
        session.watch("added", lambda: self._offer_added(session.added))
        session.watch("corpus", lambda: self.set_corpus(list(session.corpus.paths), session.corpus.encoding))

    def _text_to_compare(self) -> str:
        return self._compare_text()

    def _show_own(self, own) -> None:
        if own is None:
            self.set_own_tokenizer(None)
        else:
            label = merges_label(own.step, own.total)
            self.set_own_tokenizer(own.shown, label, full=own.whole, partial=own.partial)

    def _offer_added(self, added: dict) -> None:
        """Offer every tokenizer added in the session, and no longer those it dropped (a kept run forgotten)."""
        for key in self._offered - added.keys():
            self.remove_pane_source(key)
        self._offered = set(added)
        for source in added.values():
            self.add_pane_source(source)

    def status_widgets(self) -> list[QWidget]:
        return []

    def busy(self) -> bool:
        pages = self.lazy_pages.made("audit", "parity", "numbers", "board")
        panels = (self, self.overlap, self.why, self.xray, *pages)
        return self._unsorted is not None or any(panel.jobs.busy() for panel in panels)

    def shutdown(self) -> None:
        """Stop every thread of the tab, waiting for each (a page never made has none)."""
        self.jobs.wait_all()
        for panel in (self.overlap, self.why, self.xray, *self.lazy_pages.made()):
            panel.shutdown()


class _Prepared(Loaded):
    """The string orders of a table are ready (sorting by token or bytes is then fast)."""


def _prepare(loaded: Loaded) -> _Prepared:
    loaded.table.prepare_sorting()
    return _Prepared(loaded.choice, loaded.source, loaded.table, loaded.tokenizer)


def _file_tokenizer(path: Path, pattern: str):
    return load_source(path, pattern).tokenizer


def _encoder_of(choice: Choice):
    """The encode of a chosen tokenizer; a shipped reference's large text goes to our engine on every core (the
    same ids)."""
    if choice.shipped:
        return large_text_encoder(choice.key, short=choice.load().encode)
    return choice.load().encode
