"""One pane's tokens drawn as colored boxes that flow like the text (a custom-painted scroll area).

The canvas measures each token's label with Qt (once per token id), asks a :class:`~app.compare.token_layout.
FlowLayout` where the boxes go (once per text, width, font or mode), and paints only the rows in view
(:mod:`app.compare.token_paint`), so long texts cost little; colors and fonts come from :mod:`app.style`. Under
each row there is room for
the optional layers: the pre-tokenizer's chunks (a bar per chunk), brackets that gather the tokens holding parts
of one UTF-8 character (with that character written below), and the cuts a pane makes differently from a
reference pane (red: a cut the reference does not make; orange: a cut of the reference that this pane lacks).
"""

from __future__ import annotations

import bisect
import html
from dataclasses import dataclass
from typing import NamedTuple

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip

from app.compare import token_paint
from app.compare.token_layout import FlowLayout
from app.compare.token_paint import GAP, PAD
from app.style import GlyphCheck, Palette, drawable_segments, mono_font, text_font
from bpe_core.token_label import Segments, label_segments, newlines, render_token
from bpe_core.views import TokenView

MARGIN = 6.0
EMPTY_WIDTH = 8.0
CHUNK_BAND = 5.0
#: Tokens laid out per slice of the event loop (a few milliseconds' work).
LAYOUT_SLICE = 4000
ROW_GAP = 5.0


class Label(NamedTuple):
    """A token's label as drawn: its segments (text or hex), its box width and how many rows it ends."""

    segments: Segments
    width: float
    newlines: int


@dataclass(frozen=True)
class Options:
    """How tokens are shown (shared by all panes)."""

    show_ids: bool = False
    visible_whitespace: bool = True
    show_chunks: bool = False


class TokenCanvas(QAbstractScrollArea):
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
        self.hover = -1
        self._layout_timer = QTimer(self)
        self._layout_timer.setSingleShot(True)
        self._layout_timer.setInterval(0)
        self._layout_timer.timeout.connect(self._layout_more)
        self._set_fonts(point_size)
        self.relayout()

    # ----- inputs -----

    def set_result(self, result, source=None, message: str = "") -> None:
        """Show a :class:`~app.common.sources.PaneResult` (or, with ``result=None``, ``message``)."""
        if source is not self.source:
            self._forget_labels()
        self.result, self.source, self.message = result, source, message
        self.view = result.view if result is not None else None
        self.groups = list(result.groups) if result is not None else []
        self.highlighted = set()
        self.extra_cuts = self.missing_cuts = frozenset()
        self.pair_marks = ()
        self.hover = -1
        self.relayout()

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

    def set_highlight(self, start: int, end: int) -> int:
        """Highlight the tokens touching characters ``start:end`` (``end <= start``: none); scroll the first of
        them into view and return its index (-1 if none)."""
        tokens = self.view.tokens if self.view is not None else ()
        self.highlighted = {t.index for t in tokens if t.start < end and t.end > start} if end > start else set()
        first = min(self.highlighted, default=-1)
        if first >= 0:
            self.ensure_visible(first)
        self.viewport().update()
        return first

    # ----- layout -----

    def _set_fonts(self, point_size: float) -> None:
        self.font_text = text_font(point_size)
        self.font_hex = mono_font(point_size * 0.8)
        self.font_small = text_font(point_size * 0.85)
        self.fm_text = QFontMetricsF(self.font_text)
        self.fm_hex = QFontMetricsF(self.font_hex)
        self.fm_small = QFontMetricsF(self.font_small)
        self.box_height = self.fm_text.height() + 4
        self._forget_labels()
        self._has_glyph = GlyphCheck(self.font_text)

    def relayout(self) -> None:
        """Place every token's box for the current width (call after any change of text, mode or font).

        The first ``LAYOUT_SLICE`` tokens are placed at once; the rest in slices between events, so that a long
        text never freezes the window.
        """
        self._layout_timer.stop()
        view = self.view
        show_chunks = view is not None and view.tokens and self.options.show_chunks and self.result is not None
        self.chunk_index: tuple[int, ...] = self.result.chunk_index if show_chunks else ()
        self.missing_marks: list[tuple[int, float]] = []
        self.chunk_band = CHUNK_BAND if self.chunk_index else 0.0
        plain = self.box_height + self.chunk_band + ROW_GAP
        self.flow = FlowLayout(
            max(self.viewport().width(), 120),
            self.box_height,
            plain,
            plain + self.fm_small.height() + 7,  # room to write a split character under its bracket
            tall={i for first, last, _ in self.groups for i in range(first, last + 1)},
            margin=MARGIN,
            gap=GAP,
        )
        if view is not None and view.tokens:
            self._layout_more()
        self._update_scrollbar()
        self.viewport().update()

    def layout_done(self) -> bool:
        return self.view is None or len(self.flow) == len(self.view.tokens)

    def finish_layout(self) -> None:
        """Place the boxes still waiting for their slice now."""
        while not self.layout_done():
            self._layout_more()

    @Slot()
    def _layout_more(self) -> None:
        view = self.view
        if view is None:
            return
        tokens = view.tokens
        begin = len(self.flow)
        stop = min(len(tokens), begin + LAYOUT_SLICE)
        sizes = self._sizes
        self.flow.extend([sizes[t.id] if t.id in sizes else self._size(t.id, t.token) for t in tokens[begin:stop]])
        if stop < len(tokens):
            self._layout_timer.start()
        else:
            self._place_missing_cuts()
        if begin:
            self._update_scrollbar()
            self.viewport().update()

    def _size(self, token_id: int, data: bytes) -> tuple[float, int]:
        """Measure a token's label (once per id): the width of its box and the rows it ends, for the layout."""
        label = self._labels[token_id] = self._measure(token_id, data)
        size = self._sizes[token_id] = (label.width, label.newlines)
        return size

    def _forget_labels(self) -> None:
        """Labels are measured once per token id, and measured again after a change of font, mode or tokenizer;
        ``_sizes`` holds their width and newline count for the layout."""
        self._labels: dict[int, Label] = {}
        self._sizes: dict[int, tuple[float, int]] = {}

    def _measure(self, token_id: int, data: bytes) -> Label:
        if self.options.show_ids:
            segments: Segments = ((str(token_id), False),)
        else:
            label = label_segments(data, visible_whitespace=self.options.visible_whitespace)
            segments = drawable_segments(label, self._has_glyph)
        width = sum((self.fm_hex if is_hex else self.fm_text).horizontalAdvance(text) for text, is_hex in segments)
        return Label(segments, max(width + 2 * PAD, EMPTY_WIDTH), newlines(data))

    def _place_missing_cuts(self) -> None:
        """Where, inside a box, a reference cut this pane lacks falls (by the width of the label before it)."""
        self.missing_marks = []
        view = self.view
        if not self.missing_cuts or view is None or not self.layout_done():
            return
        widths = self.flow.widths
        starts = [t.byte_start for t in view.tokens]
        for offset in sorted(self.missing_cuts):
            i = bisect.bisect_right(starts, offset) - 1
            if i < 0:
                continue
            token = view.tokens[i]
            if self.options.show_ids:
                dx = widths[i] / 2
            else:
                prefix = token.token[: offset - token.byte_start]
                dx = self._measure(token.id, prefix).width - PAD
                dx = min(max(dx, PAD), widths[i] - PAD)
            self.missing_marks.append((i, dx))

    def _update_scrollbar(self) -> None:
        bar = self.verticalScrollBar()
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(int(self.box_height + ROW_GAP))
        bar.setRange(0, max(0, int(self.flow.height - self.viewport().height())))

    def box_rect(self, index: int) -> QRectF:
        """Where token ``index`` is drawn, in content coordinates."""
        return QRectF(*self.flow.box(index))

    def ensure_visible(self, index: int) -> None:
        if index >= len(self.flow):
            self.finish_layout()
        if not 0 <= index < len(self.flow):
            return
        rect = self.box_rect(index)
        bar = self.verticalScrollBar()
        top, height = bar.value(), self.viewport().height()
        if rect.top() < top or rect.bottom() > top + height:
            bar.setValue(int(rect.top() - height / 3))

    def index_at(self, x: float, y: float) -> int:
        """The token under viewport point (x, y), or -1."""
        return self.flow.index_at(x, y + self.verticalScrollBar().value())

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
        lo, hi = self.flow.boxes_between(top, top + self.viewport().height())
        token_paint.paint_boxes(self, painter, lo, hi)
        if self.chunk_index:
            token_paint.paint_chunks(self, painter, lo, hi)
        if self.groups:
            token_paint.paint_brackets(self, painter, lo, hi)
        if self.extra_cuts or self.missing_marks:
            token_paint.paint_cuts(self, painter, lo, hi)
        if self.pair_marks:
            token_paint.paint_pairs(self, painter, lo, hi)
        painter.end()
