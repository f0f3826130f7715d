"""Draws a token's label in a table cell as the Compare tab draws a token: a box in the token's colour
(:func:`app.style.token_color`), its text in the token font and hex bytes (and code points of characters no font
can draw) smaller in the mono font and brown (:func:`app.style.drawable_segments`); special tokens dark."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from app import style
from bpe_core.render.token_label import Segments, label_segments

PAD = 3.0


class TokenDelegate(QStyledItemDelegate):
    """Paints the token of a cell; ``token_of(index)`` gives ``(token_id, bytes, special)`` or None."""

    def __init__(self, token_of: Callable, parent=None):
        super().__init__(parent)
        self.token_of = token_of
        self.font_text, self.font_hex = style.text_font(11), style.mono_font(8.5)
        self.fm_text, self.fm_hex = QFontMetricsF(self.font_text), QFontMetricsF(self.font_hex)
        self._has_glyph = style.GlyphCheck(self.font_text)
        self._segments: dict[bytes, Segments] = {}

    def segments(self, data: bytes) -> Segments:
        """The label of ``data`` as drawn (remembered per token)."""
        found = self._segments.get(data)
        if found is None:
            if len(self._segments) > 50_000:
                self._segments.clear()
            found = self._segments[data] = style.drawable_segments(label_segments(data), self._has_glyph)
        return found

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        token = self.token_of(index)
        if token is None:
            super().paint(painter, option, index)
            return
        token_id, data, special = token
        painter.save()
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        segments = self.segments(data)
        width = sum(self._advance(text, is_hex) for text, is_hex in segments) + 2 * PAD
        rect = QRectF(option.rect).adjusted(2, 2, -2, -2)
        box = QRectF(rect.left(), rect.top(), min(width, rect.width()), rect.height())
        painter.fillRect(box, style.SPECIAL_FILL if special else style.token_color(token_id))
        painter.setClipRect(box)
        baseline = box.center().y() + (self.fm_text.ascent() - self.fm_text.descent()) / 2
        x = box.left() + PAD
        for text, is_hex in segments:
            painter.setFont(self.font_hex if is_hex else self.font_text)
            colour = style.SPECIAL_TEXT if special else style.HEX_TEXT if is_hex else style.TOKEN_TEXT
            painter.setPen(colour)
            painter.drawText(QPointF(x, baseline), text)
            x += self._advance(text, is_hex)
        painter.restore()

    def _advance(self, text: str, is_hex: bool) -> float:
        return (self.fm_hex if is_hex else self.fm_text).horizontalAdvance(text)

    def sizeHint(self, option: QStyleOptionViewItem, index):
        hint = super().sizeHint(option, index)
        token = self.token_of(index)
        if token is not None:
            width = sum(self._advance(t, h) for t, h in self.segments(token[1])) + 2 * PAD + 4
            hint.setWidth(int(min(width, 420)))
        hint.setHeight(int(max(hint.height(), self.fm_text.height() + 6)))
        return hint
