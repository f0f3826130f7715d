"""GPT-2's byte-to-unicode table: every byte as one printable character, so token bytes can live in text files.

GPT-2's ``encoder.json`` and ``vocab.bpe`` and Hugging Face's byte-level ``tokenizer.json`` spell tokens this way.
Bytes that are already printable and not a space (``!`` to ``~``, ``¡`` to ``¬``, ``®`` to ``ÿ``) stand for
themselves; the other 68 bytes (controls, space, DEL, NBSP, soft hyphen, ...) take the characters U+0100, U+0101,
... in byte order. So a space is ``Ġ`` and a newline is ``Ċ``.

>>> bytes_to_gpt2(b" the\\n")
'ĠtheĊ'
>>> gpt2_to_bytes("ĠtheĊ")
b' the\\n'
>>> bytes_to_gpt2("é".encode())
'Ã©'
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate


def _byte_to_char_table() -> list[str]:
    printable = set(range(ord("!"), ord("~") + 1)) | set(range(0xA1, 0xAC + 1)) | set(range(0xAE, 0xFF + 1))
    table = []
    next_spare = 0x100
    for byte in range(256):
        if byte in printable:
            table.append(chr(byte))
        else:
            table.append(chr(next_spare))
            next_spare += 1
    return table


#: ``BYTE_TO_CHAR[b]`` is the character GPT-2 uses for byte ``b``.
BYTE_TO_CHAR: tuple[str, ...] = tuple(_byte_to_char_table())
#: The inverse of :data:`BYTE_TO_CHAR`.
CHAR_TO_BYTE: dict[str, int] = {char: byte for byte, char in enumerate(BYTE_TO_CHAR)}

#: ``str.translate`` tables: byte ``b`` read as Latin-1 (``chr(b)``) to its GPT-2 character, and back; the back table
#: deletes the 68 characters below U+0100 that are not GPT-2 characters, so a string holding one comes out short.
_ENCODE_TABLE = {byte: char for byte, char in enumerate(BYTE_TO_CHAR)}
_DECODE_TABLE = {ord(char): byte for char, byte in CHAR_TO_BYTE.items()} | {
    code: None for code in range(256) if chr(code) not in CHAR_TO_BYTE
}


def bytes_to_gpt2(token: bytes) -> str:
    """Spell token bytes as a GPT-2 string (one character per byte)."""
    return token.decode("latin-1").translate(_ENCODE_TABLE)


def gpt2_to_bytes(text: str) -> bytes:
    """Inverse of :func:`bytes_to_gpt2`. Raises ``ValueError`` naming a character outside the table.

    >>> gpt2_to_bytes("a b")
    Traceback (most recent call last):
    ...
    ValueError: ' ' (U+0020) at position 1 is not a GPT-2 byte character
    """
    try:
        data = text.translate(_DECODE_TABLE).encode("latin-1")
    except UnicodeEncodeError:
        data = b""
    if len(data) != len(text):
        position, char = next((i, c) for i, c in enumerate(text) if c not in CHAR_TO_BYTE)
        raise ValueError(f"{char!r} (U+{ord(char):04X}) at position {position} is not a GPT-2 byte character")
    return data


#: A character outside GPT-2's table.
_NOT_GPT2 = re.compile("[^" + "".join(map(re.escape, _byte_to_char_table())) + "]")


def gpt2_to_bytes_many(texts: list[str]) -> list[bytes | None]:
    """:func:`gpt2_to_bytes` of many strings, translated joined (a call per 10,000 strings instead of one a string:
    0.6 s for a 200,000-token vocabulary); ``None`` for a string holding a character outside the table.

    >>> gpt2_to_bytes_many(["ab", "a b", "ĠxĊ", ""])
    [b'ab', None, b' x\\n', b'']
    """
    # In pieces: each call into C holds the GIL, and a window painting meanwhile waits for it.
    return [token for start in range(0, len(texts), _MANY) for token in _spell_joined(texts[start : start + _MANY])]


_MANY = 10_000


def _spell_joined(texts: list[str]) -> list[bytes | None]:
    ends = list(accumulate(map(len, texts)))
    bad = {bisect_right(ends, found.start()) for found in _NOT_GPT2.finditer("".join(texts))}
    if bad:
        texts = ["" if n in bad else text for n, text in enumerate(texts)]
        ends = list(accumulate(map(len, texts)))
    data = "".join(texts).translate(_DECODE_TABLE).encode("latin-1")
    spelled: list[bytes | None] = [data[start:end] for start, end in zip([0, *ends[:-1]], ends)]
    return [None if n in bad else token for n, token in enumerate(spelled)] if bad else spelled


def merge_of(entry, what: str, *, pairs: bool = False) -> tuple[bytes, bytes]:
    """One merge spelt as a line of GPT-2's ``merges.txt`` (``"left right"``, or with ``pairs`` also a JSON pair
    ``["left", "right"]`` as newer ``tokenizer.json`` files have), as the bytes of its two tokens. A malformed
    entry raises ``ValueError`` starting with ``what`` (e.g. ``merge 3``).

    >>> merge_of("Ġ t", "merge 0"), merge_of(["a", "b"], "merge 1", pairs=True)
    ((b' ', b't'), (b'a', b'b'))
    >>> merge_of("a b c", "merge 2")
    Traceback (most recent call last):
    ...
    ValueError: merge 2: expected "left right", got 'a b c'
    """
    parts = entry.split(" ") if isinstance(entry, str) else entry if pairs and isinstance(entry, list) else None
    if parts is None or len(parts) != 2 or not all(isinstance(part, str) and part for part in parts):
        shape = "'left right' or [left, right]" if pairs else '"left right"'
        raise ValueError(f"{what}: expected {shape}, got {entry!r:.60}")
    try:
        return gpt2_to_bytes(parts[0]), gpt2_to_bytes(parts[1])
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None
