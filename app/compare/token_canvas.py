"""One pane's tokens drawn as colored boxes that flow like the text (a custom-painted scroll area).

The canvas measures each token's label with Qt (once per token id), asks a :class:`~bpe_core.render.token_layout.
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
import math
from collections.abc import Container
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from PySide6.QtCore import QEvent, QRect, QRectF, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip

from app.compare import token_paint
from app.compare.token_paint import GAP, PAD
from app.style import GlyphCheck, Palette, drawable_segments, mono_font, text_font
from bpe_core.encoding.token_columns import TokenColumns, TokenGroups
from bpe_core.encoding.token_spans import TokenView
from bpe_core.render.token_label import Segments, label_segments, newlines, render_token
from bpe_core.render.token_layout import FlowLayout

MARGIN = 6.0
EMPTY_WIDTH = 8.0
CHUNK_BAND = 5.0
#: Tokens laid out per slice of the event loop (a few milliseconds' work).
LAYOUT_SLICE = 4000
#: After an edit, boxes laid out past the changed ones while waiting for one to land where it was before.
RESYNC_BOXES = 2000
ROW_GAP = 5.0


class Label(NamedTuple):
    """A token's label as drawn: its segments (text or hex), its box width and how many rows it ends."""

    segments: Segments
    width: float
    newlines: int


class _Held:
    """Whether a token is in one of ``groups`` (a :class:`TokenGroups`), as ``in`` asks it."""

    def __init__(self, groups: TokenGroups):
        self.holds, self.held = groups.holds, groups.held

    def __contains__(self, index: int) -> bool:
        return self.holds(index)


def tall_flags(tall: Container[int], first: int, stop: int) -> list[bool]:
    """``[i in tall for i in range(first, stop)]``, a :class:`_Held` in one numpy pass."""
    if isinstance(tall, _Held):
        return tall.held(first, stop)
    return [i in tall for i in range(first, stop)]


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
        self.template_tokens: frozenset[int] = frozenset()  # chat mode: the tokens of the template's own text
        self.hover = -1
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

    def _unchanged_tokens(self, result, source) -> tuple[int, int, int] | None:
        """``(kept, tail_start, shift)`` when ``result`` edits the tokens shown now (both columns of one tokenizer):
        its first ``kept`` tokens and those from ``tail_start`` on are the old ones (the latter ``shift`` places
        further on); else None."""
        old = self.view.tokens if self.view is not None else None
        new = result.view.tokens if result is not None and result.view is not None else None
        if source is not self.source or not isinstance(old, TokenColumns) or not isinstance(new, TokenColumns):
            return None
        shift = len(new) - len(old)
        first, stop = new.changed_since(old)  # outside first:stop the ids are the old ones: compare only inside
        old_stop = stop - shift
        n = min(stop, old_stop, len(self.flow))
        lo = min(first, n)
        differ = np.flatnonzero(old.ids[lo:n] != new.ids[lo:n])
        kept = lo + int(differ[0]) if len(differ) else n
        m = max(0, min(stop, old_stop) - kept)
        differ = np.flatnonzero(old.ids[old_stop - m : old_stop] != new.ids[stop - m : stop])
        same = m - 1 - int(differ[-1]) if len(differ) else m
        return kept, stop - same, shift

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

    # ----- layout -----

    def _set_fonts(self, point_size: float) -> None:
        self.font_text = text_font(point_size)
        self.font_hex = mono_font(point_size * 0.8)
        self.font_small = text_font(point_size * 0.85)
        self.fm_text = QFontMetricsF(self.font_text)
        self.fm_hex = QFontMetricsF(self.font_hex)
        self.fm_small = QFontMetricsF(self.font_small)
        self.box_height = math.ceil(self.fm_text.height()) + 4  # whole pixels: an edit can move rows by scrolling
        self._forget_labels()
        self._has_glyph = GlyphCheck(self.font_text)

    def relayout(self, edit: tuple[int, int, int] | None = None, before: set | None = None) -> None:
        """Place every token's box for the current width (call after any change of text, mode or font); ``edit``:
        the tokens changed by an edit (:meth:`_unchanged_tokens`), to lay out only those and where the boxes after
        them moved; ``before``: the boxes that were in view then (:meth:`_boxes_in_view`), to repaint only the rows
        whose boxes changed.

        The boxes in view (and at least ``LAYOUT_SLICE`` tokens of a text laid out from its start) are placed at
        once; the rest in slices between events, so that a long text never freezes the window.
        """
        self._layout_timer.stop()
        view = self.view
        if edit is not None and self._keep_layout():
            self._layout_edited(edit)
            self._update_scrollbar()
            self._update_changed(before)
            return
        show_chunks = view is not None and view.tokens and self.options.show_chunks and self.result is not None
        self.chunk_index: tuple[int, ...] = self.result.chunk_index if show_chunks else ()
        self.missing_marks: list[tuple[int, float]] = []
        self.chunk_band = CHUNK_BAND if self.chunk_index else 0.0
        plain = self.box_height + self.chunk_band + ROW_GAP
        self.flow = FlowLayout(
            max(self.viewport().width(), 120),
            self.box_height,
            plain,
            plain + math.ceil(self.fm_small.height()) + 7,  # room to write a split character under its bracket
            tall=self._tall_tokens(),
            margin=MARGIN,
            gap=GAP,
        )
        if view is not None and view.tokens:
            self._layout_more()
        self._update_scrollbar()
        self.viewport().update()

    def _plain_marks(self) -> bool:
        """Whether nothing but the boxes is drawn that an edit could change elsewhere (no highlight, hover, cut or
        pair marks, chunk bars -- whose shades alternate -- or alternating fills when the token count changes)."""
        return not (
            self.highlighted or self.hover >= 0 or self.extra_cuts or self.missing_marks or self.pair_marks
        ) and not (self.options.show_chunks or self.palette_.mode == "alternate")

    def _boxes_in_view(self) -> set[tuple]:
        """Each box in view as ``(id, x, y, width, under a bracket)``."""
        top = self.verticalScrollBar().value()
        flow = self.flow
        lo, hi = flow.boxes_between(top, top + self.viewport().height())
        ids, tall = self.view.tokens.ids[lo:hi].tolist(), tall_flags(flow.tall, lo, hi)
        xs, widths, rows, tops = flow.xs, flow.widths, flow.rows, flow.row_tops
        return {(ids[i - lo], xs[i], tops[rows[i]], widths[i], tall[i - lo]) for i in range(lo, hi)}

    def _update_changed(self, before: set | None) -> None:
        """Repaint the rows whose boxes differ from ``before`` (None: all of the view). Rows that only moved (the
        edit added or removed rows above them) are scrolled, their pixels moved rather than painted again."""
        shift, self._shift = self._shift, None
        if before is None:
            self.viewport().update()
            return
        after = self._boxes_in_view()
        changed = before ^ after
        if not changed:
            return
        top, height, width = self.verticalScrollBar().value(), self.viewport().height(), self.viewport().width()
        if shift is not None and shift[1]:
            since, dy = shift  # the old boxes from y = since on are now dy lower
            moved = {(i, x, y + dy, w, t) for i, x, y, w, t in before if y >= since} & after
            changed -= moved
            changed -= {(i, x, y - dy, w, t) for i, x, y, w, t in moved}
            start = max(0, int(since + min(dy, 0)) - top)
            if start < height:
                self.viewport().scroll(0, int(dy), QRect(0, start, width, height - start))
            if not changed:
                return
        rows = sorted({y for _, _, y, _, _ in changed})
        band = int(self.flow.tall_row_height + ROW_GAP) + 2  # a row, its marks below and the gap above
        for y in rows:  # Qt joins the rows' rectangles into one region to paint
            self.viewport().update(0, int(y - ROW_GAP) - top, width, band)

    def _tall_tokens(self):
        """The tokens under a bracket (their rows are taller)."""
        if isinstance(self.groups, TokenGroups):
            return _Held(self.groups)
        return {i for first, last, _ in self.groups for i in range(first, last + 1)}

    def _keep_layout(self) -> bool:
        """Whether the layout of an edited text can start from the old one: the width, the chunk bars and the fonts
        are the same."""
        show_chunks = bool(self.options.show_chunks and self.result is not None and self.view.tokens)
        chunk_band = CHUNK_BAND if show_chunks else 0.0
        if self.flow.width != max(self.viewport().width(), 120) or chunk_band != self.chunk_band:
            return False
        self.chunk_index = self.result.chunk_index if show_chunks else ()
        self.missing_marks = []
        return True

    def _layout_edited(self, edit: tuple[int, int, int]) -> None:
        """Lay out the changed boxes in place, keeping the old boxes after them once one is back where it was
        (:meth:`FlowLayout.edit`, within :data:`RESYNC_BOXES`); failing that, lay out what is in view now and the
        rest in slices between events."""
        kept, tail_start, shift = edit
        flow, total = self.flow, len(self.view.tokens)
        self._shift = flow.edit(
            kept, tail_start, shift, self._sizes_between, self._tall_tokens(), total=total, limit=RESYNC_BOXES
        )
        bottom = self.verticalScrollBar().value() + self.viewport().height() + 2 * flow.tall_row_height
        while len(flow) < total and flow.row_tops[-1] <= bottom:
            self._layout_slice(min(total, len(flow) + 200))
        if len(flow) < total:
            self._layout_timer.start()
        else:
            self._place_missing_cuts()

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
        self._layout_slice(stop)
        if stop < len(tokens):
            self._layout_timer.start()
        else:
            self._place_missing_cuts()
        if begin:
            self._update_scrollbar()
            if self.flow.row_tops[self.flow.rows[begin]] <= self.verticalScrollBar().value() + self.viewport().height():
                self.viewport().update()  # boxes came into view

    def _layout_slice(self, stop: int) -> None:
        """Place the boxes of the tokens from the last one placed up to ``stop``."""
        self.flow.extend(self._sizes_between(len(self.flow), stop))

    def _sizes_between(self, begin: int, stop: int) -> list[tuple[float, int]]:
        """The box sizes of tokens ``begin`` to ``stop - 1``, for the layout."""
        tokens, sizes = self.view.tokens, self._sizes
        if isinstance(tokens, TokenColumns):  # ids from the column: no token records made
            data = tokens.token_bytes
            return [sizes[i] if i in sizes else self._size(i, data(i)) for i in tokens.ids[begin:stop].tolist()]
        return [sizes[t.id] if t.id in sizes else self._size(t.id, t.token) for t in tokens[begin:stop]]

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
        columns = isinstance(view.tokens, TokenColumns)
        starts = view.tokens.byte_start if columns else [t.byte_start for t in view.tokens]
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
        painter.end()
