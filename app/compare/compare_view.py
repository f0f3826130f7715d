"""The Compare view: a text editor and, under it, one pane per tokenizer showing how each one cuts the text.

Panes: our tokenizer (trained or opened; the main window calls :meth:`CompareView.set_own_tokenizer` at every
step), tiktoken's ``gpt2``, ``cl100k_base`` and ``o200k_base``, and any number the user adds from the "Add
tokenizer" menu. The view puts together its parts and is what the rest of the window talks to:

- :mod:`~app.compare.compare_toolbar` the controls; :mod:`~app.compare.text_editor` the text;
- "Text | Chat": in chat mode :mod:`~app.compare.chat_editor` edits a conversation that each pane renders with its
  model's chat template (:mod:`~app.compare.chat_panes`);
- :mod:`~app.compare.pane_set` the panes (layout, encoding, results, marks), :mod:`~app.compare.own_pane` "Ours";
- :mod:`~app.compare.pane_adder` adding tokenizers (the Add menu: :mod:`~app.compare.add_menu`, which also offers
  the runs kept in the Train tab; the question about a file's pattern: :mod:`~app.compare.pattern_question`);
- :mod:`~app.compare.export_menu` the Export menu.

Typing re-encodes at once, in the background, only the pre-tokens around the edit
(:mod:`bpe_core.encoding.incremental`); the view only draws the engine's token records, and lays out and paints only
what the edit changed in view.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.common.session import KEPT_PREFIX, KeptRun, Session
from app.common.sources import REFERENCE_PANES, Method, PaneSource, reference_source
from app.common.tab_part import TourPage, merges_label
from app.compare.add_menu import AddMenu
from app.compare.chat_editor import ChatEditor
from app.compare.chat_panes import ChatPanes, TemplateLegend
from app.compare.compare_toolbar import CompareToolbar
from app.compare.export_menu import ExportMenu
from app.compare.methods_chart import MethodsChart
from app.compare.own_pane import NO_OWN_TOKENIZER, OwnPane
from app.compare.pane_adder import PaneAdder
from app.compare.pane_set import Pane, PaneSet
from app.compare.pattern_question import TIKTOKEN_PATTERNS, pattern_question
from app.compare.text_editor import MAX_CHARS, CompareEditor
from app.compare.text_mirror import TextMirror
from app.compare.token_pane import TokenPane

__all__ = ["DEFAULT_TEXT", "MAX_CHARS", "NO_OWN_TOKENIZER", "TIKTOKEN_PATTERNS", "CompareView"]

#: The example text (translated: a Chinese interface starts with a Chinese example).
DEFAULT_TEXT = QT_TRANSLATE_NOOP(
    "CompareView",
    "Tokenizers cut text into pieces. Hello world!\n今天下午我们在河边散步，看见很多人在钓鱼。鬱\nEmoji: 🙂👍🏽 🇫🇷\n"
    'def greet(name):\n    return f"Hello, {name}!"  # 42 tokens?\n',
)
#: Typing re-encodes at the next turn of the event loop (edits arriving together are encoded once): an edit costs
#: only the pre-tokens around it (bpe_core.encoding.incremental), so there is no pause to wait for.
DEBOUNCE_MS = 0


class CompareView(QWidget):
    """The whole view. ``rendered`` is emitted whenever every pane shows the newest encoding of the text;
    ``tree_requested(pane_key, token_id)`` when a token is double-clicked (to show its merge tree);
    ``whole_run_requested`` when "All merges" is clicked on "Ours" shown at an earlier merge; ``source_shown``
    when a tokenizer is added (or loaded again) in its own pane; ``text_changed`` when the text is edited."""

    rendered = Signal()
    tree_requested = Signal(str, int)
    whole_run_requested = Signal()
    source_shown = Signal(object)
    text_changed = Signal()
    # The tab's title and its page of the guided tour (a tab of the window: :mod:`app.common.tab_part`).
    TOUR = TourPage(
        "CompareView",
        QT_TRANSLATE_NOOP("CompareView", "Compare"),
        QT_TRANSLATE_NOOP(
            "CompareView",
            "One text cut by several tokenizers side by side: ours, OpenAI's and any published model's, by its own "
            "library.",
        ),
        QT_TRANSLATE_NOOP(
            "CompareView", "Type some Chinese and some code in the text box, then add a model with “Add tokenizer”."
        ),
    )

    def __init__(self, parent=None, *, text: str | None = None):
        super().__init__(parent)
        self.setObjectName("compareView")
        self.editor = CompareEditor()
        self._text = TextMirror(self.editor)  # the editor's text, kept up to date edit by edit
        self.pane_set = PaneSet(self.text)
        self.own = OwnPane(self.pane_set)
        for name in REFERENCE_PANES:
            self.pane_set.add_pane(name, reference_source(name))
        self.adder = PaneAdder(self.pane_set, self)
        self.kept: dict[str, KeptRun] = {}  # the runs kept in the Train tab, by key
        self.add_menu = AddMenu(self)
        self.export_menu = ExportMenu(self.pane_set, self)
        self.toolbar = CompareToolbar(self.add_menu, self.pane_set.menu, self.export_menu)
        self.notice = QLabel()
        self.notice.setObjectName("compareNotice")
        self.notice.setWordWrap(True)
        self.notice.setVisible(False)
        self.chat_editor = ChatEditor()
        self.chat = ChatPanes(self.pane_set, self.chat_editor, self)
        outer = self.splitter = QSplitter(Qt.Orientation.Vertical)
        outer.setChildrenCollapsible(False)
        outer.addWidget(self._build_input())
        outer.addWidget(self.pane_set)
        outer.setStretchFactor(0, 1)
        outer.setStretchFactor(1, 4)
        outer.setSizes([150, 600])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.notice)
        layout.addWidget(outer, 1)

        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.encode_now)
        self._connect()
        self.editor.setPlainText(self.tr(DEFAULT_TEXT) if text is None else text)
        self.editor.textChanged.connect(self._on_text_changed)
        self._offer_references()
        self.encode_now()

    def _build_input(self) -> QWidget:
        """The "Text | Chat" switch (with, in chat mode, the legend of the panes' hatching) over the text editor or
        the chat editor."""
        self.text_button = QToolButton()
        self.text_button.setText(self.tr("Text"))
        self.text_button.setToolTip(self.tr("Each pane cuts the text"))
        self.chat_button = QToolButton()
        self.chat_button.setObjectName("chatModeButton")
        self.chat_button.setText(self.tr("Chat"))
        self.chat_button.setToolTip(
            self.tr("Each pane renders a conversation with its model's chat template and cuts what it reads")
        )
        group = QButtonGroup(self)
        for button in (self.text_button, self.chat_button):
            button.setCheckable(True)
            group.addButton(button)
        self.text_button.setChecked(True)
        self.chat_button.toggled.connect(self.set_chat_mode)
        self.chat_legend = TemplateLegend()
        self.chat_legend.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.text_button)
        row.addWidget(self.chat_button)
        row.addSpacing(12)
        row.addWidget(self.chat_legend, 1)
        row.addStretch(0)
        self.inputs = QStackedWidget()
        self.inputs.addWidget(self.editor)
        self.inputs.addWidget(self.chat_editor)
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.inputs, 1)
        return box

    @Slot(bool)
    def set_chat_mode(self, chat: bool) -> None:
        """Chat mode (the panes render the chat editor's conversation) or text mode (they cut the text)."""
        if chat == self.chat.active:
            return
        self.chat_button.setChecked(chat)
        self.text_button.setChecked(not chat)
        self.inputs.setCurrentWidget(self.chat_editor if chat else self.editor)
        self.chat_legend.setVisible(chat)
        self.toolbar.load_button.setEnabled(not chat)
        self.toolbar.reference_combo.setEnabled(not chat)  # each pane cuts a text of its own
        if chat:
            self.splitter.setSizes([260, max(200, self.splitter.height() - 260)])
        self.chat.set_active(chat)
        if not chat:
            self.encode_now()

    def _connect(self) -> None:
        toolbar, panes = self.toolbar, self.pane_set
        toolbar.load_button.clicked.connect(self.load_text_dialog)
        toolbar.options_changed.connect(panes.set_options)
        toolbar.palette_changed.connect(panes.set_palette)
        toolbar.stacked_changed.connect(panes.set_stacked)
        toolbar.reference_changed.connect(panes.set_reference)
        panes.panes_changed.connect(self._offer_references)
        panes.reference_shown.connect(toolbar.legend.setVisible)
        panes.rendered.connect(self._on_rendered)
        panes.chars_highlighted.connect(self.editor.select_chars)
        panes.tree_requested.connect(self.tree_requested)
        panes.copied.connect(toolbar.show_status)
        panes.method_requested.connect(self.show_method)
        toolbar.methods_button.clicked.connect(self.show_methods_chart)
        panes.dropout_changed.connect(self._on_dropout)
        self.own.widget.whole_run_button.clicked.connect(self.whole_run_requested)
        self.editor.chars_selected.connect(panes.set_highlight)
        self.adder.source_shown.connect(self.source_shown)
        self.adder.needs_pattern.connect(self._on_needs_pattern)
        self.add_menu.chosen.connect(self.add_source)
        self.add_menu.kept_chosen.connect(self.show_kept_run)
        self.export_menu.exported.connect(toolbar.show_status)
        self.chat_editor.said.connect(toolbar.show_status)
        self.chat.rendered.connect(self._on_rendered)

    # ----- the panes -----

    def show_methods_chart(self) -> MethodsChart:
        """The encoding methods' tokens per byte of the text, for every tokenizer shown (its own cut)."""
        tokenizers = {
            source.label: source.tokenizer
            for key, source in self.sources.items()
            if source is not None and source.method is None and key in self.pane_set.results()
        }
        dialog = MethodsChart(self)
        dialog.measure(tokenizers, self.text())
        dialog.show()
        self.methods_chart = dialog
        return dialog

    def show_method(self, key: str, name: str) -> TokenPane | None:
        """A pane beside ``key``'s cutting its tokenizer by ``name`` (greedy, fewest, dropout:
        bpe_core.encoding.methods)."""
        source = self.sources.get(key)
        if source is None:
            return None
        return self.show_source(source.with_method(Method(name)))

    @Slot(str, float, bool)
    def _on_dropout(self, key: str, p: float, again: bool) -> None:
        source = self.sources.get(key)
        if source is not None and source.method is not None:
            seed = source.method.seed + 1 if again else source.method.seed
            self.show_source(source.with_method(Method("dropout", p, seed)))

    @property
    def panes(self) -> dict[str, TokenPane]:
        """The pane widgets by key, in order."""
        return self.pane_set.panes

    @property
    def pane_records(self) -> dict[str, Pane]:
        """What the view holds about each pane, by key, in order."""
        return self.pane_set.records

    @property
    def sources(self) -> dict[str, PaneSource | None]:
        """What each pane encodes with, by key (None: the "Ours" pane has no tokenizer yet)."""
        return self.pane_set.sources

    @property
    def loader(self):
        """The background loads of added tokenizers (:class:`~app.compare.source_loader.SourceLoader`)."""
        return self.adder.loader

    def visible_keys(self) -> list[str]:
        return self.pane_set.visible_keys()

    def set_pane_visible(self, key: str, visible: bool) -> None:
        self.pane_set.set_pane_visible(key, visible)

    def remove_pane(self, key: str) -> None:
        """Remove an added pane (the built-in ones can only be hidden)."""
        self.pane_set.remove_pane(key)

    def set_reference(self, key: str | None) -> None:
        """Mark each pane's cuts that differ from pane ``key`` (None: no marks)."""
        self.toolbar.set_reference(key)

    def set_stacked(self, stacked: bool) -> None:
        self.toolbar.set_stacked(stacked)

    @Slot()
    def _offer_references(self) -> None:
        records = self.pane_set.records
        choices = [(key, records[key].title) for key in self.pane_set.visible_keys()]
        self.toolbar.set_reference_choices(choices, self.pane_set.reference_key)

    # ----- our tokenizer -----

    def set_own_tokenizer(
        self, tokenizer, label: str | None = None, *, partial: bool = False, next_pair: tuple | None = None
    ) -> None:
        """Show ``tokenizer`` (a bpe_core Tokenizer, e.g. truncated to the current step) in the "Ours" pane, named
        ``label`` (None: "trained"); ``None`` empties it. ``partial``: it is the run at an earlier merge, and the
        pane offers "All merges" (:attr:`whole_run_requested`). ``next_pair``: the pair its next merge joins,
        marked where it stands in the text (a replay)."""
        self.own.set_tokenizer(tokenizer, label, partial=partial, next_pair=next_pair)

    def set_own_steps(self, steps, special_tokens, pattern: str, label: str | None = None) -> None:
        """Follow a run still in progress: the tokenizer made by the merge ``steps`` so far, named ``label``
        (None: "training"); rebuilt at most every few tenths of a second, and only while the view is visible."""
        self.own.set_steps(steps, special_tokens, pattern, label)

    # ----- adding tokenizers -----

    def add_tokenizer_file(self, path: str | Path, pattern: str | None = None) -> TokenPane | None:
        """Add a pane for a tokenizer file or folder, loaded now (``pattern`` None: the one guessed from the file);
        None (and a message) if it cannot be read."""
        return self.adder.add_tokenizer_file(path, pattern)

    @Slot(str, object)
    def add_source(self, source: str | Path, pattern: str | None = None) -> str:
        """Add a pane for ``source`` (a file, a folder or ``hf:ORG/NAME``), loaded in the background; a source
        that needs a pattern and was given none asks for one. Returns the pane's key."""
        return self.adder.add_source(source, pattern)

    def show_source(self, source: PaneSource) -> TokenPane:
        """Show an already loaded ``source`` in its pane (added, or replacing the pane of the same key)."""
        return self.adder.show_source(source)

    def show_kept(self, runs: list[KeptRun]) -> None:
        """Offer ``runs`` in the Add menu: the panes of a run no longer kept go (with those cutting it another
        way), and a run kept again under a new name is shown under it."""
        self.kept = {run.key: run for run in runs}
        self.add_menu.set_kept([(run.key, run.name) for run in runs])
        for key, record in list(self.pane_records.items()):
            base = record.source.base[0] if record.source is not None else key
            if base.startswith(KEPT_PREFIX) and base not in self.kept:
                self.remove_pane(key)
            elif key in self.kept and record.title != self.kept[key].name:
                self.show_kept_run(key)

    @Slot(str)
    def show_kept_run(self, key: str) -> TokenPane:
        """Show the kept run ``key`` in its pane, titled by its name."""
        run = self.kept[key]
        return self.show_source(PaneSource(run.key, run.name, run.tokenizer))

    def ask_pattern(self, path: str | Path) -> str | None:
        """Ask how a file that does not say so pre-tokenizes: a named pattern or a regex (None: cancelled)."""
        question = pattern_question(path)
        pattern, ok = QInputDialog.getItem(self, question.title, question.text, question.choices, question.first, True)
        return (pattern.strip() or None) if ok else None

    @Slot(str, str)
    def _on_needs_pattern(self, key: str, source: str) -> None:
        pattern = self.ask_pattern(source)
        if pattern is None:
            self.pane_set.remove_pane(key)
        else:
            self.add_source(source, pattern)

    # ----- the text -----

    def text(self) -> str:
        return self._text.text()

    def set_text(self, text: str) -> None:
        """Replace the editor's text (encoded at once, without waiting for the typing pause)."""
        self.show_notice("")
        self.editor.setPlainText(text)
        self.encode_now()

    @property
    def highlight(self) -> tuple[int, int]:
        """The characters whose tokens are highlighted in every pane, ``(start, end)``."""
        return self.pane_set.highlight

    @Slot()
    def load_text_dialog(self) -> None:
        path = self.editor.ask_file()
        if path:
            self.load_text_file(path)

    def load_text_file(self, path: str | Path) -> bool:
        """Put the beginning of a UTF-8 file in the editor (see :meth:`CompareEditor.read_file`)."""
        loaded = self.editor.read_file(path)
        if loaded is None:
            return False
        self.set_text(loaded.text)
        self.show_notice(loaded.notice)
        return True

    def show_notice(self, text: str) -> None:
        """A line above the editor about its text (empty: hidden)."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    @Slot()
    def _on_text_changed(self) -> None:
        self.pane_set.highlight = (0, 0)
        self.timer.start()
        self.text_changed.emit()

    # ----- a tab of the window (app.common.tab_part) -----

    def bind(self, session: Session, say) -> None:
        """Publish in ``session`` the text and the tokenizers added, and follow it: ours at the step shown, the
        runs kept (offered in the Add menu)."""
        self.text_changed.connect(lambda: session.set_text(self.text()))
        self.source_shown.connect(lambda source: self._publish_added(session, source))
        session.watch("own", lambda: self._show_own(session.own))
        session.watch("kept", lambda: self.show_kept(list(session.kept.values())))

    @staticmethod
    def _publish_added(session: Session, source: PaneSource) -> None:
        """A tokenizer added here (not the same one cut another way) is offered everywhere."""
        if source.method is None:
            session.add(source.key, source)

    def _show_own(self, own) -> None:
        if own is None:
            self.set_own_tokenizer(None)
        else:
            label = merges_label(own.step, own.total)
            self.set_own_tokenizer(own.shown, label, partial=own.partial, next_pair=own.next_pair)

    def status_widgets(self) -> list[QWidget]:
        return []

    def show_kept_run_beside(self, key: str) -> None:
        """A run just kept, shown at once beside ours (unless its pane is already there)."""
        if key not in self.pane_records:
            self.show_kept_run(key)

    # ----- encoding, showing, closing -----

    def encode_now(self) -> None:
        """Encode the text in every visible pane now (typing encodes at the next turn of the event loop); in chat
        mode, render the conversation."""
        self.timer.stop()
        self.pane_set.request(self.pane_set.visible_keys())

    def busy(self) -> bool:
        return self.pane_set.busy() or self.timer.isActive() or self.adder.busy() or self.chat.busy()

    @Slot()
    def _on_rendered(self) -> None:
        if not self.timer.isActive():
            self.rendered.emit()

    def shutdown(self) -> None:
        """Stop the encoding thread and the loads (call before the view goes away)."""
        self.timer.stop()
        self.own.stop()
        self.adder.shutdown()
        self.chat.shutdown()
        self.pane_set.shutdown()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.own.resume()

    def closeEvent(self, event) -> None:
        self.shutdown()
        super().closeEvent(event)
