"""How a :class:`~app.compare.token_canvas.TokenCanvas` paints the boxes between ``lo`` and ``hi`` (those in view):
each token's box in its colour with its label (hex bytes in a smaller monospaced font), the highlighted and hovered
ones outlined; and the optional layers under them: a bar per pre-token chunk, a bracket under the tokens that
together make one UTF-8 character (that character written below), and the cuts that differ from the reference
pane (red: one the reference lacks; orange, dashed, with a triangle: one of the reference's that this pane lacks);
and over them, a pair about to merge (a replay) outlined in the replay's orange, and in chat mode the tokens of the
chat template's own text hatched.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from app import style
from bpe_core.encoding.token_columns import TokenColumns, TokenGroups

if TYPE_CHECKING:
    from app.compare.token_canvas import TokenCanvas

#: Room around a label inside its box, and between two boxes.
PAD = 3.0
GAP = 2.0


def paint_boxes(canvas: TokenCanvas, painter: QPainter, lo: int, hi: int) -> None:
    """Each token's box and label (as the canvas measured it), outlined when highlighted or hovered."""
    tokens = canvas.view.tokens
    ascent = canvas.fm_text.ascent() + 2
    hex_ascent = ascent - (canvas.fm_text.ascent() - canvas.fm_hex.ascent()) / 2
    fill_of = canvas.palette_.fill
    labels = canvas._labels
    flow = canvas.flow
    tops, rows, xs, widths, box_height = flow.row_tops, flow.rows, flow.xs, flow.widths, flow.box_height
    advance = {False: canvas.fm_text.horizontalAdvance, True: canvas.fm_hex.horizontalAdvance}
    fonts = {False: canvas.font_text, True: canvas.font_hex}
    current = None  # (is_hex, special) the painter is set up for
    if isinstance(tokens, TokenColumns):  # read the columns: no token records made
        ids, specials = tokens.ids[lo:hi].tolist(), tokens.special[lo:hi].tolist()
    else:
        ids, specials = [t.id for t in tokens[lo:hi]], [t.special for t in tokens[lo:hi]]
    for i, token_id, special in zip(range(lo, hi), ids, specials):
        x, y = xs[i], tops[rows[i]]
        rect = QRectF(x, y, widths[i], box_height)
        painter.fillRect(rect, style.SPECIAL_FILL if special else fill_of(token_id, i))
        tx = x + PAD
        for text, is_hex in labels[token_id].segments:
            if current != (is_hex, special):
                current = (is_hex, special)
                painter.setFont(fonts[is_hex])
                painter.setPen(style.SPECIAL_TEXT if special else style.HEX_TEXT if is_hex else style.TOKEN_TEXT)
            painter.drawText(QPointF(tx, y + (hex_ascent if is_hex else ascent)), text)
            tx += advance[is_hex](text)
        if i in canvas.highlighted or i == canvas.hover:
            current = None
            painter.setPen(QPen(style.HIGHLIGHT, 2.5) if i in canvas.highlighted else QPen(QColor("#222222"), 1))
            painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))


def paint_template(canvas: TokenCanvas, painter: QPainter, lo: int, hi: int) -> None:
    """Hatching over each token of the chat template's own text, and a bar under it (:data:`app.style.TEMPLATE`)."""
    flow = canvas.flow
    hatch = template_brush()
    stop = min(hi, len(flow))
    for i in canvas.template_tokens:
        if lo <= i < stop:
            x, y, w, h = flow.box(i)
            painter.fillRect(QRectF(x, y, w, h), hatch)
            painter.fillRect(QRectF(x, y + h - 2, w, 2), style.TEMPLATE)


def template_brush() -> QBrush:
    """The hatching of a template's tokens (shared with the legend that explains it)."""
    color = QColor(style.TEMPLATE)
    color.setAlpha(120)
    return QBrush(color, Qt.BrushStyle.BDiagPattern)


def paint_chunks(canvas: TokenCanvas, painter: QPainter, lo: int, hi: int) -> None:
    """A bar under each pre-token chunk, in two alternating shades."""
    flow = canvas.flow
    chunk, xs, widths, rows = canvas.chunk_index, flow.xs, flow.widths, flow.rows
    for i in range(lo, hi):
        y = flow.row_tops[rows[i]] + flow.box_height + 1.5
        same_next = i + 1 < len(xs) and chunk[i + 1] == chunk[i] and rows[i + 1] == rows[i]
        end = xs[i + 1] if same_next else xs[i] + widths[i] - 1
        painter.fillRect(
            QRectF(xs[i] + (0 if i and chunk[i - 1] == chunk[i] else 1), y, end - xs[i], 2.5),
            style.CHUNK_COLORS[chunk[i] % 2],
        )


def paint_brackets(canvas: TokenCanvas, painter: QPainter, lo: int, hi: int) -> None:
    """A bracket under each run of tokens that together make whole characters, the characters below it."""
    flow = canvas.flow
    pen = QPen(style.HEX_TEXT, 1.2)
    offset = flow.box_height + canvas.chunk_band + 2
    groups = canvas.groups
    firsts = groups.firsts if isinstance(groups, TokenGroups) else [g[0] for g in groups]
    start = max(0, bisect.bisect_right(firsts, lo) - 1)
    laid = len(flow)
    for k in range(start, len(groups)):
        first, last, chars = groups[k]
        if first >= hi or last >= laid:
            break
        for row, a, b in flow.row_runs(first, last):
            x0, x1 = flow.xs[a] + 1, flow.xs[b] + flow.widths[b] - 1
            y = flow.row_tops[row] + offset
            painter.setPen(pen)
            path = QPainterPath(QPointF(x0, y))
            path.lineTo(x0, y + 4)
            path.lineTo(x1, y + 4)
            path.lineTo(x1, y)
            painter.drawPath(path)
            if a == first:
                painter.setFont(canvas.font_small)
                painter.drawText(
                    QRectF(x0 - 20, y + 4, x1 - x0 + 40, canvas.fm_small.height() + 2),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                    style.shown_text(chars, canvas._has_glyph),  # (two code points apart)
                )


def paint_cuts(canvas: TokenCanvas, painter: QPainter, lo: int, hi: int) -> None:
    """The cuts that differ from the reference pane's."""
    tokens, flow = canvas.view.tokens, canvas.flow
    ends = tokens.byte_end[lo:hi].tolist() if isinstance(tokens, TokenColumns) else [t.byte_end for t in tokens[lo:hi]]
    for i, end in zip(range(lo, hi), ends):
        if end in canvas.extra_cuts:
            x, y, w, h = flow.box(i)
            painter.fillRect(QRectF(x + w - 1, y - 2, GAP + 2, h + 4), style.EXTRA_CUT)
    pen = QPen(style.MISSING_CUT, 2, Qt.PenStyle.DashLine)
    for i, dx in canvas.missing_marks:
        if lo <= i < hi:
            x, y, _, h = flow.box(i)
            x += dx
            painter.setPen(pen)
            painter.drawLine(QPointF(x, y), QPointF(x, y + h))
            triangle = QPainterPath(QPointF(x - 4, y - 3))
            triangle.lineTo(x + 4, y - 3)
            triangle.lineTo(x, y + 3)
            triangle.closeSubpath()
            painter.fillPath(triangle, style.MISSING_CUT)


def paint_pairs(canvas: TokenCanvas, painter: QPainter, lo: int, hi: int) -> None:
    """One orange outline around each pair about to merge (its two boxes; one per row if the pair wraps)."""
    flow = canvas.flow
    painter.setPen(QPen(style.PAIR, 3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    laid = len(flow)
    for first in canvas.pair_marks:
        if first + 1 >= laid or first + 1 < lo or first >= hi:
            continue
        for row, a, b in flow.row_runs(first, first + 1):
            x0, x1, y = flow.xs[a], flow.xs[b] + flow.widths[b], flow.row_tops[row]
            painter.drawRoundedRect(QRectF(x0 - 1.5, y - 1.5, x1 - x0 + 3, flow.box_height + 3), 3, 3)
