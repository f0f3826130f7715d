"""A comparison drawn as a PNG image, with no window: the boxes are placed as the SVG places them
(:func:`bpe_core.render.html_tokens.flow`), then painted with Pillow in the fonts installed (Noto Sans CJK for every
script it covers, DejaVu Sans Mono for hex bytes; Pillow's own font when none is found).

>>> from bpe_core.foreign import TiktokenTokenizer
>>> data = png_document([("gpt2", TiktokenTokenizer.reference("gpt2").view("Hello 世界"))], width=300)
>>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess

from bpe_core.messages import Message
from bpe_core.render.html_tokens import (
    BOX_HEIGHT,
    BRACKET_ROOM,
    FONT_SIZE,
    HEX_SIZE,
    MARGIN,
    PAD,
    ROW_GAP,
    SMALL_SIZE,
    Blocks,
    PictureError,
    Summary,
    bracket_runs,
    check_picture,
    flow,
)
from bpe_core.render.token_label import label_segments
from bpe_core.render.token_style import HEX_TEXT, SPECIAL_FILL, SPECIAL_TEXT, TOKEN_TEXT, token_fill

#: Pixels per SVG unit: a PNG is drawn at twice the size, for slides.
SCALE = 2
TEXT_FONTS = ("Noto Sans CJK SC", "Noto Sans CJK", "DejaVu Sans")
MONO_FONTS = ("DejaVu Sans Mono", "Noto Sans Mono CJK SC")
#: A PNG has at most this many pixels (their RGB takes 3 bytes each, the PNG's encoder as much again).
MAX_PIXELS = 40_000_000


def png_document(blocks: Blocks, *, width: float, safe: bool = False) -> bytes:
    """Views one under another as PNG bytes, ``width`` units wide (drawn at :data:`SCALE` pixels a unit); at most
    :data:`MAX_PIXELS` (else :class:`PictureError`, before any is drawn), and see :func:`check_picture`."""
    from PIL import Image, ImageDraw

    blocks = check_picture(blocks, width)
    laid_out, bottom = [], MARGIN
    for title, view in blocks:
        rows = flow(view, width, _measure)
        top = bottom + (FONT_SIZE * 1.3 if title is not None else 0) + SMALL_SIZE * 1.5 + 6
        tops = [top]
        for row in rows:
            tops.append(tops[-1] + BOX_HEIGHT + ROW_GAP + (BRACKET_ROOM if row.tall else 0))
        laid_out.append((title, view, rows, tops, bottom))
        bottom = tops[-1] + FONT_SIZE
    size = (round(width * SCALE), round((bottom + MARGIN) * SCALE))
    if size[0] * size[1] > MAX_PIXELS:
        width_px, height_px = (f"{n:,}" for n in size)
        limit = f"{MAX_PIXELS / 1e6:g}"
        raise PictureError(Message.of("picture.png_too_large", width=width_px, height=height_px, limit=limit))
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for title, view, rows, tops, top in laid_out:
        y = top
        if title is not None:
            draw.text(_at(MARGIN, y), title, fill=TOKEN_TEXT, font=_font(TEXT_FONTS, FONT_SIZE * 1.1))
            y += FONT_SIZE * 1.3
        draw.text(_at(MARGIN, y), str(Summary.of(view)), fill="#555555", font=_font(TEXT_FONTS, SMALL_SIZE))
        for r, row in enumerate(rows):
            for token, x, w in row.boxes:
                _token(draw, token, x, tops[r], w, safe)
        _brackets(draw, view, rows, tops)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _token(draw, token, x: float, y: float, width: float, safe: bool) -> None:
    fill = SPECIAL_FILL if token.special else token_fill(token.id, safe)
    draw.rectangle([*_at(x, y), *_at(x + width, y + BOX_HEIGHT)], fill=fill)
    tx = x + PAD
    for text, is_hex in label_segments(token.token):
        font = _font(MONO_FONTS if is_hex else TEXT_FONTS, HEX_SIZE if is_hex else FONT_SIZE)
        colour = SPECIAL_TEXT if token.special else HEX_TEXT if is_hex else TOKEN_TEXT
        draw.text(_at(tx, y + BOX_HEIGHT / 2), text, fill=colour, font=font, anchor="lm")
        tx += draw.textlength(text, font=font) / SCALE


def _brackets(draw, view, rows, tops) -> None:
    """A bracket under each run of tokens that together make whole characters, the characters under it."""
    for chars, pieces in bracket_runs(view, rows, tops):
        for n, (x0, x1, y) in enumerate(pieces):
            draw.line([_at(x0, y), _at(x0, y + 4), _at(x1, y + 4), _at(x1, y)], fill=HEX_TEXT, width=2)
            if n == 0:
                font = _font(TEXT_FONTS, SMALL_SIZE)
                draw.text(_at((x0 + x1) / 2, y + 6), chars, fill=HEX_TEXT, font=font, anchor="mt")


def _measure(text: str, is_hex: bool) -> float:
    """A label segment's width as Pillow draws it, in units."""
    font = _font(MONO_FONTS if is_hex else TEXT_FONTS, HEX_SIZE if is_hex else FONT_SIZE)
    return font.getlength(text) / SCALE


def _at(x: float, y: float) -> tuple[float, float]:
    return x * SCALE, y * SCALE


@functools.cache
def _font(families: tuple[str, ...], size: float):
    """The first of ``families`` installed, at ``size`` units (fontconfig finds it); Pillow's own font if none."""
    from PIL import ImageFont

    for family in families:
        path = _font_file(family)
        if path:
            try:
                return ImageFont.truetype(path, round(size * SCALE))
            except OSError:
                continue
    return ImageFont.load_default(size=round(size * SCALE))


def _font_file(family: str) -> str | None:
    if shutil.which("fc-match") is None:
        return None
    found = subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True, text=True, timeout=10)
    path = found.stdout.strip()
    return path if found.returncode == 0 and family.split()[0].lower() in path.lower() else None
