"""Encode animation: the typed text starts as single bytes, then the tokenizer's merges are applied one at a time
in rank order, the pair about to merge in orange and the token just made in green -- what tiktoken's
educational encoder prints in a terminal, for the whole text at once.

The merges and where they apply come from :func:`bpe_core.teaching.trace.trace_encoding`; the frames are the
engine's states of each pre-token.
"""

from __future__ import annotations

import heapq
import html

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QScrollArea, QVBoxLayout

from app.common.wording.char_words import merge_chars, with_chars
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import Chip, TokenChips
from app.token_text import render_token
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.render.token_label import merge_number, partial_chars
from bpe_core.teaching.trace import PretokenTrace, trace_encoding

DEFAULT_TEXT = "hello world, the lowest tokenizer"


def merge_order(traces: list[PretokenTrace]) -> list[tuple[int, int]]:
    """``(pre-token index, event index)`` for every merge of the text: lowest rank first, then leftmost, each
    pre-token's own merges kept in their order.

    >>> from bpe_core.encoding.tokenizer import Tokenizer
    >>> traces = trace_encoding(Tokenizer.from_tiktoken("gpt2"), "hello he")
    >>> [traces[p].merges[e].rank for p, e in merge_order(traces)]
    [2, 2, 41, 83, 12502, 31117]
    """
    heap = [(t.merges[0].rank, p, 0) for p, t in enumerate(traces) if t.merges]
    heapq.heapify(heap)
    order = []
    while heap:
        _, p, e = heapq.heappop(heap)
        order.append((p, e))
        if e + 1 < len(traces[p].merges):
            heapq.heappush(heap, (traces[p].merges[e + 1].rank, p, e + 1))
    return order


class EncodeAnimationView(TeachingView):
    """Frame ``f`` shows the text after the first ``f`` merges of :func:`merge_order`."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Encode animation")
    animated = True

    def __init__(self, tokenizer: Tokenizer | None = None, text: str = DEFAULT_TEXT, parent=None):
        super().__init__(parent)
        self.tokenizer: Tokenizer | None = None
        self.traces: list[PretokenTrace] = []
        self.states: list[list[tuple[bytes, ...]]] = []
        self.order: list[tuple[int, int]] = []
        self.applied: list[int] = []  # merges applied so far, per pre-token

        self.editor = QLineEdit(text)
        self.editor.setObjectName("animationText")
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Text")))
        row.addWidget(self.editor, 1)
        self.step_label = QLabel()
        self.step_label.setObjectName("animationStep")
        self.step_label.setWordWrap(True)
        self.chips = TokenChips()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.chips)
        self.ids_label = QLabel()
        self.ids_label.setObjectName("animationIds")
        self.ids_label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.play_controls(speed=3.0, maximum=60.0))
        layout.addWidget(self.step_label)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.ids_label)
        self.editor.textChanged.connect(lambda _t: self.restart())
        if tokenizer is not None:
            self.set_tokenizer(tokenizer)

    def set_text(self, text: str) -> None:
        self.editor.setText(text)

    def set_tokenizer(self, tokenizer: Tokenizer) -> None:
        """Animate ``tokenizer``."""
        self.tokenizer = tokenizer
        self.restart()

    def restart(self) -> None:
        """Trace the text again and show its bytes (frame 0)."""
        self.player.stop()
        if self.tokenizer is None:
            return
        self.traces = trace_encoding(self.tokenizer, self.editor.text())
        self.states = [list(t.states()) for t in self.traces]
        self.order = merge_order(self.traces)
        self.applied = [0] * len(self.traces)
        self.show_frame()

    @property
    def frame(self) -> int:
        """The current frame: how many merges of :attr:`order` are applied."""
        return sum(self.applied)

    @property
    def frames(self) -> int:
        """Number of merges in the animation."""
        return len(self.order)

    def parts(self) -> list[tuple[bytes, ...]]:
        """Each pre-token's tokens (as bytes) at the current frame."""
        return [self.states[p][n] for p, n in enumerate(self.applied)]

    # --- stepping --------------------------------------------------------------------------------------------
    def step_forward(self) -> bool:
        frame = self.frame
        if frame >= len(self.order):
            return False
        self.applied[self.order[frame][0]] += 1
        self.show_frame()
        return True

    def step_back(self) -> bool:
        frame = self.frame
        if frame <= 0:
            return False
        self.applied[self.order[frame - 1][0]] -= 1
        self.show_frame()
        return True

    def rewind(self) -> None:
        self.applied = [0] * len(self.traces)
        self.show_frame()

    # --- drawing ---------------------------------------------------------------------------------------------
    def _token_id(self, trace: PretokenTrace, part: bytes) -> int:
        return trace.ids[0] if trace.special else self.tokenizer.token_id(part)

    @staticmethod
    def _named(token: bytes, chars: str) -> str:
        """A token as the sentence shows it: its bytes, and the characters it holds only part of."""
        return html.escape(with_chars(render_token(token), chars))

    def show_frame(self) -> None:
        frame = self.frame
        last = self.order[frame - 1] if frame else None
        upcoming = self.order[frame] if frame < len(self.order) else None
        chips = []
        for p, trace in enumerate(self.traces):
            parts = self.states[p][self.applied[p]]
            new_at = pair_at = None
            if last is not None and last[0] == p:
                new_at = trace.merges[last[1]].position
            if upcoming is not None and upcoming[0] == p:
                pair_at = trace.merges[upcoming[1]].position
            hints = partial_chars(parts)
            for i, part in enumerate(parts):
                token_id = self._token_id(trace, part)
                in_pair = pair_at is not None and i in (pair_at, pair_at + 1)
                mark = "pair" if in_pair else "new" if i == new_at else ""  # the next merge matters most
                chips.append(
                    Chip(
                        render_token(part) or "∅",
                        token_id,
                        str(token_id),
                        mark,
                        self.tr("id {id}\nbytes {hex}").format(id=token_id, hex=part.hex(" ")),
                        gap=(i == 0 and p > 0),
                        group=0 if mark == "pair" else None,
                        hint=hints[i],
                    )
                )
        self.chips.set_chips(chips)
        total = len(self.order)
        if upcoming is not None:
            event = self.traces[upcoming[0]].merges[upcoming[1]]
            made = self.tokenizer.token_id(event.token)
            parts = self.states[upcoming[0]][self.applied[upcoming[0]]]
            left, right, token = merge_chars(parts, event.position)
            if frame:
                sentence = self.tr(
                    "<b>{done} of {total} merges done</b>. "
                    "Next: merge {number}, <b>{left} + {right} → {token}</b> (id {id})",
                    "",
                    total,
                )
            else:
                sentence = self.tr(
                    "<b>Bytes</b> ({total} merges). Next: merge {number}, <b>{left} + {right} → {token}</b> (id {id})",
                    "",
                    total,
                )
            self.step_label.setText(
                sentence.format(
                    done=frame,
                    total=total,
                    number=merge_number(event.rank),
                    left=self._named(event.left, left),
                    right=self._named(event.right, right),
                    token=self._named(event.token, token),
                    id="?" if made is None else made,
                )
            )
        else:
            tokens = sum(len(s[n]) for s, n in zip(self.states, self.applied))
            self.step_label.setText(
                self.tr("<b>Done</b>: {merges} merges, {tokens} tokens. Press space to replay.", "", total).format(
                    merges=total, tokens=tokens
                )
            )
        final = frame == total
        ids = " ".join(str(i) for t in self.traces for i in t.ids)
        if final:
            self.ids_label.setText(self.tr("Token ids: {ids}").format(ids=ids))
        else:
            self.ids_label.setText(self.tr("Token ids when done: {ids}").format(ids=ids))

    def presentation_changed(self, scale: float) -> None:
        scale_font(self.chips, scale)
