"""Render a token's bytes as readable text for tables and chart labels.

Whitespace becomes visible (space ␣, newline ↵, tab ⇥, carriage return ␍), other control characters and bytes
that are not a complete UTF-8 character are shown as hex escapes, and everything else (Chinese, emoji, accents)
appears as the characters themselves.

>>> render_token(b" the")
'␣the'
>>> render_token(b"\\n\\t")
'↵⇥'
>>> render_token("中文".encode())
'中文'
>>> render_token("中".encode()[:2])
'<E4><B8>'
>>> render_token(b"\\x00x")
'<00>x'
"""

from __future__ import annotations

import codecs
import html
import unicodedata

_VISIBLE = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}


def _hex_escape(exc: UnicodeDecodeError) -> tuple[str, int]:
    """Codec error handler: each undecodable byte becomes ``<XX>``."""
    bad = exc.object[exc.start : exc.end]
    return "".join(f"<{b:02X}>" for b in bad), exc.end


codecs.register_error("bpe_explorer_hex", _hex_escape)


def _visible_char(ch: str) -> str:
    if ch in _VISIBLE:
        return _VISIBLE[ch]
    if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") or (
        ch.isspace() and ch != " "
    ):
        return "".join(f"<{b:02X}>" for b in ch.encode("utf-8"))
    return ch


def render_token(data: bytes) -> str:
    """A token's bytes as one line of readable text (see the module docstring)."""
    text = data.decode("utf-8", errors="bpe_explorer_hex")
    return "".join(_visible_char(ch) for ch in text)


def render_token_html(data: bytes) -> str:
    """:func:`render_token`, escaped for a rich-text label.

    >>> render_token_html(b"<b> &")
    '&lt;b&gt;␣&amp;'
    """
    return html.escape(render_token(data))


def render_pair(left: bytes, right: bytes) -> str:
    """Two tokens about to merge, e.g. for a chart label.

    >>> render_pair(b" t", b"he")
    '␣t + he'
    """
    return f"{render_token(left)} + {render_token(right)}"
