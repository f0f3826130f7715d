"""How a token is written for people (and how a merge is numbered: :func:`merge_number`): the one convention of
the merges table, the Compare tab, the Teach window and the command line.

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

from collections.abc import Sequence

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


def merge_number(rank: int) -> str:
    """How people are told of merge ``rank`` (counted from 0, as files and training records store it): merge 1 is
    the first merge, in every view, export and message.

    >>> merge_number(0), merge_number(4999)
    ('1', '5,000')
    """
    return f"{rank + 1:,}"


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


def partial_chars(pieces: Sequence[bytes]) -> list[str]:
    """For each of ``pieces`` (tokens that follow one another in a UTF-8 text), the characters it holds only part
    of: what a token like ``<E4><B8>`` builds toward, read from the bytes around it ("" for a token of whole
    characters; a byte that belongs to no character builds none).

    >>> partial_chars([b"a", "中".encode()[:2], "中".encode()[2:] + "文".encode()[:1], "文".encode()[1:]])
    ['', '中', '中文', '文']
    """
    data = b"".join(pieces)
    owner = _char_owners(data)
    hints, start = [], 0
    for piece in pieces:
        end = start + len(piece)
        chars = []
        if piece:
            first, last = owner[start], owner[end - 1]
            for char, lo, hi in dict.fromkeys(c for c in (first, last) if c is not None):
                if lo < start or hi > end:
                    chars.append(char)
        hints.append("".join(chars))
        start = end
    return hints


def char_hex(char: str) -> str:
    """A character's UTF-8 bytes in hex, as the token labels write them one by one.

    >>> char_hex("中")
    'E4 B8 AD'
    """
    return char.encode("utf-8").hex(" ").upper()


def _char_owners(data: bytes) -> list[tuple[str, int, int] | None]:
    """For each byte of ``data``: the multi-byte character it is a byte of, with its byte span (None for an ASCII
    byte or one that is part of no valid character)."""
    owners: list[tuple[str, int, int] | None] = [None] * len(data)
    position = 0
    for char in data.decode("utf-8", errors="surrogateescape"):
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte, given back alone
            position += 1
            continue
        size = len(char.encode("utf-8"))
        if size > 1:
            owners[position : position + size] = [(char, position, position + size)] * size
        position += size
    return owners
