"""Where a :class:`~app.compare.token_canvas.TokenCanvas` puts its token boxes, and which token is at a point.

Each token's label is measured with Qt once per token id (:meth:`CanvasLayout._measure`: its text and hex runs,
the width of its box, the rows it ends); a :class:`~bpe_core.render.token_layout.FlowLayout` places the boxes in
rows like the text (once per text, width, font or mode): those in view at once, the rest in slices between events
(:data:`LAYOUT_SLICE`), and after an edit only the boxes it changed (:meth:`CanvasLayout._unchanged_tokens`,
within :data:`RESYNC_BOXES`), repainting the rows whose boxes changed. The tokens under a bracket (the parts of
one UTF-8 character) get taller rows, with room for the character below.

:class:`CanvasLayout` is a part of the canvas (a mixin: the layout, its fonts and measures are the canvas's own,
read by :mod:`app.compare.token_paint` as it paints). For example, after ``canvas.set_result(result)``,
``canvas.box_rect(0)`` is where the first token is drawn and ``canvas.index_at(x, y)`` the token under a point of
the viewport (-1: none).
"""

from __future__ import annotations

import bisect
import math
from typing import NamedTuple

import numpy as np
from PySide6.QtCore import QRect, QRectF, Slot
from PySide6.QtGui import QFontMetricsF

from app.compare.token_paint import GAP, PAD
from app.style import GlyphCheck, drawable_segments, mono_font, text_font
from bpe_core.encoding.token_columns import TokenColumns, TokenGroups
from bpe_core.render.token_label import Segments, label_segments, newlines
from bpe_core.render.token_layout import FlowLayout, tall_flags

MARGIN = 6.0
EMPTY_WIDTH = 8.0
CHUNK_BAND = 5.0
#: Tokens laid out per slice of the event loop (a few milliseconds' work).
LAYOUT_SLICE = 4000
#: A slice of at least this many boxes is laid out from arrays of sizes (:meth:`FlowLayout.extend_arrays`), for
#: token ids under SIZE_TABLE_IDS (a table by id: 2 M ids, 24 MB at most; larger ids go through the dict of sizes).
ARRAY_SLICE_LEAST = 64
SIZE_TABLE_IDS = 1 << 21
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


class CanvasLayout:
    """The layout of a :class:`~app.compare.token_canvas.TokenCanvas`'s boxes (a part of the canvas: it uses the
    canvas's ``view``, ``result``, ``groups``, ``options``, cut marks, viewport and scroll bar).

    A mixin, not an object of its own: :mod:`app.compare.token_paint` reads the boxes (``flow``), the labels and
    the fonts as the canvas's, and a change of text, mode or width lays out again from the canvas's inputs.
    """

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
        begin = len(self.flow)
        arrays = self._size_arrays(begin, stop)
        if arrays is not None:
            self.flow.extend_arrays(*arrays)
        else:
            self.flow.extend(self._sizes_between(begin, stop))

    def _size_arrays(self, begin: int, stop: int) -> tuple[np.ndarray, np.ndarray] | None:
        """The box widths and newlines of tokens ``begin`` to ``stop - 1`` as arrays, read from a table by id (each
        id measured once, as :meth:`_size` does), for a slice of a column of ids under :data:`SIZE_TABLE_IDS`; else
        None (:meth:`_sizes_between`)."""
        tokens = self.view.tokens
        if not isinstance(tokens, TokenColumns) or stop - begin < ARRAY_SLICE_LEAST:
            return None
        ids = tokens.ids[begin:stop]
        if not len(ids) or int(ids.min()) < 0 or int(ids.max()) >= SIZE_TABLE_IDS:
            return None
        top = int(ids.max()) + 1
        if len(self._width_of) < top:  # grown by doubling; NaN: not measured yet
            room = max(top, 2 * len(self._width_of))
            widths, counts = np.full(room, np.nan), np.zeros(room, np.int64)
            widths[: len(self._width_of)], counts[: len(self._width_of)] = self._width_of, self._newlines_of
            self._width_of, self._newlines_of = widths, counts
        unknown = np.isnan(self._width_of[ids])
        if unknown.any():
            data = tokens.token_bytes
            for token_id in np.unique(ids[unknown]).tolist():
                size = self._sizes[token_id] if token_id in self._sizes else self._size(token_id, data(token_id))
                self._width_of[token_id], self._newlines_of[token_id] = size
        return self._width_of[ids], self._newlines_of[ids]

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
        self._width_of, self._newlines_of = np.empty(0), np.empty(0, np.int64)  # the same by id (_size_arrays)

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
