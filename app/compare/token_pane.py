"""One tokenizer's pane: a header (its title on one line, token count, characters and bytes per token, a mark when
it uses the fewest tokens, the agreement with the reference pane, copy, hide) over a :class:`TokenCanvas`.

"Copy ids" copies the ids; its menu, which is also the pane's context menu, copies the tokens as text or as JSON
(:mod:`app.compare.token_copy`). Each copy says what it copied (``copied``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSizePolicy,
    QSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.common.sources import PaneResult, PaneSource
from app.common.wording.methods import menu_name
from app.compare.elided_label import ElidedLabel
from app.compare.figures_label import FiguresLabel
from app.compare.token_canvas import TokenCanvas
from app.compare.token_copy import ids_text, tokens_json, tokens_text
from app.style import PAIR
from bpe_core.encoding.token_columns import TokenColumns
from bpe_core.encoding.token_spans import TokenView

FEWEST_STYLE = "QFrame#paneHeader { background: #dff3e4; border-bottom: 2px solid #2e7d32; }"
PLAIN_STYLE = "QFrame#paneHeader { background: #f1f1f4; border-bottom: 1px solid #c8c8d0; }"
#: How long a pane's tokens may take to come back after the text changed before the pane says they are being made
#: again (a keystroke's take milliseconds; a long text loaded, seconds).
OUTDATED_MS = 300


class TokenPane(QWidget):
    """``hide_requested(key)`` when its × (or, while its tokenizer loads, its Cancel) is clicked;
    ``token_clicked(key, index)`` when a token is clicked, ``token_double_clicked(key, index)`` when one is
    double-clicked; ``copied(message)`` when something was put on the clipboard, saying what."""

    hide_requested = Signal(str)
    token_clicked = Signal(str, int)
    token_double_clicked = Signal(str, int)
    copied = Signal(str)
    method_requested = Signal(str, str)  # key, a method of bpe_core.encoding.methods: another pane cut that way
    dropout_changed = Signal(str, float, bool)  # key, p, a new draw
    template_requested = Signal(str)  # key: choose a chat template file for this pane's model

    def __init__(self, key: str, title: str, parent=None, *, removable: bool = False):
        super().__init__(parent)
        self.key = key
        self.result: PaneResult | None = None
        self.setObjectName(f"pane_{key}")
        self.title = ElidedLabel(title)
        self.title.setObjectName("paneTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.stats = FiguresLabel(self.tr("encoding…"))  # wraps between figures, never inside one
        self.stats.setObjectName("paneStats")
        self.fewest = QLabel(self.tr("★ fewest"))
        self.fewest.setToolTip(self.tr("This pane uses the fewest tokens of the panes shown"))
        self.fewest.setObjectName("paneFewest")
        self.fewest.setStyleSheet("color: #1b5e20; font-weight: bold;")
        self.fewest.hide()
        self.agreement = QLabel()
        self.agreement.setObjectName("paneAgreement")
        self.agreement.setWordWrap(True)
        self.agreement.setMinimumWidth(40)
        self.agreement.hide()
        self.note = QLabel()  # e.g. the pair a replay is about to merge, in the colour of its outline
        self.note.setObjectName("paneNote")
        self.note.setWordWrap(True)
        self.note.setMinimumWidth(40)
        self.note.setStyleSheet(f"color: {PAIR.name()}; font-weight: bold;")
        self.note.hide()
        self.chat_line = QLabel()  # chat mode: what the template costs each turn, or why nothing is rendered
        self.chat_line.setObjectName("paneChatLine")
        self.chat_line.setWordWrap(True)
        self.chat_line.setMinimumWidth(40)
        self.chat_line.hide()
        self._build_buttons(removable)

        header = self.header = QFrame()
        header.setObjectName("paneHeader")
        self.figures = QWidget()  # the badge and the figures: under the title, or beside it in a wide pane
        self.figures.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # the title first
        figures = QHBoxLayout(self.figures)
        figures.setContentsMargins(0, 0, 0, 0)
        figures.addWidget(self.fewest, 0, Qt.AlignmentFlag.AlignTop)  # beside the figures' first line
        figures.addWidget(self.stats, 1)
        top = self.top_row = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        buttons = (self.copy_button, self.cancel_button, self.whole_run_button, self.hide_button)
        for button in buttons:
            top.addWidget(button)
        box = self.header_box = QVBoxLayout(header)
        box.setContentsMargins(8, 4, 6, 4)
        box.setSpacing(2)
        box.addLayout(top)
        box.addWidget(self.figures)
        box.addWidget(self.note)
        box.addWidget(self.agreement)
        chat_row = QHBoxLayout()  # chat mode: the cost line and the template's button, under the title (the title
        chat_row.setContentsMargins(0, 0, 0, 0)  # keeps its room: five panes at 1366 px cut it to "…" beside it)
        chat_row.addWidget(self.chat_line, 1)
        chat_row.addWidget(self.template_button, 0, Qt.AlignmentFlag.AlignTop)
        box.addLayout(chat_row)
        box.addStretch(1)  # a header as tall as its neighbours' (PaneGrid.line_up_headers): the room goes below
        self.set_fewest(False)

        self.canvas = TokenCanvas()
        self.canvas.setObjectName(f"canvas_{key}")
        self._outdated_timer = QTimer(self)
        self._outdated_timer.setSingleShot(True)
        self._outdated_timer.setInterval(OUTDATED_MS)
        self._outdated_timer.timeout.connect(self._show_outdated)
        self.canvas.token_clicked.connect(self._on_canvas_clicked)
        self.canvas.token_double_clicked.connect(self._on_canvas_double_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(0)
        layout.addWidget(header)
        layout.addWidget(self.canvas, 1)
        self._enable_copy(None)

    def _build_buttons(self, removable: bool) -> None:
        self.copy_menu = QMenu(self)
        self.copy_menu.setObjectName("paneCopyMenu")
        self.copy_ids_action = self.copy_menu.addAction(self.tr("Copy ids"), self.copy_ids)
        self.copy_text_action = self.copy_menu.addAction(self.tr("Copy tokens as text"), self.copy_tokens_text)
        self.copy_text_action.setToolTip(self.tr("The tokens as the pane writes them, separated by |"))
        self.copy_json_action = self.copy_menu.addAction(self.tr("Copy tokens as JSON"), self.copy_tokens_json)
        self.copy_json_action.setToolTip(self.tr("A JSON list of the tokens: id, text and bytes in hex"))
        self.copy_menu.addSeparator()
        methods = self.copy_menu.addMenu(self.tr("Encode another way"))
        methods.setToolTip(self.tr("The same vocabulary, cut another way, in a pane beside this one"))
        for name in ("greedy", "fewest", "dropout"):
            methods.addAction(menu_name(name), lambda name=name: self.method_requested.emit(self.key, name))
        self.methods_menu = methods
        self.copy_button = QToolButton()
        self.copy_button.setObjectName("paneCopy")
        self.copy_button.setText(self.tr("Copy ids"))
        self.copy_button.setToolTip(self.tr("Copy this pane's token ids to the clipboard (the arrow: the tokens)"))
        self.copy_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.copy_button.setMenu(self.copy_menu)
        self.copy_button.clicked.connect(self.copy_ids)
        self.hide_button = QToolButton()
        self.hide_button.setText("✕")
        self.hide_button.setToolTip(
            self.tr("Remove this pane") if removable else self.tr("Hide this pane (show it again from Panes)")
        )
        self.hide_button.clicked.connect(self._on_hide_clicked)
        self.cancel_button = QToolButton()
        self.cancel_button.setObjectName("paneCancel")
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop loading this tokenizer and remove the pane"))
        self.cancel_button.clicked.connect(self._on_hide_clicked)
        self.cancel_button.hide()
        self.whole_run_button = QToolButton()  # "Ours" at an earlier merge: back to every merge
        self.whole_run_button.setObjectName("paneWholeRun")
        self.whole_run_button.setText(self.tr("All merges"))
        self.whole_run_button.setToolTip(self.tr("Show the tokenizer with every merge of the run, not the one chosen"))
        self.whole_run_button.hide()
        self.template_button = QToolButton()  # chat mode: a .jinja file for this pane's model
        self.template_button.setObjectName("paneChatTemplate")
        self.template_button.setText(self.tr("Template…"))
        self.template_button.setToolTip(
            self.tr("Render the conversation with a chat template file (.jinja) you choose")
        )
        self.template_button.clicked.connect(self._on_template_clicked)
        self.template_button.hide()

    def set_wide(self, wide: bool) -> None:
        """Wide panes (stacked) show their figures beside the title, saving a line; narrow ones below it."""
        if wide == (self.top_row.indexOf(self.figures) >= 0):
            return
        self.figures.layout().setContentsMargins(12 if wide else 0, 0, 0, 0)  # set apart from the title beside it
        if wide:
            self.header_box.removeWidget(self.figures)
            self.top_row.setStretchFactor(self.title, 0)
            self.top_row.insertWidget(1, self.figures, 1)
        else:
            self.top_row.removeWidget(self.figures)
            self.top_row.setStretchFactor(self.title, 1)
            self.header_box.insertWidget(1, self.figures)

    @Slot()
    def _on_hide_clicked(self) -> None:
        self.hide_requested.emit(self.key)

    @Slot()
    def _on_template_clicked(self) -> None:
        self.template_requested.emit(self.key)

    @Slot(int)
    def _on_canvas_clicked(self, index: int) -> None:
        self.token_clicked.emit(self.key, index)

    @Slot(int)
    def _on_canvas_double_clicked(self, index: int) -> None:
        self.token_double_clicked.emit(self.key, index)

    def contextMenuEvent(self, event) -> None:
        """Right-clicking the pane (its tokens or its header) offers the copy menu."""
        self.copy_menu.exec(event.globalPos())

    def show_dropout(self, p: float) -> None:
        """A BPE-dropout pane: a slider for the probability and "Sample again" under its header."""
        if not hasattr(self, "dropout_slider"):
            self.dropout_slider = QSlider(Qt.Orientation.Horizontal)
            self.dropout_slider.setObjectName("dropoutSlider")
            self.dropout_slider.setRange(0, 100)
            self.dropout_slider.setToolTip(self.tr("The probability that a merge is skipped"))
            self.dropout_label = QLabel()
            self.again_button = QToolButton()
            self.again_button.setText(self.tr("Sample again"))
            self.again_button.setToolTip(self.tr("Another draw of the merges skipped: a word is cut differently"))
            self.again_button.clicked.connect(lambda: self._dropout(again=True))
            self.dropout_slider.sliderReleased.connect(self._dropout)
            self.dropout_slider.valueChanged.connect(lambda v: self.dropout_label.setText(f"p = {v / 100:.2f}"))
            row = QHBoxLayout()
            for widget in (self.dropout_label, self.dropout_slider, self.again_button):
                row.addWidget(widget)
            self.header_box.insertLayout(self.header_box.count() - 1, row)  # above the stretch
        self.dropout_slider.blockSignals(True)
        self.dropout_slider.setValue(round(p * 100))
        self.dropout_slider.blockSignals(False)
        self.dropout_label.setText(f"p = {p:.2f}")

    def _dropout(self, again: bool = False) -> None:
        self.dropout_changed.emit(self.key, self.dropout_slider.value() / 100, again)

    def header_height(self) -> int:
        """The height the header needs at its width (its lines wrapped), whatever height it was given."""
        header = self.header
        return header.heightForWidth(header.width()) if header.hasHeightForWidth() else header.sizeHint().height()

    def set_header_height(self, height: int) -> None:
        """Make the header at least ``height`` tall (0: as tall as it needs), to line it up with its neighbours'."""
        if self.header.minimumHeight() != height:
            self.header.setMinimumHeight(height)
            self.layout().activate()  # the canvas moved down with it now, not at the next event (they overlapped)

    def set_title(self, title: str) -> None:
        self.title.setText(title)

    def set_note(self, text: str) -> None:
        """A line under the figures ("" hides it): it wraps, where the title is elided."""
        self.note.setText(text)
        self.note.setVisible(bool(text))

    def set_chat_mode(self, chat: bool) -> None:
        """Chat mode shows "Chat template…" and the template's cost line; text mode hides them."""
        self.template_button.setVisible(chat)
        if not chat:
            self.set_chat_line("")

    def set_chat_line(self, text: str, tooltip: str = "") -> None:
        """The line under the figures in chat mode: what the template costs each turn ("" hides it)."""
        self.chat_line.setText(text)
        self.chat_line.setToolTip(tooltip)
        self.chat_line.setVisible(bool(text))

    def mark_outdated(self) -> None:
        """The text changed and this pane's tokens are being made again: said ("encoding…", the tokens veiled, no
        "fewest" mark) if they are not back within :data:`OUTDATED_MS` (a keystroke's are: nothing flickers)."""
        if self.result is not None:
            self._outdated_timer.start()

    @Slot()
    def _show_outdated(self) -> None:
        self.stats.setText(self.tr("encoding…"))
        self.stats.setToolTip("")
        self.set_fewest(False)  # (the last text's: the panes are marked again once all are back)
        self.canvas.set_outdated(True)

    def _not_outdated(self) -> None:
        self._outdated_timer.stop()
        self.canvas.set_outdated(False)

    def set_result(self, result: PaneResult) -> None:
        self._not_outdated()
        self.result = result
        self.cancel_button.hide()
        view = result.view
        self._enable_copy(view)
        if view is None:
            self.stats.setText(self.tr("not encoded"))
            self.canvas.set_result(None, result.source, message=result.error)
            return
        tokens = view.tokens
        if isinstance(tokens, TokenColumns):  # read from the last token where it ends the text: no encoding
            n_bytes = tokens.text_bytes()
        else:
            n_bytes = len(view.text.encode("utf-8"))
        self.stats.setText(self.stats_text(len(view.tokens), len(view.text), n_bytes))
        self.stats.setToolTip(self.tr("encoded in {ms} ms").format(ms=f"{1000 * result.seconds:.1f}"))
        self.canvas.set_result(result, result.source)

    def stats_text(self, tokens: int, chars: int, n_bytes: int) -> str:
        """The figures line, e.g. "4 tokens · 2.50 chars/token · 3.25 bytes/token" (a plural form per language)."""
        if tokens == 0:
            return self.tr("0 tokens")
        return self.tr("{count} tokens · {chars} chars/token · {bytes} bytes/token", "", tokens).format(
            count=f"{tokens:,}", chars=f"{chars / tokens:.2f}", bytes=f"{n_bytes / tokens:.2f}"
        )

    def set_message(self, message: str, source: PaneSource | None = None, *, loading: bool = False) -> None:
        """Show a message instead of tokens (e.g. no tokenizer trained yet); ``loading`` shows a Cancel button."""
        self._not_outdated()
        self.result = None
        self._enable_copy(None)
        self.stats.setText(self.tr("loading…") if loading else "–")
        self.cancel_button.setVisible(loading)
        self.canvas.set_result(None, source, message=message)

    def message(self) -> str:
        """The message shown instead of tokens ("" when tokens, or an encoding error, are shown)."""
        return self.canvas.message if self.result is None else self.result.error

    def token_count(self) -> int | None:
        view = self.result.view if self.result is not None else None
        return len(view.tokens) if view is not None else None

    def ids(self) -> list[int]:
        view = self.result.view if self.result is not None else None
        return [t.id for t in view.tokens] if view is not None else []

    def _enable_copy(self, view: TokenView | None) -> None:
        """Copying needs tokens (an empty text has none to copy); encoding another way needs the text encoded."""
        has_tokens = view is not None and len(view.tokens) > 0
        self.copy_button.setEnabled(has_tokens)
        for action in self.copy_menu.actions():
            action.setEnabled(has_tokens)
        self.methods_menu.menuAction().setEnabled(view is not None)

    @Slot()
    def copy_ids(self) -> None:
        """Put the ids on the clipboard, comma separated, and say how many of which pane."""
        count = self.token_count()
        if count:
            self._copy(ids_text(self.result.view), self.tr("Copied {count} ids of {name}", "", count))

    @Slot()
    def copy_tokens_text(self) -> None:
        """Put the tokens on the clipboard as the pane writes them, separated by ``|``: ``Hello|,|␣world``."""
        count = self.token_count()
        if count:
            self._copy(tokens_text(self.result.view), self.tr("Copied {count} tokens of {name} as text", "", count))

    @Slot()
    def copy_tokens_json(self) -> None:
        """Put the tokens on the clipboard as a JSON list of ``{"id", "text", "bytes_hex"}``."""
        count = self.token_count()
        if count:
            self._copy(tokens_json(self.result.view), self.tr("Copied {count} tokens of {name} as JSON", "", count))

    def _copy(self, text: str, said: str) -> None:
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(said.format(count=f"{self.token_count():,}", name=self.title.text()))

    def set_fewest(self, fewest: bool) -> None:
        style = FEWEST_STYLE if fewest else PLAIN_STYLE
        if self.header.styleSheet() != style:  # restyling is slow: only on a change
            self.fewest.setVisible(fewest)
            self.header.setStyleSheet(style)

    def set_agreement(self, text: str, why: str = "") -> None:
        """How far this pane's cuts agree with the reference pane's, and (``why``) where they first differ."""
        self.agreement.setText(text)
        self.agreement.setToolTip(why)
        self.agreement.setVisible(bool(text))
