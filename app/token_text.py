"""A token's readable text for Qt widgets: the engine's one label convention (:mod:`bpe_core.render.token_label`: space
␣, newline ↵, tab ⇥, carriage return ⇤, bytes that are not a whole UTF-8 character as ``<E4><B8>``), and the same
escaped for rich-text labels.

>>> render_token(b" the"), render_token("中".encode()[:2])
('␣the', '<E4><B8>')
"""

from __future__ import annotations

import html

from bpe_core.render.token_label import render_pair, render_token

__all__ = ["render_pair", "render_token", "render_token_html"]


def render_token_html(data: bytes) -> str:
    """:func:`render_token`, escaped for a rich-text label.

    >>> render_token_html(b"<b> &")
    '&lt;b&gt;␣&amp;'
    """
    return html.escape(render_token(data))
