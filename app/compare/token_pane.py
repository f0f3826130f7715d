"""One tokenizer's pane: a header (name, token count, characters and bytes per token, a mark when it uses the
fewest tokens, the agreement with the reference pane, copy ids, hide) over a :class:`TokenCanvas`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from app.common.sources import PaneResult, PaneSource
from app.compare.token_canvas import TokenCanvas

FEWEST_STYLE = "QFrame#paneHeader { background: #dff3e4; border-bottom: 2px solid #2e7d32; }"
PLAIN_STYLE = "QFrame#paneHeader { background: #f1f1f4; border-bottom: 1px solid #c8c8d0; }"


class TokenPane(QWidget):
    """``hide_requested(key)`` when its × (or, while its tokenizer loads, its Cancel) is clicked;
    ``token_clicked(key, index)`` when a token is clicked, ``token_double_clicked(key, index)`` when one is
    double-clicked."""

    hide_requested = Signal(str)
    token_clicked = Signal(str, int)
    token_double_clicked = Signal(str, int)

    def __init__(self, key: str, title: str, parent=None, *, removable: bool = False):
        super().__init__(parent)
        self.key = key
        self.result: PaneResult | None = None
        self.setObjectName(f"pane_{key}")
        self.title = QLabel(f"<b>{title}</b>")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.stats = QLabel(self.tr("encoding…"))
        self.stats.setObjectName("paneStats")
        self.fewest = QLabel(self.tr("★ fewest"))
        self.fewest.setToolTip(self.tr("This pane uses the fewest tokens of the panes shown"))
        self.fewest.setObjectName("paneFewest")
        self.fewest.setStyleSheet("color: #1b5e20; font-weight: bold;")
        self.fewest.hide()
        self.agreement = QLabel()
        self.agreement.setObjectName("paneAgreement")
        self.agreement.hide()
        self.copy_button = QToolButton()
        self.copy_button.setText(self.tr("Copy ids"))
        self.copy_button.setToolTip(self.tr("Copy this pane's token ids to the clipboard"))
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

        header = QFrame()
        header.setObjectName("paneHeader")
        self.header = header
        top = self.top_row = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.fewest)
        top.addWidget(self.copy_button)
        top.addWidget(self.cancel_button)
        top.addWidget(self.whole_run_button)
        top.addWidget(self.hide_button)
        for label in (self.title, self.stats, self.agreement):
            label.setWordWrap(True)
            label.setMinimumWidth(40)
        box = self.header_box = QVBoxLayout(header)
        box.setContentsMargins(8, 4, 6, 4)
        box.setSpacing(2)
        box.addLayout(top)
        box.addWidget(self.stats)
        box.addWidget(self.agreement)
        self.set_fewest(False)

        self.canvas = TokenCanvas()
        self.canvas.setObjectName(f"canvas_{key}")
        self.canvas.token_clicked.connect(self._on_canvas_clicked)
        self.canvas.token_double_clicked.connect(self._on_canvas_double_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(0)
        layout.addWidget(header)
        layout.addWidget(self.canvas, 1)

    def set_wide(self, wide: bool) -> None:
        """Wide panes (stacked) show their figures beside the title, saving a line; narrow ones below it."""
        if wide == (self.top_row.indexOf(self.stats) >= 0):
            return
        self.title.setWordWrap(not wide)
        if wide:
            self.header_box.removeWidget(self.stats)
            self.top_row.setStretchFactor(self.title, 0)
            self.top_row.insertWidget(1, self.stats, 1)
        else:
            self.top_row.removeWidget(self.stats)
            self.top_row.setStretchFactor(self.title, 1)
            self.header_box.insertWidget(1, self.stats)

    @Slot()
    def _on_hide_clicked(self) -> None:
        self.hide_requested.emit(self.key)

    @Slot(int)
    def _on_canvas_clicked(self, index: int) -> None:
        self.token_clicked.emit(self.key, index)

    @Slot(int)
    def _on_canvas_double_clicked(self, index: int) -> None:
        self.token_double_clicked.emit(self.key, index)

    def set_title(self, title: str) -> None:
        self.title.setText(f"<b>{title}</b>")

    def set_result(self, result: PaneResult) -> None:
        self.result = result
        self.cancel_button.hide()
        view = result.view
        if view is None:
            self.stats.setText(self.tr("not encoded"))
            self.canvas.set_result(None, result.source, message=result.error)
            return
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
        self.result = None
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

    def copy_ids(self) -> None:
        QGuiApplication.clipboard().setText(", ".join(map(str, self.ids())))

    def set_fewest(self, fewest: bool) -> None:
        style = FEWEST_STYLE if fewest else PLAIN_STYLE
        if self.header.styleSheet() != style:  # restyling is slow: only on a change
            self.fewest.setVisible(fewest)
            self.header.setStyleSheet(style)

    def set_agreement(self, text: str) -> None:
        self.agreement.setText(text)
        self.agreement.setVisible(bool(text))
