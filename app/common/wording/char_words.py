"""What a token of part of a character builds toward, in words, for the Teach window: ``<E4><B8>`` is "part of 中
(E4 B8 AD)", and a quiz choice says what the pair builds and where it stands in the text. The engine finds the
characters (:func:`bpe_core.render.token_label.partial_chars`, :class:`bpe_core.teaching.quiz.PairContext`); this module
words them in the interface language.

>>> part_of("中")
'part of 中 (E4 B8 AD)'
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from bpe_core.render.token_label import char_hex, partial_chars, render_pair, visible
from bpe_core.teaching.quiz import PairContext


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


def builds(pair: tuple[bytes, bytes], context: PairContext) -> str:
    """What a quiz choice builds, for the learner: the characters it makes whole, or those it is part of.

    >>> builds((b" t", b"he"), PairContext(" the", True, "", 0))
    '→ ␣the'
    >>> builds(("中".encode()[:1], "中".encode()[1:2]), PairContext("中", False, "我爱[中]文", 1))
    '→ part of 中 (E4 B8 AD)'
    >>> builds(("中".encode(), "文".encode()[:1]), PairContext("中文", False, "[中文]", 1))
    '→ 中文: part of 文 (E6 96 87)'
    >>> builds((b"\\xe8", b"\\xaf"), PairContext("", False, "", 0))
    ''
    """
    if not context.builds:  # bytes of a character that is not in the text: nothing to name
        return ""
    joined, built = pair[0] + pair[1], context.builds.encode("utf-8", "surrogatepass")
    start = max(0, built.find(joined))
    parts = node_hint(built, start, start + len(joined))
    if context.whole or not parts:
        return f"→ {visible(context.builds)}"
    if parts == context.builds:
        return f"→ {part_of(parts)}"
    return f"→ {visible(context.builds)}: {part_of(parts)}"


def choice_text(pair: tuple[bytes, bytes], context: PairContext | None) -> str:
    """A quiz choice as a button writes it: the pair, what it builds, and where it first stands in the text.

    >>> print(choice_text(("中".encode()[:1], "中".encode()[1:2]), PairContext("中", False, "我爱[中]文", 1)))
    <E4> + <B8>  → part of 中 (E4 B8 AD)
    “我爱[中]文”
    """
    first = render_pair(*pair)
    if context is None:
        return first
    lines = ["  ".join(filter(None, (first, builds(pair, context))))]
    if context.snippet:
        lines.append(f"“{visible(context.snippet)}”")
    else:
        lines.append(QCoreApplication.translate("CharWords", "not side by side in this text"))
    return "\n".join(lines)
