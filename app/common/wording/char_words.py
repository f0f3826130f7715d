"""What a token of part of a character builds toward, in words, for the Teach window: ``<E4><B8>`` is "part of 中
(E4 B8 AD)". The engine finds the characters (:func:`bpe_core.render.token_label.partial_chars`); this module words
them in the interface language (a quiz choice's own words are app/teaching/quiz_words.py's).

>>> part_of("中")
'part of 中 (E4 B8 AD)'
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from bpe_core.render.token_label import char_hex, partial_chars


def part_of(chars: str) -> str:
    """The characters a partial token builds toward, each with its bytes ("" for none)."""
    return ", ".join(
        QCoreApplication.translate("CharWords", "part of {char} ({hex})").format(char=char, hex=char_hex(char))
        for char in chars
    )


def with_chars(label: str, chars: str) -> str:
    """A token's ``label`` followed by the characters it holds only part of, as a sentence names it ("" chars: the
    label alone).

    >>> with_chars("<E4><B8>", "中"), with_chars("ab", "")
    ('<E4><B8> (part of 中)', 'ab')
    """
    if not chars:
        return label
    return QCoreApplication.translate("CharWords", "{token} (part of {chars})").format(token=label, chars=chars)


def merge_chars(pieces: Sequence[bytes], at: int) -> tuple[str, str, str]:
    """The characters that the pair ``pieces[at]``, ``pieces[at + 1]`` of a text's tokens and the token merging them
    make hold only part of (left, right, merged; "" for whole characters).

    >>> merge_chars([b"a", "中".encode()[:1], "中".encode()[1:2], "中".encode()[2:]], 1)
    ('中', '中', '中')
    >>> merge_chars([b"a", "中".encode()[:2], "中".encode()[2:]], 1)
    ('中', '中', '')
    """
    hints = partial_chars(pieces)
    merged = partial_chars([*pieces[:at], pieces[at] + pieces[at + 1], *pieces[at + 2 :]])[at]
    return hints[at], hints[at + 1], merged


def pair_label(label: str, left: str, right: str) -> str:
    """A pair's ``label`` on a chart, with the characters its tokens hold only part of (``left``, ``right``).

    >>> pair_label("<E4> + <B8>", "中", "中"), pair_label("a + b", "", "")
    ('<E4> + <B8> · 中', 'a + b')
    """
    chars = "".join(dict.fromkeys(left + right))
    return f"{label} · {chars}" if chars else label


def node_hint(root: bytes, start: int, end: int) -> str:
    """The characters bytes ``start:end`` of the token ``root`` hold only part of (a node of its merge tree).

    >>> node_hint("中".encode(), 0, 2), node_hint("中".encode(), 0, 3)
    ('中', '')
    """
    return partial_chars([root[:start], root[start:end], root[end:]])[1]


def builds_in(text: str, token: bytes) -> str:
    """The characters ``token`` holds only part of where its bytes first stand in ``text`` ("" when it holds whole
    characters there, or does not occur).

    >>> builds_in("我爱中文", "中".encode()[:2]), builds_in("我爱中文", "中".encode()), builds_in("abc", b"\\xe4")
    ('中', '', '')
    """
    data = text.encode("utf-8", "surrogatepass")  # a lone surrogate pasted in builds no character
    at = data.find(token)
    return node_hint(data, at, at + len(token)) if at >= 0 and token else ""
