"""Chart axes whose text never collides or leaves the chart: :class:`TidyAxis` drops a tick label that would
overlap one placed before it (the coarsest ticks are placed first) or run past the axis's ends, labels only the
powers of ten of a log axis spanning several, shows tick values as they are (no SI prefix), writes its own label
on up to three lines where the axis is shorter than it (cut with "…" only if they do not hold it), draws no ticks
while its chart is empty (:meth:`TidyAxis.set_blank`), and remembers the labels set with ``setTicks``
(:attr:`TidyAxis.tick_labels`, which the CSV export writes beside each bar).

Its grid lines are drawn opaque, in the colour their translucent pen gives over the chart's :data:`BACKGROUND`
(:func:`opaque`), beneath the data (:meth:`TidyAxis.draw_beneath`): the same picture, but Qt's raster engine
blends a translucent line five times slower than it draws an opaque one, which made the grid half the cost of
painting a run's chart.

>>> from PySide6.QtCore import QRectF
>>> specs = [(QRectF(0, 0, 40, 10), 0, "10³"), (QRectF(30, 0, 40, 10), 0, "2·10³"), (QRectF(80, 0, 40, 10), 0, "10⁴")]
>>> [text for _, _, text in spaced(specs)]
['10³', '10⁴']
"""

from __future__ import annotations

import html
import math

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPen
from PySide6.QtWidgets import QApplication

#: Pixels kept between two tick labels.
GAP = 6
#: An axis label too long for its axis is written on at most this many lines.
LABEL_LINES = 3
#: How far outward pyqtgraph moves a side axis's label, in pixels.
LABEL_NUDGE = 5
#: Pixels added between a side axis's label and its tick labels (pyqtgraph leaves about 4).
LABEL_GAP = 3
#: The charts' background, over which :func:`opaque` blends the grid's colours.
BACKGROUND = QColor("white")
#: A z value beneath the plot's view box (pyqtgraph puts it at -100 and the axes at 0.5, over the data).
BENEATH_DATA = -200


def wrap_label(text: str, metrics: QFontMetrics, length: int, most: int = LABEL_LINES) -> list[str]:
    """``text`` in lines no longer than ``length`` pixels, broken at spaces (between characters in a text without
    any, as Chinese is), at most ``most`` lines, the last cut with "…" if the text does not fit in them.

    >>> from PySide6.QtGui import QFont
    >>> metrics = QFontMetrics(QFont())
    >>> wrap_label("tokens in the text", metrics, 1000)
    ['tokens in the text']
    >>> wrap_label("tokens in the text", metrics, metrics.horizontalAdvance("tokens in "))
    ['tokens in', 'the text']
    >>> wrap_label("每个词元的字节数", metrics, metrics.horizontalAdvance("每个词元"))
    ['每个词元', '的字节数']
    """
    if metrics.horizontalAdvance(text) <= length:
        return [text]
    pieces = text.split(" ") if " " in text else list(text)
    joiner = " " if " " in text else ""
    lines: list[str] = []
    for piece in pieces:
        longer = f"{lines[-1]}{joiner}{piece}" if lines else piece
        if lines and metrics.horizontalAdvance(longer) <= length:
            lines[-1] = longer
        else:
            lines.append(piece)
    if len(lines) > most:
        lines = [*lines[: most - 1], joiner.join(lines[most - 1 :])]
    return [metrics.elidedText(line, Qt.TextElideMode.ElideRight, length) for line in lines]


def opaque(color: QColor, background: QColor = BACKGROUND) -> QColor:
    """``color`` as it looks over ``background``, without transparency.

    >>> opaque(QColor(34, 34, 34, 51)).getRgb()
    (211, 211, 211, 255)
    """
    a = color.alphaF()
    return QColor.fromRgbF(*(b + (c - b) * a for c, b in zip(color.getRgbF()[:3], background.getRgbF()[:3])), 1.0)


def spaced(texts: list, gap: float = GAP) -> list:
    """The tick label specs ``(rect, flags, text)`` of ``texts`` that come at least ``gap`` pixels from every one
    kept before them (empty labels are dropped)."""
    kept: list = []
    for spec in texts:
        rect = spec[0].adjusted(-gap / 2, -gap / 2, gap / 2, gap / 2)
        if spec[2] and not any(rect.intersects(other[0]) for other in kept):
            kept.append(spec)
    return kept


def is_power_of_ten(value: float) -> bool:
    """Whether a log axis's tick ``value`` (an exponent) is a whole power of ten.

    >>> is_power_of_ten(3.0), is_power_of_ten(math.log10(2000))
    (True, False)
    """
    return abs(value - round(value)) < 1e-9


class TidyAxis(pg.AxisItem):
    """A pyqtgraph axis that never draws two tick labels over each other or cut at its ends."""

    _label_html = ""  # the HTML the label was last given (by _updateLabel, which pyqtgraph's __init__ calls)

    def __init__(self, orientation: str, **options):
        super().__init__(orientation, **options)
        self.setStyle(hideOverlappingLabels=True)  # a label that would run past the axis's ends is left out
        # No SI prefix: pyqtgraph divides the tick values of an axis past 10**9 (or below 1) by a power of a
        # thousand, to say so in the label's units, which these charts do not show: a log axis zoomed out past
        # 10**9 labelled 10**3 as 10**-6.
        self.enableAutoSIPrefix(False)
        self.blank = False
        self.tick_labels: dict[float, str] = {}
        self._opaque_pens: dict[int, QPen] = {}  # a translucent pen's rgba -> its opaque twin

    def draw_beneath(self) -> None:
        """Draw the axis, and its grid, under the plot's data (grid lines drawn opaque must not cross it). Called once
        the plot holds the axis: pyqtgraph sets every axis it is given over the data then."""
        self.setZValue(BENEATH_DATA)

    def set_tick_font(self, font: QFont) -> None:
        """Tick labels in ``font``. A vertical axis's end labels may stand out by half their height (into the
        corner beside it, or the title row), as pyqtgraph allows, so that its 0 is not left out."""
        vertical = self.orientation in ("left", "right")
        spill = math.ceil(QFontMetrics(font).height() / 2) if vertical else True
        self.setStyle(tickFont=font, hideOverlappingLabels=spill)

    def boundingRect(self):  # noqa: N802 (pyqtgraph's name)
        """pyqtgraph's, with the room given to the end labels of a vertical axis even when it draws the grid too
        (pyqtgraph's own leaves that room out then, and drops the 0 at the foot of a bar chart)."""
        rect = super().boundingRect()
        spill = self.style["hideOverlappingLabels"]
        if self.orientation in ("left", "right") and not isinstance(spill, bool):
            rect |= self.mapRectFromParent(self.geometry()).adjusted(0, -spill, 0, spill)
        return rect

    def set_blank(self, blank: bool) -> None:
        """Draw the axis line alone (no ticks, labels or grid) while ``blank``: an empty chart's 0–1 ticks mean
        nothing."""
        if blank != self.blank:
            self.blank = blank
            self.picture = None
            self.update()

    def setTicks(self, ticks) -> None:  # noqa: N802 (pyqtgraph's name)
        self.tick_labels = dict(ticks[0]) if ticks else {}
        super().setTicks(ticks)

    def logTickStrings(self, values, scale, spacing):  # noqa: N802 (pyqtgraph's name)
        strings = super().logTickStrings(values, scale, spacing)
        low, high = sorted(self.range)
        if math.floor(high) - math.ceil(low) >= 1:  # two powers of ten or more on the axis: label only them
            return [text if is_power_of_ten(value) else "" for value, text in zip(values, strings)]
        return strings

    def labelString(self) -> str:  # noqa: N802 (pyqtgraph's name)
        style = ";".join(f"{key}: {value}" for key, value in self.labelStyle.items())
        lines = "<br>".join(html.escape(line) for line in self.shown_label())
        return f"<span style='{style}'>{lines}</span>"

    def shown_label(self) -> list[str]:
        """The label's lines as shown: whole on one line where the axis is long enough, else wrapped into up to
        :data:`LABEL_LINES` lines (a short axis in presentation mode: "tokens in / the text"), the last cut with
        "…" if even they do not hold it."""
        font = QFont(QApplication.font())
        size = str(self.labelStyle.get("font-size", ""))
        if size.endswith("pt"):
            font.setPointSizeF(float(size[:-2]))
        length = self.size().height() if self.orientation in ("left", "right") else self.size().width()
        if length <= 0:
            return [self.labelText]
        return wrap_label(self.labelText, QFontMetrics(font), int(length))

    def _updateWidth(self) -> None:  # noqa: N802 (pyqtgraph's name)
        """pyqtgraph's width, which counts 0.8 of the label's height (its box has margins), and the label
        nudged 5 px outward: short of a wrapped label by a few pixels, which then run into the tick labels, and of
        a Chinese one by a gap (its characters, as tall as the line, stood 4 px from the tick labels, and looked
        run into them). The label gets its whole height and :data:`LABEL_GAP` more."""
        super()._updateWidth()
        if self.label is not None and self.label.isVisible() and self.fixedWidth is None:
            short = 0.2 * self.label.boundingRect().height() - LABEL_NUDGE + LABEL_GAP
            if short > 0:
                self.setMaximumWidth(self.maximumWidth() + short)
                self.setMinimumWidth(self.minimumWidth() + short)

    def _updateLabel(self) -> None:  # noqa: N802 (pyqtgraph's name)
        """pyqtgraph's (the label's HTML set, the axis fitted to it and repainted), only when the HTML changes:
        laying out a window resizes each axis many times, mostly to the same fit (``setHtml`` was a twentieth of
        building the main window)."""
        label = self.labelString()
        if label != self._label_html:
            self._label_html = label  # first: fitting the axis resizes it, which comes back here
            super()._updateLabel()

    def resizeEvent(self, event=None) -> None:  # noqa: N802 (pyqtgraph's name)
        if self.label is not None:
            self._updateLabel()
        super().resizeEvent(event)

    def generateDrawSpecs(self, painter):  # noqa: N802 (pyqtgraph's name)
        specs = super().generateDrawSpecs(painter)
        if specs is None:
            return None
        line, ticks, texts = specs
        if self.blank:
            return (line, [], [])
        return (line, [(self._opaque_pen(pen), start, end) for pen, start, end in ticks], spaced(texts))

    def _opaque_pen(self, pen: QPen) -> QPen:
        """``pen``, or its opaque twin if it is translucent (made once per colour)."""
        if pen.color().alpha() == 255:
            return pen
        rgba = pen.color().rgba()
        if rgba not in self._opaque_pens:
            twin = QPen(pen)
            twin.setColor(opaque(pen.color()))
            self._opaque_pens[rgba] = twin
        return self._opaque_pens[rgba]
