"""Replay a finished run at human pace: merge after merge at 1–50 merges a second, the lesson text re-encoded at
each step -- first the pair about to merge marked in its tokens, then the tokens fused -- with the count of each
merge and the best pairs at that step when the tokenizer keeps its training record (a published model's merges
replay without counts). Pause, step (← →) or drag the slider to any merge.

Each move the user makes (playing, stepping, scrubbing) is announced by :attr:`ReplayView.moved`, so that the main
window's tabs can follow the replay of our run.

Everything shown is :class:`bpe_core.teaching.replay.Replay`'s.
"""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QScrollArea, QSlider, QSplitter, QVBoxLayout

from app.common.wording.char_words import builds_in, part_of
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import TokenChips
from app.teaching.pair_chart import PairCountsChart
from app.teaching.token_chips import view_chips
from app.token_text import render_token_html
from bpe_core.render.token_label import render_pair
from bpe_core.teaching.replay import Replay, ReplayFrame

DEFAULT_TEXT = "the lowest newest widest tokenizer merges the most frequent pairs first"


class ReplayView(TeachingView):
    """Merge ``rank`` shown before (``fused`` False) or after it is applied; Play takes two steps per merge.
    ``moved(rank, fused)`` is emitted each time the user moves the replay (not when a tokenizer or text is set)."""

    moved = Signal(int, bool)
    title = QT_TRANSLATE_NOOP("TeachingView", "Replay")
    animated = True

    def __init__(self, tokenizer=None, text: str = DEFAULT_TEXT, parent=None):
        super().__init__(parent)
        self.replay: Replay | None = None
        self.rank = 0
        self.fused = False
        self.frame: ReplayFrame | None = None

        self.editor = QLineEdit(text)
        self.editor.setObjectName("replayText")
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Text")))
        row.addWidget(self.editor, 1)
        controls = self.play_controls(speed=5.0, maximum=50.0)
        self.speed_box.setRange(1.0, 50.0)
        self.speed_box.setSuffix(self.tr(" merges/s"))
        self.speed_box.valueChanged.disconnect(self.player.set_speed)
        self.speed_box.valueChanged.connect(self._set_speed)
        self._set_speed(self.speed_box.value())
        self.player.advance = self._advance
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("replaySlider")
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.position = QLabel()
        self.position.setObjectName("replayPosition")
        scrub = QHBoxLayout()
        scrub.addWidget(self.slider, 1)
        scrub.addWidget(self.position)
        self.step_label = QLabel()
        self.step_label.setObjectName("replayStep")
        self.step_label.setWordWrap(True)
        self.chips = TokenChips()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.chips)
        self.chart = PairCountsChart()
        body = QSplitter(Qt.Orientation.Vertical)
        body.addWidget(scroll)
        body.addWidget(self.chart)
        body.setSizes([420, 280])
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(controls)
        layout.addLayout(scrub)
        layout.addWidget(self.step_label)
        layout.addWidget(body, 1)
        self.editor.textChanged.connect(lambda _t: self.show_frame())
        self.slider.valueChanged.connect(self._on_slider)
        if tokenizer is not None:
            self.set_tokenizer(tokenizer)

    def _set_speed(self, merges_per_second: float) -> None:
        self.player.set_speed(2 * merges_per_second)  # each merge: the pair marked, then fused

    def set_text(self, text: str) -> None:
        self.editor.setText(text)

    def set_tokenizer(self, tokenizer) -> None:
        """Replay ``tokenizer``'s merges from the first; a model without merges is said so."""
        self.player.stop()
        self.replay = Replay(tokenizer) if tokenizer.merges else None
        self.rank, self.fused = 0, False
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(0, len(self.replay) - 1) if self.replay else 0)
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        self.slider.setEnabled(self.replay is not None)
        self.show_frame()

    # --- stepping --------------------------------------------------------------------------------------------
    def go_to(self, rank: int, fused: bool = False) -> None:
        if self.replay is None:
            return
        self.rank, self.fused = max(0, min(rank, len(self.replay) - 1)), fused
        self.show_frame()
        self.moved.emit(self.rank, self.fused)

    def step_forward(self) -> bool:
        if self.replay is None or (self.fused and self.rank + 1 >= len(self.replay)):
            return False
        self.go_to(self.rank + 1, False) if self.fused else self.go_to(self.rank, True)
        return True

    def _advance(self, steps: int) -> bool:
        """Play ``steps`` half-merges at once (the player keeping its pace), drawn once; False at the end."""
        if self.replay is None or (self.fused and self.rank + 1 >= len(self.replay)):
            return False
        position = min(2 * self.rank + self.fused + steps, 2 * len(self.replay) - 1)
        self.go_to(position // 2, bool(position % 2))
        return True

    def step_back(self) -> bool:
        if self.replay is None or (not self.fused and self.rank == 0):
            return False
        self.go_to(self.rank, False) if self.fused else self.go_to(self.rank - 1, True)
        return True

    def rewind(self) -> None:
        self.go_to(0)

    def start_animation(self) -> int:
        """An exported replay plays on from the merge shown (a run has thousands)."""
        return 0

    def animation_mark(self) -> tuple[int, bool]:
        return self.rank, self.fused

    def return_to_mark(self, mark: tuple[int, bool]) -> None:
        self.go_to(*mark)  # one jump back over the (up to 400) frames exported

    def _on_slider(self, rank: int) -> None:
        if rank != self.rank:
            self.go_to(rank)

    # --- drawing ---------------------------------------------------------------------------------------------
    def show_frame(self) -> None:
        if self.replay is None:
            self.frame = None
            self.chips.set_chips([])
            self.step_label.setText(self.tr("This tokenizer has no merges to replay."))
            self.position.setText("")
            self.chart.set_pairs([], [], -1, "")
            return
        step = self.replay.step(self.rank)
        frame = self.frame = self.replay.frame(self.editor.text(), self.rank, fused=self.fused)
        marked = set(frame.marked)
        mark = "new" if frame.fused else "pair"
        chips = view_chips(frame.view, mark=lambda t: mark if t.index in marked else "", gaps=())
        groups = {i + d: n for n, i in enumerate(frame.pairs) for d in (0, 1)}
        self.chips.set_chips([replace(chip, group=groups.get(i)) for i, chip in enumerate(chips)])
        self.slider.blockSignals(True)
        self.slider.setValue(self.rank)
        self.slider.blockSignals(False)
        self.position.setText(
            self.tr("merge {rank} of {total}").format(rank=f"{self.rank + 1:,}", total=f"{len(self.replay):,}")
        )
        self.step_label.setText(self._sentence(step, frame))
        self._chart(step)

    def _sentence(self, step, frame: ReplayFrame) -> str:
        pair = self.tr("<b>{left} + {right} → {token}</b>").format(
            left=render_token_html(step.left), right=render_token_html(step.right), token=render_token_html(step.token)
        )
        hint = builds_in(self.editor.text(), step.token)
        if hint:  # the brackets in the translation: full-width in Chinese
            pair = self.tr("{pair} ({chars})").format(pair=pair, chars=html.escape(part_of(hint)))
        if step.count is None:
            count = self.tr("no counts: a published model's merges")
        else:
            count = self.tr("counted {count}× in the training corpus").format(count=f"{step.count:,}")
        if frame.fused:
            here = self.tr("fused in the text: {n}×").format(n=len(frame.marked))
        elif frame.pairs:
            here = self.tr("about to merge in the text: {n}×").format(n=len(frame.pairs))
        else:
            here = self.tr("not in this text")
        return self.tr("Merge {rank}: {pair} ({count}); {here}.").format(
            rank=f"{step.rank + 1:,}", pair=pair, count=count, here=here
        )

    def _chart(self, step) -> None:
        if not step.top_pairs:
            self.chart.set_pairs([], [], -1, self.tr("No pair counts: this tokenizer has no training record"))
            return
        labels = [render_pair(a, b) for (a, b), _ in step.top_pairs]
        counts = [n for _, n in step.top_pairs]
        self.chart.set_pairs(
            labels,
            counts,
            0,
            self.tr("Best pairs at merge {rank} (the merged pair in orange)").format(rank=f"{step.rank + 1:,}"),
        )

    def presentation_changed(self, scale: float) -> None:
        scale_font(self.chips, scale)
        self.chart.set_point_size(10.0 * scale)
