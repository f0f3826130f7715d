"""Tokens drawn as chips: rounded boxes that wrap like words, each colored by its token id with the Compare tab's
colors and font (:mod:`app.style`), special tokens dark.

A chip can be marked: ``"pair"`` (about to merge: orange), ``"new"`` (just made by a merge: green), ``"cross"``
(crosses a pre-token boundary: red) or ``"dim"``. Clicking a chip emits :attr:`TokenChips.clicked` with its index.
A character no installed font can draw is written as its code point (``U+1F642``; two in a row with a space between
them: ``U+1F44D U+1F3FD``), as in the Compare tab.
A chip of part of a character (``<E4><B8>``) writes the character it builds toward after its bytes (``→中``), as
the Compare tab writes a character under the tokens that make it. Sizes follow the widget's font, so presentation
mode (a larger font) enlarges the chips. A chip wider than the row (a whole Chinese clause that one pattern keeps as
a pre-token) is cut to the row's width and ends with "…"; its tooltip, or the text beside it, says the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from app import style
from bpe_core.render.token_label import Segments


@dataclass(frozen=True)
class Chip:
    """One chip: ``text`` (already made readable), ``key`` (its token id) for its color, an optional ``sub`` line
    (e.g. the id), a ``mark``, ``gap`` to leave extra room before it (a pre-token boundary), ``group``: consecutive
    chips with the same group number are joined by a bracket underneath (the two halves of a pair about to merge),
    ``special`` for a special token (dark, as in the Compare tab), and ``segments``, the label as runs of text and
    hex bytes (:func:`bpe_core.render.token_label.label_segments`; empty: ``text`` alone), hex drawn as in the Compare
    tab; ``fill`` replaces the color by id (a pre-token colored by the regex alternative that matched it); ``hint``,
    the characters a token of part of a character builds toward (:func:`bpe_core.render.token_label.partial_chars`),
    written after its label in the hex bytes' colour."""

    text: str
    key: int
    sub: str = ""
    mark: str = ""
    tooltip: str = ""
    gap: bool = False
    group: int | None = None
    special: bool = False
    segments: Segments = ()
    fill: QColor | None = None
    hint: str = ""


ELLIPSIS = "…"


def _fitting(runs: Segments, width: float, main: QFontMetricsF, hex_metrics: QFontMetricsF) -> Segments:
    """The start of ``runs`` that fits in ``width``: whole characters of text, whole runs of hex bytes."""
    kept = []
    for text, is_hex in runs:
        advance = (hex_metrics if is_hex else main).horizontalAdvance(text)
        if advance <= width:
            kept.append((text, is_hex))
            width -= advance
            continue
        if not is_hex:  # the longest start that fits, found by halving (a pre-token can be a whole text)
            low, high = 0, len(text)
            while low < high:
                middle = (low + high + 1) // 2
                low, high = (middle, high) if main.horizontalAdvance(text[:middle]) <= width else (low, middle - 1)
            if low:
                kept.append((text[:low], False))
        break
    return tuple(kept)


class TokenChips(QWidget):
    """A wrapping row of chips (paints them itself: thousands stay cheap)."""

    clicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.chips: list[Chip] = []
        self._rects: list[QRectF] = []
        self._cut: set[int] = set()  # the chips cut to the row's width
        self._laid_width = -1
        self._heights: dict[int, int] = {}  # width -> height, for the chips shown
        self.setFont(style.text_font(14))
        self._has_glyph = style.GlyphCheck(self.font())
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMouseTracking(True)

    # --- data ------------------------------------------------------------------------------------------------
    def set_chips(self, chips: Sequence[Chip]) -> None:
        self.chips = list(chips)
        self._laid_width = -1
        self._heights.clear()
        self.updateGeometry()
        self.update()

    def marked(self, mark: str) -> list[int]:
        """Indices of the chips with this mark."""
        return [i for i, chip in enumerate(self.chips) if chip.mark == mark]

    # --- geometry --------------------------------------------------------------------------------------------
    def _runs(self, chip: Chip) -> Segments:
        """What the chip's label draws: runs of text and of hex bytes (code points for characters without a glyph)."""
        return style.drawable_segments(chip.segments or ((chip.text, False),), self._has_glyph)

    def _label_width(self, runs: Segments, main: QFontMetricsF, hex_metrics: QFontMetricsF) -> float:
        return sum((hex_metrics if is_hex else main).horizontalAdvance(text) for text, is_hex in runs)

    def _hex_font(self) -> QFont:
        return style.mono_font(self.font().pointSizeF() * 0.8)

    def _metrics(self) -> tuple[QFontMetricsF, QFontMetricsF, float]:
        main = QFontMetricsF(self.font())
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.62))
        return main, QFontMetricsF(small), main.height() * 0.3

    def _rows(self) -> tuple[float, float, float]:
        """``(chip height, space around chips, room for the brackets under a row)``: a row takes their sum."""
        main, small, pad = self._metrics()
        sub_h = small.height() if self._has_sub() else 0.0
        bracket = pad * 1.6 if any(chip.group is not None for chip in self.chips) else 0.0
        return main.height() + sub_h + 2 * pad, pad * 1.4, bracket

    def hint_text(self, chip: Chip) -> str:
        """What the chip writes after its label: ``→`` and the characters it builds toward."""
        if not chip.hint:
            return ""
        return "→" + style.shown_text(chip.hint, self._has_glyph)

    def _layout(self, width: float) -> float:
        """Place the chips in lines of at most ``width``; return the height used."""
        main, small, pad = self._metrics()
        sub_h = small.height() if self._has_sub() else 0.0
        chip_h, space, bracket = self._rows()
        hex_metrics = QFontMetricsF(self._hex_font())
        widest = max(width - 2 * space, 2 * pad + 2 + 3 * main.horizontalAdvance(ELLIPSIS))
        x = y = space
        rects = []
        self._cut = set()
        for index, chip in enumerate(self.chips):
            label = self._label_width(self._runs(chip), main, hex_metrics) or main.horizontalAdvance(" ")
            label += main.horizontalAdvance(self.hint_text(chip)) if chip.hint else 0
            w = max(label, small.horizontalAdvance(chip.sub) if sub_h else 0)
            w += 2 * pad + 2
            if w > widest:
                w = widest
                self._cut.add(index)
            if chip.gap and x > space:
                x += space * 2
            if x + w > width - space and x > space:
                x = space
                y += chip_h + space + bracket
            rects.append(QRectF(x, y, w, chip_h))
            x += w + space
        self._rects = rects
        self._laid_width = width
        return (y + chip_h + space + bracket) if self.chips else chip_h + 2 * space

    def _has_sub(self) -> bool:
        return any(chip.sub for chip in self.chips)

    def _lay_out_for_width(self) -> None:
        """Lay the chips out for the widget's width, unless they are laid out for it already."""
        if self._laid_width != self.width():
            self._layout(self.width())

    def chip_rect(self, index: int) -> QRectF:
        """Where chip ``index`` is drawn (for tests and tooltips)."""
        self._lay_out_for_width()
        return self._rects[index]

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        """The height the chips take at ``width``, remembered until the chips or the font change: a layout pass
        asks for several widths, and asked about twenty times per step of a replay."""
        if width not in self._heights:
            self._heights[width] = int(self._layout(width)) + 1
        return self._heights[width]

    def sizeHint(self) -> QSize:
        width = max(self.width(), 300)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        """One row, as tall as :meth:`heightForWidth` makes it (a taller hint made a scroll area show a scroll bar
        for a single row)."""
        chip_h, space, bracket = self._rows()
        return QSize(100, int(chip_h + 2 * space + bracket) + 1)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._has_glyph = style.GlyphCheck(self.font())
            self._laid_width = -1
            self._heights.clear()
            self.updateGeometry()
        super().changeEvent(event)

    def resizeEvent(self, event) -> None:
        self._laid_width = -1
        super().resizeEvent(event)

    # --- drawing ---------------------------------------------------------------------------------------------
    def paintEvent(self, _event) -> None:
        self._lay_out_for_width()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        main, small, pad = self._metrics()
        hex_font = self._hex_font()
        hex_metrics = QFontMetricsF(hex_font)
        small_font = QFont(self.font())
        small_font.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.62))
        radius = pad * 0.9
        for index, (chip, rect) in enumerate(zip(self.chips, self._rects)):
            if chip.special:
                fill = style.SPECIAL_FILL
            elif chip.mark == "dim":
                fill = style.DIM_FILL
            else:
                fill = chip.fill if chip.fill is not None else style.token_color(chip.key)
            mark = style.MARK_COLORS.get(chip.mark)
            if mark is not None:
                fill = QColor.fromHslF(mark.hslHueF(), 0.75, 0.88)
                pen = QPen(mark, max(2.0, pad * 0.55))
            else:
                pen = QPen(style.MUTED, 1.0)
            painter.setPen(pen)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, radius, radius)
            metrics, fonts = (main, hex_metrics), (self.font(), hex_font)
            self._paint_label(painter, chip, rect, mark is not None, metrics, fonts, pad, cut=index in self._cut)
            if self._has_sub() and chip.sub:
                painter.setFont(small_font)
                painter.setPen(style.SPECIAL_TEXT if chip.special and mark is None else style.SUB_TEXT)
                sub_rect = QRectF(rect.x(), rect.y() + pad + main.height(), rect.width(), small.height())
                painter.drawText(sub_rect, Qt.AlignmentFlag.AlignCenter, chip.sub)
        self._paint_brackets(painter, pad)
        painter.end()

    def _paint_label(
        self, painter, chip: Chip, rect: QRectF, marked: bool, metrics, fonts, pad: float, cut: bool = False
    ) -> None:
        """The label centred in the chip's top line: text in the token font, hex bytes smaller in the mono font. A
        ``cut`` chip shows as many whole characters as fit, then "…"."""
        runs = self._runs(chip)
        main, hex_metrics = metrics
        hint = "" if cut else self.hint_text(chip)
        if cut:
            runs = _fitting(runs, rect.width() - 2 * pad - 2 - main.horizontalAdvance(ELLIPSIS), main, hex_metrics)
            runs = (*runs, (ELLIPSIS, False))
            x = rect.x() + pad + 1
        else:
            x = rect.center().x() - (self._label_width(runs, main, hex_metrics) + main.horizontalAdvance(hint)) / 2
        baseline = rect.y() + pad + main.ascent()
        if chip.mark == "dim":
            text_pen = hex_pen = style.MUTED
        elif chip.special and not marked:
            text_pen = hex_pen = style.SPECIAL_TEXT
        else:
            text_pen, hex_pen = style.TOKEN_TEXT, style.HEX_TEXT
        text_font, hex_font = fonts
        for text, is_hex in runs:
            painter.setFont(hex_font if is_hex else text_font)
            painter.setPen(hex_pen if is_hex else text_pen)
            shift = (main.ascent() - hex_metrics.ascent()) / 2 if is_hex else 0.0
            painter.drawText(QPointF(x, baseline - shift), text)
            x += (hex_metrics if is_hex else main).horizontalAdvance(text)
        if hint:  # the character the bytes build toward, in the bytes' colour
            painter.setFont(text_font)
            painter.setPen(hex_pen)
            painter.drawText(QPointF(x, baseline), hint)

    def _paint_brackets(self, painter: QPainter, pad: float) -> None:
        """A bracket under each run of chips sharing a group (on one line)."""
        runs: list[list[QRectF]] = []
        previous = None
        for chip, rect in zip(self.chips, self._rects):
            if chip.group is None:
                previous = None
                continue
            if previous == chip.group and runs and runs[-1][-1].top() == rect.top():
                runs[-1].append(rect)
            else:
                runs.append([rect])
            previous = chip.group
        painter.setPen(QPen(style.PAIR, max(2.0, pad * 0.45)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for run in runs:
            left, right = run[0].left() + pad * 0.3, run[-1].right() - pad * 0.3
            top = run[0].bottom() + pad * 0.35
            bottom = top + pad * 0.8
            painter.drawPolyline(
                [QPointF(left, top), QPointF(left, bottom), QPointF(right, bottom), QPointF(right, top)]
            )

    # --- mouse -----------------------------------------------------------------------------------------------
    def index_at(self, point: QPointF) -> int | None:
        self._lay_out_for_width()
        for i, rect in enumerate(self._rects):
            if rect.contains(point):
                return i
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position())
        if index is not None and event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(index)
            event.accept()
            return
        super().mousePressEvent(event)

    def tooltip(self, index: int) -> str:
        """What hovering chip ``index`` shows: its tooltip, after its whole text when the chip is cut."""
        chip = self.chips[index]
        self._lay_out_for_width()
        if index in self._cut:
            return "\n".join(filter(None, (chip.text, chip.tooltip)))
        return chip.tooltip

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position())
        tip = self.tooltip(index) if index is not None else ""
        if tip:
            QToolTip.showText(event.globalPosition().toPoint(), tip, self)
        else:
            QToolTip.hideText()
        super().mouseMoveEvent(event)
