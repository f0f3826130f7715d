"""Pre-tokenization lesson: the same text trained without pre-tokenization (``none``) and with GPT-2's pattern,
side by side. Merges that cross a GPT-2 pre-token boundary are highlighted by kind -- joining words, gluing
punctuation to a word ("dog." "dog," "dog!" become different tokens), or other -- and a sample sentence is
encoded by both tokenizers.

Everything shown is :func:`bpe_core.teaching.pretok_lesson.pretokenization_lesson`'s.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
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

from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import TokenChips
from app.teaching.token_chips import view_chips
from app.token_text import render_token
from bpe_core.teaching.pretok_lesson import KINDS, LESSON_PATTERNS, PretokenizationLesson, pretokenization_lesson
from bpe_core.teaching.token_view import view_tokens

LESSON_TEXT = (
    "Where is the dog? I see a dog. Is it your dog? It is my dog. A big dog, a small dog, a wet dog! "
    "Come here, dog! Sit, dog. Good dog. Bad dog! The dog, the cat, the dog. No dog, no cat. Hot dog! "
    "Every dog. Any dog, any day. Old dog! New dog. Top dog, lap dog, sea dog. My dog! Your dog. Our dog, "
    "their dog! What a dog. Such a dog! The dog ran. The dog sat. The dog barked! The dog slept, the dog ate."
)
SAMPLE = "Good dog. Bad dog, sad dog! Old dog? The end."
KIND_COLORS = {"words": QColor("#fde0dd"), "punctuation": QColor("#fdd0a2"), "other": QColor("#e5e5e5")}
SHORT = {"words": "join words", "punctuation": "glue punctuation to a word", "other": "cross another boundary"}
PATTERN_TITLES = {"none": "No pre-tokenization (pattern none)", "gpt2": "GPT-2 pre-tokenization (pattern gpt2)"}


class PretokenizationView(TeachingView):
    """Train both, list their merges, encode the sample; ← → move through the ``none`` merges."""

    title = "Pre-tokenization"

    def __init__(self, text: str = LESSON_TEXT, merges: int = 30, parent=None):
        super().__init__(parent)
        self.lesson: PretokenizationLesson | None = None
        self.current = -1

        self.editor = QPlainTextEdit(text)
        self.editor.setObjectName("lessonText")
        self.editor.setMaximumHeight(90)
        self.merges_box = QSpinBox()
        self.merges_box.setRange(1, 2000)
        self.merges_box.setValue(merges)
        self.merges_box.setSuffix(" merges")
        self.train_button = QPushButton("Train both")
        self.train_button.setObjectName("lessonTrain")
        self.sample = QLineEdit(SAMPLE)
        self.sample.setObjectName("lessonSample")
        controls = QHBoxLayout()
        controls.addWidget(QLabel("Train on the text above with"))
        controls.addWidget(self.merges_box)
        controls.addWidget(self.train_button)
        controls.addSpacing(20)
        controls.addWidget(QLabel("Sample"))
        controls.addWidget(self.sample, 1)

        legend = QLabel(
            "Highlighted merges cross a GPT-2 pre-token boundary: "
            f"<span style='background:{KIND_COLORS['words'].name()}'>&nbsp;{KINDS['words']}&nbsp;</span> "
            f"<span style='background:{KIND_COLORS['punctuation'].name()}'>&nbsp;{KINDS['punctuation']}&nbsp;</span> "
            f"<span style='background:{KIND_COLORS['other'].name()}'>&nbsp;other boundary (e.g. a space at the end "
            "of a word)&nbsp;</span>"
        )
        legend.setWordWrap(True)

        grid = QGridLayout()
        self.summaries: dict[str, QLabel] = {}
        self.chips: dict[str, TokenChips] = {}
        self.lists: dict[str, QListWidget] = {}
        for column, pattern in enumerate(LESSON_PATTERNS):
            title = QLabel(f"<b>{PATTERN_TITLES[pattern]}</b>")
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

        layout = QVBoxLayout(self)
        layout.addWidget(self.editor)
        layout.addLayout(controls)
        layout.addWidget(legend)
        layout.addLayout(grid, 1)

        self.train_button.clicked.connect(self.train)
        self.sample.textChanged.connect(lambda _t: self.show_sample())
        self.lists["none"].currentRowChanged.connect(self._on_row)
        self.train()

    def set_text(self, text: str) -> None:
        """The sample sentence encoded by both tokenizers."""
        self.sample.setText(text)

    def train(self) -> None:
        text = self.editor.toPlainText()
        if not text:
            self.summaries["none"].setText("Type a text to train on.")
            return
        self.lesson = pretokenization_lesson(text, self.merges_box.value())
        for pattern in LESSON_PATTERNS:
            merges = self.lesson.merges[pattern]
            crossing = [m for m in merges if m.crosses]
            by_kind = {k: sum(m.kind == k for m in crossing) for k in ("words", "punctuation", "other")}
            self.summaries[pattern].setText(
                f"{len(crossing)} of {len(merges)} merges cross a boundary"
                + (": " + ", ".join(f"{n} {SHORT[k]}" for k, n in by_kind.items() if n) if crossing else ".")
            )
            widget = self.lists[pattern]
            widget.blockSignals(True)
            widget.clear()
            for m in merges:
                cut = " | ".join(render_token(p) for p in m.pieces)
                label = f"{m.rank + 1}. {render_token(m.token)}   ({m.count}×)"
                if m.crosses:
                    label += f"   cut by GPT-2: {cut}"
                item = QListWidgetItem(label)
                if m.crosses:
                    item.setBackground(QBrush(KIND_COLORS[m.kind]))
                    item.setToolTip(KINDS[m.kind])
                widget.addItem(item)
            widget.blockSignals(False)
        self.current = -1
        self.show_sample()

    def show_sample(self) -> None:
        if self.lesson is None:
            return
        crossing = self.lesson.crossing_ids("none")
        current_id = 256 + self.current if self.current >= 0 else None
        for pattern in LESSON_PATTERNS:
            view = view_tokens(self.lesson.tokenizers[pattern], self.sample.text())

            def mark(token, crossing=crossing if pattern == "none" else set(), pattern=pattern):
                if token.id == current_id and pattern == "none":
                    return "new"
                return "cross" if token.id in crossing else ""

            self.chips[pattern].set_chips(view_chips(view, mark=mark))

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
