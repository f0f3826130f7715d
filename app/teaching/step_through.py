"""Step through BPE on a short text or a list of ids: the sequence as chips, the merged pair marked in the
sequence before and the new token marked in the sequence after, and the pair counts at that step.

The records come from :mod:`bpe_core.teaching.walkthrough`: a text is trained with the real trainer (pattern ``none``),
a list of ids (``[1, 2, 3, 1, 2]``) with the same rule on abstract ids.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.common.widgets.vertical_scroll import VerticalScroll
from app.common.wording.char_words import merge_chars, pair_label, part_of, with_chars
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import Chip, TokenChips
from app.teaching.pair_chart import PairCountsChart
from app.token_text import render_token
from bpe_core.render.token_label import partial_chars
from bpe_core.teaching.walkthrough import Walkthrough, walk_ids, walk_text

#: The classic walk-throughs, offered in the input box.
PRESETS = ("[1, 2, 3, 1, 2]", "the cat in the hat", "aaabdaaabac")
_IDS = re.compile(r"^\s*\[?\s*\d+(\s*[, ]\s*\d+)*\s*\]?\s*$")


def parse_input(text: str) -> list[int] | str:
    """A list of ids when the input is only numbers (``[1, 2, 3]`` or ``1 2 3``), else the text itself.

    >>> parse_input("[1, 2, 3, 1, 2]"), parse_input("the cat")
    ([1, 2, 3, 1, 2], 'the cat')
    """
    if _IDS.match(text):
        return [int(n) for n in re.findall(r"\d+", text)]
    return text


#: The pair-count chart's pairs, and at slide size (fewer: each label is larger).
PAIRS = 12
SLIDE_PAIRS = 6
#: The sequence box's least width, and its least beside the playing controls: a window made narrower (once wider, or
#: after an export at slide size) moves them to a row of their own before the box is that narrow.
INPUT_WIDTH = 320
INPUT_WIDTH_BESIDE = 120
#: A splitter's share that is all there is: the other part gets its least height.
SPLITTER_ALL = 1 << 16


class StepThroughView(TeachingView):
    """Merge by merge on one short sequence. ``t`` is the number of merges applied (0: the start)."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Step through")
    animated = True

    def __init__(self, parent=None, text: str = PRESETS[0], max_merges: int = 30):
        super().__init__(parent)
        self.walk: Walkthrough | None = None
        self.t = 0

        self.input = QComboBox()
        self.input.setEditable(True)
        self.input.addItems(PRESETS)
        self.input.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.input.setMinimumWidth(INPUT_WIDTH)
        self.input.setToolTip(self.tr("A short text, or numbers such as [1, 2, 3, 1, 2] (abstract token ids)"))
        self.merges_box = QSpinBox()
        self.merges_box.setRange(1, 500)
        self.merges_box.setValue(max_merges)
        self.merges_box.setPrefix(self.tr("up to "))
        self.merges_box.setSuffix(self.tr(" merges"))
        self.ids_box = QCheckBox(self.tr("Show ids"))
        self.ids_box.setChecked(True)
        self.top = top = QHBoxLayout()
        self.sequence_label = QLabel(self.tr("Sequence"))
        top.addWidget(self.sequence_label)
        top.addWidget(self.input, 1)
        top.addWidget(self.merges_box)
        top.addWidget(self.ids_box)

        self.step_label = QLabel()
        self.step_label.setObjectName("stepLabel")
        self.step_label.setWordWrap(True)
        self.before_title = QLabel()
        self.before = TokenChips()
        self.after_title = QLabel()
        self.after = TokenChips()
        self.chart = PairCountsChart(max_pairs=PAIRS)
        self.merge_list = QListWidget()
        self.merge_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        # Before and After scroll each in half of the room, one above the other, side by side at slide size
        # (presentation mode, the GIF's frames): a long Before filled the one scroll area there and pushed After out
        # of sight. The whole still scrolls when even that is too tall, so that the window never grows.
        self.before_scroll, self.after_scroll = VerticalScroll(self.before), VerticalScroll(self.after)
        for scroll in (self.before_scroll, self.after_scroll):  # they share the room there is, a row at least
            scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self._keep_a_row()
        self.sequences = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        for title, scroll in ((self.before_title, self.before_scroll), (self.after_title, self.after_scroll)):
            part = QVBoxLayout()
            part.setSpacing(2)  # a title close to its chips, and a few pixels more for them
            part.addWidget(title)
            part.addWidget(scroll, 1)
            self.sequences.addLayout(part, 1)
        sequences = QWidget()
        column = QVBoxLayout(sequences)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(self.step_label)
        column.addLayout(self.sequences, 1)
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.chart)
        lower.addWidget(self.merge_list)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 1)
        lower.setSizes([760, 340])
        # the sequence first: the teacher talks about every token of it, and the chart under it shows the first
        # pairs at its least height (sharing the height evenly left two of four rows of a Chinese clause in sight
        # at 1366×768); a taller window gives the sequence the more, a dragged splitter the chart
        self.body = body = QSplitter(Qt.Orientation.Vertical)
        body.addWidget(VerticalScroll(sequences))
        body.addWidget(lower)
        body.setStretchFactor(0, 1)
        body.setStretchFactor(1, 0)
        body.setSizes([SPLITTER_ALL, 1])

        self.controls_row = QHBoxLayout()  # the playing controls, when the input's row has no room for them
        self.controls_row.setContentsMargins(0, 0, 0, 0)
        self.controls_row.addWidget(self.play_controls(speed=1.0, maximum=20.0))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(self.controls_row)
        layout.addWidget(body, 1)

        self.input.lineEdit().returnPressed.connect(self.rebuild)
        self.input.activated.connect(lambda _i: self.rebuild())
        self.merges_box.valueChanged.connect(lambda _v: self.rebuild())
        self.ids_box.toggled.connect(lambda _on: self.show_step())
        self.merge_list.currentRowChanged.connect(self._on_list_row)
        self.input.setCurrentText(text)
        self.rebuild()

    # --- data ------------------------------------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        self.input.setCurrentText(text)
        self.rebuild()

    def rebuild(self) -> None:
        """Recompute the walk-through of the input and go back to its start."""
        self.player.stop()
        source = parse_input(self.input.currentText())
        limit = self.merges_box.value()
        self.walk = walk_ids(source, limit) if isinstance(source, list) else walk_text(source, limit)
        self.merge_list.blockSignals(True)
        self.merge_list.clear()
        for step in self.walk.steps:
            hint = self.builds(step)
            merge = self.tr("{rank}. {left} + {right} → {token}  ({count}×)").format(
                rank=step.rank + 1,
                left=self.label(step.left),
                right=self.label(step.right),
                token=self.label(step.new_id),
                count=step.count,
            )
            self.merge_list.addItem(f"{merge}  {part_of(hint)}" if hint else merge)
        self.merge_list.blockSignals(False)
        self.t = 0
        self.show_step()

    def label(self, token_id: int) -> str:
        """How a token is written: its id for abstract ids, its bytes made readable for a text."""
        if self.walk is None or self.walk.token_bytes is None:
            return str(token_id)
        return render_token(self.walk.token_bytes[token_id]) or "∅"

    def builds(self, step) -> str:
        """The characters the token a step makes is only part of, where it is first made ("" for whole ones)."""
        token_bytes = self.walk.token_bytes
        if token_bytes is None or not step.positions:
            return ""
        return partial_chars([token_bytes[t] for t in step.after])[step.new_positions[0]]

    def html_label(self, token_id: int, chars: str = "") -> str:
        """The token's label for a sentence, with the characters it holds only part of (``chars``)."""
        return html.escape(with_chars(self.label(token_id), chars))

    def merge_chars(self, seq, at: int) -> tuple[str, str, str]:
        """The characters the pair at ``at`` of ``seq`` and the token merging it hold only part of ("" for abstract
        ids)."""
        if self.walk is None or self.walk.token_bytes is None:
            return "", "", ""
        return merge_chars([self.walk.token_bytes[t] for t in seq], at)

    # --- stepping --------------------------------------------------------------------------------------------
    def step_forward(self) -> bool:
        if self.walk is None or self.t >= len(self.walk.steps):
            return False
        self.t += 1
        self.show_step()
        return True

    def step_back(self) -> bool:
        if self.t <= 0:
            return False
        self.t -= 1
        self.show_step()
        return True

    def go_to(self, t: int) -> None:
        if self.walk is not None:
            self.t = max(0, min(t, len(self.walk.steps)))
            self.show_step()

    def _on_list_row(self, row: int) -> None:
        if row >= 0 and row + 1 != self.t:
            self.go_to(row + 1)

    # --- drawing ---------------------------------------------------------------------------------------------
    def _chips(self, seq, marked: set[int], mark: str, pair_starts: tuple[int, ...] = ()) -> list[Chip]:
        """Chips for ``seq``; ``marked`` indices get ``mark``; each pair starting at ``pair_starts`` a bracket."""
        show_ids = self.ids_box.isChecked()
        walk = self.walk
        text_mode = walk.token_bytes is not None
        parts = walk.parts
        groups = {p + k: n for n, p in enumerate(pair_starts) for k in (0, 1)}
        hints = partial_chars([walk.token_bytes[t] for t in seq]) if text_mode else [""] * len(seq)
        chips = []
        for i, token_id in enumerate(seq):
            if text_mode:
                sub = str(token_id) if show_ids else ""
                tip = self.tr("id {id}\nbytes {hex}").format(id=token_id, hex=walk.token_bytes[token_id].hex(" "))
                tip += f"\n{part_of(hints[i])}" if hints[i] else ""
            else:
                sub = "{}+{}".format(*parts[token_id]) if show_ids and token_id in parts else ""
                if token_id in parts:
                    tip = self.tr("id {id} = {left} + {right}").format(
                        id=token_id, left=parts[token_id][0], right=parts[token_id][1]
                    )
                else:
                    tip = self.tr("id {id}").format(id=token_id)
            mark_i = mark if i in marked else ""
            chips.append(Chip(self.label(token_id), token_id, sub, mark_i, tip, group=groups.get(i), hint=hints[i]))
        return chips

    def show_step(self) -> None:
        walk = self.walk
        if walk is None:
            return
        steps = walk.steps
        if not steps:
            self.step_label.setText(self.tr("Nothing to merge: the sequence needs at least two tokens."))
            self.before.set_chips(self._chips(walk.start, set(), ""))
            self.after.set_chips([])
            self.chart.set_pairs([], [], -1, self.tr("No pairs"))
            self._set_titles(self.tr("Sequence"), "")
            return
        if self.t == 0:
            nxt = steps[0]
            pairs = {p for s in nxt.positions for p in (s, s + 1)}
            left, right, _ = self.merge_chars(walk.start, nxt.positions[0])
            self.step_label.setText(
                self.tr(
                    "<b>Start</b>: {tokens} tokens. The most frequent pair is <b>{left} + {right}</b> ({count}×): "
                    "press → to merge it.",
                    "",
                    len(walk.start),
                ).format(
                    tokens=len(walk.start),
                    left=self.html_label(nxt.left, left),
                    right=self.html_label(nxt.right, right),
                    count=nxt.count,
                )
            )
            self.before.set_chips(self._chips(walk.start, pairs, "pair", nxt.positions))
            self.after.set_chips([])
            self._bring_into_sight(self.before_scroll, self.before, nxt.positions[0])
            self._set_titles(
                self.tr("Sequence ({tokens} tokens)", "", len(walk.start)).format(tokens=len(walk.start)), ""
            )
            self._chart(nxt, self.tr("Pair counts now (the merged pair in orange)"))
        else:
            step = steps[self.t - 1]
            pairs = {p for s in step.positions for p in (s, s + 1)}
            left, right, made = self.merge_chars(step.before, step.positions[0])
            self.step_label.setText(
                self.tr(
                    "<b>Step {step} of {steps}</b>: merge <b>{left} + {right} → {token}</b> (new id {id}), "
                    "counted {count}× (overlaps included), merged at %n places: {before} → {after} tokens.",
                    "",
                    len(step.positions),
                ).format(
                    step=self.t,
                    steps=len(steps),
                    left=self.html_label(step.left, left),
                    right=self.html_label(step.right, right),
                    token=self.html_label(step.new_id, made),
                    id=step.new_id,
                    count=step.count,
                    before=len(step.before),
                    after=len(step.after),
                )
            )
            self.before.set_chips(self._chips(step.before, pairs, "pair", step.positions))
            self.after.set_chips(self._chips(step.after, set(step.new_positions), "new"))
            self._bring_into_sight(self.before_scroll, self.before, step.positions[0])
            self._bring_into_sight(self.after_scroll, self.after, step.new_positions[0])
            self._set_titles(
                self.tr("Before ({tokens} tokens)", "", len(step.before)).format(tokens=len(step.before)),
                self.tr("After ({tokens} tokens)", "", len(step.after)).format(tokens=len(step.after)),
            )
            self._chart(step, self.tr("Pair counts at step {step} (the merged pair in orange)").format(step=self.t))
        self.merge_list.blockSignals(True)
        self.merge_list.setCurrentRow(self.t - 1)
        self.merge_list.blockSignals(False)

    def _set_titles(self, before: str, after: str) -> None:
        self.before_title.setText(f"<b>{before}</b>")
        self.after_title.setText(f"<b>{after}</b>")
        self.after_title.setVisible(bool(after))
        self.after_scroll.setVisible(bool(after))

    def _bring_into_sight(self, scroll: VerticalScroll, chips: TokenChips, index: int) -> None:
        """Scroll ``scroll`` to chip ``index`` of ``chips`` (the first merged place), now and again once the layouts
        have settled (new chips, or a new font, change their rows)."""

        def scroll_to() -> None:
            if index < len(chips.chips):
                rect = chips.chip_rect(index)
                scroll.ensureVisible(int(rect.center().x()), int(rect.center().y()), 0, int(rect.height() / 2) + 1)

        scroll_to()
        QTimer.singleShot(0, self, scroll_to)

    def _chart(self, step, title: str) -> None:
        """The pair counts of ``step``'s sequence, each pair named with the characters its tokens are part of."""
        seq = step.before
        first_at: dict[tuple[int, int], int] = {}
        for i in range(len(seq) - 1):
            first_at.setdefault((seq[i], seq[i + 1]), i)
        labels = [
            pair_label(f"{self.label(a)} + {self.label(b)}", *self.merge_chars(seq, first_at[a, b])[:2])
            for a, b, _ in step.candidates
        ]
        counts = [n for _, _, n in step.candidates]
        self.chart.set_pairs(labels, counts, 0, title)

    def _keep_a_row(self) -> None:
        """Before and After never shorter than a row of their chips (at their font's size)."""
        for chips, scroll in ((self.before, self.before_scroll), (self.after, self.after_scroll)):
            scroll.setMinimumHeight(chips.minimumSizeHint().height())

    def presentation_changed(self, scale: float) -> None:
        for chips in (self.before, self.after):
            scale_font(chips, scale)
        self._keep_a_row()
        slides = scale > 1
        self.sequences.setDirection(QBoxLayout.Direction.LeftToRight if slides else QBoxLayout.Direction.TopToBottom)
        self._place_controls()
        self.chart.base_max_pairs = SLIDE_PAIRS if slides else PAIRS
        self.chart.set_point_size(10.0 * scale)
        self.body.setSizes([SPLITTER_ALL, 1])  # the chart back to its least height, which its new labels change

    def _place_controls(self) -> None:
        """The playing controls end the input's row when it has room for them (a row more for the sequence: at
        1366×768 its last rows scrolled), else, and at slide size, have a row of their own."""
        beside = not self.presentation and self.width() >= self._top_row_width()
        if beside != (self.top.indexOf(self.controls) >= 0):
            self.input.setMinimumWidth(INPUT_WIDTH_BESIDE if beside else INPUT_WIDTH)
            (self.top if beside else self.controls_row).addWidget(self.controls)

    def _top_row_width(self) -> int:
        """The width of the input's row with the playing controls in it."""
        widgets = (self.sequence_label, self.merges_box, self.ids_box, self.controls)
        margins = self.layout().contentsMargins()
        return (
            sum(widget.sizeHint().width() for widget in widgets)
            + INPUT_WIDTH
            + self.top.spacing() * len(widgets)
            + margins.left()
            + margins.right()
        )

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place_controls()
