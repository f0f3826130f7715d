"""Pre-tokenization lesson: the same text trained without pre-tokenization (``none``) and with GPT-2's pattern,
side by side. Merges that cross a GPT-2 pre-token boundary are highlighted by kind -- joining words, gluing
punctuation to a word ("dog." "dog," "dog!" become different tokens), or other -- and a sample sentence is
encoded by both tokenizers, and cut into pre-tokens by GPT-2's, cl100k's and o200k's patterns. In a Chinese session
the lesson is a Chinese text: without pre-tokenization "狗。" "狗，" "狗！" become tokens, and cl100k and o200k
glue the punctuation to the characters that follow it where GPT-2 cuts it off.

Everything shown is :func:`bpe_core.teaching.pretok_lesson.pretokenization_lesson`'s.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from app.common.wording import i18n
from app.common.wording.char_words import builds_in, part_of
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import TokenChips
from app.teaching.token_chips import view_chips
from app.token_text import render_token
from bpe_core.render.token_label import visible
from bpe_core.teaching.lesson_text import pretokenization_text
from bpe_core.teaching.pretok_lesson import (
    CUT_PATTERNS,
    LESSON_PATTERNS,
    PretokenizationLesson,
    pattern_cuts,
    pretokenization_lesson,
)

KIND_COLORS = {"words": QColor("#fde0dd"), "punctuation": QColor("#fdd0a2"), "other": QColor("#e5e5e5")}
#: Each kind of merge named in the lists' tooltips: the English of ``pretok_lesson.KINDS``, translated at use.
KIND_NAMES = {
    "inside": QT_TRANSLATE_NOOP("PretokenizationView", "inside one pre-token"),
    "words": QT_TRANSLATE_NOOP("PretokenizationView", "joins words"),
    "punctuation": QT_TRANSLATE_NOOP("PretokenizationView", "glues punctuation to a word"),
    "other": QT_TRANSLATE_NOOP("PretokenizationView", "crosses a pre-token boundary"),
}
PATTERN_TITLES = {
    "none": QT_TRANSLATE_NOOP("PretokenizationView", "No pre-tokenization (pattern none)"),
    "gpt2": QT_TRANSLATE_NOOP("PretokenizationView", "GPT-2 pre-tokenization (pattern gpt2)"),
}


#: How the published patterns are named above their cuts of the sample.
CUT_TITLES = {"gpt2": "GPT-2", "cl100k": "cl100k", "o200k": "o200k"}


def lesson_for_interface() -> tuple[str, str]:
    """The lesson's text and sample in the interface language (a Chinese text in a Chinese session)."""
    return pretokenization_text(i18n.current_language())


def kind_name(kind: str) -> str:
    """A kind of merge described in the interface language.

    >>> kind_name("words")
    'joins words'
    """
    return QCoreApplication.translate("PretokenizationView", KIND_NAMES[kind])


class PretokenizationView(TeachingView):
    """Train both, list their merges, encode the sample; ← → move through the ``none`` merges."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Pre-tokenization")

    def __init__(self, text: str | None = None, merges: int = 30, parent=None, sample: str | None = None):
        super().__init__(parent)
        own_text, own_sample = lesson_for_interface()
        text = own_text if text is None else text
        self.lesson: PretokenizationLesson | None = None
        self.current = -1

        self.editor = QPlainTextEdit(text)
        self.editor.setObjectName("lessonText")
        self.editor.setMaximumHeight(90)
        self.merges_box = QSpinBox()
        self.merges_box.setRange(1, 2000)
        self.merges_box.setValue(merges)
        self.merges_box.setSuffix(self.tr(" merges"))
        self.train_button = QPushButton(self.tr("Train both"))
        self.train_button.setObjectName("lessonTrain")
        self.sample = QLineEdit(own_sample if sample is None else sample)
        self.sample.setObjectName("lessonSample")
        controls = QHBoxLayout()
        controls.addWidget(QLabel(self.tr("Train on the text above with")))
        controls.addWidget(self.merges_box)
        controls.addWidget(self.train_button)
        controls.addSpacing(20)
        controls.addWidget(QLabel(self.tr("Sample")))
        controls.addWidget(self.sample, 1)

        swatch = "<span style='background:{color}'>&nbsp;{text}&nbsp;</span>"
        legend = QLabel(
            self.tr("Highlighted merges cross a GPT-2 pre-token boundary: {words} {punctuation} {other}").format(
                words=swatch.format(color=KIND_COLORS["words"].name(), text=kind_name("words")),
                punctuation=swatch.format(color=KIND_COLORS["punctuation"].name(), text=kind_name("punctuation")),
                other=swatch.format(
                    color=KIND_COLORS["other"].name(),
                    text=self.tr("other boundary (e.g. a space at the end of a word)"),
                ),
            )
        )
        legend.setWordWrap(True)

        grid = QGridLayout()
        self.summaries: dict[str, QLabel] = {}
        self.chips: dict[str, TokenChips] = {}
        self.lists: dict[str, QListWidget] = {}
        for column, pattern in enumerate(LESSON_PATTERNS):
            title = QLabel(f"<b>{self.tr(PATTERN_TITLES[pattern])}</b>")
            summary = QLabel()
            summary.setObjectName(f"summary_{pattern}")
            summary.setWordWrap(True)
            chips = TokenChips()
            merges_list = QListWidget()
            merges_list.setObjectName(f"merges_{pattern}")
            merges_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            grid.addWidget(title, 0, column)
            grid.addWidget(summary, 1, column)
            grid.addWidget(chips, 2, column)
            grid.addWidget(merges_list, 3, column)
            self.summaries[pattern], self.chips[pattern], self.lists[pattern] = summary, chips, merges_list
        grid.setRowStretch(3, 1)
        self.cuts = QLabel()
        self.cuts.setObjectName("patternCuts")
        self.cuts.setWordWrap(True)
        self.cuts.setTextFormat(Qt.TextFormat.RichText)

        layout = QVBoxLayout(self)
        layout.addWidget(self.editor)
        layout.addLayout(controls)
        layout.addWidget(legend)
        layout.addWidget(self.cuts)
        layout.addLayout(grid, 1)

        self.train_button.clicked.connect(self.train)
        self.sample.textChanged.connect(lambda _t: self.show_sample())
        self.lists["none"].currentRowChanged.connect(self._on_row)

    def showEvent(self, event) -> None:
        """Train the lesson when the view is first shown (a Teach window opens without it: 40 ms)."""
        if self.lesson is None:
            self.train()
        super().showEvent(event)

    def set_text(self, text: str) -> None:
        """The sample sentence encoded by both tokenizers."""
        self.sample.setText(text)

    def train(self) -> None:
        text = self.editor.toPlainText()
        if not text:
            self.summaries["none"].setText(self.tr("Type a text to train on."))
            return
        self.lesson = pretokenization_lesson(text, self.merges_box.value())
        for pattern in LESSON_PATTERNS:
            merges = self.lesson.merges[pattern]
            crossing = [m for m in merges if m.crosses]
            by_kind = {k: sum(m.kind == k for m in crossing) for k in ("words", "punctuation", "other")}
            self.summaries[pattern].setText(self._summary(len(crossing), len(merges), by_kind))
            widget = self.lists[pattern]
            widget.blockSignals(True)
            widget.clear()
            for m in merges:
                cut = " | ".join(render_token(p) for p in m.pieces)
                number, token = m.rank + 1, render_token(m.token)
                if m.crosses:
                    label = self.tr("{number}. {token}   ({count}×)   cut by GPT-2: {pieces}")
                else:
                    label = "{number}. {token}   ({count}×)"
                hint = builds_in(text, m.token)
                label = label.format(number=number, token=token, count=m.count, pieces=cut)
                item = QListWidgetItem(f"{label}   {part_of(hint)}" if hint else label)
                if m.crosses:
                    item.setBackground(QBrush(KIND_COLORS[m.kind]))
                    item.setToolTip(kind_name(m.kind))
                widget.addItem(item)
            widget.blockSignals(False)
        self.current = -1
        self.show_sample()

    def _summary(self, crossing: int, merges: int, by_kind: dict[str, int]) -> str:
        """ "3 of 30 merges cross a boundary: 2 join words, 1 glue punctuation to a word"."""
        if not crossing:
            return self.tr("{crossing} of {merges} merges cross a boundary.", "", merges).format(
                crossing=crossing, merges=merges
            )
        kinds = {
            "words": self.tr("%n join words", "", by_kind["words"]),
            "punctuation": self.tr("%n glue punctuation to a word", "", by_kind["punctuation"]),
            "other": self.tr("%n cross another boundary", "", by_kind["other"]),
        }
        parts = self.tr(", ").join(kinds[k] for k, n in by_kind.items() if n)
        return self.tr("{crossing} of {merges} merges cross a boundary: {kinds}", "", merges).format(
            crossing=crossing, merges=merges, kinds=parts
        )

    def show_sample(self) -> None:
        if self.lesson is None:
            return
        crossing = self.lesson.crossing_ids("none")
        current_id = 256 + self.current if self.current >= 0 else None
        for pattern in LESSON_PATTERNS:
            view = self.lesson.tokenizers[pattern].view(self.sample.text())

            def mark(token, crossing=crossing if pattern == "none" else set(), pattern=pattern):
                if token.id == current_id and pattern == "none":
                    return "new"
                return "cross" if token.id in crossing else ""

            self.chips[pattern].set_chips(view_chips(view, mark=mark))
        self.show_cuts()

    def show_cuts(self) -> None:
        """How GPT-2, cl100k and o200k cut the sample into pre-tokens (they differ most on Chinese punctuation)."""
        rows = [
            self.tr("<b>{pattern}</b>: {cuts}").format(
                pattern=CUT_TITLES[pattern],
                cuts=" <span style='color:#d94801'>|</span> ".join(html.escape(visible(piece)) for piece in pieces),
            )
            for pattern, pieces in pattern_cuts(self.sample.text(), CUT_PATTERNS).items()
        ]
        self.cuts.setText(self.tr("How the published patterns cut the sample:") + "<br>" + "<br>".join(rows))

    def _on_row(self, row: int) -> None:
        self.current = row
        self.show_sample()

    def step_forward(self) -> bool:
        if self.lesson is None or self.current + 1 >= len(self.lesson.merges["none"]):
            return False
        self.lists["none"].setCurrentRow(self.current + 1)
        return True

    def step_back(self) -> bool:
        if self.current <= 0:
            return False
        self.lists["none"].setCurrentRow(self.current - 1)
        return True

    def presentation_changed(self, scale: float) -> None:
        for chips in self.chips.values():
            scale_font(chips, scale)
