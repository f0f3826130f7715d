"""One pane's tokens drawn as colored boxes that flow like the text (a custom-painted scroll area).

Only the rows in view are painted (:mod:`app.compare.token_paint`), so long texts cost little; colors and fonts
come from :mod:`app.style`. Under each row there is room for the optional layers: the pre-tokenizer's chunks (a
bar per chunk), brackets that gather the tokens holding parts of one UTF-8 character (with that character written
below), and the cuts a pane makes differently from a reference pane (red: a cut the reference does not make;
orange: a cut of the reference that this pane lacks).

This module is the widget: what it is given to show (a pane's result, the options, the palette, the marks: the
highlighted tokens, the cuts, the pairs about to merge, the chat template's tokens), the mouse (hover, clicks,
tooltips) and its paint event. Where the boxes go and which token is at a point is
:class:`~app.compare.canvas_layout.CanvasLayout`'s, a part of the canvas. For example, ``canvas.set_result(result)``
shows a pane's tokens, ``canvas.set_highlight(0, 5)`` outlines those of the first five characters, and a click on
a token emits ``token_clicked(index)``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip

from app.compare import token_paint
from app.compare.canvas_layout import CanvasLayout
from app.style import Palette
from bpe_core.encoding.token_columns import TokenColumns
from bpe_core.encoding.token_spans import TokenView
from bpe_core.render.token_label import render_token


@dataclass(frozen=True)
class Options:
    """How tokens are shown (shared by all panes)."""

    show_ids: bool = False
    visible_whitespace: bool = True
    show_chunks: bool = False


class TokenCanvas(QAbstractScrollArea, CanvasLayout):
    """Draws one :class:`TokenView`. ``token_clicked(index)`` (-1: empty space) reports clicks,
    ``token_double_clicked(index)`` double clicks on a token."""

    token_clicked = Signal(int)
    token_double_clicked = Signal(int)

    def __init__(self, parent=None, point_size: float = 11.0):
        super().__init__(parent)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setMouseTracking(True)
        self.viewport().setBackgroundRole(QPalette.ColorRole.Base)
        self.palette_ = Palette()
        self.options = Options()
        self.result = None
        self.view: TokenView | None = None
        self.source = None
        self.message = ""
        self.groups: list[tuple[int, int, str]] = []
        self.extra_cuts: frozenset[int] = frozenset()
        self.missing_cuts: frozenset[int] = frozenset()
        self.highlighted: set[int] = set()
        self.pair_marks: tuple[int, ...] = ()  # the left token of each pair about to merge (a replay)
        self.template_tokens: frozenset[int] = frozenset()  # chat mode: the tokens of the template's own text
        self.hover = -1
        self.outdated = False  # the text changed and these tokens are not its own yet: drawn behind a veil
        self._layout_timer = QTimer(self)
        self._layout_timer.setSingleShot(True)
        self._layout_timer.setInterval(0)
        self._layout_timer.timeout.connect(self._layout_more)
        self._shift: tuple[float, float] | None = None  # after an edit: (old y, dy) of the rows that only moved
        self._set_fonts(point_size)
        self.relayout()

    # ----- inputs -----

    def set_result(self, result, source=None, message: str = "") -> None:
        """Show a :class:`~app.common.sources.PaneResult` (or, with ``result=None``, ``message``).

        The text edited (the same tokenizer, tokens kept as columns): the boxes of the rows before the first token
        that changed stay where they are, and only the rest is laid out again, what is in view first.
        """
        edit = self._unchanged_tokens(result, source)
        before = self._boxes_in_view() if edit is not None and self._plain_marks() else None
        if source is not self.source:
            self._forget_labels()
        self.result, self.source, self.message = result, source, message
        self.view = result.view if result is not None else None
        self.groups = result.groups if result is not None else []
        self.highlighted = set()
        self.extra_cuts = self.missing_cuts = frozenset()
        self.pair_marks = ()
        self.template_tokens = frozenset()
        self.hover = -1
        self.relayout(edit, before)

    def set_outdated(self, outdated: bool) -> None:
        """Veil the tokens while they are made again for a changed text (False: they are the text's)."""
        if outdated != self.outdated:
            self.outdated = outdated
            self.viewport().update()

    def set_options(self, options: Options) -> None:
        if options == self.options:
            return
        if (options.show_ids, options.visible_whitespace) != (self.options.show_ids, self.options.visible_whitespace):
            self._forget_labels()
        self.options = options
        self.relayout()

    def set_palette(self, palette: Palette) -> None:
        self.palette_ = palette
        self.viewport().update()

    def set_cuts(self, extra: frozenset[int], missing: frozenset[int]) -> None:
        """Mark the cuts that differ from a reference pane (byte offsets; empty sets: no marks)."""
        extra, missing = frozenset(extra), frozenset(missing)
        if (extra, missing) == (self.extra_cuts, self.missing_cuts):
            return
        self.extra_cuts, self.missing_cuts = extra, missing
        self._place_missing_cuts()
        self.viewport().update()

    def set_pair_marks(self, starts) -> None:
        """Outline each pair about to merge, by its left token's index (empty: none)."""
        starts = tuple(starts)
        if starts != self.pair_marks:
            self.pair_marks = starts
            self.viewport().update()

    def set_template_tokens(self, indices) -> None:
        """Hatch the tokens ``indices`` (a chat template's own text: headers, role tags, special tokens)."""
        indices = frozenset(indices)
        if indices != self.template_tokens:
            self.template_tokens = indices
            self.viewport().update()

    def set_highlight(self, start: int, end: int) -> int:
        """Highlight the tokens touching characters ``start:end`` (``end <= start``: none); scroll the first of
        them into view and return its index (-1 if none)."""
        tokens = self.view.tokens if self.view is not None else ()
        if isinstance(tokens, TokenColumns) and end > start:
            touching = np.flatnonzero((tokens.start < end) & (tokens.end > start))
            self.highlighted = set(touching.tolist())
        else:
            self.highlighted = {t.index for t in tokens if t.start < end and t.end > start} if end > start else set()
        first = min(self.highlighted, default=-1)
        if first >= 0:
            self.ensure_visible(first)
        self.viewport().update()
        return first

    def _plain_marks(self) -> bool:
        """Whether nothing but the boxes is drawn that an edit could change elsewhere (no highlight, hover, cut or
        pair marks, chunk bars -- whose shades alternate -- or alternating fills when the token count changes)."""
        return not (
            self.highlighted or self.hover >= 0 or self.extra_cuts or self.missing_marks or self.pair_marks
        ) and not (self.options.show_chunks or self.palette_.mode == "alternate")

    # ----- events -----

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if max(self.viewport().width(), 120) != self.flow.width:
            self.relayout()
        else:
            self._update_scrollbar()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()

    def mouseMoveEvent(self, event) -> None:
        index = self.index_at(event.position().x(), event.position().y())
        if index != self.hover:
            self.hover = index
            self.viewport().update()

    def leaveEvent(self, event) -> None:
        self.hover = -1
        self.viewport().update()
        super().leaveEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.token_clicked.emit(self.index_at(event.position().x(), event.position().y()))

    def mouseDoubleClickEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.index_at(event.position().x(), event.position().y())
            if index >= 0:
                self.token_double_clicked.emit(index)

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            index = self.index_at(event.pos().x(), event.pos().y())  # a QHelpEvent
            if index >= 0:
                QToolTip.showText(event.globalPos(), self.tooltip_html(index), self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def tooltip_html(self, index: int) -> str:
        """What hovering token ``index`` shows: id, rank, bytes in hex, text with whitespace visible."""
        token = self.view.tokens[index]
        rank = self.source.rank_text(token.id) if self.source is not None else ""
        lines = [
            (self.tr("<b>id {id}</b> · {rank}") if rank else self.tr("<b>id {id}</b>")).format(
                id=token.id, rank=html.escape(rank)
            ),
            self.tr("bytes: <tt>{hex}</tt> ({count})").format(hex=token.token.hex(" ").upper(), count=len(token.token)),
            self.tr("text: <tt>{text}</tt>").format(text=html.escape(render_token(token.token))),
            self.tr("token {number} of {total} · characters {start}–{end}").format(
                number=f"{index + 1:,}", total=f"{len(self.view.tokens):,}", start=token.start, end=token.end
            ),
        ]
        lines.extend(
            self.tr("part of a character: bytes {first}-{last} of {length} of {char}").format(
                first=part.first, last=part.last, length=part.length, char=html.escape(repr(part.char))
            )
            for part in token.partial
        )
        if token.special:
            lines.append(self.tr("<i>special token</i>"))
        if index in self.template_tokens:
            lines.append(self.tr("<i>the chat template's own text</i>"))
        return "<div style='white-space:pre'>" + "<br>".join(lines) + "</div>"

    # ----- painting -----

    def paintEvent(self, event) -> None:
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        top = self.verticalScrollBar().value()
        if self.view is None or not self.view.tokens:
            painter.setPen(QColor("#666666"))
            painter.setFont(self.font_small)
            painter.drawText(
                self.viewport().rect().adjusted(12, 12, -12, -12),
                Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
                self.message or self.tr("(no text)"),
            )
            return
        painter.translate(0, -top)
        band = event.rect()  # only what needs painting (an edit updates the rows it changed)
        lo, hi = self.flow.boxes_between(top + band.top(), top + band.bottom() + 1)
        token_paint.paint_boxes(self, painter, lo, hi)
        if self.template_tokens:
            token_paint.paint_template(self, painter, lo, hi)
        if self.chunk_index:
            token_paint.paint_chunks(self, painter, lo, hi)
        if self.groups:
            token_paint.paint_brackets(self, painter, lo, hi)
        if self.extra_cuts or self.missing_marks:
            token_paint.paint_cuts(self, painter, lo, hi)
        if self.pair_marks:
            token_paint.paint_pairs(self, painter, lo, hi)
        if self.outdated:
            veil = self.palette().color(QPalette.ColorRole.Base)
            veil.setAlpha(170)
            painter.resetTransform()
            painter.fillRect(band, veil)
        painter.end()
