"""How a token is written for people: the one convention of the merges table, the Compare tab, the Teach window
and the command line.

Whitespace is made visible (space ␣, newline ↵, tab ⇥, carriage return ⇤); characters with no glyph (controls,
format characters, other spaces) and bytes that are not a whole UTF-8 character are written as their bytes in
hex, ``<E4><B8>``; everything else (Chinese, emoji, accents) is written as itself.

>>> render_token(b" the\\n")
'␣the↵'
>>> render_token("中".encode()[:2])
'<E4><B8>'
>>> render_token(b"\\x00x\\t")
'<00>x⇥'

Views that draw hex bytes in a font of their own ask for the label as segments ``(text, is_hex)``:

>>> label_segments(b"\\xad" + "文".encode())
(('<AD>', True), ('文', False))
>>> label_segments(b" a\\n", visible_whitespace=False)
((' a', False),)
"""

from __future__ import annotations

#: Whitespace made visible: space, newline, tab, carriage return (⇤, "back to the line start": the control
#: picture ␍ is in no common font, and would be drawn as its code point).
VISIBLE = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "⇤"}
#: Whitespace as written when it is not made visible (a view ends the row at a newline instead).
PLAIN = {"\t": "    ", "\n": "", "\r": ""}

Segments = tuple[tuple[str, bool], ...]


def visible(text: str) -> str:
    """``text`` with its spaces, line breaks and tabs shown as token labels show them (``VISIBLE``).

    >>> visible(" a\\tb\\n")
    '␣a⇥b↵'
    """
    for char, shown in VISIBLE.items():
        text = text.replace(char, shown)
    return text


def label_segments(data: bytes, *, visible_whitespace: bool = True) -> Segments:
    """The label of the token ``data`` as runs of text and of hex bytes (see the module docstring); joined, the
    runs are :func:`render_token` (with ``visible_whitespace``)."""
    segments: list[tuple[str, bool]] = []
    text: list[str] = []
    hex_bytes: list[str] = []
    spaces = VISIBLE if visible_whitespace else PLAIN
    for ch in data.decode("utf-8", errors="surrogateescape"):
        if ch in VISIBLE:
            _flush(segments, hex_bytes, True)
            text.append(spaces.get(ch, ch))
        elif ch.isprintable():
            _flush(segments, hex_bytes, True)
            text.append(ch)
        else:  # no glyph, or an undecodable byte (surrogateescape gives it as U+DC80..U+DCFF)
            _flush(segments, text, False)
            code = ord(ch)
            raw = bytes([code - 0xDC00]) if 0xDC80 <= code <= 0xDCFF else ch.encode("utf-8")
            hex_bytes.extend(f"<{b:02X}>" for b in raw)
    _flush(segments, text, False)
    _flush(segments, hex_bytes, True)
    return tuple(segments)


def render_token(data: bytes) -> str:
    """A token's bytes as one line of readable text (see the module docstring).

    >>> render_token("中文 ok".encode()), render_token("\\u200b".encode())
    ('中文␣ok', '<E2><80><8B>')
    """
    return "".join(text for text, _ in label_segments(data))


def render_pair(left: bytes, right: bytes) -> str:
    """Two tokens about to merge, e.g. for a chart label.

    >>> render_pair(b" t", b"he")
    '␣t + he'
    """
    return f"{render_token(left)} + {render_token(right)}"


def newlines(data: bytes) -> int:
    """How many rows a token ends (its newline count).

    >>> newlines(b"\\n\\n"), newlines(b" x")
    (2, 0)
    """
    return data.count(b"\n")


def _flush(segments: list[tuple[str, bool]], pending: list[str], is_hex: bool) -> None:
    if pending:
        segments.append(("".join(pending), is_hex))
        pending.clear()
