"""Token colors: stable per token id (the same token looks the same in every pane) or alternating, each in a
default or a color-blind-safe palette; special tokens get a style of their own.

The color-blind-safe colors are Paul Tol's "light" scheme, made for filling cells that carry black labels: its
colors stay distinct under the common color-vision deficiencies.

>>> p = Palette(mode="id")
>>> p.fill(1917, 0) == p.fill(1917, 5)      # by id: the position does not matter
True
>>> Palette(mode="alternate").fill(7, 0) != Palette(mode="alternate").fill(7, 1)
True
>>> len(TOL_LIGHT)
9
"""

from __future__ import annotations

from PySide6.QtGui import QColor

#: Paul Tol's "light" qualitative scheme (color-blind safe, readable under black text).
TOL_LIGHT = ("#77AADD", "#99DDFF", "#44BB99", "#BBCC33", "#AAAA00", "#EEDD88", "#EE8866", "#FFAABB", "#DDDDDD")
#: Two well-separated pastels for alternating tokens (default palette).
ALTERNATE = ("#ffd49a", "#a9d8f5")
#: Two of Tol's light colors, far apart in every color-vision deficiency, for alternating tokens.
ALTERNATE_SAFE = ("#EEDD88", "#77AADD")
#: Special tokens: dark fill, light text, in every palette.
SPECIAL_FILL = QColor("#3b3b4f")
SPECIAL_TEXT = QColor("#ffffff")
TEXT = QColor("#111111")
#: Hex bytes of partial UTF-8 tokens.
HEX_TEXT = QColor("#5a1f00")

_GOLDEN = 0.6180339887498949
MODES = ("id", "alternate")


class Palette:
    """Fill colors for tokens. ``mode`` is ``"id"`` or ``"alternate"``; ``safe`` picks the color-blind-safe set."""

    def __init__(self, mode: str = "id", safe: bool = False):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
        self.mode = mode
        self.safe = safe
        self._by_id: dict[int, QColor] = {}
        self._fixed = [QColor(c) for c in (ALTERNATE_SAFE if safe else ALTERNATE)]
        self._safe = [QColor(c) for c in TOL_LIGHT]

    def fill(self, token_id: int, index: int) -> QColor:
        """The fill of the token ``token_id`` at position ``index`` in its pane."""
        if self.mode == "alternate":
            return self._fixed[index % 2]
        color = self._by_id.get(token_id)
        if color is None:
            color = self._by_id[token_id] = self._id_color(token_id)
        return color

    def _id_color(self, token_id: int) -> QColor:
        # Knuth's multiplicative hash spreads neighbouring ids over the whole palette.
        mixed = (token_id * 2654435761) & 0xFFFFFFFF
        if self.safe:
            return self._safe[mixed % len(self._safe)]
        hue = (token_id * _GOLDEN) % 1.0
        saturation = 0.28 + 0.14 * ((mixed >> 8) % 3) / 2
        return QColor.fromHsvF(hue, saturation, 0.98)
