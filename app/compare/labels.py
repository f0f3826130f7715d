"""What a token box says: the token's text (whitespace made visible on request), its bytes in hex where they are
only part of a UTF-8 character, or its id.

A label is a tuple of segments ``(text, is_hex)``; hex segments are drawn in a smaller monospaced font.

>>> token_label(b" the\\n", visible_whitespace=True)
(('·the↵', False),)
>>> token_label(b" the", visible_whitespace=False)
((' the', False),)
>>> token_label("中".encode()[:2] , visible_whitespace=True)
(('E4 B8', True),)
>>> token_label(b"\\xad" + "文".encode(), visible_whitespace=True)
(('AD', True), ('文', False))
>>> token_label(b"\\x00a", visible_whitespace=False)
(('00', True), ('a', False))
"""

from __future__ import annotations

import unicodedata

#: Whitespace made visible: space ·, tab →, newline ↵, carriage return ␍.
VISIBLE = {" ": "·", "\t": "→", "\n": "↵", "\r": "␍"}
#: Whitespace as drawn when it is not made visible (a newline ends the row instead).
PLAIN = {"\t": "    ", "\n": "", "\r": ""}

Segments = tuple[tuple[str, bool], ...]


def token_label(data: bytes, *, visible_whitespace: bool) -> Segments:
    """The segments shown for a token with bytes ``data`` (see the module docstring)."""
    text = data.decode("utf-8", errors="surrogateescape")
    segments: list[tuple[str, bool]] = []
    shown: list[str] = []
    hex_bytes: list[str] = []
    for ch in text:
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte, escaped by surrogateescape
            _flush(segments, shown, False)
            hex_bytes.append(f"{code - 0xDC00:02X}")
            continue
        _flush(segments, hex_bytes, True)
        if ch in VISIBLE:
            shown.append(VISIBLE[ch] if visible_whitespace else PLAIN.get(ch, ch))
        elif _invisible(ch):
            _flush(segments, shown, False)
            hex_bytes.extend(f"{b:02X}" for b in ch.encode("utf-8"))
            _flush(segments, hex_bytes, True)
        else:
            shown.append(ch)
    _flush(segments, shown, False)
    _flush(segments, hex_bytes, True)
    return tuple(segments)


def visible_text(data: bytes) -> str:
    """One line for a tooltip: whitespace visible, undecodable bytes as ``<XX>``.

    >>> visible_text(b"a b\\n\\xe4")
    'a·b↵<E4>'
    """
    return "".join(f"<{text.replace(' ', '><')}>" if is_hex else text
                   for text, is_hex in token_label(data, visible_whitespace=True))


def newlines(data: bytes) -> int:
    """How many rows a token ends (its newline count).

    >>> newlines(b"\\n\\n"), newlines(b" x")
    (2, 0)
    """
    return data.count(b"\n")


def _invisible(ch: str) -> bool:
    """Control and format characters, and whitespace other than the four made visible, have no glyph to show."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") or (ch.isspace() and ch != " ")


def _flush(segments: list, pending: list[str], is_hex: bool) -> None:
    if pending:
        segments.append((" ".join(pending) if is_hex else "".join(pending), is_hex))
        pending.clear()
