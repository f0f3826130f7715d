"""Token views drawn outside the window: HTML (a page that needs nothing else, or a fragment for Jupyter) and SVG
(rows laid out at a chosen width, in pure Python). Each token is a box in the window's colours
(:mod:`bpe_core.render.token_style`) labelled as everywhere else (:mod:`bpe_core.render.token_label`: whitespace ␣ ↵ ⇥,
bytes that are not a whole character as ``<E4><B8>`` in a smaller brown monospaced font), with a hover giving its id,
bytes and characters; tokens that together make one UTF-8 character get a bracket with the character under it,
and a token ending in a newline ends its row, as in the Compare tab.

A view is anything with the ``text``, ``tokens`` and ``groups()`` of a :class:`bpe_core.encoding.token_spans.TokenView`;
this module imports none, so that a view can draw itself with it (``TokenView._repr_html_``). Everything written is
escaped: a text holding ``<script>`` shows it, never runs it.

>>> from bpe_core.encoding.token_spans import view_from_spans
>>> view = view_from_spans("a<鬱", [64, 27, 165, 105, 109], [b"a", b"<", b"\\xe9", b"\\xac", b"\\xb1"],
...                        [0, 1, 2, 3, 4], [1, 2, 3, 4, 5], set())
>>> str(Summary.of(view))
'5 tokens · 0.60 chars/token · 1.00 bytes/token'
>>> drawn = view_html(view)
>>> '>&lt;</span>' in drawn, '<span class="bpe-hex">&lt;E9&gt;</span>' in drawn, 'class="bpe-char">鬱<' in drawn
(True, True, True)
>>> print(hover_text(view, view.tokens[2]))
id 165 · token 3 of 5
bytes: E9 (1)
characters 2–3: 鬱
part of a character: bytes 0-0 of 3 of '鬱'
>>> svg_document([("gpt2", view)], width=300).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')
True
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from bpe_core.messages import EngineError, Message
from bpe_core.render.token_label import label_segments, newlines, render_token
from bpe_core.render.token_style import (
    HEX_TEXT,
    MONO_FAMILIES,
    SPECIAL_FILL,
    SPECIAL_TEXT,
    TEXT_FAMILIES,
    TOKEN_TEXT,
    token_fill,
)

#: What the drawing functions take: (title or None, view) pairs.
Blocks = Iterable[tuple[str | None, Any]]  # (title, TokenView): bpe_core.encoding.token_spans imports this module


@dataclass(frozen=True)
class Summary:
    """A view's figures, as the Compare tab gives them: tokens, characters and UTF-8 bytes of the text."""

    tokens: int
    chars: int
    bytes: int

    @classmethod
    def of(cls, view) -> Summary:
        return cls(len(view.tokens), len(view.text), len(view.text.encode("utf-8", "surrogatepass")))

    @property
    def chars_per_token(self) -> float | None:
        return self.chars / self.tokens if self.tokens else None

    @property
    def bytes_per_token(self) -> float | None:
        return self.bytes / self.tokens if self.tokens else None

    def __str__(self) -> str:
        if not self.tokens:
            return "0 tokens"
        noun = "token" if self.tokens == 1 else "tokens"
        return (
            f"{self.tokens:,} {noun} · {self.chars_per_token:.2f} chars/token · {self.bytes_per_token:.2f} bytes/token"
        )


def hover_text(view, token) -> str:
    """What hovering a token shows (lines): its id and place, its bytes in hex, the characters it covers."""
    chars = view.text[token.start : token.end].encode("utf-8", "surrogatepass")
    lines = [
        f"id {token.id} · token {token.index + 1:,} of {len(view.tokens):,}",
        f"bytes: {token.token.hex(' ').upper() or 'none'} ({len(token.token)})",
        f"characters {token.start}–{token.end}: {render_token(chars)}",
    ]
    lines.extend(f"part of a character: {part}" for part in token.partial)
    if token.special:
        lines.append("special token")
    return "\n".join(lines)


#: The characters XML cannot hold (controls but tab and line breaks, surrogates, U+FFFE and U+FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _escape(text: str) -> str:
    """``text`` escaped for an element's content or an attribute value (newlines kept as ``&#10;``, what XML
    cannot hold as U+FFFD)."""
    return html.escape(_NOT_XML.sub("\ufffd", text), quote=True).replace("\n", "&#10;")


def _families(families: list[str], generic: str) -> str:
    return ", ".join([*(f"'{family}'" for family in families), generic])


# ----- HTML -----

TEXT_FONT = _families(TEXT_FAMILIES, "sans-serif")
MONO_FONT = _families(MONO_FAMILIES, "monospace")
CSS = f"""
.bpe {{ font-family: {TEXT_FONT}; color: {TOKEN_TEXT}; }}
.bpe-view {{ margin: 0 0 1.5em; }}
.bpe-title {{ font-size: 1.1em; font-weight: bold; margin: 0; }}
.bpe-summary {{ color: #555555; font-size: 0.9em; margin: 0.15em 0 0.5em; }}
.bpe-tokens {{ line-height: 1.9; }}
.bpe-t {{ display: inline-block; min-width: 8px; padding: 0 3px; margin: 0 2px 3px 0; line-height: 1.5;
  white-space: pre; vertical-align: top; color: {TOKEN_TEXT}; }}
.bpe-special {{ background: {SPECIAL_FILL}; color: {SPECIAL_TEXT}; }}
.bpe-hex {{ font-family: {MONO_FONT}; font-size: 0.8em; color: {HEX_TEXT}; }}
.bpe-special .bpe-hex {{ color: {SPECIAL_TEXT}; }}
.bpe-group {{ display: inline-flex; flex-direction: column; vertical-align: top; }}
.bpe-run {{ display: flex; }}
.bpe-bracket {{ height: 4px; margin: 0 3px 0 1px; border: 1.2px solid {HEX_TEXT}; border-top: none; }}
.bpe-char {{ text-align: center; font-size: 0.85em; line-height: 1.3; color: {HEX_TEXT}; white-space: pre; }}
"""


def token_html(view, token, *, safe: bool = False) -> str:
    """One token as a coloured ``<span>`` with its hover (``safe``: the colour-blind-safe colours)."""
    label = "".join(
        f'<span class="bpe-hex">{_escape(text)}</span>' if is_hex else _escape(text)
        for text, is_hex in label_segments(token.token)
    )
    if token.special:
        look = 'class="bpe-t bpe-special"'
    else:
        look = f'class="bpe-t" style="background: {token_fill(token.id, safe)}"'
    return f'<span {look} title="{_escape(hover_text(view, token))}">{label}</span>'


def view_html(view, title: str | None = None, *, safe: bool = False) -> str:
    """One view as a ``<section>``: its title (if any), its summary and its tokens (styled by :data:`CSS`)."""
    return "".join(view_chunks(view, title, safe=safe))


def view_chunks(view, title: str | None = None, *, safe: bool = False) -> Iterator[str]:
    """:func:`view_html` in pieces, a group of tokens at a time (a file is written as they come)."""
    yield '<section class="bpe-view">'
    if title is not None:
        yield f'<h2 class="bpe-title">{_escape(title)}</h2>'
    yield f'<p class="bpe-summary">{Summary.of(view)}</p><div class="bpe-tokens">'
    for group in view.groups():
        boxes = "".join(token_html(view, token, safe=safe) for token in group)
        if len(group) > 1:
            chars = view.text[group[0].start : group[-1].end].encode("utf-8", "surrogatepass")
            boxes = (
                f'<span class="bpe-group"><span class="bpe-run">{boxes}</span><span class="bpe-bracket"></span>'
                f'<span class="bpe-char">{_escape(render_token(chars))}</span></span>'
            )
        yield boxes + "<br>" * sum(newlines(token.token) for token in group)
    yield "</div></section>"


def fragment_html(blocks: Blocks, *, safe: bool = False) -> str:
    """Views as an HTML fragment with its own style, for a notebook's output."""
    return "".join(_fragment_chunks(blocks, safe=safe))


def _fragment_chunks(blocks: Blocks, *, safe: bool) -> Iterator[str]:
    yield f'<div class="bpe"><style>{CSS}</style>\n'
    for k, (title, view) in enumerate(blocks):
        yield "\n" if k else ""
        yield from view_chunks(view, title, safe=safe)
    yield "\n</div>"


def page_html(blocks: Blocks, *, title: str = "Tokenizer comparison", safe: bool = False) -> str:
    """Views as a whole HTML page: inline style only, no script, nothing fetched (its security policy forbids
    both, so even a browser that met something unescaped would not run or load it)."""
    return "".join(page_chunks(blocks, title=title, safe=safe))


def page_chunks(blocks: Blocks, *, title: str = "Tokenizer comparison", safe: bool = False) -> Iterator[str]:
    """:func:`page_html` in pieces: a page of millions of tokens is written without being held whole."""
    yield (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        f'<title>{_escape(title)}</title>\n</head>\n<body class="bpe">\n<h1>{_escape(title)}</h1>\n'
    )
    yield from _fragment_chunks(blocks, safe=safe)
    yield "\n</body>\n</html>\n"


# ----- SVG -----

FONT_SIZE = 14.0
HEX_SIZE = FONT_SIZE * 0.8
SMALL_SIZE = FONT_SIZE * 0.85
PAD, GAP, MARGIN, ROW_GAP = 3.0, 2.0, 6.0, 5.0
BOX_HEIGHT = FONT_SIZE * 1.2 + 4
#: A row holding a bracket is this much taller (room for the character written under it).
BRACKET_ROOM = SMALL_SIZE * 1.2 + 7
#: An SVG is at least this wide (the Compare tab's narrowest pane); it is this wide unless asked otherwise.
MIN_WIDTH = 120.0
DEFAULT_WIDTH = 900
#: ... and at most this wide (a PNG twice as many pixels).
MAX_WIDTH = 10_000
#: A picture (SVG or PNG) draws a text of at most this many characters, about ten pages: its SVG takes about 400
#: bytes a token, 7 MB for 19,000 characters of English under the four references, 39 MB for 19,800 Chinese
#: characters (GPT-2 cuts each into bytes), made at a peak of 270 MB.
MAX_PICTURE_CHARS = 20_000


class PictureError(EngineError, ValueError):
    """A picture that would be too large to make: too wide, of too long a text, or a PNG of too many pixels."""


def check_picture(blocks: Blocks, width: float) -> list:
    """``blocks`` as a list, once they are known to make a picture ``width`` wide of at most
    :data:`MAX_PICTURE_CHARS` characters a view; else :class:`PictureError` (or ``ValueError``: too narrow).

    >>> check_picture([], 20_000)
    Traceback (most recent call last):
    ...
    bpe_core.render.html_tokens.PictureError: a picture is at most 10,000 pixels wide, not 20,000
    """
    if not width >= MIN_WIDTH:
        raise ValueError(f"a drawing is at least {MIN_WIDTH:.0f} pixels wide, not {width}")
    if width > MAX_WIDTH:
        raise PictureError(Message.of("picture.too_wide", limit=f"{MAX_WIDTH:,}", width=f"{width:,.0f}"))
    blocks = list(blocks)
    longest = max((len(view.text) for _, view in blocks), default=0)
    if longest > MAX_PICTURE_CHARS:
        raise PictureError(Message.of("picture.too_long", limit=f"{MAX_PICTURE_CHARS:,}", count=f"{longest:,}"))
    return blocks


def char_advance(ch: str) -> float:
    """About how wide ``ch`` is drawn, in ems (no font is measured: wide East Asian characters and emoji take one
    em, marks that combine none, other characters 0.6); each text's ``textLength`` makes the font fit it.

    >>> char_advance("中"), char_advance("a"), char_advance("\\u0301")
    (1.0, 0.6, 0.0)
    """
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0.0
    return 1.0 if unicodedata.east_asian_width(ch) in ("W", "F") else 0.6


def _segment_width(text: str, is_hex: bool) -> float:
    if is_hex:
        return len(text) * 0.6 * HEX_SIZE
    return sum(map(char_advance, text)) * FONT_SIZE


@dataclass
class _Row:
    """The boxes of one row: ``(token, x, width)``; ``tall`` if a bracket goes under some of them."""

    boxes: list
    tall: bool = False


def flow(view, width: float, measure=None) -> list[_Row]:
    """The view's boxes in rows of ``width``, placed by the Compare tab's layout
    (:class:`~bpe_core.render.token_layout.FlowLayout`): a box that does not fit starts the next row (unless it is the
    first of its row), a token ending in newlines ends its row. ``measure(text, is_hex)`` is a label segment's
    width (by default estimated from the characters, as the SVG needs)."""
    measure = measure or _segment_width
    tokens: list = []  # TokenSpans
    sizes, tall = [], set()
    for group in view.groups():
        for token in group:
            if len(group) > 1:
                tall.add(len(tokens))
            tokens.append(token)
            box = max(sum(measure(*s) for s in label_segments(token.token)) + 2 * PAD, 8.0)
            sizes.append((box, newlines(token.token)))
    from bpe_core.render.token_layout import FlowLayout  # numpy: imported only when a picture is drawn

    layout = FlowLayout(width, BOX_HEIGHT, BOX_HEIGHT + ROW_GAP, tall=tall, margin=MARGIN, gap=GAP)
    layout.extend(sizes)
    tall_rows = layout.tall_rows
    rows = [_Row([], r in tall_rows) for r in range(layout.row_count)]
    for token, x, box, row in zip(tokens, layout.xs, layout.widths, layout.rows):
        rows[row].boxes.append((token, x, box))
    return rows


def _svg_text(x: float, y: float, text: str, size: float, fill: str, extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" fill="{fill}"{extra}>{_escape(text)}</text>'


def _svg_token(view, token, x: float, y: float, width: float, safe: bool) -> list[str]:
    fill = SPECIAL_FILL if token.special else token_fill(token.id, safe)
    parts = [
        f"<g><title>{_escape(hover_text(view, token))}</title>",
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{BOX_HEIGHT:.1f}" fill="{fill}"/>',
    ]
    tx = x + PAD
    for text, is_hex in label_segments(token.token):
        length = _segment_width(text, is_hex)
        colour = SPECIAL_TEXT if token.special else HEX_TEXT if is_hex else TOKEN_TEXT
        extra = f' textLength="{length:.1f}" lengthAdjust="spacingAndGlyphs"'
        if is_hex:
            extra += f' font-family="{MONO_FONT}"'
        baseline = y + BOX_HEIGHT / 2 + (HEX_SIZE if is_hex else FONT_SIZE) * 0.36
        parts.append(_svg_text(tx, baseline, text, HEX_SIZE if is_hex else FONT_SIZE, colour, extra))
        tx += length
    parts.append("</g>")
    return parts


def bracket_runs(view, rows: list[_Row], tops: list[float]) -> list[tuple[str, list[tuple[float, float, float]]]]:
    """For each run of tokens that together make whole characters: the characters, and the bracket under each of
    its pieces on one row (``x0, x1, y``), the first piece's carrying the characters. The SVG and the PNG draw
    them alike."""
    where = {token.index: (r, x, w) for r, row in enumerate(rows) for token, x, w in row.boxes}
    found = []
    for group in view.groups():
        if len(group) < 2:
            continue
        chars = render_token(view.text[group[0].start : group[-1].end].encode("utf-8", "surrogatepass"))
        runs: dict[int, list[float]] = {}
        for token in group:
            r, x, w = where[token.index]
            runs.setdefault(r, []).extend((x + 1, x + w - 1))
        found.append((chars, [(min(xs), max(xs), tops[r] + BOX_HEIGHT + 2) for r, xs in runs.items()]))
    return found


def _svg_brackets(view, rows: list[_Row], tops: list[float]) -> list[str]:
    """A bracket under each run (on one row) of the tokens that together make whole characters, with the
    characters under the first run."""
    parts = []
    for chars, pieces in bracket_runs(view, rows, tops):
        for n, (x0, x1, y) in enumerate(pieces):
            parts.append(
                f'<path d="M{x0:.1f} {y:.1f}v4H{x1:.1f}v-4" fill="none" stroke="{HEX_TEXT}" stroke-width="1.2"/>'
            )
            if n == 0:
                parts.append(
                    _svg_text((x0 + x1) / 2, y + 4 + SMALL_SIZE, chars, SMALL_SIZE, HEX_TEXT, ' text-anchor="middle"')
                )
    return parts


def svg_view(view, title: str | None, top: float, width: float, *, safe: bool = False) -> tuple[list[str], float]:
    """One view's title, summary and rows of boxes, from ``top`` down: the SVG elements and the bottom."""
    parts = []
    y = top
    if title is not None:
        y += FONT_SIZE * 1.3
        parts.append(_svg_text(MARGIN, y, title, FONT_SIZE * 1.1, TOKEN_TEXT, ' font-weight="bold"'))
    y += SMALL_SIZE * 1.5
    parts.append(_svg_text(MARGIN, y, str(Summary.of(view)), SMALL_SIZE, "#555555"))
    rows = flow(view, width)
    tops = [y + 6]
    for row in rows:
        tops.append(tops[-1] + BOX_HEIGHT + ROW_GAP + (BRACKET_ROOM if row.tall else 0))
    for r, row in enumerate(rows):
        for token, x, w in row.boxes:
            parts.extend(_svg_token(view, token, x, tops[r], w, safe))
    parts.extend(_svg_brackets(view, rows, tops))
    return parts, tops[-1]


def svg_document(blocks: Blocks, *, width: float = DEFAULT_WIDTH, safe: bool = False) -> str:
    """Views one under another as an SVG document ``width`` pixels wide, as tall as they need (see
    :func:`check_picture` for the bounds)."""
    blocks = check_picture(blocks, width)
    parts: list[str] = []
    bottom = MARGIN
    for title, view in blocks:
        elements, bottom = svg_view(view, title, bottom, width, safe=safe)
        parts.extend(elements)
        bottom += FONT_SIZE
    height = bottom + MARGIN
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:.0f}" '
        f'viewBox="0 0 {width:g} {height:.0f}" font-family="{TEXT_FONT}">'
    )
    return "\n".join([head, '<rect width="100%" height="100%" fill="#ffffff"/>', *parts, "</svg>\n"])
