"""A conversation rendered by a model's chat template and cut by its tokenizer: which tokens the messages' text
makes, which the template adds (headers, role tags, special tokens), and what the template costs each turn.

A message's text is found in the rendering where it appears as written (or stripped of surrounding whitespace,
as many templates ``trim`` it), each after the one before; a message a template rewrote is not found, and its
tokens count as the template's.

>>> chat = ChatRendering.of("<s>[user] Hi there</s>", ["Hi there"])
>>> chat.message_spans
((10, 18),)
>>> chat.message_of(0), chat.message_of(10)
(None, 0)
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass


@dataclass(frozen=True)
class ChatRendering:
    """The rendered ``text`` and each message's character span in it (None: not found as written)."""

    text: str
    message_spans: tuple[tuple[int, int] | None, ...]

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

    def message_of(self, offset: int) -> int | None:
        """The message whose text holds the character at ``offset``, or None (the template's own text)."""
        found = [(span, k) for k, span in enumerate(self.message_spans) if span is not None]
        starts = [span[0] for span, _ in found]
        at = bisect.bisect_right(starts, offset) - 1
        if at >= 0 and offset < found[at][0][1]:
            return found[at][1]
        return None

    def template_parts(self) -> list[tuple[int, int]]:
        """The character spans of the template's own text (everything outside the messages), in order."""
        parts, cursor = [], 0
        for span in sorted(span for span in self.message_spans if span is not None):
            if span[0] > cursor:
                parts.append((cursor, span[0]))
            cursor = span[1]
        if cursor < len(self.text):
            parts.append((cursor, len(self.text)))
        return parts


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
