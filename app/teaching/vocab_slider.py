"""Vocabulary slider: drag from 256 tokens (bytes only) to the full vocabulary and watch a text re-encoded with
only the first k merges; Play moves the slider by itself.

Any tokenizer's :meth:`~bpe_core.encoding.protocol.ShownTokenizer.view_at` gives the tokens; the curve shows the text's
token count against k. A published model's BPE tokenizer slides too -- "the first k merges of Qwen" -- with its own
pre-tokens and ids (with every merge, the library's own encoding); a model without merges is named, and the slider
stays still.
"""

from __future__ import annotations

import html
import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt, QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QSlider,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
)

from app import style
from app.common.charts.chart import Chart
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import TokenChips
from app.teaching.merge_tree_view import no_merges_text
from app.teaching.token_chips import view_chips
from app.token_text import render_token_html
from bpe_core.encoding.protocol import ShownTokenizer

DEFAULT_TEXT = "The lowest newest widest tokenizer merges pairs: 12345 tokens, naïve café, 中文."
CURVE_POINTS = 120
#: Seconds of encoding for the curve per turn of the event loop.
CURVE_SLICE = 0.008


class VocabSliderView(TeachingView):
    """The text's tokens with the first ``k`` merges; ``k`` from 0 to all of the tokenizer's merges."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Vocabulary slider")

    def __init__(self, tokenizer: ShownTokenizer | None = None, text: str = DEFAULT_TEXT, parent=None):
        super().__init__(parent)
        self.tokenizer: ShownTokenizer | None = None
        self.k = 0
        self.ids: list[int] = []

        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("vocabSlider")
        self.slider.setTracking(True)
        self.size_label = QLabel()
        self.size_label.setObjectName("vocabSize")
        self.size_label.setMinimumWidth(260)
        self.step_box = QSpinBox()
        self.step_box.setRange(1, 100000)
        self.step_box.setPrefix("+")
        self.step_box.setSuffix(self.tr(" merges per step"))
        slider_row = QHBoxLayout()
        slider_row.addWidget(QLabel(self.tr("Vocabulary")))
        slider_row.addWidget(self.slider, 1)
        slider_row.addWidget(self.size_label)

        controls = QHBoxLayout()
        controls.addWidget(self.play_controls(speed=10.0, maximum=60.0))
        controls.addWidget(self.step_box)
        controls.addStretch(1)

        self.editor = QPlainTextEdit(text)
        self.editor.setObjectName("sliderText")
        self.editor.setMaximumHeight(72)
        self.stats = QLabel()
        self.stats.setObjectName("sliderStats")
        self.merge_label = QLabel()
        self.merge_label.setObjectName("sliderMerge")
        self.merge_label.setWordWrap(True)  # a long token, or presentation mode's font, takes lines, not width
        self.chips = TokenChips()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.chips)
        self.curve_plot = Chart(export_name="tokens-by-merges")  # its text follows presentation mode's font
        self.curve_plot.setMouseEnabled(x=False, y=False)
        self.curve_plot.set_axis_label("bottom", self.tr("merges k"))
        self.curve_plot.set_axis_label("left", self.tr("tokens in the text"))
        self.curve_plot.showGrid(x=True, y=True, alpha=0.2)
        self.curve_plot.setMinimumHeight(150)
        self.curve = self.curve_plot.plot([], [], pen=pg.mkPen(style.NEW, width=2))
        self._curve_ks: list[int] = []  # the values of k the curve is made of, and the counts found so far
        self._curve_counts: list[int] = []
        self._curve_timer = QTimer(self)
        self._curve_timer.setInterval(0)
        self._curve_timer.timeout.connect(self._curve_piece)
        self.marker = pg.InfiniteLine(angle=90, pen=pg.mkPen(style.PAIR, width=2))
        self.curve_plot.addItem(self.marker)

        lower = QSplitter(Qt.Orientation.Vertical)
        lower.addWidget(scroll)
        lower.addWidget(self.curve_plot)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 2)
        lower.setSizes([420, 260])
        layout = QVBoxLayout(self)
        layout.addLayout(slider_row)
        layout.addLayout(controls)
        layout.addWidget(self.editor)
        layout.addWidget(self.merge_label)
        layout.addWidget(self.stats)
        layout.addWidget(lower, 1)

        self.slider.valueChanged.connect(self.set_k)
        self.editor.textChanged.connect(self._text_changed)
        if tokenizer is not None:
            self.set_tokenizer(tokenizer)

    # --- data ------------------------------------------------------------------------------------------------
    @property
    def total_merges(self) -> int:
        if self.tokenizer is None or self.tokenizer.merges is None:
            return 0
        return len(self.tokenizer.merges)

    def set_tokenizer(self, tokenizer: ShownTokenizer, k: int | None = None) -> None:
        """Show ``tokenizer`` (all its merges by default)."""
        self.player.stop()
        self.tokenizer = tokenizer
        total = self.total_merges
        self.step_box.setValue(max(1, total // 200))
        self.slider.blockSignals(True)
        self.slider.setRange(0, total)
        self.slider.setPageStep(max(1, total // 20))
        self.slider.setValue(total if k is None else k)
        self.slider.blockSignals(False)
        self.set_k(self.slider.value())
        self._update_curve()

    def set_text(self, text: str) -> None:
        self.editor.setPlainText(text)

    def text(self) -> str:
        return self.editor.toPlainText()

    def set_k(self, k: int) -> None:
        """Re-encode the text with the first ``k`` merges."""
        if self.tokenizer is None:
            return
        self.k = k
        if self.slider.value() != k:
            self.slider.setValue(k)  # emits valueChanged -> set_k again, which ends here
            return
        view = self._view(k)
        self.ids = [t.id for t in view.tokens]
        newest = self._made_by(k)
        self.chips.set_chips(view_chips(view, mark=lambda t: "new" if t.id == newest else ""))
        if self.tokenizer.merges is None:
            self.merge_label.setText(html.escape(no_merges_text(self.tokenizer)))
        elif k:
            left, right = self.tokenizer.merges[k - 1]
            if newest in self.ids:  # merge k is the vocabulary's last: made here, nothing merges its token further
                sentence = self.tr(
                    "Merge {k}, the last in the vocabulary at this size: <b>{left} + {right} → {token}</b> — used in "
                    "this text (in green)"
                )
            else:
                sentence = self.tr(
                    "Merge {k}, the last in the vocabulary at this size: <b>{left} + {right} → {token}</b> — not used "
                    "in this text"
                )
            self.merge_label.setText(
                sentence.format(
                    k=f"{k:,}",
                    left=render_token_html(left),
                    right=render_token_html(right),
                    token=render_token_html(left + right),
                )
            )
        else:
            self.merge_label.setText(self.tr("No merges: every byte is a token."))
        if self.tokenizer.family != "ours":  # the model stays whole: its library encodes it
            size = self.tr("k = {k} of {total} merges · the model has {vocab} tokens", "", self.total_merges)
            vocab = self.tokenizer.vocab_size
        else:  # ours at merge k is a tokenizer of its own
            size = self.tr("k = {k} of {total} merges · vocabulary {vocab}", "", self.total_merges)
            vocab = 256 + k + len(self.tokenizer.special_tokens)
        self.size_label.setText(size.format(k=f"{k:,}", total=f"{self.total_merges:,}", vocab=f"{vocab:,}"))
        text = self.text()
        n = len(self.ids)
        if n:
            self.stats.setText(
                self.tr("{tokens} tokens · {chars} characters per token · {bytes} bytes per token", "", n).format(
                    tokens=f"{n:,}", chars=f"{len(text) / n:.2f}", bytes=f"{len(text.encode('utf-8')) / n:.2f}"
                )
            )
        else:
            self.stats.setText(self.tr("No text."))
        self.marker.setValue(k)

    def _view(self, k: int):
        """The text's tokens with the first ``k`` merges (with all of them, or none to make: its own encoding)."""
        if k >= self.total_merges:
            return self.tokenizer.view(self.text())
        return self.tokenizer.view_at(self.text(), k)

    def _made_by(self, k: int) -> int | None:
        """The id of the token merge ``k`` (1-based) makes, None for k = 0."""
        if not k:
            return None
        left, right = self.tokenizer.merges[k - 1]
        return self.tokenizer.token_id(left + right)

    def _text_changed(self) -> None:
        self.set_k(self.k)
        self._update_curve()

    def _update_curve(self) -> None:
        """Start the curve again: the text's token count at ~120 values of k, encoded a few at a time between
        events (:meth:`_curve_piece`), drawn once all are (a model's library encodes each in its own process: 120
        at once froze the window for 0.4 s, at every keystroke)."""
        self._curve_timer.stop()
        self._curve_counts = []
        self._curve_ks = []
        self.curve.setData([], [])
        if self.tokenizer is None:
            return
        total = self.total_merges
        self._curve_ks = np.unique(np.linspace(0, total, min(CURVE_POINTS, total + 1)).astype(int)).tolist()
        if self.isEnabled():
            self._curve_timer.start()

    def _curve_piece(self) -> None:
        """Encode the text at the curve's next values of k for up to :data:`CURVE_SLICE` seconds; draw it when all
        are done. (The timer is stopped meanwhile: a library that fails leaves it stopped, not failing again.)"""
        self._curve_timer.stop()
        deadline = time.perf_counter() + CURVE_SLICE
        while len(self._curve_counts) < len(self._curve_ks) and time.perf_counter() < deadline:
            self._curve_counts.append(len(self._view(self._curve_ks[len(self._curve_counts)]).tokens))
        if len(self._curve_counts) < len(self._curve_ks):
            self._curve_timer.start()
        else:
            self.curve.setData(np.asarray(self._curve_ks, float), np.asarray(self._curve_counts, float))

    def curve_drawn(self) -> bool:
        """Whether the curve shows the current tokenizer and text."""
        return len(self._curve_counts) == len(self._curve_ks)

    def changeEvent(self, event) -> None:
        """A greyed slider (its window is making another tokenizer ready in a thread) computes no curve: each of its
        encodes would wait for that thread's GIL, and the window would stall. It goes on once enabled again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.EnabledChange:
            if not self.isEnabled():
                self._curve_timer.stop()
            elif not self.curve_drawn():
                self._curve_timer.start()

    # --- stepping --------------------------------------------------------------------------------------------
    def step_forward(self) -> bool:
        if self.tokenizer is None or self.k >= self.total_merges:
            return False
        self.set_k(min(self.total_merges, self.k + self.step_box.value()))
        return True

    def step_back(self) -> bool:
        if self.tokenizer is None or self.k <= 0:
            return False
        self.set_k(max(0, self.k - self.step_box.value()))
        return True

    def rewind(self) -> None:
        self.set_k(0)

    def presentation_changed(self, scale: float) -> None:
        scale_font(self.chips, scale)
