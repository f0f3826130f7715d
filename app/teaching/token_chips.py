"""Chips for an encoded text: one chip per token of a :class:`~bpe_core.encoding.token_spans.TokenView`, readable text,
colored by id (special tokens dark), with its id below and a tooltip (id, bytes, the characters it covers); a token
of part of a character writes the character it builds toward under its bytes (``→中``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication

from app.common.wording.char_words import part_of
from app.teaching.chips import Chip
from app.token_text import render_token
from bpe_core.encoding.token_spans import TokenView
from bpe_core.render.token_label import label_segments


def token_tooltip(token) -> str:
    """Id, bytes in hex, and the part of a character it holds when it is not a whole character."""
    lines = [
        QCoreApplication.translate("token_chips", "id {id}").format(id=token.id),
        QCoreApplication.translate("token_chips", "bytes {hex}").format(hex=token.token.hex(" ")),
        f"“{render_token(token.token)}”",
    ]
    lines.extend(
        QCoreApplication.translate("token_chips", "{part}: bytes {first}-{last} of {length}").format(
            part=part_of(part.char), first=part.first + 1, last=part.last + 1, length=part.length
        )
        for part in token.partial
    )
    if token.special:
        lines.append(QCoreApplication.translate("token_chips", "special token"))
    return "\n".join(lines)


def view_chips(view: TokenView, *, mark: Callable[[object], str] | None = None, gaps: Iterable[int] = ()) -> list[Chip]:
    """One chip per token; ``mark(token)`` gives its mark; ``gaps`` are token indices that start a pre-token."""
    gap_set = set(gaps)
    return [
        Chip(
            render_token(t.token) or "∅",
            t.id,
            str(t.id),
            mark(t) if mark else "",
            token_tooltip(t),
            gap=t.index in gap_set,
            special=t.special,
            segments=label_segments(t.token),
            hint="".join(dict.fromkeys(part.char for part in t.partial)),
        )
        for t in view.tokens
    ]
