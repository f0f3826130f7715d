"""How a token looks, in the window and in the files alike: its colours and the font families of its label.

One formula, :func:`token_fill`, gives a light colour per token id (or, ``safe=True``, one of Paul Tol's "light"
colours, which stay distinct under the common colour-vision deficiencies and carry black labels). Special tokens
are dark with light text everywhere; the hex bytes of a token that holds part of a UTF-8 character are brown.
Colours are ``#rrggbb`` strings: the window wraps them in ``QColor`` (``app/style.py``), the HTML and SVG drawings
(:mod:`bpe_core.render.html_tokens`) write them as they are.

>>> token_fill(1917), token_fill(1917) == token_fill(1918)
('#e0b4fa', False)
>>> token_fill(42, safe=True) in TOL_LIGHT
True
"""

from __future__ import annotations

import colorsys

#: Token and ordinary text: Latin, then CJK, then colour emoji and a last fallback where installed.
TEXT_FAMILIES = ["DejaVu Sans", "Noto Sans CJK SC", "Noto Color Emoji", "Droid Sans Fallback"]
#: Tables, chart ticks and hex bytes: monospaced Latin (fast to draw), CJK from Noto when a text holds it.
MONO_FAMILIES = ["DejaVu Sans Mono", "Noto Sans Mono CJK SC"]

#: Paul Tol's "light" qualitative scheme (colour-blind safe, readable under black text).
TOL_LIGHT = ("#77AADD", "#99DDFF", "#44BB99", "#BBCC33", "#AAAA00", "#EEDD88", "#EE8866", "#FFAABB", "#DDDDDD")
#: Two well-separated pastels for alternating tokens (the window's other palette).
ALTERNATE = ("#ffd49a", "#a9d8f5")
#: Two of Tol's light colours, far apart in every colour-vision deficiency, for alternating tokens.
ALTERNATE_SAFE = ("#EEDD88", "#77AADD")
#: Special tokens: dark fill, light text, in every palette and view.
SPECIAL_FILL = "#3b3b4f"
SPECIAL_TEXT = "#ffffff"
#: A token's label, and the hex bytes of a token that holds part of a UTF-8 character.
TOKEN_TEXT = "#111111"
HEX_TEXT = "#5a1f00"

_GOLDEN = 0.6180339887498949


def token_fill(token_id: int, safe: bool = False) -> str:
    """The fill of token ``token_id``: a light hue by the golden ratio (neighbouring ids differ), or with ``safe``
    one of :data:`TOL_LIGHT`. Knuth's multiplicative hash spreads neighbouring ids over the saturations (or the
    safe colours).

    >>> token_fill(0), token_fill(1), token_fill(7, safe=True)
    ('#fab4b4', '#a2bcfa', '#EE8866')
    """
    mixed = (token_id * 2654435761) & 0xFFFFFFFF
    if safe:
        return TOL_LIGHT[mixed % len(TOL_LIGHT)]
    hue = (token_id * _GOLDEN) % 1.0
    saturation = 0.28 + 0.14 * ((mixed >> 8) % 3) / 2
    red, green, blue = colorsys.hsv_to_rgb(hue, saturation, 0.98)
    return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"
