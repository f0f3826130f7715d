"""Colours and fonts, in one place: a token looks the same in every view (Compare panes, Teach chips, merge trees).

Fonts: token text and ordinary text use :data:`TEXT_FAMILIES` (Latin, then CJK, then colour emoji where installed);
tables, ticks and hex bytes use :data:`MONO_FAMILIES`.

Token colours: one formula, :func:`token_color`, gives a light colour per token id (or, ``safe=True``, one of Paul
Tol's "light" colours, which stay distinct under the common colour-vision deficiencies and carry black labels).
:class:`Palette` adds the alternating mode of the Compare tab. Special tokens are dark with light text everywhere.
The palette and the font families live in :mod:`bpe_core.render.token_style`, so that the engine's HTML and SVG drawings
of tokens look like the window's.

>>> token_color(1917) == token_color(1917), token_color(1917) == token_color(1918)
(True, False)
>>> Palette(mode="id").fill(1917, 0) == token_color(1917)   # the Compare tab's colour is the Teach window's
True
>>> Palette(mode="alternate").fill(7, 0) != Palette(mode="alternate").fill(7, 1)
True
>>> token_color(42, safe=True).name() in [c.lower() for c in TOL_LIGHT]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QColor, QFont, QFontMetricsF

from bpe_core.render import token_style
from bpe_core.render.token_style import ALTERNATE, ALTERNATE_SAFE, MONO_FAMILIES, TEXT_FAMILIES
from bpe_core.render.token_style import TOL_LIGHT as TOL_LIGHT  # the safe colours, for the charts and tests

# ----- fonts -----


def text_font(point_size: float = 11.0) -> QFont:
    """The font of token labels and text (the application's font is ``text_font(10)``).

    >>> text_font(14).families()[:2], text_font(14).pointSizeF()
    (['DejaVu Sans', 'Noto Sans CJK SC'], 14.0)
    """
    return _font(TEXT_FAMILIES, point_size)


def mono_font(point_size: float = 10.0) -> QFont:
    """The monospaced font of tables, chart ticks and hex bytes.

    >>> mono_font(9).families()[0], mono_font(9).pointSizeF()
    ('DejaVu Sans Mono', 9.0)
    """
    return _font(MONO_FAMILIES, point_size)


class GlyphCheck:
    """Whether ``font`` (with its fallback families) can draw a character; each answer is remembered.

    >>> has_glyph = GlyphCheck(text_font())
    >>> has_glyph("a"), has_glyph(" "), has_glyph("\U000f0000")   # a private-use character has no glyph
    (True, True, False)
    """

    def __init__(self, font: QFont):
        self._metrics = QFontMetricsF(font)
        self._known: dict[str, bool] = {}

    def __call__(self, ch: str) -> bool:
        known = self._known.get(ch)
        if known is None:
            known = self._known[ch] = ch.isspace() or self._metrics.inFontUcs4(ord(ch))
        return known


def glyph_runs(text: str, has_glyph: Callable[[str], bool]) -> list[tuple[str, bool]]:
    """``text`` as runs ``(text, False)`` of characters that can be drawn and ``("U+1F642", True)`` for each one
    that cannot (shown as its code point rather than as an empty box, in every view).

    >>> glyph_runs("a🙂b", lambda ch: ch != "🙂")
    [('a', False), ('U+1F642', True), ('b', False)]
    """
    if all(map(has_glyph, text)):
        return [(text, False)] if text else []
    runs: list[tuple[str, bool]] = []
    run: list[str] = []
    for ch in text:
        if has_glyph(ch):
            run.append(ch)
            continue
        if run:
            runs.append(("".join(run), False))
            run = []
        runs.append((f"U+{ord(ch):04X}", True))
    if run:
        runs.append(("".join(run), False))
    return runs


def spaced_code_points(runs: Iterable[tuple[str, bool]]) -> tuple[tuple[str, bool], ...]:
    """``runs`` with a space between two code points in a row, which would otherwise read as one
    ("U+1F642U+1F44D"); hex bytes (``<E4>``) stay side by side.

    >>> spaced_code_points((("a", False), ("U+1F642", True), ("U+1F44D", True), ("<E4>", True), ("<B8>", True)))
    (('a', False), ('U+1F642', True), (' ', False), ('U+1F44D', True), ('<E4>', True), ('<B8>', True))
    """
    spaced: list[tuple[str, bool]] = []
    for run in runs:
        if spaced and _is_code_point(spaced[-1]) and _is_code_point(run):
            spaced.append((" ", False))
        spaced.append(run)
    return tuple(spaced)


def _is_code_point(run: tuple[str, bool]) -> bool:
    """A character drawn as its code point (:func:`glyph_runs`), not hex bytes (``<E4>``)."""
    text, is_hex = run
    return is_hex and text.startswith("U+")


def drawable_segments(
    segments: Iterable[tuple[str, bool]], has_glyph: Callable[[str], bool]
) -> tuple[tuple[str, bool], ...]:
    """A label's segments ``(text, is_hex)`` (:func:`bpe_core.render.token_label.label_segments`) as drawn: characters
    no font can draw become code points, drawn like hex bytes (in :func:`mono_font`, :data:`HEX_TEXT`), two in a
    row apart (:func:`spaced_code_points`).

    >>> drawable_segments([("<E4>", True), ("a🙂", False)], lambda ch: ch != "🙂")
    (('<E4>', True), ('a', False), ('U+1F642', True))
    >>> drawable_segments([("🙂", False), ("👍", False)], lambda ch: ch.isascii())  # (two code points: apart)
    (('U+1F642', True), (' ', False), ('U+1F44D', True))
    """
    drawn: list[tuple[str, bool]] = []
    for text, is_hex in segments:
        drawn.extend([(text, True)] if is_hex else glyph_runs(text, has_glyph))
    return spaced_code_points(drawn)


def shown_text(text: str, has_glyph: Callable[[str], bool]) -> str:
    """``text`` as drawn: each character no font can draw written as its code point, two in a row apart.

    >>> shown_text("a🙂👍", lambda ch: ch.isascii())
    'aU+1F642 U+1F44D'
    """
    return "".join(run for run, _ in spaced_code_points(glyph_runs(text, has_glyph)))


def _font(families: list[str], point_size: float) -> QFont:
    font = QFont(families[0], -1)
    font.setFamilies(families)
    font.setPointSizeF(point_size)
    return font


# ----- token colours -----

#: Special tokens: dark fill, light text, in every palette and view.
SPECIAL_FILL = QColor(token_style.SPECIAL_FILL)
SPECIAL_TEXT = QColor(token_style.SPECIAL_TEXT)
#: A token's label, and the hex bytes of a token that holds part of a UTF-8 character.
TOKEN_TEXT = QColor(token_style.TOKEN_TEXT)
HEX_TEXT = QColor(token_style.HEX_TEXT)
#: Secondary text under a token (its id); the border of a plain chip and a dimmed label; a dimmed chip's fill.
SUB_TEXT = QColor("#555555")
MUTED = QColor("#9a9a9a")
DIM_FILL = QColor("#eeeeee")

MODES = ("id", "alternate")


def token_color(token_id: int, safe: bool = False) -> QColor:
    """The fill of token ``token_id`` (:func:`bpe_core.render.token_style.token_fill`: by id, or with ``safe`` one of
    :data:`TOL_LIGHT`)."""
    return QColor(token_style.token_fill(token_id, safe))


class Palette:
    """Fill colours for tokens. ``mode`` is ``"id"`` (:func:`token_color`, the same in every view) or
    ``"alternate"`` (two colours by position); ``safe`` picks the colour-blind-safe set."""

    def __init__(self, mode: str = "id", safe: bool = False):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
        self.mode = mode
        self.safe = safe
        self._by_id: dict[int, QColor] = {}
        self._fixed = [QColor(c) for c in (ALTERNATE_SAFE if safe else ALTERNATE)]

    def fill(self, token_id: int, index: int) -> QColor:
        """The fill of the token ``token_id`` at position ``index`` in its view."""
        if self.mode == "alternate":
            return self._fixed[index % 2]
        color = self._by_id.get(token_id)
        if color is None:
            color = self._by_id[token_id] = token_color(token_id, self.safe)
        return color


# ----- marks -----

#: Teaching marks: a pair about to merge (orange), a token just made (green), one crossing a pre-token (red).
PAIR = QColor("#d95f02")
NEW = QColor("#1b9e77")
CROSS = QColor("#c2185b")
MARK_COLORS = {"pair": PAIR, "new": NEW, "cross": CROSS}
#: Compare tab: tokens linked by a click, a cut the reference pane lacks, a reference cut this pane lacks, and the
#: two alternating shades of the pre-token chunk bars.
HIGHLIGHT = QColor("#0b3d91")
EXTRA_CUT = QColor("#d0021b")
MISSING_CUT = QColor("#f08c00")
CHUNK_COLORS = (QColor("#4a4a4a"), QColor("#a8a8a8"))
#: Compare tab, chat mode: the hatching and bar of the tokens of a chat template's own text.
TEMPLATE = QColor("#37474f")
