"""The Compare view: a text editor and, beside it, one pane per tokenizer showing how each one cuts the text.

Panes: our tokenizer (trained or opened; the main window calls :meth:`CompareView.set_own_tokenizer` at every
step), tiktoken's ``gpt2``, ``cl100k_base`` and ``o200k_base``, and any number the user adds from the "Add
tokenizer" menu: a file or folder of any kind :func:`bpe_core.formats.load_any` reads, a Hugging Face model id, or
one of the curated models (:mod:`bpe_core.model_catalogue`). Added tokenizers load in the background
(:mod:`app.compare.source_loader`; the pane says what is loading and can cancel it). Each pane can be hidden.
Typing re-encodes after a short pause, in the background (:mod:`app.compare.encode_worker`); the view only draws
the engine's token records.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.common import dialogs
from app.common.boundaries import compare_cuts, cut_offsets
from app.common.engine_messages import engine_message
from app.common.local_files import read_text_head
from app.common.sizes import format_bytes
from app.common.sources import (
    OWN_KEY,
    REFERENCE_PANES,
    PaneResult,
    PaneSource,
    load_source,
    reference_source,
    source_key,
    source_title,
    training_source,
)
from app.common.tokenizer_files import tokenizer_path
from app.compare.encode_worker import EncodeService
from app.compare.model_id_dialog import ModelIdDialog
from app.compare.source_loader import SourceLoader
from app.compare.token_canvas import Options
from app.compare.token_pane import TokenPane
from app.style import Palette, text_font
from bpe_core import model_catalogue
from bpe_core.formats.pattern_guess import PatternGuess, count_ranks, guess_pattern

#: The example text (translated: a Chinese interface starts with a Chinese example).
DEFAULT_TEXT = QT_TRANSLATE_NOOP(
    "CompareView",
    "Tokenizers cut text into pieces. Hello world!\n今天下午我们在河边散步，看见很多人在钓鱼。鬱\nEmoji: 🙂👍🏽 🇫🇷\n"
    'def greet(name):\n    return f"Hello, {name}!"  # 42 tokens?\n',
)
#: Loading a file reads at most this many characters from its start (the user is told).
MAX_CHARS = 1_000_000
DEBOUNCE_MS = 120
#: While training, the "Ours" pane follows the merges at most this often.
STEPS_INTERVAL_MS = 100
NO_OWN_TOKENIZER = QT_TRANSLATE_NOOP(
    "CompareView", "No tokenizer yet: train one or open a saved tokenizer, and its tokens appear here."
)
#: The named patterns offered for a file that does not say how it pre-tokenizes (any other text is a regex).
TIKTOKEN_PATTERNS = ("cl100k", "o200k", "gpt2", "llama3", "qwen2", "tekken")


@dataclass
class Pane:
    """Everything the view holds about one pane: its ``key``, its ``title``, the ``source`` it encodes with (None:
    no tokenizer yet), its ``widget`` (which keeps the result it shows), its ``action`` in the Panes menu,
    whether the user has ``hidden`` it, whether it can be ``removable`` (an added one) or only hidden, and whether
    its tokenizer is still ``loading``."""

    key: str
    title: str
    source: PaneSource | None
    widget: TokenPane
    action: QAction
    removable: bool = False
    hidden: bool = False
    loading: bool = False
    name: str = ""  # what an added pane loads, named as its title names it while it loads


class CompareView(QWidget):
    """The whole view. ``rendered`` is emitted whenever every pane shows the newest encoding of the text;
    ``tree_requested(pane_key, token_id)`` when a token is double-clicked (to show its merge tree);
    ``whole_run_requested`` when "All merges" is clicked on "Ours" shown at an earlier merge."""

    rendered = Signal()
    tree_requested = Signal(str, int)
    whole_run_requested = Signal()
    source_shown = Signal(object)  # a PaneSource added (or reloaded) in its own pane
    text_changed = Signal()

    def __init__(self, parent=None, *, text: str | None = None):
        super().__init__(parent)
        self.setObjectName("compareView")
        self.service = EncodeService(self)
        self.service.pane_ready.connect(self._on_pane_ready)
        self.service.idle.connect(self._on_idle)
        self.loader = SourceLoader(self)
        self.loader.loaded.connect(self._on_source_loaded)
        self.loader.failed.connect(self._on_source_failed)
        self.loader.needs_pattern.connect(self._on_needs_pattern)
        self.pane_records: dict[str, Pane] = {}  # by key, in the splitter's order
        self.reference_key: str | None = None
        self.highlight: tuple[int, int] = (0, 0)
        self.options = Options()
        self.palette_ = Palette()
        self._own_label = ""
        self._shown = False

        self._build_controls()
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("compareEditor")
        self.editor.setFont(text_font(11))
        self.editor.setPlaceholderText(
            self.tr("Type or paste text here, or load a file: every pane shows how it is cut.")
        )
        self.panes_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.panes_splitter.setObjectName("paneSplitter")
        self.panes_splitter.setChildrenCollapsible(False)
        self._add_pane(OWN_KEY, None)
        for name in REFERENCE_PANES:
            self._add_pane(name, reference_source(name))
        self.pane_records[OWN_KEY].widget.set_message(self.tr(NO_OWN_TOKENIZER))
        self.pane_records[OWN_KEY].widget.whole_run_button.clicked.connect(self.whole_run_requested)

        outer = QSplitter(Qt.Orientation.Vertical)
        outer.setChildrenCollapsible(False)
        outer.addWidget(self.editor)
        outer.addWidget(self.panes_splitter)
        outer.setStretchFactor(0, 1)
        outer.setStretchFactor(1, 4)
        outer.setSizes([150, 600])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(self.controls)
        layout.addLayout(self.layers)
        layout.addWidget(self.notice)
        layout.addWidget(outer, 1)

        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.encode_now)
        self._pending_steps = None
        self.steps_timer = QTimer(self)
        self.steps_timer.setSingleShot(True)
        self.steps_timer.setInterval(STEPS_INTERVAL_MS)
        self.steps_timer.timeout.connect(self._apply_steps)
        self.editor.setPlainText(self.tr(DEFAULT_TEXT) if text is None else text)
        self.editor.textChanged.connect(self._on_text_changed)
        self.editor.selectionChanged.connect(self._on_editor_selection)
        self._rebuild_reference_combo()
        self.encode_now()

    # ----- building -----

    def _build_controls(self) -> None:
        self.load_button = QPushButton(self.tr("Load text…"))
        self.load_button.setToolTip(self.tr("Load a UTF-8 text file into the editor"))
        self.load_button.clicked.connect(self.load_text_dialog)
        self.add_button = QToolButton()
        self.add_button.setObjectName("addTokenizer")
        self.add_button.setText(self.tr("Add tokenizer"))
        self.add_button.setToolTip(
            self.tr("Add a pane: a tokenizer file or folder, a Hugging Face model, or a known model")
        )
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_menu = self._build_add_menu()
        self.add_button.setMenu(self.add_menu)
        self.panes_button = QToolButton()
        self.panes_button.setText(self.tr("Panes"))
        self.panes_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.panes_menu = QMenu(self)
        self.panes_button.setMenu(self.panes_menu)
        self.layout_combo = QComboBox()
        self.layout_combo.setObjectName("layoutCombo")
        self.layout_combo.addItem(self.tr("Side by side"), Qt.Orientation.Horizontal)
        self.layout_combo.addItem(self.tr("Stacked"), Qt.Orientation.Vertical)
        self.layout_combo.currentIndexChanged.connect(self._on_layout_changed)
        self.color_combo = QComboBox()
        self.color_combo.setObjectName("colorCombo")
        self.color_combo.addItem(self.tr("Colors by token id"), "id")
        self.color_combo.addItem(self.tr("Alternating colors"), "alternate")
        self.color_combo.currentIndexChanged.connect(self._on_colors_changed)
        self.safe_box = QCheckBox(self.tr("Color-blind safe"))
        self.safe_box.toggled.connect(self._on_colors_changed)
        self.controls = QHBoxLayout()
        for widget in (
            self.load_button,
            self.add_button,
            self.panes_button,
            self.layout_combo,
            self.color_combo,
            self.safe_box,
        ):
            self.controls.addWidget(widget)
        self.controls.addStretch(1)

        self.whitespace_box = QCheckBox(self.tr("Visible whitespace (␣ ⇥ ↵)"))
        self.whitespace_box.setChecked(True)
        self.ids_box = QCheckBox(self.tr("Show ids"))
        self.chunks_box = QCheckBox(self.tr("Pre-token chunks"))
        self.chunks_box.setToolTip(self.tr("A bar under the tokens for each piece the pre-tokenizer's regex cut out"))
        for box in (self.whitespace_box, self.ids_box, self.chunks_box):
            box.toggled.connect(self._on_options_changed)
        self.reference_combo = QComboBox()
        self.reference_combo.setObjectName("referenceCombo")
        self.reference_combo.setToolTip(self.tr("Mark where each pane cuts differently from this pane"))
        self.reference_combo.currentIndexChanged.connect(self._on_reference_changed)
        self.legend = QLabel(
            self.tr("{extra} extra cut &nbsp; {missing} missing cut").format(
                extra="<span style='color:#d0021b'>▮</span>", missing="<span style='color:#f08c00'>▼</span>"
            )
        )
        self.legend.setVisible(False)
        self.notice = QLabel()
        self.notice.setObjectName("compareNotice")
        self.notice.setWordWrap(True)
        self.notice.setVisible(False)
        self.layers = QHBoxLayout()
        for widget in (
            self.whitespace_box,
            self.ids_box,
            self.chunks_box,
            QLabel(self.tr("Cut differences vs:")),
            self.reference_combo,
            self.legend,
        ):
            self.layers.addWidget(widget)
        self.layers.addStretch(1)

    def _build_add_menu(self) -> QMenu:
        menu = QMenu(self)
        menu.setObjectName("addTokenizerMenu")
        menu.addAction(self.tr("File…"), self.add_file_dialog).setToolTip(
            self.tr(
                "tokenizer.json, tekken.json, a SentencePiece .model, a .tiktoken file, GPT-2 files "
                "or a saved tokenizer"
            )
        )
        menu.addAction(self.tr("Folder…"), self.add_folder_dialog).setToolTip(
            self.tr("A model's folder holding its tokenizer files")
        )
        menu.addAction(self.tr("Model on Hugging Face…"), self.add_model_dialog).setToolTip(
            self.tr("ORG/NAME[@revision]: only its tokenizer files are downloaded, into the Hugging Face cache")
        )
        menu.addSeparator()
        for family, models in model_catalogue.families().items():
            submenu = menu.addMenu(family)
            for model in models:
                label = self.tr("{name} — {hub_id} (gated: needs a login)") if model.gated else "{name} — {hub_id}"
                action = submenu.addAction(label.format(name=model.name, hub_id=model.hub_id))
                action.setToolTip(model.note)
                action.setData(model.hub_id)
                action.triggered.connect(self._on_catalogue_action)
        return menu

    def _add_pane(self, key: str, source: PaneSource | None, title: str = "", *, removable: bool = False) -> Pane:
        title = title or self._title(key, source)
        pane = TokenPane(key, title, removable=removable)
        pane.hide_requested.connect(self._on_hide_requested)
        pane.token_clicked.connect(self._on_token_clicked)
        pane.token_double_clicked.connect(self._on_token_double_clicked)
        pane.canvas.set_options(self.options)
        pane.canvas.set_palette(self.palette_)
        pane.set_wide(self.panes_splitter.orientation() == Qt.Orientation.Vertical)
        self.panes_splitter.addWidget(pane)
        action = QAction(title, self.panes_menu)
        action.setCheckable(True)
        action.setChecked(True)
        action.setData(key)
        action.toggled.connect(self._on_pane_action)
        self.panes_menu.addAction(action)
        record = self.pane_records[key] = Pane(key, title, source, pane, action, removable)
        return record

    def _title(self, key: str, source: PaneSource | None) -> str:
        if key == OWN_KEY:
            if source is not None and self._own_label:
                return self.tr("Ours: {label}").format(label=self._own_label)
            return self.tr("Ours")
        return source.label if source is not None else key

    # ----- public API -----

    @property
    def panes(self) -> dict[str, TokenPane]:
        """The pane widgets by key, in the splitter's order."""
        return {key: record.widget for key, record in self.pane_records.items()}

    @property
    def sources(self) -> dict[str, PaneSource | None]:
        """What each pane encodes with, by key (None: the "Ours" pane has no tokenizer yet)."""
        return {key: record.source for key, record in self.pane_records.items()}

    def text(self) -> str:
        return self.editor.toPlainText()

    def set_text(self, text: str) -> None:
        """Replace the editor's text (encoded at once, without waiting for the typing pause)."""
        self.show_notice("")
        self.editor.setPlainText(text)
        self.encode_now()

    def set_own_tokenizer(self, tokenizer, label: str | None = None, *, partial: bool = False) -> None:
        """Show ``tokenizer`` (a bpe_core Tokenizer, e.g. truncated to the current step) in the "Ours" pane, named
        ``label`` (None: "trained"); ``None`` empties it. ``partial``: it is the run at an earlier merge, and the
        pane offers "All merges" (:attr:`whole_run_requested`)."""
        own = self.pane_records[OWN_KEY]
        own.widget.whole_run_button.setVisible(partial and tokenizer is not None)
        label = self.tr("trained") if label is None else label
        self._own_label = label
        self._pending_steps = None
        if tokenizer is None:
            own.source = None
            self._set_own_title(self.tr("Ours"))
            own.widget.set_message(self.tr(NO_OWN_TOKENIZER))
            self._update_marks()
            return
        self._set_own_source(PaneSource(OWN_KEY, label, tokenizer), label)

    def _set_own_source(self, source: PaneSource, label: str) -> None:
        self._own_label = label
        own = self.pane_records[OWN_KEY]
        own.source = source
        self._set_own_title(self._title(OWN_KEY, source))
        self._request([OWN_KEY])

    def set_own_steps(self, steps, special_tokens, pattern: str, label: str | None = None) -> None:
        """Follow a run still in progress: show the tokenizer made by the merge ``steps`` so far (the engine's
        MergeSteps, in rank order), named ``label`` (None: "training"). Rebuilt at most every ``STEPS_INTERVAL_MS``
        while steps keep arriving, and only while the view is visible."""
        self.pane_records[OWN_KEY].widget.whole_run_button.hide()
        label = self.tr("training") if label is None else label
        self._pending_steps = (steps, len(steps), dict(special_tokens), pattern, label)
        if not self.steps_timer.isActive():
            self.steps_timer.start()

    @Slot()
    def _apply_steps(self) -> None:
        if self._pending_steps is None or not self.isVisible():
            return  # applied when the view is shown
        steps, count, special_tokens, pattern, label = self._pending_steps
        self._pending_steps = None
        self._set_own_source(training_source(OWN_KEY, label, steps[:count], special_tokens, pattern), label)

    def _set_own_title(self, title: str) -> None:
        own = self.pane_records[OWN_KEY]
        if title != own.title:
            self._set_title(own, title)

    def _set_title(self, record: Pane, title: str) -> None:
        """Name a pane: its header, its entry in the Panes menu and in the reference list."""
        record.title = title
        record.widget.set_title(title)
        record.action.setText(title)
        self._rebuild_reference_combo()

    def add_tokenizer_file(self, path: str | Path, pattern: str = "cl100k") -> TokenPane | None:
        """Add a pane for a tokenizer file or folder, loaded now (``pattern`` is how a ``.tiktoken`` file or GPT-2
        files pre-tokenize). On error the user sees a message and nothing changes; returns None then."""
        try:
            source = load_source(tokenizer_path(path), pattern)
        except (OSError, ValueError) as exc:
            dialogs.show_error(
                self,
                self.tr("Cannot add tokenizer"),
                self.tr("“{name}” could not be read: {error}").format(name=Path(path).name, error=engine_message(exc)),
                repr(exc),
            )
            return None
        return self.show_source(source)

    def add_source(self, source: str | Path, pattern: str | None = None) -> str:
        """Add a pane for ``source`` (a file, a folder or ``hf:ORG/NAME``) and load it in the background: the pane
        says what is loading, with a Cancel button, until it shows the tokens or why it could not load. A source
        that needs a pattern and was given none asks for one. Returns the pane's key."""
        key = source_key(source)
        if key in self.pane_records:
            self.remove_pane(key)
        title = source_title(source)
        record = self._add_pane(key, None, self.tr("{name} (loading)").format(name=title), removable=True)
        record.loading, record.name = True, title
        record.widget.set_message(self.tr("Loading {name}…").format(name=str(source)), loading=True)  # what is fetched
        self._rebuild_reference_combo()
        self._equalize()
        self.loader.load(key, str(source), pattern)
        return key

    def show_source(self, source: PaneSource) -> TokenPane:
        """Show an already loaded ``source`` in its pane (added, or replacing the pane of the same key)."""
        record = self.pane_records.get(source.key)
        if record is not None and not record.loading:
            self.remove_pane(source.key)
            record = None
        if record is None:
            record = self._add_pane(source.key, source, removable=True)
            self._rebuild_reference_combo()
        else:
            record.source, record.loading = source, False
            self._set_title(record, source.label)
        self._equalize()
        self._request([source.key])
        self.source_shown.emit(source)
        return record.widget

    @Slot(str, object)
    def _on_source_loaded(self, key: str, source: PaneSource) -> None:
        if key in self.pane_records:
            self.show_source(source)

    @Slot(str, str, str)
    def _on_source_failed(self, key: str, message: str, details: str) -> None:
        record = self.pane_records.get(key)
        if record is None or not record.loading:
            return  # removed, or filled meanwhile by a source loaded elsewhere (File > Open)
        record.loading = False
        self._set_title(record, self.tr("{name} (not loaded)").format(name=record.name))
        record.widget.set_message(self.tr("Could not load: {error}").format(error=engine_message(message)))
        record.widget.setToolTip(details)

    @Slot(str, str)
    def _on_needs_pattern(self, key: str, source: str) -> None:
        pattern = self.ask_pattern(source)
        if pattern is None:
            self.remove_pane(key)
        else:
            self.add_source(source, pattern)

    def ask_pattern(self, path: str | Path) -> str | None:
        """Ask how a file that does not say so pre-tokenizes: a named pattern or a regex (None: cancelled). The
        pattern guessed from the file's name, its folder's and its number of ranks is offered first, and why."""
        guess = guess_pattern(path, rank_count=count_ranks(path))
        question = self.tr(
            "“{name}” does not say how text is split before merging (a .tiktoken file, GPT-2 files).\n"
            "Choose the model's pattern, or type a regex:"
        ).format(name=source_title(path))
        if guess is not None:
            question += "\n" + self.tr("Guessed: {pattern}, because {reason}.").format(
                pattern=guess.pattern, reason=self._guess_reason(guess)
            )
        choices = list(TIKTOKEN_PATTERNS)
        first = choices.index(guess.pattern) if guess is not None and guess.pattern in choices else 0
        pattern, ok = QInputDialog.getItem(self, self.tr("Pre-tokenizer"), question, choices, first, True)
        return (pattern.strip() or None) if ok else None

    def _guess_reason(self, guess: PatternGuess) -> str:
        if guess.evidence == "file name":
            return self.tr("the file's name says so")
        if guess.evidence == "folder name":
            return self.tr("its folder's name says so")
        return self.tr("it has {count} ranks, as {name}").format(count=f"{guess.rank_count:,}", name=guess.known_as)

    def remove_pane(self, key: str) -> None:
        """Remove an added pane (the built-in ones can only be hidden)."""
        record = self.pane_records.pop(key)
        if record.loading:
            self.loader.cancel(key)
        self.panes_menu.removeAction(record.action)
        record.widget.setParent(None)
        record.widget.deleteLater()
        if self.reference_key == key:
            self.reference_key = None
        self._rebuild_reference_combo()
        self._update_marks()

    def set_pane_visible(self, key: str, visible: bool) -> None:
        action = self.pane_records[key].action
        if action.isChecked() != visible:
            action.setChecked(visible)  # _on_pane_action does the rest
        else:
            self._apply_visibility(key, visible)

    def visible_keys(self) -> list[str]:
        return [key for key, record in self.pane_records.items() if not record.hidden]

    def set_reference(self, key: str | None) -> None:
        """Mark each pane's cuts that differ from pane ``key`` (None: no marks)."""
        index = self.reference_combo.findData(key)
        self.reference_combo.setCurrentIndex(max(index, 0))

    def encode_now(self) -> None:
        """Encode the text in every visible pane now (typing waits for a short pause first)."""
        self.timer.stop()
        self._request(self.visible_keys())

    def busy(self) -> bool:
        return self.service.busy() or self.timer.isActive() or self.loader.busy()

    def highlight_chars(self, start: int, end: int) -> None:
        """Highlight the tokens touching characters ``start:end`` in every pane, and select them in the editor."""
        self.highlight = (start, end)
        for record in self.pane_records.values():
            record.widget.canvas.set_highlight(start, end)
        if end > start:
            text = self.text()
            cursor = self.editor.textCursor()
            cursor.setPosition(_utf16_length(text[:start]))
            cursor.setPosition(_utf16_length(text[:end]), QTextCursor.MoveMode.KeepAnchor)
            self.editor.blockSignals(True)
            self.editor.setTextCursor(cursor)
            self.editor.blockSignals(False)

    def shutdown(self) -> None:
        """Stop the encoding thread (call before the view goes away)."""
        self.timer.stop()
        self.steps_timer.stop()
        self.loader.shutdown()
        self.service.shutdown()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            self._equalize()
        if self._pending_steps is not None:
            self.steps_timer.start()

    def closeEvent(self, event) -> None:
        self.shutdown()
        super().closeEvent(event)

    # ----- encoding -----

    def _request(self, keys) -> None:
        sources = []
        for key in keys:
            record = self.pane_records.get(key)
            if record is None or record.hidden or record.loading:
                continue
            if record.source is None:
                if key == OWN_KEY:
                    record.widget.set_message(self.tr(NO_OWN_TOKENIZER))
                continue
            sources.append(record.source)
        if sources:
            self.service.request(self.text(), sources)
        elif not self.service.busy():
            self._update_marks()
            self.rendered.emit()

    @Slot()
    def _on_text_changed(self) -> None:
        self.highlight = (0, 0)
        self.timer.start()
        self.text_changed.emit()

    @Slot()
    def _on_editor_selection(self) -> None:
        """Selecting text in the editor highlights the tokens that cover it, in every pane."""
        cursor = self.editor.textCursor()
        if not cursor.hasSelection():
            return
        text = self.text()
        start = _python_index(text, cursor.selectionStart())
        end = _python_index(text, cursor.selectionEnd())
        self.highlight = (start, end)
        for record in self.pane_records.values():
            record.widget.canvas.set_highlight(start, end)

    @Slot(object)
    def _on_pane_ready(self, result: PaneResult) -> None:
        record = self.pane_records.get(result.key)
        if record is None or record.source is not result.source:
            return  # the pane was removed, or its tokenizer replaced, meanwhile
        record.widget.set_result(result)
        if self.highlight[1] > self.highlight[0]:
            record.widget.canvas.set_highlight(*self.highlight)

    @Slot()
    def _on_idle(self) -> None:
        self._update_marks()
        if not self.timer.isActive():
            self.rendered.emit()

    def _results(self) -> dict[str, PaneResult]:
        """The shown results of visible panes that are up to date with the editor's text."""
        text = self.text()
        found = {}
        for key in self.visible_keys():
            record = self.pane_records[key]
            result = record.widget.result
            if result is not None and result.view is not None and record.source is result.source:
                if result.view.text == text:
                    found[key] = result
        return found

    def _update_marks(self) -> None:
        """Mark the pane(s) with the fewest tokens and the cuts that differ from the reference pane."""
        results = self._results()
        counts = {key: len(r.view.tokens) for key, r in results.items()}
        fewest = min(counts.values(), default=None)
        panes = self.panes
        for key, pane in panes.items():
            pane.set_fewest(fewest is not None and len(counts) > 1 and counts.get(key) == fewest)
        reference = results.get(self.reference_key) if self.reference_key else None
        reference_cuts = cut_offsets(reference.view) if reference is not None else None
        self.legend.setVisible(reference_cuts is not None)
        for key, pane in panes.items():
            result = results.get(key)
            if reference_cuts is None or result is None or key == self.reference_key:
                pane.canvas.set_cuts(frozenset(), frozenset())
                pane.set_agreement(
                    self.tr("reference for cut differences")
                    if reference is not None and key == self.reference_key
                    else ""
                )
                continue
            comparison = compare_cuts(cut_offsets(result.view), reference_cuts)
            pane.canvas.set_cuts(comparison.extra, comparison.missing)
            pane.set_agreement(
                self.tr("cuts agree {agreement} with {reference} ({extra} extra, {missing} missing)").format(
                    agreement=f"{comparison.agreement:.0%}",
                    reference=reference.source.label,
                    extra=len(comparison.extra),
                    missing=len(comparison.missing),
                )
            )

    # ----- user actions -----

    @Slot(str, int)
    def _on_token_clicked(self, key: str, index: int) -> None:
        result = self.pane_records[key].widget.result
        if index < 0 or result is None or result.view is None:
            self.highlight_chars(0, 0)
            return
        token = result.view.tokens[index]
        self.highlight_chars(token.start, token.end)

    @Slot(str, int)
    def _on_token_double_clicked(self, key: str, index: int) -> None:
        result = self.pane_records[key].widget.result
        if result is not None and result.view is not None:
            self.tree_requested.emit(key, result.view.tokens[index].id)

    @Slot(str)
    def _on_hide_requested(self, key: str) -> None:
        if self.pane_records[key].removable:
            self.remove_pane(key)
        else:
            self.set_pane_visible(key, False)

    @Slot(bool)
    def _on_pane_action(self, checked: bool) -> None:
        action = self.sender()
        self._apply_visibility(action.data(), checked)

    def _apply_visibility(self, key: str, visible: bool) -> None:
        record = self.pane_records[key]
        record.hidden = not visible
        if visible:
            record.widget.show()
            self._request([key])
        else:
            record.widget.hide()
            self._update_marks()
        self._rebuild_reference_combo()
        self._equalize()

    @Slot()
    def _on_layout_changed(self) -> None:
        orientation = self.layout_combo.currentData()
        self.panes_splitter.setOrientation(orientation)
        for pane in self.panes.values():
            pane.set_wide(orientation == Qt.Orientation.Vertical)
        self._equalize()

    def _equalize(self) -> None:
        """Give every visible pane the same share of the splitter."""
        splitter = self.panes_splitter
        total = splitter.width() if splitter.orientation() == Qt.Orientation.Horizontal else splitter.height()
        share = max(total, 400) // max(1, len(self.visible_keys()))
        splitter.setSizes([0 if record.hidden else share for record in self.pane_records.values()])

    def set_stacked(self, stacked: bool) -> None:
        self.layout_combo.setCurrentIndex(1 if stacked else 0)

    @Slot()
    def _on_colors_changed(self) -> None:
        self.palette_ = Palette(self.color_combo.currentData(), self.safe_box.isChecked())
        for pane in self.panes.values():
            pane.canvas.set_palette(self.palette_)

    @Slot()
    def _on_options_changed(self) -> None:
        self.options = Options(
            show_ids=self.ids_box.isChecked(),
            visible_whitespace=self.whitespace_box.isChecked(),
            show_chunks=self.chunks_box.isChecked(),
        )
        for pane in self.panes.values():
            pane.canvas.set_options(self.options)
            pane.canvas.set_highlight(*self.highlight)
        self._update_marks()

    def _rebuild_reference_combo(self) -> None:
        combo = self.reference_combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(self.tr("(off)"), None)
        for key in self.visible_keys():
            combo.addItem(self.pane_records[key].title, key)
        index = combo.findData(self.reference_key)
        if index < 0:
            self.reference_key = None
            index = 0
        combo.setCurrentIndex(index)
        combo.blockSignals(False)

    @Slot()
    def _on_reference_changed(self) -> None:
        self.reference_key = self.reference_combo.currentData()
        self._update_marks()

    @Slot()
    def load_text_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Load text"), "", self.tr("Text files (*.txt *.md *.py *.*)")
        )
        if path:
            self.load_text_file(path)

    def load_text_file(self, path: str | Path) -> bool:
        """Put the beginning of a UTF-8 file in the editor: only the first :data:`MAX_CHARS` characters are read
        (the notice line says so), and a non-UTF-8 file is loaded only if the user accepts replacing its invalid
        bytes by U+FFFD. A FIFO or device is refused without being opened."""
        path = Path(path)
        try:
            head = read_text_head(path, MAX_CHARS)
        except OSError as exc:
            dialogs.show_error(
                self,
                self.tr("Cannot load text"),
                self.tr("“{name}” could not be read: {error}").format(name=path.name, error=exc),
                repr(exc),
            )
            return False
        if head.invalid_at is not None:
            answer = QMessageBox.question(
                self,
                self.tr("Not UTF-8 text"),
                self.tr(
                    "“{name}” is not UTF-8 text (invalid byte at offset {offset}). Load it with each "
                    "invalid byte replaced by U+FFFD (�)?"
                ).format(name=path.name, offset=f"{head.invalid_at:,}"),
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        self.set_text(head.text)
        self.show_notice(
            self.tr("Showing the first {count} characters of {name} ({size}).").format(
                count=f"{len(head.text):,}", name=path.name, size=format_bytes(head.file_bytes)
            )
            if head.cut
            else ""
        )
        return True

    def show_notice(self, text: str) -> None:
        """A line above the editor about its text (empty: hidden)."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    @Slot()
    def add_file_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Add tokenizer pane"),
            "",
            self.tr("Tokenizers (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;All files (*)"),
        )
        if path:
            self.add_source(path)

    @Slot()
    def add_folder_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Add the tokenizer in a model's folder"))
        if folder:
            self.add_source(folder)

    @Slot()
    def add_model_dialog(self) -> None:
        model = ModelIdDialog(self)
        if model.exec():
            self.add_source(f"hf:{model.model_id()}")

    @Slot()
    def _on_catalogue_action(self) -> None:
        self.add_model(self.sender().data())

    def add_model(self, hub_id: str) -> str:
        """Add a pane for a curated model (its tiktoken file gets the catalogue's pattern). Returns its key."""
        model = model_catalogue.find(hub_id)
        return self.add_source(model.source, model.pattern)


def _utf16_length(text: str) -> int:
    """Qt's text positions count UTF-16 code units: an emoji counts two.

    >>> _utf16_length("a🙂")
    3
    """
    return len(text.encode("utf-16-le")) // 2


def _python_index(text: str, utf16_position: int) -> int:
    """The index in ``text`` of Qt's UTF-16 position (the inverse of :func:`_utf16_length`).

    >>> _python_index("a🙂b", 3)
    2
    """
    units = text.encode("utf-16-le", "surrogatepass")[: 2 * utf16_position]
    return len(units.decode("utf-16-le", "surrogatepass"))
