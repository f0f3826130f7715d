"""Predict the next merge, a quiz for a class: at step k the lesson text's current tokens and a few candidate pairs,
their counts hidden; a click on a pair reveals the counts, the right answer (its occurrences marked in the text)
and, when counts tied, the rule that chose. Five questions make a round; each round's score is kept. The round
prints as a sheet (:mod:`app.teaching.quiz_sheet`): the questions, then the answers on a page of their own.

The questions are :func:`bpe_core.teaching.quiz.question`'s: the training record's counts when the tokenizer keeps
them, else counts recounted on the text (a published model).
"""

from __future__ import annotations

import html
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from app.common.widgets.vertical_scroll import VerticalScroll
from app.common.wording.tie_break import tie_text
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import TokenChips
from app.teaching.choice_button import ChoiceButton
from app.teaching.quiz_sheet import Sheet, SheetQuestion, save_sheet
from app.teaching.quiz_words import QuizWords
from app.teaching.token_chips import view_chips
from bpe_core.render.token_label import render_pair
from bpe_core.teaching.quiz import Question, question
from bpe_core.teaching.replay import pair_starts

DEFAULT_TEXT = "the lowest newest widest tokenizer merges the most frequent pairs first"
ROUND = 5
RIGHT, WRONG = "#c7e9c0", "#fcbba1"


class QuizView(TeachingView):
    """One question at a time; → (or Next question) moves to the next step once answered."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Quiz: next merge")

    def __init__(self, tokenizer=None, text: str = DEFAULT_TEXT, parent=None):
        super().__init__(parent)
        self.tokenizer = None
        self.text = text
        self.question: Question | None = None
        self.picked: tuple[bytes, bytes] | None = None
        self.asked = self.right = 0  # in the current round
        self.round_start = 0  # the merge the current round starts at
        self.scores: list[tuple[int, int]] = []  # (right, asked) of each finished round

        self.step_box = QSpinBox()
        self.step_box.setObjectName("quizStep")
        self.step_box.setPrefix(self.tr("merge "))
        self.choices_box = QSpinBox()
        self.choices_box.setRange(2, 8)
        self.choices_box.setValue(4)
        self.choices_box.setSuffix(self.tr(" choices"))
        self.new_round = QPushButton(self.tr("New round"))
        self.next_button = QPushButton(self.tr("Next question ▶"))
        self.sheet_button = QPushButton(self.tr("Printable sheet…"))
        self.sheet_button.setToolTip(self.tr("Save this round as a PDF or PNG sheet: the questions, then the answers"))
        for button in (self.new_round, self.next_button, self.sheet_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Start at")))
        top.addWidget(self.step_box)
        top.addWidget(self.choices_box)
        top.addWidget(self.new_round)
        top.addWidget(self.next_button)
        top.addWidget(self.sheet_button)
        top.addStretch(1)
        self.score_label = QLabel()
        self.score_label.setObjectName("quizScore")
        self.score_label.setWordWrap(True)  # many rounds' scores take lines, not width
        self.score_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.prompt = QLabel()
        self.prompt.setObjectName("quizPrompt")
        self.prompt.setWordWrap(True)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)  # beside a score of lines
        asked = QHBoxLayout()  # the score beside the question, not at the end of the buttons: in presentation
        asked.addWidget(self.prompt, 1)  # mode the buttons' row alone is as wide as a 1280 px screen
        asked.addWidget(self.score_label)
        self.chips = TokenChips()
        self.buttons_box = QGridLayout()
        self.buttons: list[ChoiceButton] = []
        self.verdict = QLabel()
        self.verdict.setObjectName("quizVerdict")
        self.verdict.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(asked)
        layout.addWidget(VerticalScroll(self.chips), 1)  # a long text scrolls; the choices stay in sight
        layout.addLayout(self.buttons_box)
        layout.addWidget(self.verdict)
        self.new_round.clicked.connect(lambda: self.start_round(self.step_box.value() - 1))
        self.next_button.clicked.connect(self.step_forward)
        self.sheet_button.clicked.connect(self.sheet_dialog)
        self.choices_box.valueChanged.connect(lambda _n: self.ask(self.question.rank if self.question else 0))
        if tokenizer is not None:
            self.set_tokenizer(tokenizer)

    def set_text(self, text: str) -> None:
        self.text = text
        if self.question is not None:
            self.ask(self.question.rank)

    def set_tokenizer(self, tokenizer) -> None:
        """Quiz on ``tokenizer``'s merges from the first (a model without merges is said so)."""
        self.tokenizer = tokenizer if tokenizer.merges else None
        merges = len(tokenizer.merges or ())
        self.step_box.setRange(1, max(1, merges))
        self.scores = []
        self.start_round(0)

    def start_round(self, rank: int) -> None:
        """A new round of :data:`ROUND` questions from merge ``rank``."""
        if self.asked:
            self.scores.append((self.right, self.asked))
        self.asked = self.right = 0
        self.round_start = rank
        self.ask(rank)

    def ask(self, rank: int) -> None:
        """Show the question at step ``rank``, counts hidden."""
        self.picked = None
        if self.tokenizer is None:
            self.question = None
            self.prompt.setText(self.tr("This tokenizer has no merges: there is nothing to predict."))
            self._set_buttons([])
            self.chips.set_chips([])
            self.verdict.setText("")
            self._show_score()
            return
        self.question = question(self.tokenizer, rank, self.text, candidates=self.choices_box.value())
        self.step_box.blockSignals(True)
        self.step_box.setValue(rank + 1)
        self.step_box.blockSignals(False)
        self.prompt.setText(
            self.tr(
                "<b>Question {number} of {round}</b> — {merges} merges done. Here is the text now: which pair is "
                "merged next?",
                "",
                rank,
            ).format(number=self.asked + 1, round=ROUND, merges=f"{rank:,}")
        )
        self.chips.set_chips(view_chips(self.tokenizer.view_at(self.text, rank)))
        self._set_buttons(self.question.choices)
        self.verdict.setText("")
        self.next_button.setEnabled(False)
        self._show_score()

    def _set_buttons(self, choices) -> None:
        for button in self.buttons:
            self.buttons_box.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.buttons = []
        contexts = self.question.contexts if self.question is not None else {}
        for i, pair in enumerate(choices):
            button = ChoiceButton(QuizWords().choice(pair, contexts.get(pair)))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumHeight(44)
            button.clicked.connect(lambda _checked=False, pair=pair: self.pick(pair))
            self.buttons_box.addWidget(button, i // 2, i % 2)
            self.buttons.append(button)

    def pick(self, pair: tuple[bytes, bytes]) -> None:
        """The class's answer: reveal the counts, the right pair and the tie rule; count the score."""
        q = self.question
        if q is None or self.picked is not None:
            return
        self.picked = pair
        right = q.is_right(pair)
        self.asked += 1
        self.right += right
        for button, choice in zip(self.buttons, q.choices):
            button.setText(f"{QuizWords().choice(choice, q.contexts[choice])}   {q.counts[choice]:,}×")
            color = RIGHT if choice == q.answer else WRONG if choice == pair else ""
            button.setStyleSheet(f"background:{color}; font-weight:bold" if color else "")
        view = self.tokenizer.view_at(self.text, q.rank)
        starts = pair_starts(view, *q.answer)
        marked = {i + d: n for n, i in enumerate(starts) for d in (0, 1)}
        chips = view_chips(view, mark=lambda t: "pair" if t.index in marked else "")
        self.chips.set_chips([replace(chip, group=marked.get(i)) for i, chip in enumerate(chips)])
        lines = [
            self.tr("<b>Right!</b>") if right else self.tr("<b>Not this time.</b>"),
            self._joins(q.rank, q.answer, q.contexts[q.answer]),
        ]
        if q.source == "text":
            lines.append(
                self.tr(
                    "Counts in this text, not in the training corpus (not kept): they show where the pair stands "
                    "side by side, not why the trainer chose it."
                )
            )
        lines.append(html.escape(tie_text(q.tie)))
        self.verdict.setText(" ".join(line for line in lines if line))
        self.next_button.setEnabled(True)
        self._show_score()

    def _joins(self, rank: int, pair: tuple[bytes, bytes], context) -> str:
        """The verdict's sentence on the answer: the merge, its pair and what it builds, ended as the language ends a
        sentence."""
        built = QuizWords().builds(pair, context)
        if not built:
            return self.tr("Merge {rank} joins <b>{pair}</b>.").format(
                rank=f"{rank + 1:,}", pair=html.escape(render_pair(*pair))
            )
        return self.tr("Merge {rank} joins <b>{pair}</b> → {built}.").format(
            rank=f"{rank + 1:,}", pair=html.escape(render_pair(*pair)), built=html.escape(built)
        )

    # --- the printable sheet ------------------------------------------------------------------------------------
    def sheet(self) -> Sheet | None:
        """The current round as a sheet: its :data:`ROUND` questions from the round's first merge (None: nothing
        to ask)."""
        if self.tokenizer is None:
            return None
        last = min(self.round_start + ROUND, len(self.tokenizer.merges))
        questions = tuple(
            SheetQuestion.of_view(
                number,
                question(self.tokenizer, rank, self.text, candidates=self.choices_box.value()),
                self.tokenizer.view_at(self.text, rank),
            )
            for number, rank in enumerate(range(self.round_start, last), 1)
        )
        title = self.tr("{tokenizer} · merges {first}–{last} · “{text}”").format(
            tokenizer=self.tokenizer.name, first=f"{self.round_start + 1:,}", last=f"{last:,}", text=self.text
        )
        return Sheet(title, questions, lambda q: tie_text(q.tie))

    def save_sheet(self, path: str | Path) -> list[Path]:
        """Write the current round's sheet as a PDF, or as PNG pages (:func:`app.teaching.quiz_sheet.save_sheet`)."""
        sheet = self.sheet()
        if sheet is None:
            raise ValueError(self.tr("This tokenizer has no merges: there is nothing to predict."))
        return save_sheet(sheet, path)

    def sheet_dialog(self) -> None:
        kinds = self.tr("PDF document (*.pdf);;PNG images (*.png)")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the quiz sheet"), "quiz.pdf", kinds)
        if not path:
            return
        try:
            self.save_sheet(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, self.tr("Cannot save the quiz sheet"), str(exc))

    def _show_score(self) -> None:
        rounds = [
            self.tr("round {number}: {right}/{asked}").format(number=n + 1, right=r, asked=a)
            for n, (r, a) in enumerate(self.scores)
        ]
        rounds.append(self.tr("this round: {right}/{asked}").format(right=self.right, asked=self.asked))
        text = self.tr("Score — {rounds}").format(rounds=", ".join(rounds))
        self.score_label.setText(text)
        metrics = self.score_label.fontMetrics()  # one line while short; many rounds wrap, not widen the window
        self.score_label.setMinimumWidth(min(metrics.horizontalAdvance(text), metrics.averageCharWidth() * 30) + 2)

    # --- stepping --------------------------------------------------------------------------------------------
    def step_forward(self) -> bool:
        """The next question (a new round after :data:`ROUND`); only once this one is answered."""
        q = self.question
        if q is None or self.picked is None or q.rank + 1 >= len(self.tokenizer.merges):
            return False
        if self.asked >= ROUND:
            self.start_round(q.rank + 1)
        else:
            self.ask(q.rank + 1)
        return True

    def presentation_changed(self, scale: float) -> None:
        """The chips keep a font of their own; the choices follow the view's (scaled once, old or new)."""
        scale_font(self.chips, scale)
        self._show_score()  # its width in the new font
