"""Checks shared by the readers and writers: sane ids from untrusted files, tokens a format can key by.

(The tokenizer itself checks that every byte has a token and every merge is made of vocab tokens.)

>>> check_id(3, "an id")
3
>>> check_id(-1, "the id of 'a'")
Traceback (most recent call last):
...
ValueError: the id of 'a' is -1, outside 0..16777215
"""

from __future__ import annotations

from collections.abc import Mapping

#: No real vocabulary comes near this; a larger id in a file is refused rather than trusted with memory.
MAX_ID = 1 << 24


def check_id(value: object, what: str) -> int:
    """``value`` as a token id, or ``ValueError`` saying ``what`` is wrong."""
    if type(value) is not int:
        raise ValueError(f"{what} must be an integer id, got {type(value).__name__} {_short(value)}")
    if not 0 <= value < MAX_ID:
        raise ValueError(f"{what} is {_short(value)}, outside 0..{MAX_ID - 1}")
    return value


def check_unique_tokens(vocab: Mapping[int, bytes], fmt: str) -> None:
    """Formats keyed by token text need each token's bytes once; raise ``ValueError`` naming a duplicate."""
    seen: dict[bytes, int] = {}
    for token_id, token in sorted(vocab.items()):
        if token in seen:
            raise ValueError(f"cannot export to {fmt}: ids {seen[token]} and {token_id} are the same token {token!r}")
        seen[token] = token_id


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
