"""A conversation rendered by a model's chat template and cut by its tokenizer: which tokens the messages' text
makes, which the template adds (headers, role tags, special tokens), and what the template costs each turn.

Where a message lies is read from a second rendering in which each message's text is a marker
(:func:`marker`): the template's text around the markers is the template's own, and what stands between the same
texts in the real rendering is the message as the template wrote it (trimmed, say). A short message ("a") is thus
never taken for a letter of a header. When the two renderings do not line up (a template that looks at the
text), each message is looked for where it appears as written or stripped, each after the one before; a message
a template rewrote is not found, and its tokens count as the template's.

>>> marked = f"<|im_start|>user\\n{marker(0)}<|im_end|>"
>>> ChatRendering.located("<|im_start|>user\\na<|im_end|>", marked, ["a"]).message_spans
((17, 18),)
>>> ChatRendering.of("<|im_start|>user\\na<|im_end|>", ["a"]).message_spans  # found as written: in the header
((7, 8),)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_MARKER = re.compile("\ue000([0-9]+)\ue001")


def marker(k: int) -> str:
    """The text standing in for message ``k`` in the marked rendering (private-use characters no template writes).

    >>> marker(3)
    '\\ue0003\\ue001'
    """
    return f"\ue000{k}\ue001"


@dataclass(frozen=True)
class ChatRendering:
    """The rendered ``text`` and each message's character span in it (None: not found as written)."""

    text: str
    message_spans: tuple[tuple[int, int] | None, ...]

    @classmethod
    def located(cls, text: str, marked: str | None, contents: list[str]) -> ChatRendering:
        """Each message of ``contents`` placed in ``text`` by the ``marked`` rendering (None: it failed), or found
        as :meth:`of` finds it when the two do not line up (see the module's documentation)."""
        slots = None if marked is None else _spans_by_markers(text, marked, len(contents))
        if slots is None:
            return cls.of(text, contents)
        return cls(text, tuple(_within(text, slot, content) for slot, content in zip(slots, contents)))

    @classmethod
    def of(cls, text: str, contents: list[str]) -> ChatRendering:
        """Find each of ``contents`` in ``text``, in order (see the module's documentation)."""
        spans: list[tuple[int, int] | None] = []
        cursor = 0
        for content in contents:
            span = None
            for wanted in (content, content.strip()):
                at = text.find(wanted, cursor) if wanted else -1
                if at >= 0:
                    span = (at, at + len(wanted))
                    cursor = span[1]
                    break
            spans.append(span)
        return cls(text, tuple(spans))


def _within(text: str, slot: tuple[int, int] | None, content: str) -> tuple[int, int] | None:
    """The message's span in its ``slot`` of ``text``: where its text (or stripped text) stands in it, else the
    whole slot (the template wrote the message otherwise: upper-cased, cut short).

    >>> _within("[question]Q: why?|", (0, 17), "Q: why?"), _within("HI", (0, 2), "hi")
    ((10, 17), (0, 2))
    """
    if slot is None:
        return None
    for wanted in (content, content.strip()):
        at = text.find(wanted, slot[0], slot[1]) if wanted else -1
        if at >= 0:
            return (at, at + len(wanted))
    return slot


def _spans_by_markers(text: str, marked: str, count: int) -> list[tuple[int, int] | None] | None:
    """Each message's span in ``text`` read from ``marked`` (None when they do not line up): the template's
    pieces between markers must appear in ``text`` in order, each message being what lies between them."""
    pieces = _MARKER.split(marked)  # template, index, template, index, ..., template
    spans: list[tuple[int, int] | None] = [None] * count
    at = 0
    for i in range(0, len(pieces), 2):
        template_piece = pieces[i]
        if i == 0:
            if not text.startswith(template_piece):
                return None
            at = len(template_piece)
            continue
        k = int(pieces[i - 1])
        if k >= count:
            return None
        if i + 1 == len(pieces):  # the last template piece ends the text
            end = len(text) - len(template_piece)
            if end < at or not text.endswith(template_piece):
                return None
        else:
            end = text.find(template_piece, at) if template_piece else -1
            if end < 0:
                return None
        if spans[k] is None:
            spans[k] = (at, end)
        at = end + len(template_piece)
    return spans


@dataclass(frozen=True)
class TurnCost:
    """One turn's tokens: the message's own, and the template's around it (what precedes the message and what
    follows it up to the next one). The last row, role None, is what comes after the last message (a generation
    prompt, closing tokens)."""

    role: str | None
    message_tokens: int
    template_tokens: int


def turn_costs(
    rendering: ChatRendering, roles: list[str], token_starts: list[int], token_ends: list[int]
) -> list[TurnCost]:
    """What each turn costs in tokens, given each token's character span in ``rendering.text``.

    A token that holds any character of a message is the message's; any other token is the template's and is
    counted with the first message after it (or the last row when none follows).

    >>> chat = ChatRendering.of("<s>[user] Hi</s>[bot] Yo</s>", ["Hi", "Yo"])
    >>> cuts = [(0, 3), (3, 10), (10, 12), (12, 16), (16, 22), (22, 24), (24, 28)]
    >>> turn_costs(chat, ["user", "assistant"], [s for s, _ in cuts], [e for _, e in cuts])
    [TurnCost(role='user', message_tokens=1, template_tokens=2), TurnCost(role='assistant', message_tokens=1, \
template_tokens=2), TurnCost(role=None, message_tokens=0, template_tokens=1)]
    """
    located = [(span, k) for k, span in enumerate(rendering.message_spans) if span is not None]
    message_tokens = [0] * len(roles)
    template_tokens = [0] * (len(roles) + 1)
    for start, end in zip(token_starts, token_ends):
        owner = next((k for span, k in located if start < span[1] and end > span[0]), None)
        if owner is not None:
            message_tokens[owner] += 1
            continue
        following = next((k for span, k in located if span[0] >= end), len(roles))
        template_tokens[following] += 1
    rows = [TurnCost(role, message_tokens[k], template_tokens[k]) for k, role in enumerate(roles)]
    return [*rows, TurnCost(None, 0, template_tokens[-1])]


def template_tokens(rendering: ChatRendering, token_starts: list[int], token_ends: list[int]) -> list[int]:
    """The indices of the tokens that are the template's own (those holding no character of any message), as
    :func:`turn_costs` counts them.

    >>> chat = ChatRendering.of("<s>[user] Hi</s>", ["Hi"])
    >>> template_tokens(chat, [0, 3, 10, 12], [3, 10, 12, 16])
    [0, 1, 3]
    """
    located = [span for span in rendering.message_spans if span is not None]
    return [
        index
        for index, (start, end) in enumerate(zip(token_starts, token_ends))
        if not any(start < span[1] and end > span[0] for span in located)
    ]
